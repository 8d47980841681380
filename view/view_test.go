package view

import (
	"reflect"
	"testing"

	"github.com/tabletop/tabletop/table"
)

// TestOfShowsWhatTheSeatMaySee: a hand shows its cards to its owner
// only, a deck only how many it holds, a public pile every card; an
// empty hidden zone is left out unless it is to be shown.
func TestOfShowsWhatTheSeatMaySee(t *testing.T) {
	deck := &table.Zone{ID: 1, Name: "deck", Label: "Deck", Vis: table.Hidden, Shown: true}
	hand := &table.Zone{ID: 2, Name: "hand", Label: "Hand", Owner: 1, Vis: table.OwnerOnly}
	pile := &table.Zone{ID: 3, Name: "pile", Label: "Pile", Vis: table.Public}
	empty := &table.Zone{ID: 4, Name: "box", Label: "Box", Vis: table.Hidden}
	st := &table.State{Seats: []table.Seat{{Label: "Ann"}, {Label: "Bob"}}, Zones: []*table.Zone{deck, hand, pile, empty}}
	for i, where := range []*table.Zone{deck, deck, hand, pile} {
		c := &table.Card{ID: i + 1, Name: "c" + string(rune('1'+i)), Label: "C" + string(rune('1'+i))}
		st.Cards = append(st.Cards, c)
		table.Move(c, where, 0)
	}
	for _, tc := range []struct {
		seat int
		want map[string][]string // zone: the cards seen, or nil for a count alone
	}{
		{1, map[string][]string{"deck": nil, "hand": {"c3"}, "pile": {"c4"}}},
		{2, map[string][]string{"deck": nil, "hand": nil, "pile": {"c4"}}},
		{0, map[string][]string{"deck": nil, "hand": nil, "pile": {"c4"}}},
	} {
		got := map[string][]string{}
		for _, z := range Of(st, tc.seat).Zones {
			var names []string
			for _, c := range z.Cards {
				names = append(names, c.Name)
			}
			got[z.Name] = names
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("seat %d sees %v, want %v", tc.seat, got, tc.want)
		}
	}
	for _, z := range Of(st, 2).Zones {
		if z.Name == "hand" && (z.Count != 1 || len(z.Cards) != 0) {
			t.Errorf("Bob sees Ann's hand as %d cards of which he knows %d, want 1 and none", z.Count, len(z.Cards))
		}
	}
}

// TestOfShowsTheDiceTheSeatMaySee: the owner sees under its cup, a die
// revealed to a seat shows it its face, the others see 0; a cup not shown
// is left out.
func TestOfShowsTheDiceTheSeatMaySee(t *testing.T) {
	cup := &table.Dice{ID: 1, Name: "cup", Label: "Ann's cup", Owner: 1, Sides: 6, Shown: true, Dice: make([]table.Die, 2)}
	cup.Set(0, 3, 1)
	cup.Set(1, 5, 2)
	cup.Reveal(1, table.SeatSet(0).With(2))
	hidden := &table.Dice{ID: 2, Name: "box", Sides: 6, Dice: make([]table.Die, 1)}
	st := &table.State{Seats: []table.Seat{{Label: "Ann"}, {Label: "Bob"}, {Label: "Cy"}}, Dice: []*table.Dice{cup, hidden}}
	for seat, want := range map[int][]int{1: {3, 5}, 2: {0, 5}, 3: {0, 0}, 0: {0, 0}} {
		v := Of(st, seat)
		if len(v.Dice) != 1 || v.Dice[0].Label != "Ann's cup" || !reflect.DeepEqual(v.Dice[0].Faces, want) {
			t.Errorf("seat %d sees the dice %+v, want Ann's cup showing %v", seat, v.Dice, want)
		}
	}
}
