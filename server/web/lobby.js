// The lobby: the games, a form for a new table and its invitation, the
// browser's own tables (mine.js) and the public tables waiting for players.
"use strict";

const $ = (id) => document.getElementById(id);

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

let games = [];
let current = null;

async function loadGames() {
  const res = await fetch("/api/games");
  games = await res.json();
  const list = $("games");
  list.textContent = "";
  for (const g of games) {
    const li = el("li", g.variant ? "game variant" : "game");
    const b = el("button", "game-button");
    b.dataset.game = g.name;
    b.append(el("strong", "", g.title));
    const players = g.min_players === g.max_players ? `${g.min_players} players` : `${g.min_players}–${g.max_players} players`;
    // a script named on the command line is told apart by its file
    const from = g.variant ? `variant of ${g.variant} · ` : /[\\/]/.test(g.name) ? `${g.name.split(/[\\/]/).pop()} · ` : "";
    b.append(el("span", "meta", from + players));
    b.addEventListener("click", () => choose(g));
    li.append(b);
    list.append(li);
  }
  if (games.length) choose(games.find((g) => !g.variant) || games[0]);
}

function choose(g) {
  current = g;
  for (const b of document.querySelectorAll(".game-button")) b.classList.toggle("chosen", b.dataset.game === g.name);
  $("newtable").hidden = false;
  $("links").hidden = true;
  $("game-title").textContent = g.title;
  $("game-about").textContent = g.about || "";
  const sel = $("players");
  sel.textContent = "";
  for (let n = g.min_players; n <= g.max_players; n++) {
    const o = el("option", "", String(n));
    o.value = n;
    if (n === g.players) o.selected = true;
    sel.append(o);
  }
  sel.onchange = () => drawSeats();
  $("seats").textContent = ""; // another game: its own bots
  drawSeats();
  const box = $("options");
  box.textContent = "";
  $("options-box").hidden = g.options.length === 0;
  for (const o of g.options) {
    const row = el("label", "row option");
    row.append(el("span", "opt-name", o.name));
    let input;
    if (o.kind === "boolean") {
      input = el("input");
      input.type = "checkbox";
      input.checked = o.default === "true";
    } else if (o.kind === "choice") {
      input = el("select");
      for (const c of o.choices) input.append(el("option", "", c));
      input.value = o.default;
    } else {
      input = el("input");
      input.type = o.kind === "number" ? "number" : "text";
      input.value = o.default;
      input.step = o.integer ? "1" : "any";
      if (o.min !== undefined) input.min = o.min;
      if (o.max !== undefined) input.max = o.max;
    }
    input.dataset.option = o.name;
    input.dataset.kind = o.kind;
    input.title = o.values;
    row.append(input);
    if (o.help) row.append(el("span", "help", o.help));
    box.append(row);
  }
}

function drawSeats() {
  const n = Number($("players").value);
  const box = $("seats");
  const old = [...box.querySelectorAll(".seat-row")].map(readSeat);
  box.textContent = "";
  for (let i = 0; i < n; i++) {
    const row = el("div", "seat-row");
    row.append(el("span", "seat-no", `Seat ${i + 1}`));
    const who = el("select", "who");
    const you = el("option", "", "you");
    you.value = "@you";
    const friend = el("option", "", "a friend");
    friend.value = "@friend";
    who.append(you, friend);
    for (const b of current.bots) {
      const o = el("option", "", `bot: ${b}`);
      o.value = b;
      who.append(o);
    }
    const name = el("input", "name");
    name.placeholder = "your name";
    name.maxLength = 16;
    const prev = old[i];
    if (prev) {
      who.value = prev.bot && current.bots.includes(prev.name) ? prev.name : prev.bot ? current.bots[0] : prev.host ? "@you" : "@friend";
      if (prev.host) name.value = prev.name;
    } else if (i > 0) {
      who.value = current.bots[0];
    } else {
      who.value = "@you";
      name.value = mine.name();
    }
    const sync = () => { name.hidden = who.value !== "@you"; };
    who.onchange = () => {
      // one seat is yours: choosing another moves you there
      if (who.value === "@you") {
        for (const other of box.querySelectorAll(".who")) {
          if (other !== who && other.value === "@you") {
            other.value = "@friend";
            other.dispatchEvent(new Event("change"));
          }
        }
      }
      sync();
    };
    sync();
    row.append(who, name);
    box.append(row);
  }
}

function readSeat(row) {
  const who = row.querySelector(".who").value;
  if (who === "@you") return { host: true, name: row.querySelector(".name").value.trim() };
  if (who === "@friend") return { open: true };
  return { bot: true, name: who };
}

async function create(ev) {
  ev.preventDefault();
  $("form-error").textContent = "";
  const options = {};
  for (const input of document.querySelectorAll("#options input, #options select")) {
    const v = input.dataset.kind === "boolean" ? String(input.checked) : input.value.trim();
    if (v !== "") options[input.dataset.option] = v;
  }
  const req = {
    game: current.name,
    players: Number($("players").value),
    seats: [...document.querySelectorAll(".seat-row")].map(readSeat),
    options,
    public: $("public").checked,
  };
  const you = req.seats.find((x) => x.host);
  if (you && you.name) mine.setName(you.name);
  if ($("open-deal").checked) {
    req.open_deal = true;
    const seed = $("seed").value.trim();
    if (seed !== "") {
      if (!/^[0-9]+$/.test(seed) || !Number.isSafeInteger(Number(seed))) {
        $("form-error").textContent = "A seed is a whole number from 0 to 9007199254740991.";
        return;
      }
      req.seed = Number(seed);
    }
  }
  $("create").disabled = true;
  try {
    const res = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(req) });
    const body = await res.json();
    if (!res.ok) {
      $("form-error").textContent = body.error || res.statusText;
      return;
    }
    showLinks(body);
  } catch (e) {
    $("form-error").textContent = "The server cannot be reached: " + e.message;
  } finally {
    $("create").disabled = false;
  }
}

