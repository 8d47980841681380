// A seat's page (or a spectator's): it draws the frames the server sends
// and sends what the player clicks or types. It knows nothing of the game:
// everything it shows comes from the seat's view.
"use strict";

const $ = (id) => document.getElementById(id);
const token = location.pathname.split("/").pop();
const watching = location.pathname.startsWith("/watch/");

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

let ws = null;
let state = null;
let log = [];      // the seat's log lines the page holds, from line logStart
let logStart = 0;
let shown = 300;   // how many of them the log shows
let retry = 500;
// live: the connection is open and has sent the table as it is. While it
// is not, every control is disabled and a note says why: a click or a
// line typed then would answer a table that may have moved on, so the
// page makes nothing of it rather than send it late.
let live = false;

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(`${proto}//${location.host}/ws/${token}`);
  ws.onopen = () => setConn("", "connecting…");
  ws.onmessage = (ev) => receive(JSON.parse(ev.data));
  ws.onclose = (ev) => {
    let wait = retry;
    if (ev.code === 1008) {
      // refused: too many windows, or too fast; try again later
      wait = 10000;
      setLive(false, `The server refused this window: ${ev.reason}. Trying again in 10 s; your moves are paused until then.`);
    } else {
      setLive(false, "Connection lost: reconnecting… Your moves are paused until the table is back.");
    }
    setTimeout(connect, wait);
    retry = Math.min(retry * 2, 10000);
  };
}

function setConn(cls, text) {
  const c = $("conn");
  c.className = "conn " + cls;
  c.textContent = text;
}

// setLive turns the controls on once the table is back, or off with a
// note saying why.
function setLive(on, why) {
  live = on;
  document.body.classList.toggle("offline", !on);
  const note = $("offline");
  note.hidden = on;
  if (!on) {
    note.textContent = why;
    setConn("offline", "reconnecting…");
  } else {
    retry = 500;
    setConn("online", "connected");
  }
  applyLive();
}

// applyLive disables every button and input of the table while the page
// is not live (drawing makes new ones).
function applyLive() {
  for (const e of document.querySelectorAll("main button, main input, #banner button")) e.disabled = !live;
}

function send(msg) {
  if (!live || !ws || ws.readyState !== WebSocket.OPEN) return false;
  ws.send(JSON.stringify(msg));
  return true;
}

function receive(m) {
  switch (m.type) {
    case "state":
      if (m.log_reset) {
        log = [];
        logStart = m.log_from;
        shown = 300;
      }
      log = log.concat(m.log);
      addNotices(m.notices);
      state = m;
      if (!live) setLive(true);
      draw();
      break;
    case "history":
      // earlier lines, asked for: they go before those held
      if (m.from + m.log.length === logStart) {
        log = m.log.concat(log);
        logStart = m.from;
        shown += m.log.length;
        drawLog(true);
      }
      break;
    case "reply":
      showOutput(m.lines.join("\n"), false);
      break;
    case "error":
      showOutput(m.error, true);
      break;
  }
}

function showOutput(text, isError) {
  const o = $("output");
  o.hidden = false;
  o.textContent = text;
  o.classList.toggle("error", isError);
}

const cardRE = /^(10|[2-9JQKA])([CDHS])$/;
const suits = { C: "♣", D: "♦", H: "♥", S: "♠" };

// card draws one card: a playing card with its rank and suit, any other
// with its label.
function card(c, option) {
  const m = cardRE.exec(c.name);
  const e = el(option ? "button" : "div", "card");
  e.dataset.card = c.name;
  if (m) {
    e.classList.add("playing", m[2] === "D" || m[2] === "H" ? "red" : "black");
    e.append(el("span", "rank", m[1]), el("span", "suit", suits[m[2]]));
  } else {
    const label = c.label.replace(/^\[(.*)\]$/, "$1");
    e.classList.add("named", kindClass(c));
    e.append(el("span", "label", label));
  }
  e.title = c.label;
  if (option) {
    e.classList.add("playable");
    e.title = option;
    e.addEventListener("click", () => play(option));
  }
  return e;
}

