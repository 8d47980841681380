// The invitation's page (/join/CODE): the table and its seats; a free seat
// is claimed with a name, and the browser keeps that seat's key (mine.js),
// so that opening the invitation again leads back to the seat.
"use strict";

const $ = (id) => document.getElementById(id);
const code = location.pathname.split("/").pop().replace(/[\s-]/g, "").toUpperCase();

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

async function load() {
  $("watch").href = `/watch/${code}`;
  let t;
  try {
    const res = await fetch(`/api/join/${code}`);
    t = await res.json();
    if (!res.ok) {
      $("title").textContent = "No table";
      $("state").textContent = t.error || res.statusText;
      $("state").className = "error";
      $("watch").parentElement.hidden = true;
      return;
    }
  } catch (e) {
    $("state").textContent = "The server cannot be reached: " + e.message;
    return;
  }
  draw(t);
}

function draw(t) {
  document.title = `${t.title} — an invitation — tabletop`;
  $("title").textContent = t.title;
  $("about").textContent = t.about || "";
  const kept = mine.get(t.table);
  if (kept && kept.token) {
    // this browser holds a seat here: back to it
    $("yours").hidden = false;
    $("your-seat").textContent = kept.label || `seat ${kept.seat}`;
    $("your-link").href = `/play/${kept.token}`;
    $("claim").hidden = true;
    $("state").textContent = "Taking you to your seat…";
    setTimeout(() => { location.href = `/play/${kept.token}`; }, 800);
    return;
  }
  if (t.error) {
    $("state").textContent = "This table cannot be played: " + t.error;
    return;
  }
  const free = t.seats.filter((s) => s.who === "free");
  if (t.started || free.length === 0) {
    $("state").textContent = t.done ? "This game is over." : "The game has begun: every seat is taken. You may watch it.";
    drawSeats(t, false);
    return;
  }
  $("state").textContent = `${t.players} players: ${free.length === 1 ? "one seat is" : `${free.length} seats are`} free. The game begins once every seat is taken.`;
  $("claim").hidden = false;
  $("name").value = mine.name();
  drawSeats(t, true);
}

function drawSeats(t, claimable) {
  const ul = claimable ? $("seats") : el("ul", "join-seats");
  ul.textContent = "";
  for (const s of t.seats) {
    const li = el("li", `join-seat ${s.who}`);
    li.append(el("span", "seat-no", `Seat ${s.seat}`));
    const who = { free: "free", person: s.label, bot: `${s.label} (a bot)`, away: `${s.label} (a bot while he is away)` }[s.who];
    li.append(el("span", "who", who));
    if (claimable && s.who === "free") {
      const b = el("button", "primary", "Sit here");
      b.type = "submit";
      b.dataset.seat = s.seat;
      li.append(b);
    }
    ul.append(li);
  }
  if (!claimable) $("state").after(ul);
}

async function claim(ev) {
  ev.preventDefault();
  const seat = Number(ev.submitter && ev.submitter.dataset.seat) || 0;
  const name = $("name").value.trim();
  $("error").textContent = "";
  for (const b of document.querySelectorAll("#seats button")) b.disabled = true;
  try {
    const res = await fetch(`/api/join/${code}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ seat, name }) });
    const body = await res.json();
    if (!res.ok) {
      $("error").textContent = body.error || res.statusText;
      if (res.status === 409) load();
      return;
    }
    mine.setName(name);
    mine.put({ table: body.table, title: body.title, code: body.code, token: body.token, seat: body.seat, label: body.label });
    location.href = body.link;
  } catch (e) {
    $("error").textContent = "The server cannot be reached: " + e.message;
  } finally {
    for (const b of document.querySelectorAll("#seats button")) b.disabled = false;
  }
}

$("claim").addEventListener("submit", claim);
load();
