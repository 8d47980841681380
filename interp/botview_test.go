package interp

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// sameTables compares two Lua values deeply (tables by their contents,
// metatables aside) and says where they first differ, or "".
func sameTables(a, b lua.LValue, path string, depth int) string {
	ta, okA := a.(*lua.LTable)
	tb, okB := b.(*lua.LTable)
	if !okA || !okB {
		if a.Type() != b.Type() || (!okA && a.String() != b.String()) {
			return fmt.Sprintf("%s: %s vs %s", path, a, b)
		}
		return ""
	}
	if depth > 12 {
		return ""
	}
	keys := map[string]lua.LValue{}
	for _, t := range []*lua.LTable{ta, tb} {
		for k, _ := t.Next(lua.LNil); k != lua.LNil; k, _ = t.Next(k) {
			keys[k.String()] = k
		}
	}
	names := make([]string, 0, len(keys))
	for n := range keys {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		k := keys[n]
		if d := sameTables(ta.RawGet(k), tb.RawGet(k), path+"."+n, depth+1); d != "" {
			return d
		}
	}
	return ""
}

// TestBotViewsStayCurrent plays random games of every built-in game,
// brings each seat's kept view up to date before every decision, and
// every few decisions compares it with a view made afresh: they must hold
// the same.
func TestBotViewsStayCurrent(t *testing.T) {
	games := []string{"clubs", "cluedo", "members_only", "andy_capp", "das_regeln_wir_schon"}
	for _, g := range games {
		t.Run(g, func(t *testing.T) {
			t.Parallel()
			e, err := Load("../games/"+g+".lua", os.DirFS("../stdlib"))
			if err != nil {
				t.Fatal(err)
			}
			m, err := e.NewMatch(Config{Players: 3, Seed: 11})
			if err != nil {
				t.Fatal(err)
			}
			defer m.Close()
			L := lua.NewState()
			defer L.Close()
			views := map[int]*botView{}
			bot := NewRandomBot(5)
			for n := 0; m.Prompt() != nil && n < 150; n++ {
				for s := 1; s <= m.Players(); s++ {
					if views[s] == nil {
						views[s] = newBotView(L, m, s, nil)
					}
					kept := views[s].update()
					if n%9 != s {
						continue
					}
					fresh := m.LuaView(L, s)
					if d := sameTables(kept, fresh, "view", 0); d != "" {
						t.Fatalf("decision %d, seat %d: the kept view differs from a fresh one at %s", n, s, d)
					}
				}
				c, _ := bot.Choose(m)
				if err := m.Step(c); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// offers is a game whose prompt offers cards, strings and tables holding
// cards, one of which the seat may not see.
const offers = `
local G = { title = "Offers", players = {2, 2} }
function G.play(t)
  local deck = t:zone { name = "deck" }
  local hand = t:zone { name = "hand", owner = 1, visibility = "owner" }
  local other = t:zone { name = "hand", owner = 2, visibility = "owner" }
  local cards = t:cards({ { name = "A", suit = "S", rank = 1 }, { name = "B", suit = "H", rank = 2 }, { name = "C" } }, deck)
  t:move(cards[1], hand)
  t:move(cards[2], other)
  t:ask(1, {
    cards[1],
    "pass",
    { text = "swap", mine = cards[1], theirs = cards[2], list = { 1, 2, { deep = true } }, fn = print },
  }, { verb = "play" })
end
G.bots = {
  reader = function(view, options, seat)
    local v = view.values
    assert(#v == 3 and #options == 3, "three values")
    assert(v[1].name == "A" and v[1].suit == "S" and v[1].rank == 1, "a card is the seat's copy of it")
    assert(v[1] == view.mine.hand.cards[1], "the same table as in the zone")
    assert(v[2] == "pass", "a string is itself")
    assert(v[3].text == "swap" and v[3].mine == v[1], "a table is copied, cards in it as cards")
    assert(v[3].theirs == false, "a card the seat may not see is false")
    assert(v[3].list[2] == 2 and v[3].list[3].deep == true, "nested tables are copied")
    assert(v[3].fn == nil, "functions are left out")
    return 3
  end,
}
return G
`

func TestBotsGetTheValuesOffered(t *testing.T) {
	e, m := startMatch(t, "offers.lua", offers, Config{Players: 2})
	b, err := e.NewBot("reader", 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	i, err := b.Choose(m)
	if err != nil {
		t.Fatal(err)
	}
	if i != 2 {
		t.Errorf("the bot chose %d", i)
	}
}

// TestBotViewsSurviveTheBotsChanges: a bot that scribbles on its view (it
// is the bot's own) still gets what changed brought up to date.
func TestBotViewsSurviveTheBotsChanges(t *testing.T) {
	src := strings.Replace(snoop, `local answer = t:ask(1, { "guess", "pass" })`, `
  local answer = t:ask(1, { "guess", "pass" })
  hands[1]:deal(deck, 1)
  answer = t:ask(1, { "guess", "pass" })`, 1)
	src = strings.Replace(src, `snoop = function(view, options, seat)`, `scribbler = function(view, options, seat)
    local n = #view.mine.hand.cards
    view.mine.hand.cards = {}
    view.zones = nil
    if view.mine.hand.count ~= n then error("count " .. view.mine.hand.count .. ", cards " .. n) end
    return "pass"
  end,
  snoop = function(view, options, seat)`, 1)
	e, m := startMatch(t, "scribbler.lua", src, Config{Players: 2, Seed: 3})
	b, err := e.NewBot("scribbler", 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	for k := 0; k < 2; k++ {
		i, err := b.Choose(m)
		if err != nil {
			t.Fatalf("decision %d: %v", k+1, err)
		}
		if err := m.Step(i); err != nil {
			t.Fatal(err)
		}
	}
}

// TestAViewBeforeAnyZoneIsInSight: before the hands are made (Cluedo's
// first decision, where the notes tool looked) the view still has its
// lists of zones, one table per seat.
func TestAViewBeforeAnyZoneIsInSight(t *testing.T) {
	_, m := startMatch(t, "empty.lua", `
local G = { title = "Empty", players = {3, 3} }
function G.play(t)
  t:ask(1, { "go" })
  t:zone { name = "hand", owner = 1, visibility = "owner" }
end
return G
`, Config{Players: 3})
	L := lua.NewState()
	defer L.Close()
	v := m.LuaView(L, 1)
	for _, name := range []string{"zones", "mine", "table", "seats"} {
		if _, ok := v.RawGetString(name).(*lua.LTable); !ok {
			t.Fatalf("view.%s is %s", name, v.RawGetString(name))
		}
	}
	seats := v.RawGetString("seats").(*lua.LTable)
	for s := 1; s <= 3; s++ {
		if _, ok := seats.RawGetInt(s).(*lua.LTable); !ok {
			t.Errorf("view.seats[%d] is %s", s, seats.RawGetInt(s))
		}
	}
}

// reoffers is a game that offers the same option tables at every
// decision, changing one of them (and a card's visibility) between
// decisions, and a bot that scribbles on the copies it gets.
const reoffers = `
local G = { title = "Reoffers", players = {2, 2} }
function G.play(t)
  local deck = t:zone { name = "deck" }
  local hand = t:zone { name = "hand", owner = 1, visibility = "owner" }
  local card = t:cards({ { name = "A", rank = 1 } }, deck)[1]
  local fixed = { text = "fixed", n = 1, list = { 1, 2 } }
  local changing = { text = "changing", n = 1, card = card }
  local steady = { text = "steady", k = 1 }
  local opts = { fixed, changing, steady }
  t:ask(1, opts)
  changing.n = 2
  t:move(card, hand)
  t:ask(1, opts)
  fixed.list[3] = 3
  t:ask(1, opts)
  return { winners = {} }
end
local seen, last = 0, nil
G.bots = {
  scribbler = function(view, options, seat)
    seen = seen + 1
    local f, c = view.values[1], view.values[2]
    local want = ({ { 1, false, 2 }, { 2, "A", 2 }, { 2, "A", 3 } })[seen]
    assert(c.n == want[1], "decision " .. seen .. ": changing.n is " .. tostring(c.n))
    assert((c.card and c.card.name or false) == want[2], "decision " .. seen .. ": the card as the seat sees it now")
    assert(#f.list == want[3] and f.scribble == nil and f.n == 1, "decision " .. seen .. ": the fixed option as offered")
    f.scribble, f.n, c.n = true, 99, 99 -- the bot's own copies: the next decision's must not show this
    assert(last == nil or rawequal(view.values[3], last), "an option unchanged on both sides is not copied again")
    last = view.values[3]
    return 1
  end,
}
return G
`

// TestOptionCopiesFollowTheScript: option tables offered again are copied
// again wherever they, a card in them, or the bot's copy changed, and
// only then.
func TestOptionCopiesFollowTheScript(t *testing.T) {
	e, m := startMatch(t, "reoffers.lua", reoffers, Config{Players: 2})
	b, err := e.NewBot("scribbler", 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	for m.Prompt() != nil {
		i, err := b.Choose(m)
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Step(i); err != nil {
			t.Fatal(err)
		}
	}
}

// TestAViewTakesAgainTheCardsOfTheOneItReplaced: a view started for
// another match in the same state reuses the tables of the cards the
// last view made, when they are exactly what it would make; a card table
// the bot changed, or a card that is not the same, is made afresh. Either
// way the view holds what a view made from nothing holds.
func TestAViewTakesAgainTheCardsOfTheOneItReplaced(t *testing.T) {
	e, err := Load("../games/clubs.lua", os.DirFS("../stdlib"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		scribble func(card *lua.LTable) // what the bot did to a card of the old view
		reused   bool
	}{
		{"untouched", func(*lua.LTable) {}, true},
		{"a field added", func(c *lua.LTable) { c.RawSetString("seen", lua.LTrue) }, false},
		{"a field changed", func(c *lua.LTable) { c.RawSetString("rank", lua.LNumber(99)) }, false},
		{"a field removed", func(c *lua.LTable) { c.RawSetString("suit", lua.LNil) }, false},
		{"a metatable set", func(c *lua.LTable) { c.Metatable = lua.NewState().NewTable() }, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			L := lua.NewState()
			defer L.Close()
			m1, err := e.NewMatch(Config{Players: 4, Seed: 5})
			if err != nil {
				t.Fatal(err)
			}
			defer m1.Close()
			old := newBotView(L, m1, 1, nil)
			old.update()
			hand := m1.Zones[0]
			for _, z := range m1.Zones {
				if z.Owner == 1 && len(z.Cards) > 0 {
					hand = z
				}
			}
			c := hand.Cards[0]
			tc.scribble(old.card(c))
			other := old.card(hand.Cards[1])

			m2, err := m1.Fork()
			if err != nil {
				t.Fatal(err)
			}
			defer m2.Close()
			nv := newBotView(L, m2, 1, old)
			got := nv.update()
			if d := sameTables(got, m2.LuaView(L, 1), "view", 0); d != "" {
				t.Fatalf("the view differs from a fresh one at %s", d)
			}
			if reused := nv.card(c) == old.card(c); reused != tc.reused {
				t.Errorf("the changed card's table reused: %v, want %v", reused, tc.reused)
			}
			if nv.card(hand.Cards[1]) != other {
				t.Errorf("an untouched card's table was not reused")
			}
		})
	}
}
