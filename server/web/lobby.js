// The lobby: the games, a form for a new table, and its links.
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
    const person = el("option", "", "a person");
    person.value = "";
    who.append(person);
    for (const b of current.bots) {
      const o = el("option", "", `bot: ${b}`);
      o.value = b;
      who.append(o);
    }
    const name = el("input", "name");
    name.placeholder = "name (optional)";
    name.maxLength = 16;
    const prev = old[i];
    if (prev) {
      who.value = prev.bot && current.bots.includes(prev.name) ? prev.name : prev.bot ? current.bots[0] : "";
      if (!prev.bot) name.value = prev.name;
    } else if (i > 0) {
      who.value = current.bots[0];
    }
    const sync = () => { name.hidden = who.value !== ""; };
    who.onchange = sync;
    sync();
    row.append(who, name);
    box.append(row);
  }
}

function readSeat(row) {
  const who = row.querySelector(".who").value;
  if (who) return { bot: true, name: who };
  return { bot: false, name: row.querySelector(".name").value.trim() };
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
  };
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

function showLinks(t) {
  $("newtable").hidden = true;
  $("links").hidden = false;
  const list = $("seat-links");
  list.textContent = "";
  for (const s of t.seats) {
    const li = el("li", "seat-link");
    li.append(el("span", "seat-label", s.label));
    if (!s.link) {
      li.append(el("span", "bot-tag", `bot ${s.bot}`));
    } else {
      const url = location.origin + s.link;
      const input = el("input", "link");
      input.readOnly = true;
      input.value = url;
      const copy = el("button", "", "Copy");
      copy.type = "button";
      copy.addEventListener("click", async () => {
        input.select();
        try { await navigator.clipboard.writeText(url); copy.textContent = "Copied"; } catch { document.execCommand("copy"); }
      });
      const open = el("a", "take", "Take this seat");
      open.href = s.link;
      open.target = "_blank";
      li.append(input, copy, open);
    }
    list.append(li);
  }
  $("watch-link").href = t.watch;
  const note = $("deal-note");
  note.hidden = !t.open_deal;
  note.textContent = t.open_deal ? `An open deal: seed ${t.seed}, which every seat is shown.` : "";
}

$("form").addEventListener("submit", create);
$("open-deal").addEventListener("change", () => { $("seed-row").hidden = !$("open-deal").checked; });
$("again").addEventListener("click", () => choose(current));
loadGames();
