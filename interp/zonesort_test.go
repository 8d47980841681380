package interp

import (
	"testing"
)

// zoneSorting sorts zones by fields and reports, a line each, the order
// and whether the card list stayed the same.
const zoneSorting = `
local G = { title = "Sorting", players = {3, 3} }
function G.play(t)
  local hand = t:zone { name = "hand", owner = 1, visibility = "owner" }
  t:cards({
    { name = "a", order = 3, suit = "C" }, { name = "b", order = 1, suit = "H" },
    { name = "c", order = 3, suit = "D" }, { name = "d", order = 2 , suit = "C" },
    { name = "e", order = 10, suit = "C" }, { name = "f", order = 1.5, suit = 4 },
  }, hand)
  local say = function(fmt, ...) t:log(fmt, ...) end
  local function names()
    local out = {}
    for i, c in ipairs(hand:cards()) do out[i] = c.name end
    return table.concat(out, " ")
  end
  hand:sort()
  say("by order, numbers by value, ties as they lay: %s", names())
  local before = hand:cards()
  hand:sort()
  say("sorted again, nothing changes, the same list: %s", tostring(rawequal(before, hand:cards())))
  hand:sort("suit")
  say("by suit, a number by its text: %s", names())
  say("a zone that moved is a new list: %s", tostring(not rawequal(before, hand:cards())))
  t:zone({ name = "empty" }):sort()
  say("an empty zone sorts")
  t:ask(1, { "done" })
end
return G
`

func TestZoneSort(t *testing.T) {
	_, m := startMatch(t, "sort.lua", zoneSorting, Config{Players: 3})
	want := []string{
		"by order, numbers by value, ties as they lay: b f d a c e",
		"sorted again, nothing changes, the same list: true",
		"by suit, a number by its text: f d a e c b",
		"a zone that moved is a new list: true",
		"an empty zone sorts",
	}
	checkLog(t, m, want)
}
