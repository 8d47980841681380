package melds

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/luahost"
)

// meldKeeping asks for melds twice and reports, a line each, whether the
// same tables came back.
const meldKeeping = `
local melds = require "melds"
local G = { title = "Melds", players = {3, 3} }
function G.play(t)
  local say = function(fmt, ...) t:log(fmt, ...) end
  local counts = { 1, 2, 1 }
  local a, b = melds.all(counts, 3), melds.all(counts, 3)
  say("%d melds, a fresh list each call: %s", #a, tostring(not rawequal(a, b)))
  local same = true
  for i = 1, #a do same = same and rawequal(a[i], b[i]) end
  say("the same meld tables: %s", tostring(same))
  local ext = melds.extensions({ 1 }, { 0, 1, 1 }, 3)
  say("an extension is the meld made before: %s (%s)", tostring(rawequal(ext[1], a[4])), table.concat(ext[1], " "))
  local e1, e2 = melds.extensions({ 2, 2 }, {}, 3, true), melds.extensions({ 3 }, {}, 3, true)
  say("the empty group is kept too: %s, %d values", tostring(rawequal(e1[1], e2[1])), #e1[1])
  a[1][2] = 1
  local c = melds.all(counts, 3)
  say("a changed meld is not given again: %s, %d values", tostring(not rawequal(a[1], c[1])), #c[1])
  c[1].mark = true
  say("nor one given a field: %s", tostring(not rawequal(c[1], melds.all(counts, 3)[1])))
  local cards = { { value = 2 }, { value = 0 }, { value = 2 }, { value = 3 }, { rank = 1 }, { value = 9 }, { value = 1.5 } }
  local n = melds.counts(cards, 3)
  say("counts: %d values, %d %d %d", #n, n[1], n[2], n[3])
  local r = melds.counts(cards, 2, "rank")
  say("counts of another field: %d %d", r[1], r[2])
  say("counts of a list that is not cards: %s", tostring(pcall(melds.counts, { 1 }, 3)))
  t:ask(1, { "done" })
end
return G
`

func TestMeldsAreKept(t *testing.T) {
	_, m := startMatch(t, "melds.lua", meldKeeping, interp.Config{Players: 3})
	want := []string{
		"7 melds, a fresh list each call: true",
		"the same meld tables: true",
		"an extension is the meld made before: true (2)",
		"the empty group is kept too: true, 0 values",
		"a changed meld is not given again: true, 1 values",
		"nor one given a field: true",
		"counts: 3 values, 0 2 1",
		"counts of another field: 1 0",
		"counts of a list that is not cards: false",
	}
	checkLog(t, m, want)
}

// TestAKeeperIsCopiedWithItsState: what melds keeps for a state holds
// nothing a copy of the state (luahost.Copier, as a fork of a match makes)
// cannot see through, so a fork copies it (interp's fork tests play Andy
// Capp, which keeps melds, forked).
func TestAKeeperIsCopiedWithItsState(t *testing.T) {
	structs, opaque := luahost.NewCopyPlan(luahost.CopyRules{}).Reachable(keeper{})
	if got := strings.Join(structs, " "); got != "melds.keeper melds.scratch" || len(opaque) > 0 {
		t.Errorf("a copy walks %s and cannot see through %v: check that a copy of a keeper is sound", got, opaque)
	}
}
