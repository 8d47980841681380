// The people at a table, beside the game (the server's friends.go): the
// seats being taken and the invitation, the host's powers until the game
// begins, the table's chat, who watches, the turn's clock and its alerts,
// a seat given to a bot while its person is away, and the rematch.
// table.js draws the game and calls friends.state(frame) after each frame
// and friends.chat(message) for the chat.
"use strict";

const friends = (() => {
  const page = {};
  let last = null; // the last frame
  let received = 0; // when it came (the clock counts on from it)
  let wasMyTurn = false;
  let namedOn = null; // the connection a spectator's name was sent on
  let leaving = false;

  function build() {
    // the bar: who watches, the clock
    page.watchers = el("span", "watchers");
    page.watchers.id = "watchers";
    page.clock = el("span", "clock");
    page.clock.id = "clock";
    $("seats").after(page.watchers, page.clock);
    // the panel under the banner: seats being taken, votes, the rematch
    page.panel = el("section", "friends");
    page.panel.id = "friends";
    page.panel.hidden = true;
    $("banner").after(page.panel);
    // the chat, in the side column above the game's say
    const chat = el("section", "chat");
    chat.id = "chat";
    chat.append(el("h3", "", "Table chat"));
    page.chatNote = el("p", "chat-note", "Not part of the game: kept in no save, read by the spectators too.");
    page.chatLog = el("ol", "chat-log");
    page.chatLog.id = "chat-log";
    [page.chatForm, page.chatInput] = lineForm("chat-form", "chat-input", 300, "say something to the table", "Send", (text) => {
      if (!text) return false;
      send({ type: "chat", text });
      return true;
    });
    [page.nameForm, page.nameInput] = lineForm("watch-name", "watch-name-input", 24, "your name, for the others to see", "Watch as", (n) => {
      mine.setName(n);
      send({ type: "name", text: n });
      return false;
    });
    chat.append(page.chatNote, page.chatLog, page.chatForm, page.nameForm);
    $("say-form").before(chat);
    const say = $("say");
    $("say-form").querySelector("button").textContent = "Speak";
    say.placeholder = "speak in the game: its rules hear this";
    say.title = "This game's rules react to what is said (Das Regeln Wir Schon! fines speaking): it is a move, kept in the save.";
    // the alerts and a bot for me, beside the undo button
    page.sound = el("button", "alert", "");
    page.sound.id = "alert-sound";
    page.sound.type = "button";
    page.sound.addEventListener("click", toggleSound);
    page.notify = el("button", "alert", "");
    page.notify.id = "alert-notify";
    page.notify.type = "button";
    page.notify.addEventListener("click", toggleNotify);
    page.botForMe = el("button", "", "Let a bot play for me");
    page.botForMe.id = "bot-for-me";
    page.botForMe.type = "button";
    page.botForMe.title = "A bot plays your seat until you take it back (your link gives it back).";
    page.botForMe.addEventListener("click", () => send({ type: "bot_for_me" }));
    $("undo").after(page.sound, page.notify, page.botForMe);
    drawAlerts();
    setInterval(tickClock, 1000);
  }

  // lineForm is a form of one line and a button; submit gets the line,
  // trimmed, and says whether to clear it.
  function lineForm(id, inputId, max, placeholder, label, submit) {
    const form = el("form", "say");
    form.id = id;
    const input = el("input");
    input.id = inputId;
    input.maxLength = max;
    input.autocomplete = "off";
    input.placeholder = placeholder;
    const b = el("button", "", label);
    b.type = "submit";
    form.append(input, b);
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      if (submit(input.value.trim())) input.value = "";
    });
    return [form, input];
  }

  // --- the frame -------------------------------------------------------

  function state(s) {
    last = s;
    received = Date.now();
    const fr = s.friends || { started: true, seats: [], watching: { count: 0, names: [] } };
    document.body.classList.toggle("gathering", !fr.started);
    remember(s, fr);
    drawWatchers(fr);
    decorateSeats(s, fr);
    tickClock();
    drawPanel(s, fr);
    drawChatForms(s, fr);
    page.botForMe.hidden = !(s.seat > 0 && fr.started && !s.done && seatWho(fr, s.seat) === "person");
    alertTurn(s);
    if (s.seat === 0 && namedOn !== ws && mine.name()) {
      namedOn = ws; // every connection: a spectator's name is kept by the page
      page.nameInput.value = mine.name();
      send({ type: "name", text: mine.name() });
    }
  }

  function seatWho(fr, n) {
    const seat = fr.seats.find((x) => x.n === n);
    return seat ? seat.who : "";
  }

  // remember keeps this seat in the browser's tables (a link opened from
  // elsewhere becomes one of them); a seat freed is forgotten.
  function remember(s, fr) {
    if (watching) return;
    if (s.seat === 0) {
        if (fr.unseated) mine.forget(s.table, true);
      return;
    }
    const entry = { table: s.table, token, seat: s.seat, label: s.seats[s.seat - 1].label, title: s.title };
    if (fr.code) entry.code = fr.code;
    mine.put(entry);
  }

  function hostToken() {
    const e = last && mine.get(last.table);
    return e && e.host ? e.host : "";
  }

  function drawWatchers(fr) {
    const w = fr.watching;
    page.watchers.hidden = w.count === 0;
    const names = w.names.length ? `: ${w.names.join(", ")}${w.count > w.names.length ? ` and ${w.count - w.names.length} more` : ""}` : "";
    page.watchers.textContent = `${w.count} watching${names}`;
    page.watchers.title = w.count === 1 ? "One page watches this table (public information only)." : `${w.count} pages watch this table (public information only).`;
  }

  // decorateSeats adds to the seat chips what table.js does not draw:
  // a free seat, a bot playing for its absent person, how long a person
  // has been away.
  function decorateSeats(s, fr) {
    const chips = $("seats").children;
    for (const fs of fr.seats) {
      const li = chips[fs.n - 1];
      if (!li) continue;
      li.dataset.who = fs.who;
      if (fs.who === "free") {
        li.append(el("span", "tag", "free"));
      } else if (fs.who === "away") {
        li.querySelector(".tag")?.remove();
        li.append(el("span", "tag", "bot for him"));
        li.title = `A bot plays ${s.seats[fs.n - 1].label}'s seat while he is away.`;
      }
      if (fs.away_ms && fs.who !== "away") {
        const t = el("span", "tag away", `away ${duration(fs.away_ms + (Date.now() - received))}`);
        t.dataset.awayMs = fs.away_ms;
        li.append(t);
      }
    }
  }

  // --- the clock -------------------------------------------------------

  function duration(ms) {
    const sec = Math.max(0, Math.floor(ms / 1000));
    const h = Math.floor(sec / 3600);
    const m = Math.floor((sec % 3600) / 60);
    const ss = String(sec % 60).padStart(2, "0");
    return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
  }

  function tickClock() {
    if (!last) return;
    const s = last;
    const fr = s.friends;
    const on = fr && fr.started && s.turn && !s.done;
    page.clock.hidden = !on;
    if (on) {
      const since = fr.waited_ms + (Date.now() - received);
      const who = s.turn === s.seat ? "your move" : `waiting for ${s.seats[s.turn - 1].label}`;
      page.clock.textContent = `${who} · ${duration(since)}`;
      page.clock.title = "How long the table has waited on this decision.";
      page.clock.classList.toggle("long", since > (fr.away_after_ms || 180000));
    }
    for (const t of document.querySelectorAll(".seat-chip .away")) {
      t.textContent = `away ${duration(Number(t.dataset.awayMs) + (Date.now() - received))}`;
    }
    // an absent person's seat may be offered to a bot once long enough
    if (fr && fr.started && !s.done && s.seat > 0 && !fr.vote) {
      const due = fr.seats.some((x) => x.away_ms && x.who === "person" && x.n !== s.seat && x.away_ms + (Date.now() - received) >= fr.away_after_ms);
      if (due !== !!page.due) drawPanel(s, fr);
    }
  }

  // --- the alerts ------------------------------------------------------

  const soundKey = "tabletop.sound";
  const notifyKey = "tabletop.notify";
  let audio = null;
  let beeps = 0;

  function setting(k) {
    try {
      return localStorage.getItem(k) === "on";
    } catch {
      return false;
    }
  }

  function put(k, on) {
    try {
      localStorage.setItem(k, on ? "on" : "off");
    } catch {
      // not kept
    }
  }

  function drawAlerts() {
    const snd = setting(soundKey);
    page.sound.textContent = snd ? "♪ Sound on" : "♪ Sound off";
    page.sound.title = "A short chime when it becomes your move.";
    page.sound.classList.toggle("on", snd);
    const can = "Notification" in window;
    const not = can && setting(notifyKey) && Notification.permission === "granted";
    page.notify.hidden = !can;
    page.notify.textContent = not ? "Notifications on" : "Notify me";
    page.notify.title = "A notification of the browser when it becomes your move and this page is hidden.";
    page.notify.classList.toggle("on", not);
  }

  function toggleSound() {
    const on = !setting(soundKey);
    put(soundKey, on);
    if (on) chime(); // a click lets the page play sound; it is a sample
    drawAlerts();
  }

  async function toggleNotify() {
    if (setting(notifyKey) && Notification.permission === "granted") {
      put(notifyKey, false);
    } else {
      const p = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
      put(notifyKey, p === "granted");
      if (p !== "granted") showOutput("The browser does not allow this page's notifications: its site settings can.", true);
    }
    drawAlerts();
  }

  // chime plays two short notes, made by WebAudio: no sound file.
  function chime() {
    beeps++;
    try {
      audio = audio || new AudioContext();
      const t0 = audio.currentTime + 0.01;
      [660, 880].forEach((f, i) => {
        const o = audio.createOscillator();
        const g = audio.createGain();
        const at = t0 + i * 0.16;
        o.type = "sine";
        o.frequency.value = f;
        g.gain.setValueAtTime(0.0001, at);
        g.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
        g.gain.exponentialRampToValueAtTime(0.0001, at + 0.15);
        o.connect(g).connect(audio.destination);
        o.start(at);
        o.stop(at + 0.16);
      });
    } catch {
      // no audio here: the title and the notification still tell
    }
  }

  // alertTurn chimes and notifies when the seat's move begins.
  function alertTurn(s) {
    const mineNow = s.seat > 0 && s.turn === s.seat && s.options && s.options.length > 0 && !s.done;
    if (mineNow && !wasMyTurn) {
      if (setting(soundKey)) chime();
      if (document.hidden && setting(notifyKey) && "Notification" in window && Notification.permission === "granted") {
        try {
          const n = new Notification(`Your move — ${s.title}`, { body: s.hint || "The table waits for you.", tag: `tabletop-${s.table}` });
          n.onclick = () => { window.focus(); n.close(); };
        } catch {
          // some browsers make notifications only from a service worker
        }
      }
    }
    wasMyTurn = mineNow;
  }

  // --- the panel: seats being taken, votes, my seat, the rematch -------

  function button(text, cls, onclick) {
    const b = el("button", cls, text);
    b.type = "button";
    b.onclick = onclick;
    return b;
  }

  function drawPanel(s, fr) {
    const p = page.panel;
    p.textContent = "";
    page.due = false;
    if (fr.unseated) {
      const row = el("p", "unseated", `${fr.unseated} This page watches now. `);
      const code = (mine.get(s.table) || {}).code;
      if (code) {
        const a = el("a", "", "Take a free seat again");
        a.href = `/join/${code}`;
        row.append(a);
      }
      p.append(row);
    }
    if (!fr.started) {
      drawGathering(p, s, fr);
    } else {
      drawAway(p, s, fr);
      if (s.done) drawRematch(p, s, fr);
    }
    p.hidden = p.childElementCount === 0;
  }

  function drawGathering(p, s, fr) {
    const free = fr.seats.filter((x) => x.who === "free").length;
    p.append(el("h2", "", `Waiting for ${free === 1 ? "one more player" : `${free} more players`}`));
    p.append(el("p", "", "The game begins once every seat is taken. Nobody sees anything of it before."));
    const code = fr.code || (mine.get(s.table) || {}).code;
    if (code) {
      const url = `${location.origin}/join/${code}`;
      const row = el("div", "invite");
      const input = el("input", "link");
      input.readOnly = true;
      input.value = url;
      input.id = "invite-link";
      const copy = button("Copy the invitation", "primary", async () => {
        input.select();
        try { await navigator.clipboard.writeText(url); copy.textContent = "Copied"; } catch { document.execCommand("copy"); }
      });
      row.append(el("span", "", "Invite your friends:"), input, copy, el("span", "code", `code ${code}`));
      p.append(row);
    }
    const host = hostToken();
    const ul = el("ul", "gather-seats");
    for (const fs of fr.seats) {
      const seat = s.seats[fs.n - 1];
      const li = el("li", `gather-seat ${fs.who}`);
      li.dataset.seat = fs.n;
      li.append(el("span", "seat-no", `Seat ${fs.n}`));
      const label = fs.who === "free" ? "free" : seat.bot ? `bot ${seat.bot}` : seat.label + (fs.n === s.seat ? " (you)" : "");
      li.append(el("span", "who", label));
      if (fs.who === "person") li.append(el("span", `dot ${seat.online ? "on" : "off"}`));
      if (host) {
        // the host's buttons wrap together, under the seat on a phone
        const acts = el("span", "host-acts");
        if (fs.who !== "bot") acts.append(button("Give to a bot", "host-bot", () => send({ type: "host", host, do: "bot", seat: fs.n })));
        if (fs.who !== "free") acts.append(button("Free it", "host-free", () => send({ type: "host", host, do: "free", seat: fs.n })));
        li.append(acts);
      }
      ul.append(li);
    }
    p.append(ul);
    if (host) {
      const lab = el("label", "row");
      const box = el("input");
      box.type = "checkbox";
      box.id = "host-public";
      box.checked = !!fr.public;
      box.onchange = () => send({ type: "host", host, do: box.checked ? "public" : "private" });
      lab.append(box, document.createTextNode(" List this table in the lobby, for anyone to take a free seat"));
      p.append(lab);
      p.append(el("p", "muted", "As the host you may give a seat to a bot or free it until the game begins; then seats are their players'."));
    }
    if (s.seat > 0) p.append(button("Leave my seat", "", () => { leaving = true; send({ type: "leave_seat" }); }));
  }

  function drawAway(p, s, fr) {
    const me = s.seat;
    if (me > 0 && seatWho(fr, me) === "away") {
      const row = el("div", "away-row mine");
      row.append(el("span", "", "A bot plays your seat while you are away."), button("Take my seat back", "primary", () => send({ type: "take_seat" })));
      p.append(row);
    }
    const v = fr.vote;
    if (v) {
      const row = el("div", "away-row vote");
      row.append(el("span", "", `${s.seats[v.by - 1].label} asks to let a bot play for ${s.seats[v.seat - 1].label}, who has no page open.`));
      if (v.waiting.includes(me)) {
        row.append(button("Accept", "primary", () => send({ type: "away_answer", accept: true })),
          button("Decline", "", () => send({ type: "away_answer", accept: false })));
      } else {
        row.append(el("span", "muted", v.waiting.length ? `Waiting for ${v.waiting.map((n) => s.seats[n - 1].label).join(", ")}.` : ""));
      }
      p.append(row);
      return;
    }
    if (me === 0 || s.done) return;
    for (const fs of fr.seats) {
      if (fs.n === me || fs.who !== "person" || !fs.away_ms) continue;
      const away = fs.away_ms + (Date.now() - received);
      if (away < fr.away_after_ms) continue;
      page.due = true;
      const who = s.seats[fs.n - 1].label;
      const row = el("div", "away-row");
      row.append(el("span", "", `${who} has had no page open for ${duration(away)}.`),
        button(`Let a bot play for ${who}`, "", () => send({ type: "away_bot", seat: fs.n })));
      row.lastChild.classList.add("away-bot");
      if (s.turn === fs.n) row.classList.add("urgent");
      p.append(row);
    }
  }

  function drawRematch(p, s, fr) {
    const r = fr.rematch;
    const row = el("div", "rematch");
    if (r && r.table) {
      if (r.link) {
        mine.put({ table: r.table, token: r.link.split("/").pop(), title: s.title, code: r.watch.split("/").pop() });
        const a = el("a", "primary-link", "Go to the rematch");
        a.href = r.link;
        a.id = "rematch-link";
        row.append(el("strong", "", "Everyone accepted: the rematch is open."), a);
        if (!page.movedOn) {
          page.movedOn = true;
          setTimeout(() => { location.href = r.link; }, 1200);
        }
      } else if (r.watch) {
        const a = el("a", "", "Watch the rematch");
        a.href = r.watch;
        a.id = "rematch-link";
        row.append(el("span", "", "The players are having a rematch."), a);
      }
    } else if (r) {
      const by = s.seats[r.by - 1].label;
      row.append(el("span", "", `${by} offers a rematch${r.rotate ? ", every seat moved on by one" : " in the same seats"}.`));
      if (r.waiting.includes(s.seat)) {
        row.append(button("Accept", "primary", () => send({ type: "rematch_answer", accept: true })),
          button("Decline", "", () => send({ type: "rematch_answer", accept: false })));
      } else {
        row.append(el("span", "muted", `Waiting for ${r.waiting.map((n) => s.seats[n - 1].label).join(", ")}.`));
        if (s.seat === r.by) row.append(button("Withdraw", "", () => send({ type: "rematch_answer", accept: false })));
      }
    } else if (s.seat > 0 && ["person", "away"].includes(seatWho(fr, s.seat))) {
      const rot = el("label", "");
      const box = el("input");
      box.type = "checkbox";
      box.id = "rematch-rotate";
      rot.append(box, document.createTextNode(" move every seat on by one"));
      row.append(button("Again!", "primary", () => send({ type: "rematch", rotate: box.checked })), rot,
        el("span", "muted", "Same players, a new secret deal: each of you accepts with one click."));
      row.firstChild.id = "rematch";
    }
    if (row.childElementCount) p.append(row);
  }

  // --- the chat --------------------------------------------------------

  let chatLines = [];

  function drawChatForms(s, fr) {
    page.chatForm.hidden = !s.friends;
    page.nameForm.hidden = s.seat !== 0;
    $("say-form").hidden = !fr.speech || s.seat === 0 || s.done || !fr.started;
  }

  function chat(m) {
    chatLines = m.replace ? m.lines : chatLines.concat(m.lines);
    if (chatLines.length > 200) chatLines = chatLines.slice(-200);
    const ol = page.chatLog;
    const atEnd = ol.scrollTop + ol.clientHeight >= ol.scrollHeight - 4;
    ol.textContent = "";
    for (const l of chatLines) {
      const li = el("li", l.seat === 0 ? "watcher" : "");
      const at = new Date(l.at);
      li.title = at.toLocaleString();
      const who = l.seat === 0 ? `${l.name || "a spectator"} (watching)` : l.name;
      li.append(el("strong", "", who + ": "), document.createTextNode(l.text));
      ol.append(li);
    }
    if (atEnd || m.replace) ol.scrollTop = ol.scrollHeight;
  }

  return { build, state, chat, beeps: () => beeps, leaving: () => leaving };
})();

friends.build();
