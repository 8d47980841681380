// What this browser keeps of its tables: for each table, its seat's token
// (the seat's only key, which the browser was given when it claimed the
// seat), the host's token if it opened the table, and what to show in the
// lobby's "My tables". Nothing else keeps them: clearing the browser's data
// forgets the seats (their links still open them).
"use strict";

const mine = (() => {
  const key = "tabletop.tables";
  const nameKey = "tabletop.name";

  function all() {
    try {
      const v = JSON.parse(localStorage.getItem(key) || "[]");
      return Array.isArray(v) ? v : [];
    } catch {
      return [];
    }
  }

  function save(list) {
    try {
      localStorage.setItem(key, JSON.stringify(list.slice(0, 100)));
    } catch {
      // private browsing or full: the page still works, its links too
    }
  }

  // put merges what is known of a table into its entry (the newest
  // first).
  function put(entry) {
    const list = all();
    const i = list.findIndex((e) => e.table === entry.table);
    const old = i >= 0 ? list.splice(i, 1)[0] : {};
    list.unshift({ ...old, ...entry, at: Date.now() });
    save(list);
  }

  function get(table) {
    return all().find((e) => e.table === table) || null;
  }

  function byCode(code) {
    return all().find((e) => e.code && e.code === code) || null;
  }

  // forget drops a table, or only its seat (keeping the host's token).
  function forget(table, seatOnly) {
    const list = all();
    const i = list.findIndex((e) => e.table === table);
    if (i < 0) return;
    if (seatOnly && list[i].host) {
      delete list[i].token;
      delete list[i].seat;
      delete list[i].label;
    } else {
      list.splice(i, 1);
    }
    save(list);
  }

  function name() {
    try {
      return localStorage.getItem(nameKey) || "";
    } catch {
      return "";
    }
  }

  function setName(n) {
    try {
      localStorage.setItem(nameKey, n);
    } catch {
      // not kept: asked again next time
    }
  }

  return { all, put, get, byCode, forget, name, setName };
})();