// kindClass colours a named card by its first word (a colour, a kind).
function kindClass(c) {
  const w = c.label.replace(/^\[/, "").toLowerCase();
  if (/^s\d/.test(w)) return "k-scoring";
  if (/^p\d/.test(w)) return "k-prediction";
  if (/^c\d/.test(w)) return "k-correction";
  if (/^v\d/.test(w)) return "k-voting";
  if (/^i\d/.test(w)) return "k-incident";
  if (/-no$/.test(w)) return "k-no";
  if (/^(loan|fight|flo|landlord|drink|pub|spill)/.test(w)) return "k-action";
  return "k-plain";
}

function backs(n) {
  const e = el("div", "backs");
  for (let i = 0; i < Math.min(n, 13); i++) e.append(el("div", "card back"));
  e.append(el("span", "count", String(n)));
  return e;
}

function play(option) {
  if (!state) return;
  send({ type: "play", option, at: state.seq });
}

// earlier shows earlier lines of the log: those the page holds, else
// those it asks the server for.
function earlier() {
  if (log.length > shown) {
    shown += 200;
    drawLog(true);
  } else if (logStart > 0) {
    send({ type: "history", before: logStart });
  }
}

function seatName(n) {
  const s = state.seats[n - 1];
  return s ? s.label : "nobody";
}

function draw() {
  const s = state;
  const mine = s.seat > 0 && s.turn === s.seat && s.options && s.options.length > 0;
  document.title = `${mine ? "● Your move — " : ""}${s.title} — tabletop`;
  $("title").textContent = s.title;
  $("you").textContent = s.seat ? `you are ${s.seats[s.seat - 1].title}` : "watching";
  drawDeal(s);
  drawSeats(s);
  drawBanner(s);
  drawNotes(s);
  drawBoards(s);
  drawZones(s);
  drawScores(s);
  drawLog();
  drawPrompt(s);
  applyLive();
}

// The seed is sent once the game is over, or from the start at an open
// deal (chosen by the table's creator, so shown to everyone).
function drawDeal(s) {
  const d = $("deal");
  d.hidden = !s.seed;
  d.textContent = s.seed ? `${s.open_deal ? "open deal · " : ""}seed ${s.seed}` : "";
  d.title = s.open_deal
    ? "An open deal: every seat is shown the seed, which tells every hand."
    : "The game is over: its seed, secret until now, replays it with the save.";
}

function drawSeats(s) {
  const ul = $("seats");
  ul.textContent = "";
  for (const seat of s.seats) {
    const li = el("li", "seat-chip");
    if (seat.n === s.turn) li.classList.add("turn");
    if (seat.n === s.seat) li.classList.add("me");
    if (s.winners && s.winners.includes(seat.n)) li.classList.add("winner");
    const dot = el("span", "dot " + (seat.bot ? "bot" : seat.online ? "on" : "off"));
    dot.title = seat.bot ? `bot ${seat.bot}` : seat.online ? "here" : "away";
    li.title = seat.title + (seat.bot ? ` (bot ${seat.bot})` : "");
    // the title, or on a phone the shorter label
    li.append(dot, el("span", "name long", seat.title), el("span", "name short", seat.label));
    if (seat.bot) li.append(el("span", "tag", "bot"));
    ul.append(li);
  }
}

function drawBanner(s) {
  const b = $("banner");
  b.textContent = "";
  b.className = "banner";
  const parts = [];
  if (s.error) {
    b.classList.add("bad");
    parts.push(el("span", "", "The game is stopped by a script error: " + s.error));
  } else if (s.done) {
    b.classList.add("over");
    parts.push(el("strong", "", s.result));
    if (s.practice) parts.push(el("span", "", s.practice));
  }
  if (s.undo) {
    // What is asked and why; the buttons for those whose answer it waits
    // for (at a table of one person, the asker himself: the game would
    // become practice).
    parts.push(el("span", "", s.undo.text || `${seatName(s.undo.by)} asks to take back a move.`));
    if (s.seat && s.undo.waiting.includes(s.seat)) {
      const yes = el("button", "primary", s.undo.practice ? "Take it back" : "Accept");
      yes.onclick = () => send({ type: "undo_answer", accept: true });
      const no = el("button", "", s.undo.practice ? "Let it stand" : "Decline");
      no.onclick = () => send({ type: "undo_answer", accept: false });
      parts.push(yes, no);
    } else {
      parts.push(el("span", "muted", "Waiting for every player to answer."));
    }
  }
  for (const n of shownNotices()) parts.push(el("span", "notice", n));
  b.append(...parts);
  b.hidden = parts.length === 0;
  applyLive();
}

// Notices (an undo, a request declined, a bot that failed) come with one
// frame; the page keeps each in sight for a while, whatever comes next.
const noticeTime = 12000;
let notices = [];
function shownNotices() {
  const now = Date.now();
  notices = notices.filter((n) => n.until > now);
  return notices.map((n) => n.text);
}
function addNotices(list) {
  if (!list || !list.length) return;
  const until = Date.now() + noticeTime;
  for (const text of list) notices.push({ text, until });
  setTimeout(() => state && drawBanner(state), noticeTime + 50);
}

function drawNotes(s) {
  const ul = $("notes");
  ul.textContent = "";
  for (const n of s.notes) {
    for (const line of n.split("\n")) ul.append(el("li", "", line));
  }
  ul.hidden = s.notes.length === 0;
}

// A board with a map comes as the map and what is drawn beside it (the
// tokens, a notepad): side by side when they fit, else one under the
// other. Each is drawn in a font small enough for its widest line to fit
// the screen (--cols), so nothing scrolls sideways on a phone.
function drawBoards(s) {
  const box = $("boards");
  box.textContent = "";
  for (const x of s.extras) {
    const fig = el("figure", "board");
    if (x.title) fig.append(el("figcaption", "", x.title));
    const parts = el("div", "board-parts");
    if (x.map) {
      parts.append(boardText(x.map, "map"));
      if (x.side && x.side.length) parts.append(boardText(x.side, "side"));
    } else {
      parts.append(boardText(x.lines || [], "lines"));
    }
    fig.append(parts);
    box.append(fig);
  }
}

// boardText draws lines of coloured runs of text.
function boardText(lines, cls) {
  const pre = el("pre", "board-map " + cls);
  let cols = 1;
  for (const line of lines) {
    const row = el("div", "board-line");
    let n = 0;
    for (const r of line || []) {
      const span = el("span", "", r.t);
      if (r.f) span.style.color = r.f;
      if (r.b) span.style.backgroundColor = r.b;
      if (r.bold) span.style.fontWeight = "bold";
      row.append(span);
      n += [...r.t].length;
    }
    if (!line || line.length === 0) row.append(el("span", "", " "));
    cols = Math.max(cols, n);
    pre.append(row);
  }
  pre.style.setProperty("--cols", String(cols));
  return pre;
}

// handZone is the seat's own zone of cards it sees whole: its hand.
function handZone(s) {
  return s.zones.find((z) => z.owner === s.seat && s.seat > 0 && z.count > 0 && z.cards.length === z.count && z.name === "hand")
    || s.zones.find((z) => z.owner === s.seat && s.seat > 0 && z.count > 0 && z.cards.length === z.count);
}

function zoneBox(z, options) {
  const box = el("div", "zone");
  box.append(el("h4", "", z.label));
  const row = el("div", "cards");
  if (z.cards.length === 0 && z.count > 0) {
    row.append(backs(z.count));
  } else {
    for (const c of z.cards) row.append(card(c, options && options.get(c.name.toUpperCase())));
    if (z.count > z.cards.length) row.append(backs(z.count - z.cards.length));
  }
  if (z.count === 0) row.append(el("span", "empty", "empty"));
  box.append(row);
  return box;
}

// cardOptions maps a card name to the one option that plays it ("play
// JC"): a move of two words whose verb is only ever followed by the name
// of a card in sight ("move hall" in Cluedo is a room, since "move h2" is
// a square), and no other move names that card.
function cardOptions(options, zones) {
  const out = new Map();
  const names = new Set();
  for (const z of zones) for (const c of z.cards) names.add(c.name.toUpperCase());
  const cardVerb = new Map();
  for (const o of options || []) {
    const words = o.split(" ");
    if (words.length !== 2) continue;
    const ok = names.has(words[1].toUpperCase());
    cardVerb.set(words[0], (cardVerb.get(words[0]) ?? true) && ok);
  }
  const seen = new Map();
  for (const o of options || []) {
    const words = o.split(" ");
    if (words.length !== 2 || !cardVerb.get(words[0])) continue;
    const k = words[1].toUpperCase();
    seen.set(k, (seen.get(k) || 0) + 1);
    out.set(k, o);
  }
  for (const [k, n] of seen) if (n > 1) out.delete(k);
  return out;
}

function drawZones(s) {
  const hand = handZone(s);
  const opts = cardOptions(s.turn === s.seat ? s.options : null, s.zones);
  const pub = $("public");
  pub.textContent = "";
  for (const z of s.zones) {
    if (z.owner === 0 && z.count > 0) pub.append(zoneBox(z, opts));
  }
  const others = $("others");
  others.textContent = "";
  const byOwner = new Map();
  for (const z of s.zones) {
    if (z.owner === 0 || z.owner === s.seat || z.count === 0) continue;
    if (!byOwner.has(z.owner)) byOwner.set(z.owner, []);
    byOwner.get(z.owner).push(z);
  }
  for (const [owner, zones] of byOwner) {
    const box = el("div", "player-area");
    if (owner === s.turn) box.classList.add("turn");
    box.append(el("h3", "", state.seats[owner - 1].title));
    for (const z of zones) box.append(zoneBox(z));
    others.append(box);
  }
  $("hand-box").hidden = s.seat === 0;
  const h = $("hand");
  h.textContent = "";
  if (hand) {
    $("hand-label").textContent = hand.label;
    for (const c of hand.cards) h.append(card(c, opts.get(c.name.toUpperCase())));
  } else {
    $("hand-label").textContent = "Your hand";
    h.append(el("span", "empty", "no cards"));
  }
  const mine = $("my-zones");
  mine.textContent = "";
  for (const z of s.zones) {
    if (z.owner === s.seat && s.seat > 0 && z !== hand && z.count > 0) mine.append(zoneBox(z, opts));
  }
}

// seatHeader is a score table's first row: a blank corner, then the seats.
function seatHeader(s) {
  const head = el("tr");
  head.append(el("th", "", ""));
  for (const seat of s.seats) head.append(el("th", "", seat.label));
  return head;
}

function drawScores(s) {
  const box = $("scores");
  box.textContent = "";
  for (const p of s.pads) {
    const t = el("table", "pad");
    t.append(el("caption", "", p.label));
    t.append(seatHeader(s));
    for (const r of p.rows) {
      const tr = el("tr");
      tr.append(el("td", "row-label", r.label));
      for (const v of r.scores) tr.append(el("td", "num", String(v)));
      if (r.note) tr.title = r.note;
      t.append(tr);
    }
    const tot = el("tr", "total");
    tot.append(el("td", "row-label", "total"));
    for (const v of p.totals) tot.append(el("td", "num", String(v)));
    t.append(tot);
    box.append(t);
  }
  if (s.tracks.length > 0) {
    const t = el("table", "pad tracks");
    t.append(el("caption", "", "Tracks"));
    t.append(seatHeader(s));
    for (const tr of s.tracks) {
      const row = el("tr");
      row.append(el("td", "row-label", tr.label));
      for (const v of tr.markers) {
        const td = el("td", "num", String(v));
        td.title = `${tr.label}: ${v} (${tr.min}–${tr.max})`;
        if (v > tr.min) td.classList.add("lit");
        row.append(td);
      }
      t.append(row);
    }
    box.append(t);
  }
  for (const p of s.pools) {
    const d = el("div", "pool");
    d.append(el("h4", "", p.label));
    const t = el("table", "pool-table");
    const head = el("tr");
    head.append(el("th", "", ""));
    for (const k of p.kinds) head.append(el("th", "", k));
    t.append(head);
    const rows = p.holders.filter((h) => h.counts.some((n) => n > 0));
    if (p.supply.some((n) => n > 0)) rows.push({ name: "supply", counts: p.supply });
    for (const h of rows) {
      const tr = el("tr");
      tr.append(el("td", "row-label", h.name));
      for (const n of h.counts) tr.append(el("td", "num", n ? String(n) : "·"));
      t.append(tr);
    }
    d.append(t);
    box.append(d);
  }
}

// drawLog shows the last lines of the log (shown of them); back, when
// earlier lines were added at the top, keeps the lines in view in place.
function drawLog(back) {
  const ol = $("log");
  const atEnd = ol.scrollTop + ol.clientHeight >= ol.scrollHeight - 4;
  const fromEnd = ol.scrollHeight - ol.scrollTop;
  ol.textContent = "";
  for (const l of log.slice(-shown)) {
    const li = el("li", l.private ? "private" : "", l.text);
    if (l.private) li.title = "only some seats read this line";
    ol.append(li);
  }
  if (back) ol.scrollTop = ol.scrollHeight - fromEnd;
  else if (atEnd || ol.dataset.drawn !== "1") ol.scrollTop = ol.scrollHeight;
  ol.dataset.drawn = "1";
  const more = logStart + Math.max(0, log.length - shown);
  $("earlier").hidden = more === 0;
  $("earlier").textContent = `${more} earlier line${more === 1 ? "" : "s"}`;
}

// groups groups moves by their first word, in order of appearance.
function groups(options) {
  const out = [];
  const at = new Map();
  for (const o of options) {
    const i = o.indexOf(" ");
    const key = i < 0 ? o : o.slice(0, i);
    const tail = i < 0 ? "" : o.slice(i + 1);
    if (!at.has(key)) { at.set(key, out.length); out.push({ key, moves: [] }); }
    out[at.get(key)].moves.push({ option: o, tail });
  }
  return out;
}

// pretty writes the playing cards of a move's words with their suits
// ("10C" as "10♣"); what is sent is the move as listed.
function pretty(text) {
  return text.split(" ").map((w) => {
    const m = cardRE.exec(w);
    return m ? m[1] + suits[m[2]] : w;
  }).join(" ");
}

function moveButton(option, text) {
  const b = el("button", "move", pretty(text));
  if (/[♦♥]/.test(b.textContent)) b.classList.add("red");
  b.dataset.option = option;
  b.onclick = () => play(option);
  return b;
}

function drawPrompt(s) {
  const p = $("prompt");
  const moves = $("moves");
  p.textContent = "";
  moves.textContent = "";
  p.className = "prompt";
  const myTurn = s.seat > 0 && s.turn === s.seat && s.options && s.options.length > 0;
  if (s.done) {
    p.append(el("strong", "", s.result));
  } else if (myTurn) {
    p.classList.add("yours");
    p.append(el("strong", "", "Your move"));
    if (s.hint) p.append(el("span", "hint", " — " + s.hint));
    if (s.secret) p.append(el("span", "secret", "secret: only you see this choice"));
    for (const g of groups(s.options)) {
      const row = el("div", "group");
      const single = g.moves.length === 1 && g.moves[0].tail === "";
      if (single) {
        const b = el("button", "move", g.key);
        b.onclick = () => play(g.moves[0].option);
        row.append(b);
      } else if (g.moves.length > 8 && g.moves.every((m) => m.tail.includes(" "))) {
        // many moves of several words: one row per second word
        for (const sub of groups(g.moves.map((m) => m.tail))) {
          const r = el("div", "group");
          r.append(el("span", "verb", `${g.key} ${sub.key}`));
          for (const m of sub.moves) r.append(moveButton(`${g.key} ${m.option}`, m.tail || sub.key));
          moves.append(r);
        }
        continue;
      } else {
        row.append(el("span", "verb", g.key));
        for (const m of g.moves) row.append(moveButton(m.option, m.tail || g.key));
      }
      moves.append(row);
    }
  } else if (s.turn) {
    p.append(el("span", "", s.turn === s.seat ? "…" : `Waiting for ${seatName(s.turn)}`));
  }
  $("undo").hidden = s.seat === 0 || s.done || !!s.undo;
  const dl = $("download");
  dl.hidden = !s.done;
  dl.href = "/save/" + token;
  $("cmd-form").hidden = s.seat === 0;
  $("say-form").hidden = s.seat === 0 || s.done;
  tipShown();
}

// The tip "Your move ↓" shows while it is the seat's move and its moves
// are off screen (on a phone, below the table); a tap scrolls to them.
let promptInView = true;
function tipShown() {
  const s = state;
  const myTurn = s && s.seat > 0 && s.turn === s.seat && s.options && s.options.length > 0 && !s.done;
  $("turn-tip").hidden = !myTurn || promptInView;
}
new IntersectionObserver((entries) => {
  promptInView = entries[entries.length - 1].isIntersecting;
  tipShown();
}).observe($("prompt"));
$("turn-tip").addEventListener("click", () => $("prompt").scrollIntoView({ behavior: "smooth", block: "start" }));

$("cmd-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const input = $("cmd");
  const text = input.value;
  if (!text.trim() || !state) return;
  // a move typed carries the decision it answers, as a click does
  if (!send({ type: "command", text, at: state.seq })) return;
  $("output").hidden = true;
  input.value = "";
});
$("undo").addEventListener("click", () => state && send({ type: "undo", at: state.seq }));
$("earlier").addEventListener("click", earlier);
$("say-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const input = $("say");
  if (!input.value.trim()) return;
  if (send({ type: "say", text: input.value })) input.value = "";
});
if (watching) document.body.classList.add("watching");
connect();
