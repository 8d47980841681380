package melds

import (
	"testing"

	"github.com/tabletop/tabletop/interp"
)

// meldMaking gives melds.all, melds.extensions and melds.joins a make
// function and reports, a line each, what came back.
const meldMaking = `
local melds = require "melds"
local G = { title = "Melds", players = {3, 3} }
function G.play(t)
  local say = function(fmt, ...) t:log(fmt, ...) end
  local made = 0
  local function option(m)
    made = made + 1
    return { text = "lay " .. table.concat(m, " ") }
  end
  local function texts(list)
    local out = {}
    for i, o in ipairs(list) do out[i] = o.text end
    return table.concat(out, ", ")
  end
  local counts = { 1, 2, 1 }
  local a = melds.all(counts, 3, option)
  say("all: %s (%d made)", texts(a), made)
  local into = { { text = "pass" } }
  local b = melds.all(counts, 3, option, into)
  say("again, into a list: %s, the same list %s, the same options %s (%d made)",
    texts(b), tostring(rawequal(b, into)), tostring(rawequal(a[1], b[2])), made)
  local e = melds.extensions({ 2, 3 }, { 1, 0, 0, 1 }, 4, true, option)
  say("extensions: %s (%d made)", texts(e), made)
  local function other(m) return { text = "other " .. table.concat(m, " ") } end
  say("another make function makes its own: %s", texts(melds.all({ 1 }, 3, other)))
  say("joins: %s (%d made)", texts(melds.joins({ 1, 2 }, { 4, 5 }, { 0, 0, 1, 0, 0, 1 }, 6, true, option)), made)
  say("joins of a set and a single of its value: %s", texts(melds.joins({ 2, 2 }, { 2 }, { 0, 1 }, 6, true, option)))
  say("joins without empty: %d", #melds.joins({ 2 }, { 3 }, {}, 6, false))
  local none = {
    melds.joins({ 2, 2 }, { 3 }, { 1, 1, 1 }, 6, true),  -- a set and another value
    melds.joins({ 2, 3 }, { 3, 4 }, { 1, 1, 1, 1 }, 6, true), -- a shared value
    melds.joins({ 1 }, { 4 }, { 0, 1, 0 }, 6, true),     -- a gap the hand cannot fill
  }
  say("joins that make no meld: %d %d %d", #none[1], #none[2], #none[3])
  local function nested(m)
    local inner = melds.extensions({ 3 }, { 1, 1 }, 4, false)
    return { text = table.concat(m, " ") .. " (" .. #inner .. " inside)" }
  end
  say("make may call melds itself: %s", texts(melds.extensions({ 2, 2 }, { 0, 3 }, 4, false, nested)))
  say("make must make something: %s", tostring(pcall(melds.all, { 1 }, 3, function() return nil end)))
  say("make must be a function: %s", tostring(pcall(melds.all, { 1 }, 3, 7)))
  t:ask(1, { "done" })
end
return G
`

func TestMeldsMake(t *testing.T) {
	_, m := startMatch(t, "meldmake.lua", meldMaking, interp.Config{Players: 3})
	want := []string{
		"all: lay 1, lay 1 2, lay 1 2 3, lay 2, lay 2 2, lay 2 3, lay 3 (7 made)",
		"again, into a list: pass, lay 1, lay 1 2, lay 1 2 3, lay 2, lay 2 2, lay 2 3, lay 3, the same list true, the same options true (7 made)",
		"extensions: lay , lay 4, lay 1, lay 1 4 (10 made)",
		"another make function makes its own: other 1",
		"joins: lay 3, lay 3 6 (11 made)",
		"joins of a set and a single of its value: lay , lay 2",
		"joins without empty: 0",
		"joins that make no meld: 0 0 0",
		"make may call melds itself: 2 (2 inside), 2 2 (2 inside), 2 2 2 (2 inside)",
		"make must make something: false",
		"make must be a function: false",
	}
	checkLog(t, m, want)
}
