package interp

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// believer deals two hands, and its belief hook states facts from the
// seat's view: what it could see, and what the history of asks says.
const believer = `
local G = { title = "Believer", players = {2, 2} }
function G.play(t)
  local deck = t:zone { name = "deck", visibility = "hidden" }
  local hands = { t:zone { name = "hand", owner = 1, visibility = "owner" },
                  t:zone { name = "hand", owner = 2, visibility = "owner" } }
  t:cards({ { name = "A" }, { name = "B" }, { name = "C" }, { name = "D" } }, deck)
  deck:shuffle()
  deck:deal(hands[1], 2)
  deck:deal(hands[2], 2)
  t:event("all", { kind = "passed", seat = 2 }, "Player 2 passes")
  t:ask(1, { "a", "b" })
  t:ask(2, { "c", "d" })
  t:ask(1, { "e", "f" })
  return { winners = { 1 } }
end
function G.belief(view, seat, asked)
  FACTS_SEEN = (FACTS_SEEN or 0) + 1
  local facts = {}
  -- what the seat may see of the other hand: its count, no cards
  local other = view.seats[3 - seat].hand
  SEEN_OTHER = #(other.cards or {})
  facts[#facts + 1] = { seat = 3 - seat, zone = "hand", some = { "A", "B", "C", "D" }, n = other.count }
  for i, e in ipairs(view.events) do
    if e.kind == "passed" then facts[#facts + 1] = { at = 1, seat = e.seat, zone = "hand", none = { "Z" } } end
  end
  for k, a in ipairs(asked) do
    facts[#facts + 1] = { at = k, zone = "deck", none = { "A" }, seen = #(other.cards or {}), asker = a.seat, log = a.log }
  end
  facts[#facts + 1] = { at = #asked + 1, zone = "deck", none = { "B" } } -- the prompt now
  return facts
end
return G
`

// TestBeliefHook runs a script's belief hook on a seat's view with the
// history of who was asked, and reads its facts; it keeps its state from
// one call to the next, as a bot does.
func TestBeliefHook(t *testing.T) {
	e, m := startMatch(t, "believer.lua", believer, Config{Players: 2, Seed: 3})
	if !e.Info.Belief {
		t.Fatal("the script's belief hook is not seen")
	}
	b, err := e.NewBelief(1)
	if err != nil || b == nil {
		t.Fatalf("NewBelief: %v, %v", b, err)
	}
	defer b.Close()
	if err := m.Step(0); err != nil {
		t.Fatal(err)
	}
	asked := []Asked{{Seat: 1, Log: 1, Events: 1}}
	facts, err := b.Facts(m, asked)
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(facts)
	want := fmt.Sprint([]Fact{
		{At: 0, Owner: 2, Zone: "hand", Cards: []string{"A", "B", "C", "D"}, Min: 2, Max: -1},
		{At: 1, Owner: 2, Zone: "hand", Cards: []string{"Z"}, Max: 0},
		{At: 1, Owner: 0, Zone: "deck", Cards: []string{"A"}, Max: 0},
		{At: 0, Owner: 0, Zone: "deck", Cards: []string{"B"}, Max: 0},
	})
	if got != want {
		t.Errorf("facts:\n%s\nwant\n%s", got, want)
	}
	// One more decision: "at" 2 is a decision of the past now.
	facts, err = b.Facts(m, append(asked, Asked{Seat: 2, Log: 1, Events: 1}))
	if err != nil || len(facts) != 5 || facts[3].At != 2 || facts[4].At != 0 {
		t.Errorf("with one more decision: %v, %v", facts, err)
	}
	if got := b.L.GetGlobal("SEEN_OTHER").String(); got != "0" {
		t.Errorf("the hook saw %s cards of the other seat's hidden hand", got)
	}
	if got := b.L.GetGlobal("FACTS_SEEN").String(); got != "2" {
		t.Errorf("the hook's state was not kept from one call to the next: FACTS_SEEN = %s", got)
	}
	if nb, err := (&Engine{}).NewBelief(1); nb != nil || err != nil {
		t.Errorf("a script without a hook: %v, %v", nb, err)
	}
}

