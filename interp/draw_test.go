package interp

import (
	"strings"
	"testing"
)

// notepad is a game whose notes and sidebar are functions of the seat.
// The option "hostile" sets a note that tries something a note may not do
// (named by the option).
const notepad = `
local G = { title = "Notepad", players = {2, 3}, options = { hostile = { default = "" } } }
local HOSTILE = {
  random = function(t) return "r" .. math.random(1000) end,
  move = function(t, z) t:move(z.deck:top(), z.hands[1]) return "moved" end,
  log = function(t) t:log("drawn") return "logged" end,
  dice = function(t) return "rolled " .. t:roll(6) end,
  shuffle = function(t, z) z.deck:shuffle() return "shuffled" end,
  ask = function(t) t:ask(1, { "a" }) return "asked" end,
  loop = function(t) while true do end end,
  error = function(t) error("the notepad is torn") end,
  number = function(t) return {} end,
}
function G.play(t)
  local z = { deck = t:zone { name = "deck" }, hands = {} }
  for s = 1, t.players do z.hands[s] = t:zone { name = "hand", owner = s, visibility = "owner" } end
  t:cards({ { name = "A" }, { name = "B" }, { name = "C" }, { name = "D" }, { name = "E" }, { name = "F" } }, z.deck)
  local turns = 0
  t:note("turns", function(seat) return "Seat " .. seat .. " sees " .. turns .. " turns" end)
  t:note("secret", function(seat) if seat == 1 then return "only for seat 1" end end)
  if t.options.hostile ~= "" then
    t:note("hostile", function(seat) return HOSTILE[t.options.hostile](t, z) end)
  end
  local board = t:board { map = "..", legend = { ["."] = "corridor" } }
  board:sidebar(function(seat) return { "pad of " .. seat, "turns " .. turns } end)
  for i = 1, 4 do
    z.deck:shuffle()
    local c = t:ask(1 + i % t.players, { "draw", "pass" })
    turns = turns + 1
    if c == "draw" then z.deck:deal(z.hands[1 + i % t.players], 1) end
    t:log("%d: %p draws %d", i, 1 + i % t.players, t:random(100))
  end
  return { winners = { 1 } }
end
return G
`

func noteText(v *View, key string) string {
	for _, n := range v.Notes {
		if n.Key == key {
			return n.Text
		}
	}
	return "(none)"
}

func TestNoteFunctionsAreDrawnPerSeat(t *testing.T) {
	_, m := startMatch(t, "notepad.lua", notepad, Config{Players: 2, Seed: 3})
	if err := m.Step(0); err != nil {
		t.Fatal(err)
	}
	v1, v2 := m.View(1), m.View(2)
	if got := noteText(v1, "turns"); got != "Seat 1 sees 1 turns" {
		t.Errorf("seat 1's note: %q", got)
	}
	if got := noteText(v2, "turns"); got != "Seat 2 sees 1 turns" {
		t.Errorf("seat 2's note: %q", got)
	}
	if noteText(v1, "secret") != "only for seat 1" || noteText(v2, "secret") != "(none)" {
		t.Errorf("a note that returns nil for a seat must be absent from its view: %q / %q", noteText(v1, "secret"), noteText(v2, "secret"))
	}
	if !strings.Contains(strings.Join(v2.Extras[0].Lines, "\n"), "pad of 2") || strings.Contains(strings.Join(v2.Extras[0].Lines, "\n"), "pad of 1") {
		t.Errorf("seat 2's board shows:\n%s", strings.Join(v2.Extras[0].Lines, "\n"))
	}
	if !strings.Contains(strings.Join(v1.Extras[0].Lines, "\n"), "pad of 1") {
		t.Errorf("seat 1's board shows:\n%s", strings.Join(v1.Extras[0].Lines, "\n"))
	}
	if err := m.CheckDrawing(); err != nil {
		t.Error(err)
	}
}

// TestDrawingChangesNothing plays the same decisions twice, drawing every
// view after every decision in one of the runs (with a note that draws
// random numbers): the games and the match's counted budgets must agree.
func TestDrawingChangesNothing(t *testing.T) {
	run := func(draw bool) (string, int64, int64) {
		_, m := startMatch(t, "notepad.lua", notepad, Config{Players: 3, Seed: 5, Options: map[string]string{"hostile": "random"}})
		for m.Prompt() != nil {
			if draw {
				for s := 0; s <= 3; s++ {
					m.View(s)
				}
			}
			if err := m.Step(0); err != nil {
				t.Fatal(err)
			}
		}
		var log []string
		for _, l := range m.Log() {
			log = append(log, l.Text)
		}
		return strings.Join(log, "\n"), m.meter.Steps(), m.meter.Kept()
	}
	log1, steps1, kept1 := run(false)
	log2, steps2, kept2 := run(true)
	if log1 != log2 {
		t.Errorf("drawing views changed the game:\n%s\n---\n%s", log1, log2)
	}
	if steps1 != steps2 || kept1 != kept2 {
		t.Errorf("drawing views moved the match's budgets: steps %d / %d, kept %d / %d", steps1, steps2, kept1, kept2)
	}
}

func TestNoteFunctionsMayOnlyLook(t *testing.T) {
	for hostile, want := range map[string]string{
		"move":    "t:move changes the game",
		"log":     "t:log changes the game",
		"dice":    "t:roll changes the game",
		"shuffle": "zone:shuffle changes the game",
		"ask":     "t:ask changes the game",
		"loop":    "without asking for a decision",
		"error":   "the notepad is torn",
		"number":  "must return a string or nil, not a table",
	} {
		t.Run(hostile, func(t *testing.T) {
			_, m := startMatch(t, "notepad.lua", notepad, Config{Players: 2, Seed: 3, Options: map[string]string{"hostile": hostile}})
			before := len(m.Zones[1].Cards)
			got := noteText(m.View(1), "hostile")
			if !strings.Contains(got, want) || !strings.HasPrefix(got, "(cannot draw this: ") {
				t.Errorf("the note draws %q, want the error %q", got, want)
			}
			if err := m.CheckDrawing(); err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), `note "hostile"`) {
				t.Errorf("CheckDrawing: %v", err)
			}
			if len(m.Zones[1].Cards) != before || m.LogLen() != 0 {
				t.Errorf("the note changed the game")
			}
			if err := m.Step(0); err != nil {
				t.Errorf("the game goes on after a note failed: %v", err)
			}
		})
	}
}
