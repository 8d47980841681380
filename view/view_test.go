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