// TestBeliefHookErrors: what the hook returns is checked, and a bad fact
// is the script's error, naming it.
func TestBeliefHookErrors(t *testing.T) {
	for _, c := range []struct{ ret, want string }{
		{`"facts"`, "must return a list of facts, not a string"},
		{`{ 3 }`, "fact 1 is not a table"},
		{`{ { zone = "hand", seat = 2 } }`, "says neither none"},
		{`{ { zone = "hand", seat = 2, none = {"A"}, some = {"B"} } }`, "says both none and some"},
		{`{ { zone = "pocket", seat = 2, none = {"A"} } }`, `names zone "pocket"`},
		{`{ { zone = "hand", seat = 3, none = {"A"} } }`, "names seat 3"},
		{`{ { zone = "hand", seat = 2, none = {"A"}, at = 9 } }`, "has at = 9"},
		{`{ { zone = "hand", seat = 2, none = {"A"}, at = "now" } }`, "has at = string"},
		{`{ { zone = "hand", seat = 2, none = { 5 } } }`, "names a card by a number"},
		{`{ { zone = "hand", seat = 2, some = {"A"}, n = -1 } }`, "has n = -1"},
		{`{ { seat = 2, none = {"A"} } }`, "names no zone"},
	} {
		src := strings.Replace(believer, "function G.belief(view, seat, asked)", "function G.belief(view, seat, asked)\n  do return "+c.ret+" end", 1)
		e, m := startMatch(t, "believer.lua", src, Config{Players: 2, Seed: 3})
		b, err := e.NewBelief(1)
		if err != nil {
			t.Fatal(err)
		}
		_, err = b.Facts(m, nil)
		b.Close()
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "believer.lua") {
			t.Errorf("returning %s: got %v, want an error of the script with %q", c.ret, err, c.want)
		}
	}
}

// moveLog is a Chance that notes, before each card moves, its name and
// where it goes.
type moveLog struct{ moves []string }

func (c *moveLog) Shuffle(m *Match, z *Zone) error { return m.ShuffleCards(z) }
func (c *moveLog) Roll(m *Match, sides int) int    { return m.RollDie(sides) }
func (c *moveLog) Moving(m *Match, card *Card, to *Zone) {
	from := "nowhere"
	if card.Zone != nil {
		from = card.Zone.Name
	}
	c.moves = append(c.moves, card.Name+" "+from+">"+to.Name)
}

// TestMoveWatcher: a Chance that is a MoveWatcher is told of every card
// about to change zones, in the order they move, by every way a script
// moves cards.
func TestMoveWatcher(t *testing.T) {
	src := `
local G = { title = "Mover", players = {1, 1} }
function G.play(t)
  local a = t:zone { name = "a" }
  local b = t:zone { name = "b" }
  local cs = t:cards({ { name = "X" }, { name = "Y" }, { name = "Z" } }, a)
  a:deal(b, 2)
  t:move(cs[1], a)
  b:add(cs[2])
  a:add({ cs[2], cs[3] })
  a:move_all(b)
  t:ask(1, { "done" })
end
return G`
	c := &moveLog{}
	startMatch(t, "mover.lua", src, Config{Players: 1, Chance: c})
	want := []string{
		"X nowhere>a", "Y nowhere>a", "Z nowhere>a", // made into a
		"Z a>b", "Y a>b", // dealt from the top
		"X a>a",          // t:move
		"Y b>b",          // zone:add of a card
		"Y b>a", "Z b>a", // of a list
		"X a>b", "Y a>b", "Z a>b", // move_all, bottom first
	}
	if !slices.Equal(c.moves, want) {
		t.Errorf("moves told:\n%q\nwant\n%q", c.moves, want)
	}
}
