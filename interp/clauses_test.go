package interp

import (
	"strings"
	"testing"
)

// clauses exercises the Go clauses and reports what it found, a line each.
const clauses = `
local tricks = require "tricks"
local G = { title = "Clauses", players = {3, 3} }
function G.play(t)
  local hand = t:zone { name = "hand", owner = 1, visibility = "owner" }
  local pile = t:zone { name = "pile" }
  local cs = t:cards({
    { name = "2H", suit = "H", rank = 2 }, { name = "9C", suit = "C", rank = 9 },
    { name = "7D", suit = "D", rank = 7 }, { name = "7C", suit = "C", rank = 7 },
    { name = "JC", suit = "C", rank = 11 }, { name = "X" },
  }, hand)
  local say = function(fmt, ...) t:log(fmt, ...) end
  local a, b = hand:cards(), hand:cards()
  say("same list while unchanged: %s", tostring(rawequal(a, b)))
  table.sort(a, function(x, y) return x.name < y.name end)
  local c = hand:cards()
  say("a sorted list is not given again: %s, first %s", tostring(not rawequal(a, c)), c[1].name)
  c.mark = true
  say("nor one given a field: %s", tostring(not rawequal(c, hand:cards())))
  local d = hand:cards()
  t:move(cs[1], pile)
  local e = hand:cards()
  say("a changed zone makes a new list: %s, old %d new %d", tostring(not rawequal(d, e)), #d, #e)
  local f = hand:filter("suit", "D", "C")
  say("filter: %d cards, %s to %s", #f, f[1].name, f[#f].name)
  local n = hand:tally("suit")
  say("tally: C %d, D %d, H %s", n.C, n.D, tostring(n.H))
  local s1, s2 = t:seats(2), t:seats(2)
  say("seats from 2: %d %d %d, kept %s", s1[1], s1[2], s1[3], tostring(rawequal(s1, s2)))
  s1[1] = 9
  say("changed seats are made again: %d", t:seats(2)[1])
  local trick = { cs[3], cs[4], cs[2], cs[1] }   -- 7D 7C 9C 2H
  say("winner, diamonds led, clubs half a rank up: %d beats %d", tricks.winner(trick, { D = 0, C = 0.5 }))
  say("winner, diamonds only: %d beats %s", tricks.winner(trick, { D = 0 }))
  say("winner, clubs trump: %d beats %d", tricks.winner(trick, { D = 0, C = 100 }))
  say("no card can win: %s", tostring(tricks.winner(trick, { S = 0 })))
  say("count: %d clubs, %d jack", tricks.count(hand:cards(), { suit = "C" }), tricks.count(hand:cards(), { suit = "C", rank = 11 }))
  t:ask(1, { "done" })
end
return G
`

func TestClauses(t *testing.T) {
	_, m := startMatch(t, "clauses.lua", clauses, Config{Players: 3})
	var got []string
	for _, l := range m.Log() {
		got = append(got, l.Text)
	}
	want := []string{
		"same list while unchanged: true",
		"a sorted list is not given again: true, first 2H",
		"nor one given a field: true",
		"a changed zone makes a new list: true, old 6 new 5",
		"filter: 4 cards, 9C to JC",
		"tally: C 3, D 1, H nil",
		"seats from 2: 2 3 1, kept true",
		"changed seats are made again: 2",
		"winner, diamonds led, clubs half a rank up: 3 beats 2",
		"winner, diamonds only: 1 beats nil",
		"winner, clubs trump: 3 beats 2",
		"no card can win: nil",
		"count: 3 clubs, 1 jack",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestTallyManyValues tallies a field with more distinct values than
// zone:tally counts on its own before it goes on in a table.
func TestTallyManyValues(t *testing.T) {
	src := `
return { title = "T", players = { 1, 1 },
  play = function(t)
    local z = t:zone { name = "z" }
    local defs = {}
    for i = 1, 40 do defs[i] = { name = "c" .. i, label = "c" .. i, n = i % 20, s = (i % 3 == 0) and "x" or "y" } end
    t:cards(defs, z)
    local by_n, by_s = z:tally("n"), z:tally("s")
    local sum, keys = 0, 0
    for k, v in pairs(by_n) do sum = sum + v; keys = keys + 1 end
    t:log("n: %d values, %d cards, %d of 7; s: x %d, y %d", keys, sum, by_n[7], by_s.x, by_s.y)
    t:ask(1, { "end" })
  end }`
	_, m := startMatch(t, "tally.lua", src, Config{Players: 1})
	log := m.Log()
	got := log[len(log)-1].Text
	if want := "n: 20 values, 40 cards, 2 of 7; s: x 13, y 27"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestTallyInOrder counts the values given, as a list in their order.
func TestTallyInOrder(t *testing.T) {
	src := `
return { title = "T", players = { 1, 1 },
  play = function(t)
    local z = t:zone { name = "z" }
    t:cards({ { name = "a", suit = "H" }, { name = "b", suit = "H" }, { name = "c", suit = "S" }, { name = "d" } }, z)
    local n = z:tally("suit", { "C", "H", "S" })
    t:log("%d values: C %d, H %d, S %d", #n, n[1], n[2], n[3])
    local many = {}
    for i = 1, 300 do many[i] = i end
    t:log("300 values: %s", tostring(pcall(z.tally, z, "suit", many)))
    t:ask(1, { "end" })
  end }`
	_, m := startMatch(t, "order.lua", src, Config{Players: 1})
	checkLog(t, m, []string{"3 values: C 0, H 2, S 1", "300 values: false"})
}
