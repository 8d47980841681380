package interp

import (
	"strings"
	"testing"
)

// arrangeGame deals two cards to each of two hands from a deck of seven
// (bottom to top: 1 2 3 4 5 5 6) and waits.
const arrangeGame = `
local G = { players = { 2, 2 } }
function G.play(t)
  local deck = t:zone { name = "deck" }
  t:zone { name = "pile", visibility = "all" }
  local hands = { t:zone { name = "hand", owner = 1, visibility = "owner" }, t:zone { name = "hand", owner = 2, visibility = "owner" } }
  t:cards({ { name = "1" }, { name = "2" }, { name = "3" }, { name = "4" }, { name = "5" }, { name = "5" }, { name = "6" } }, deck)
  deck:deal(hands[1], 2)
  deck:deal(hands[2], 2)
  t:ask(1, { "wait" })
end
return G
`

func zoneNames(z *Zone) string {
	var out []string
	for _, c := range z.Cards {
		out = append(out, c.Name)
	}
	return strings.Join(out, " ")
}

func TestArrange(t *testing.T) {
	for _, tc := range []struct {
		name                  string
		zone                  int // 0 deck, 1 pile, 2 hand 1, 3 hand 2
		top                   []string
		only                  bool
		rest                  int // -1: none
		deck, pile, h1, h2, e string
	}{
		{name: "reorder within", zone: 0, top: []string{"1"}, rest: -1, deck: "2 3 1", h1: "6 5", h2: "5 4"},
		{name: "swap from a hand", zone: 0, top: []string{"6", "1"}, rest: -1, deck: "3 1 6", h1: "2 5", h2: "5 4"},
		{name: "from another hand", zone: 2, top: []string{"4"}, rest: -1, deck: "1 2 3", h1: "5 4", h2: "5 6"},
		{name: "grow an empty zone", zone: 1, top: []string{"3", "2"}, rest: -1, deck: "1", pile: "2 3", h1: "6 5", h2: "5 4"},
		{name: "only: the stock is out", zone: 0, only: true, rest: 1, deck: "", pile: "1 2 3", h1: "6 5", h2: "5 4"},
		{name: "only: one card in hand", zone: 2, top: []string{"1"}, only: true, rest: 0, deck: "2 3 6 5", h1: "1", h2: "5 4"},
		{name: "unknown card", zone: 0, top: []string{"9"}, rest: -1, e: `no card "9" left`},
		{name: "too many", zone: 0, top: []string{"6", "6"}, rest: -1, e: `no card "6" left to put there (named 2 times?)`},
		{name: "only without rest", zone: 0, only: true, rest: -1, e: "say where its other 3 cards go"},
		{name: "rest is the zone", zone: 0, only: true, rest: 0, e: "cannot go to the zone itself"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, m := startMatch(t, "arrange.lua", arrangeGame, Config{})
			a := Arrangement{Zone: m.Zones[tc.zone], Top: tc.top, Only: tc.only}
			if tc.rest >= 0 {
				a.Rest = m.Zones[tc.rest]
			}
			err := m.Arrange(a)
			if tc.e != "" {
				if err == nil || !strings.Contains(err.Error(), tc.e) {
					t.Fatalf("want an error containing %q, got %v", tc.e, err)
				}
				tc.deck, tc.h1, tc.h2 = "1 2 3", "6 5", "5 4" // unchanged
			} else if err != nil {
				t.Fatal(err)
			}
			got := []string{zoneNames(m.Zones[0]), zoneNames(m.Zones[1]), zoneNames(m.Zones[2]), zoneNames(m.Zones[3])}
			want := []string{tc.deck, tc.pile, tc.h1, tc.h2}
			for i := range got {
				if got[i] != want[i] {
					t.Errorf("zones %q, want %q", got, want)
					break
				}
			}
			if err := m.CheckInvariants(); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestArrangeForgetsWhoKnewAMovedCard(t *testing.T) {
	_, m := startMatch(t, "arrange.lua", arrangeGame, Config{})
	six := m.Zones[2].Cards[0]
	six.Known = six.Known.With(2)
	if err := m.Arrange(Arrangement{Zone: m.Zones[0], Top: []string{"6"}}); err != nil {
		t.Fatal(err)
	}
	if six.Zone != m.Zones[0] || six.VisibleTo(2) || six.VisibleTo(1) {
		t.Errorf("the 6 is in %s, seen by 1: %v, by 2: %v", six.Zone.Name, six.VisibleTo(1), six.VisibleTo(2))
	}
}

// TestFixRolls: rolls fixed in the middle of a game come next, in place
// of those Config.Rolls has left; RollsThrown still counts only the
// config's thrown (what a search bot's mirror replays from the config).
func TestFixRolls(t *testing.T) {
	_, m := startMatch(t, "dice.lua", `
local G = { title = "Dice", players = { 1, 1 } }
function G.play(t)
  while true do
    t:ask(1, { "roll" })
    t:log("%d", t:roll(6))
  end
end
return G`, Config{Players: 1, Rolls: []int{1, 2, 3}})
	roll := func() {
		t.Helper()
		if err := m.Apply(1, "roll"); err != nil {
			t.Fatal(err)
		}
	}
	roll()
	m.FixRolls([]int{6, 5})
	roll()
	roll()
	if got := m.RollsThrown(); got != 1 {
		t.Errorf("RollsThrown %d, want 1 (the config's first roll)", got)
	}
	roll()
	log := m.Log()
	if got := []string{log[0].Text, log[1].Text, log[2].Text}; strings.Join(got, " ") != "1 6 5" {
		t.Errorf("got rolls %v, want 1 6 5", got)
	}
	m.FixRolls([]int{7})
	if err := m.Apply(1, "roll"); err == nil || !strings.Contains(err.Error(), "dice.lua:6: t:roll(6): the roll fixed for this die is 7") {
		t.Errorf("a roll of 7 on a d6 gave %v", err)
	}
}
