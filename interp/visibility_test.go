package interp

import (
	"strings"
	"testing"
)

// TestVisibility walks one card through zones and checks who sees it.
func TestVisibility(t *testing.T) {
	_, m := startMatch(t, "vis.lua", `
local G = { title = "Vis", players = {3, 3} }
function G.play(t)
  local deck = t:zone { name = "deck" }
  local hand1 = t:zone { name = "hand", owner = 1, visibility = "owner" }
  local hand2 = t:zone { name = "hand", owner = 2, visibility = "owner" }
  local table_ = t:zone { name = "table", visibility = "all" }
  local pile = t:zone { name = "pile" }
  local c = t:cards({ { name = "X", label = "the X" } }, deck)[1]
  t:ask(1, { "in deck" })
  deck:deal(hand1)
  t:ask(1, { "in hand 1" })
  t:show(c, 3)
  t:ask(1, { "shown to 3" })
  hand2:add(c)
  t:ask(1, { "in hand 2" })
  pile:add(c)
  pile:shuffle()
  t:ask(1, { "shuffled" })
  table_:add(c)
  t:ask(1, { "on the table" })
  pile:add(c)
  t:ask(1, { "in pile after the table" })
  t:hide(c)
  t:ask(1, { "hidden" })
  return { winners = {} }
end
return G`, Config{Players: 3})
	want := map[string]string{ // seats that see X: spectator(0), 1, 2, 3
		"in deck":                 "----",
		"in hand 1":               "-1--",
		"shown to 3":              "-1-3",
		"in hand 2":               "-123", // 1 saw it leave; 3 was shown it
		"shuffled":                "----",
		"on the table":            "0123",
		"in pile after the table": "0123",
		"hidden":                  "----",
	}
	for m.Prompt() != nil {
		step := m.Prompt().Options[0]
		got := ""
		for s := 0; s <= 3; s++ {
			if m.Cards[0].VisibleTo(s) {
				got += string(rune('0' + s))
			} else {
				got += "-"
			}
			text := m.View(s).Text()
			if strings.Contains(text, "the X") != m.Cards[0].VisibleTo(s) {
				t.Errorf("%s: the view of seat %d disagrees with VisibleTo:\n%s", step, s, text)
			}
		}
		if got != want[step] {
			t.Errorf("%s: seen by %s, want %s", step, got, want[step])
		}
		if err := m.CheckInvariants(); err != nil {
			t.Errorf("%s: %v", step, err)
		}
		m.Step(0)
	}
	if m.Err() != nil {
		t.Fatal(m.Err())
	}
}
