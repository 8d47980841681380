package interp

import (
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// walkerLua walks every table reachable from its roots — their keys and
// values, their metatables, the metatables of userdata — and writes what
// pairs met, in the order it met it: a fingerprint of the iteration order
// of everything the engine handed the script.
const walkerLua = `
local function describe(v)
  local ty = type(v)
  if ty == "string" or ty == "number" or ty == "boolean" then return ty .. ":" .. tostring(v) end
  return ty
end
function walk(roots)
  local out, seen, queue, head = {}, {}, {}, 1
  local function push(v)
    if (type(v) == "table" or type(v) == "userdata") and not seen[v] then
      seen[v] = true
      queue[#queue + 1] = v
    end
  end
  for i = 1, #roots do push(roots[i]) end
  while head <= #queue do
    local x = queue[head]
    head = head + 1
    out[#out + 1] = "{"
    if type(x) == "table" then
      for k, v in pairs(x) do
        out[#out + 1] = describe(k) .. "=" .. describe(v)
        push(k)
        push(v)
      end
    end
    local mt = getmetatable(x)
    if type(mt) == "table" then push(mt) end
    out[#out + 1] = "}"
  end
  return table.concat(out, " ")
end
`

// walkedGame uses every kind of object and module the engine gives a
// script, walks them all in play (noting the fingerprint), and has a bot
// that walks its view.
const walkedGame = walkerLua + `
local tricks, melds, holders = require "tricks", require "melds", require "holders"
local Game = { title = "Walked", players = { 2, 2 } }
function Game.play(t)
  local deck = t:zone { name = "deck", visibility = "all" }
  local hand = t:zone { name = "hand", owner = 1, visibility = "owner" }
  local list = {}
  for i = 1, 8 do list[i] = { name = "c" .. i, value = i % 4 + 1, suit = ({ "C", "D", "H", "S" })[i % 4 + 1] } end
  t:cards(list, deck)
  deck:deal(hand, 4)
  local chips = t:pool { name = "chips", kinds = { "white", "purple", "green" }, supply = 5 }
  chips:give(1, "white", 2)
  local track = t:track { name = "umbrella", min = 0, max = 10 }
  track:advance(1, 3)
  local pad = t:pad { name = "score", label = "Score" }
  pad:add("Hand 1", { 3, 4 })
  local h = holders.new(8, 2)
  h:exactly(1, 4)
  h:solve()
  local counts = melds.counts(hand:cards(), 4)
  local board = t:board { map = "xxSx\nKk.x\n", legend = { x = "outside", ["."] = "corridor",
    S = { start = "kingston" }, K = { room = "kitchen", label = "Kitchen" }, k = { door = "kitchen" } } }
  board:token { name = "kingston", label = "Miss Kingston", glyph = "K", seat = 1 }
  t:note("n", "a note", 3)
  t:event("all", { kind = "deal", who = 1, cards = hand:cards() }, "%p is dealt", 1)
  local roots = { _G, t, tricks, melds, holders, h, deck, hand, chips, track, pad, board, getmetatable(""),
    t:seats(), deck:cards(), hand:cards(), hand:tally("suit"), pad:totals(), chips:handfuls(2),
    melds.all(counts, 4), counts, { tricks.winner(deck:cards(), { C = 0, D = 0 }, "value") }, { h:places(1) } }
  t:note("walk", walk(roots))
  t:ask(1, { "go", "stop" })
  t:ask(2, { "go", "stop" })
end
Game.bots = {
  walker = function(view, options, seat)
    walked = walk({ view, options, _G })
    return 1
  end,
}
return Game
`

// TestEngineTablesIterateInAFixedOrder walks everything the engine hands a
// script — the libraries, t, the modules written in Go, the objects and
// their metatables, what their methods return, a bot's view — in several
// matches, and compares the order pairs meets it all in: a table the
// engine filled from a Go map would iterate differently from one match to
// the next.
func TestEngineTablesIterateInAFixedOrder(t *testing.T) {
	e, err := LoadSource("walked.lua", []byte(walkedGame), nil)
	if err != nil {
		t.Fatal(err)
	}
	var first, firstBot string
	for run := 0; run < 12; run++ {
		m, err := e.NewMatch(Config{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		var walked string
		for _, n := range m.Notes {
			if n.Key == "walk" {
				walked = n.Text
			}
		}
		if len(walked) < 2000 {
			t.Fatalf("the walk found too little: %q", walked)
		}
		b, err := e.NewBot("walker", 1, 1)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := b.Choose(m); err != nil {
			t.Fatal(err)
		}
		bot := lua.LVAsString(b.(*ScriptBot).L.GetGlobal("walked"))
		b.Close()
		m.Close()
		if !strings.Contains(bot, "string:values") {
			t.Fatalf("the bot's walk did not reach its view: %.200q", bot)
		}
		if run == 0 {
			first, firstBot = walked, bot
			continue
		}
		if walked != first {
			t.Fatalf("run %d iterated the engine's tables in another order than run 0:\n%s", run, firstDifference(first, walked))
		}
		if bot != firstBot {
			t.Fatalf("run %d iterated the bot's view in another order than run 0:\n%s", run, firstDifference(firstBot, bot))
		}
	}
}

// firstDifference shows where two fingerprints part.
func firstDifference(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-200)
	return "  " + a[from:min(len(a), i+200)] + "\n  " + b[from:min(len(b), i+200)]
}

// identsGame shows objects in option texts, log lines, print and an error
// message, and has a note that shows objects of its own whenever a view
// is drawn.
const identsGame = `
local G = { title = "Idents", players = { 2, 2 } }
function G.play(t)
  local a, f = {}, function() end
  t:note("drawn", function(seat) return tostring({}) .. " " .. tostring(function() end) end)
  local c = t:ask(1, { "pick " .. tostring(a), "pick " .. tostring(f), "pick " .. tostring(t), "pick " .. tostring(a) .. "!" })
  print(c, {}, a, print)
  local _, e = pcall(function() local x return x[{}] end)
  t:log("%s / %s / %s", c, tostring({}), e)
  t:ask(2, { tostring(t:zone { name = "z" }), tostring(a) })
  t:log("%s", tostring({}))
  return { winners = {} }
end
return G
`

// TestTostringIsTheSameEveryRun: objects are shown by numbers given in
// the order a match first shows them, the same in every run, in a fork
// and in a replay, whether views were drawn or not; no address reaches a
// text.
func TestTostringIsTheSameEveryRun(t *testing.T) {
	e, err := LoadSource("idents.lua", []byte(identsGame), nil)
	if err != nil {
		t.Fatal(err)
	}
	run := func(draw bool, fork bool) string {
		var out strings.Builder
		m, err := e.NewMatch(Config{Out: &out})
		if err != nil {
			t.Fatal(err)
		}
		defer m.Close()
		texts := strings.Join(m.Prompt().Options, " | ")
		if draw {
			m.View(1)
			m.View(2)
		}
		if fork {
			f, err := m.Fork()
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			m = f
		}
		for m.Prompt() != nil {
			if draw {
				m.View(1)
			}
			if err := m.Step(0); err != nil {
				t.Fatal(err)
			}
		}
		var log []string
		for _, l := range m.Log() {
			log = append(log, l.Text)
		}
		return texts + "\n" + strings.Join(log, "\n") + "\n" + out.String()
	}
	want := "pick table: 1 | pick function: 2 | pick table: 3 | pick table: 1!\n" +
		"pick table: 1 / table: 6 / idents.lua:8: attempt to index a non-table object(nil) with key 'a table'\n" +
		"table: 7\n" +
		"pick table: 1\ttable: 4\ttable: 1\tfunction: 5\n"
	for _, c := range []struct{ draw, fork bool }{{false, false}, {true, false}, {false, true}, {true, true}} {
		for i := 0; i < 3; i++ {
			if got := run(c.draw, c.fork); got != want {
				t.Fatalf("draw=%v fork=%v: got\n%s\nwant\n%s", c.draw, c.fork, got, want)
			}
		}
	}
}
