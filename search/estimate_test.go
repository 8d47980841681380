package search

import (
	"testing"

	"github.com/tabletop/tabletop/interp"
)

// orchard is a game for two in which seat 1 first takes a point at once
// ("take", a pad row) or plants a tree ("plant") worth three points when
// the game ends, twenty turns later; its estimate (the option estimate)
// counts the tree before then. Its rollouts stop after four decisions.
const orchard = `
local G = { title = "Orchard", players = {2, 2}, options = { estimate = { default = true } } }
G.search = { steps = 4 }
function G.play(t)
  local pad = t:pad { name = "score" }
  local tree = 0
  if t.options.estimate then
    t:estimate(function() return { tree, 0 } end)
  end
  if t:ask(1, { "take", "plant" }) == "take" then
    pad:add("take", { 1, 0 })
  else
    tree = 3
  end
  for turn = 1, 20 do t:ask(1 + turn % 2, { "wait", "whistle" }) end
  pad:add("harvest", { tree, 0 })
  return { winners = { 1 } }
end
return G`

// TestEstimateValuesRolloutsCutShort: with the estimate the search sees
// that the tree is worth more than the point; without it, a rollout cut
// after four decisions sees the point on the pad and nothing of the tree.
func TestEstimateValuesRolloutsCutShort(t *testing.T) {
	e, err := interp.LoadSource("orchard.lua", []byte(orchard), nil)
	if err != nil {
		t.Fatal(err)
	}
	params, err := ParseParams(e, "60")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		estimate, want string
	}{{"true", "plant"}, {"false", "take"}} {
		for seed := uint64(1); seed <= 3; seed++ {
			m, err := e.NewMatch(interp.Config{Players: 2, Seed: seed, Options: map[string]string{"estimate": c.estimate}}, interp.Silent)
			if err != nil {
				t.Fatal(err)
			}
			b := New(e, 1, seed, params)
			i, err := b.Choose(m)
			if err != nil {
				t.Fatal(err)
			}
			if got := m.Prompt().Options[i]; got != c.want {
				t.Errorf("estimate=%s, seed %d: the search chose %s, want %s", c.estimate, seed, got, c.want)
			}
			b.Close()
			m.Close()
		}
	}
}