// showLinks shows the new table's invitation and the host's seat, and
// keeps them in the browser's tables.
function showLinks(t) {
  $("newtable").hidden = true;
  $("links").hidden = false;
  $("links").scrollIntoView({ block: "start" }); // on a phone, below the games
  const url = location.origin + t.join;
  $("invite").value = url;
  $("invite-code").textContent = t.code;
  $("copy-invite").textContent = "Copy the invitation";
  $("copy-invite").onclick = async () => {
    $("invite").select();
    try { await navigator.clipboard.writeText(url); $("copy-invite").textContent = "Copied"; } catch { document.execCommand("copy"); }
  };
  const list = $("seat-links");
  list.textContent = "";
  let mySeat = null;
  for (const s of t.seats) {
    const li = el("li", "seat-link");
    li.append(el("span", "seat-label", s.label));
    if (s.link) {
      mySeat = s;
      li.append(el("span", "", "you"));
    } else if (s.open) {
      li.append(el("span", "bot-tag", "free: a friend takes it with the invitation"));
    } else {
      li.append(el("span", "bot-tag", `bot ${s.bot}`));
    }
    list.append(li);
  }
  const entry = { table: t.table, title: t.title, code: t.code, host: t.host };
  if (mySeat) Object.assign(entry, { token: mySeat.link.split("/").pop(), seat: mySeat.seat, label: mySeat.label });
  mine.put(entry);
  const a = $("my-seat");
  a.href = mySeat ? mySeat.link : `/watch/${t.code}`;
  a.textContent = mySeat ? "Take your seat" : "Watch your table";
  $("host-note").textContent = "As the host, you may give a free seat to a bot or free a seat from your table's page until the game begins.";
  $("watch-link").href = `/watch/${t.code}`;
  const note = $("deal-note");
  note.hidden = !t.open_deal;
  note.textContent = t.open_deal ? `An open deal: seed ${t.seed}, which every seat is shown.` : "";
  drawMine();
}

// drawMine lists the browser's tables with their state now.
async function drawMine() {
  const entries = mine.all();
  $("mine-box").hidden = entries.length === 0;
  const ul = $("mine");
  ul.textContent = "";
  if (!entries.length) return;
  let states = [];
  try {
    const res = await fetch("/api/mine", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ tokens: entries.map((e) => e.token || "") }) });
    states = (await res.json()).seats || [];
  } catch {
    // offline: the entries as kept
  }
  ul.textContent = "";
  entries.forEach((e, i) => {
    const st = states[i] || {};
    if (e.token && states.length && !st.ok && !e.host) {
      mine.forget(e.table); // the seat is no longer this browser's
      return;
    }
    const li = el("li", "mine-item");
    li.dataset.table = e.table;
    const a = el("a", "", st.title || e.title || "a table");
    a.href = e.token && (st.ok || !states.length) ? `/play/${e.token}` : `/watch/${e.code}`;
    li.append(a);
    if (st.label || e.label) li.append(el("span", "", `as ${st.label || e.label}`));
    let what = "";
    if (!st.ok) what = e.host ? "you host it" : "";
    else if (st.done) what = st.rematch ? "over · a rematch is open" : "over";
    else if (!st.started) what = "waiting for players";
    else if (st.your_move) what = "your move!";
    else if (st.waiting) what = `waiting for ${st.waiting}`;
    if (st.your_move) li.classList.add("yours");
    li.append(el("span", "state", what));
    const forget = el("button", "forget", "Forget");
    forget.type = "button";
    forget.title = "Drop it from this list (its link still opens the seat)";
    forget.onclick = () => { mine.forget(e.table); drawMine(); };
    li.append(forget);
    ul.append(li);
  });
  $("mine-box").hidden = ul.childElementCount === 0;
}

// drawOpen lists the public tables that wait for players.
async function drawOpen() {
  let list = [];
  try {
    list = await (await fetch("/api/open")).json();
  } catch {
    return;
  }
  const ul = $("open");
  ul.textContent = "";
  for (const t of list) {
    const li = el("li", "open-item");
    li.append(el("strong", "", t.title));
    li.append(el("span", "", t.seated.length ? `with ${t.seated.join(", ")}` : ""));
    li.append(el("span", "muted", `${t.free} free seat${t.free === 1 ? "" : "s"} of ${t.players}`));
    const a = el("a", "", "Join");
    a.href = `/join/${t.code}`;
    li.append(a);
    ul.append(li);
  }
  $("open-none").hidden = list.length > 0;
}

$("form").addEventListener("submit", create);
$("open-deal").addEventListener("change", () => { $("seed-row").hidden = !$("open-deal").checked; });
$("again").addEventListener("click", () => choose(current));
$("code-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const code = $("code").value.replace(/[\s-]/g, "").toUpperCase();
  if (code) location.href = `/join/${code}`;
});
loadGames();
drawMine();
drawOpen();
setInterval(drawOpen, 15000);
