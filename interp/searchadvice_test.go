package interp

import (
	"fmt"
	"strings"
	"testing"
)

// TestSearchAdvice reads game.search: a rollout policy that is random or
// one of the game's bots is kept; anything else is refused at load with
// what is allowed.
func TestSearchAdvice(t *testing.T) {
	const script = `
local G = { title = "Advice", players = {2, 2} }
function G.play(t) t:ask(1, { "a", "b" }) end
G.bots = { first = function() return 1 end }
%s
return G`
	for _, c := range []struct {
		search, want, err string
		steps             int
	}{
		{"", "", "", 0},
		{`G.search = {}`, "", "", 0},
		{`G.search = { rollout = "random" }`, "random", "", 0},
		{`G.search = { rollout = "first" }`, "first", "", 0},
		{`G.search = { rollout = "second" }`, "", `search.rollout must be "random" or the name of one of the game's bots (first), not second`, 0},
		{`G.search = { rollout = 3 }`, "", `search.rollout must be "random" or the name of one of the game's bots (first), not 3`, 0},
		{`G.search = "random"`, "", "search must be a table {rollout = ...}, not a string", 0},
		{`G.search = { rollout = "random", steps = 12 }`, "random", "", 12},
		{`G.search = { steps = 0 }`, "", "search.steps must be a whole number of decisions from 1 to 1000000, not 0", 0},
		{`G.search = { steps = 2.5 }`, "", "search.steps must be a whole number", 0},
		{`G.search = { steps = "few" }`, "", "search.steps must be a whole number", 0},
	} {
		e, err := LoadSource("advice.lua", []byte(fmt.Sprintf(script, c.search)), nil)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: got error %v, want %q", c.search, err, c.err)
		case c.err == "" && err != nil:
			t.Errorf("%s: %v", c.search, err)
		case err == nil && e.Info.SearchRollout != c.want:
			t.Errorf("%s: rollout %q, want %q", c.search, e.Info.SearchRollout, c.want)
		case err == nil && e.Info.SearchSteps != c.steps:
			t.Errorf("%s: steps %d, want %d", c.search, e.Info.SearchSteps, c.steps)
		}
	}
}
