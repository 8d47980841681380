package table

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// deal makes a zone holding cards named as given, bottom first.
func deal(z *Zone, names ...string) []*Card {
	var cs []*Card
	for i, n := range names {
		c := &Card{ID: i + 1, Name: n, Label: n}
		Move(c, z, 0)
		cs = append(cs, c)
	}
	return cs
}

func names(z *Zone) []string {
	var out []string
	for _, c := range z.Cards {
		out = append(out, c.Name)
	}
	return out
}

func TestMovePlacesCards(t *testing.T) {
	for _, c := range []struct {
		pos  int
		want []string
	}{
		{0, []string{"a", "b", "c", "x"}},  // the top
		{1, []string{"x", "a", "b", "c"}},  // the bottom
		{3, []string{"a", "b", "x", "c"}},  // the third from the bottom
		{9, []string{"a", "b", "c", "x"}},  // past the top: the top
		{-1, []string{"a", "b", "c", "x"}}, // before the bottom: the top
	} {
		from, to := &Zone{ID: 1}, &Zone{ID: 2}
		x := deal(from, "x")[0]
		deal(to, "a", "b", "c")
		v := to.Version()
		Move(x, to, c.pos)
		if got := names(to); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Move to position %d: %v, want %v", c.pos, got, c.want)
		}
		if len(from.Cards) != 0 || x.Zone != to || to.Version() == v {
			t.Errorf("Move to position %d: the card stayed where it was, or the zone was not touched", c.pos)
		}
		if to.Index(x) != indexOf(c.want, "x") {
			t.Errorf("Index after Move to %d: %d", c.pos, to.Index(x))
		}
	}
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

// TestWhoSeesACard follows one card from zone to zone and asks who may see
// it at each step.
func TestWhoSeesACard(t *testing.T) {
	deck := &Zone{ID: 1, Vis: Hidden}
	hand := &Zone{ID: 2, Vis: OwnerOnly, Owner: 2}
	other := &Zone{ID: 3, Vis: OwnerOnly, Owner: 3}
	trick := &Zone{ID: 4, Vis: Public}
	c := deal(deck, "QS")[0]
	steps := []struct {
		to      *Zone
		visible []int // the seats (of 1..4) that see it after the move
	}{
		{hand, []int{2}},     // dealt to seat 2: only seat 2
		{other, []int{2, 3}}, // passed to seat 3: seat 2 still knows it
		{deck, []int{2, 3}},  // back in the deck: both still know it
		{trick, []int{1, 2, 3, 4}},
		{deck, []int{1, 2, 3, 4}}, // it left a public zone: everyone knows it
	}
	for i, s := range steps {
		Move(c, s.to, 0)
		var got []int
		for seat := 1; seat <= 4; seat++ {
			if c.VisibleTo(seat) {
				got = append(got, seat)
			}
		}
		if !reflect.DeepEqual(got, s.visible) {
			t.Errorf("step %d: seen by %v, want %v", i+1, got, s.visible)
		}
	}
	Forget(deck.Cards)
	for seat := 1; seat <= 4; seat++ {
		if c.VisibleTo(seat) {
			t.Errorf("after Forget (a shuffle), seat %d still sees the card", seat)
		}
	}
	if c.VisibleTo(0) {
		t.Error("the spectator (seat 0) sees a card in a hidden zone")
	}
}

func TestSeatSet(t *testing.T) {
	var s SeatSet
	s = s.With(1).With(3).With(64).With(-1)
	for seat, want := range map[int]bool{0: false, 1: true, 2: false, 3: true, 63: false, 64: false} {
		if s.Has(seat) != want {
			t.Errorf("Has(%d) = %v", seat, !want)
		}
	}
	if !AllSeats.Has(63) || AllSeats.Has(64) {
		t.Error("AllSeats must hold seats 0..63 and nothing else")
	}
}

func TestParseVisibility(t *testing.T) {
	for s, want := range map[string]Visibility{"hidden": Hidden, "owner": OwnerOnly, "all": Public, "public": Public} {
		if v, ok := ParseVisibility(s); !ok || v != want || (s != "public" && v.String() != s) {
			t.Errorf("ParseVisibility(%q) = %v, %v", s, v, ok)
		}
	}
	if _, ok := ParseVisibility("secret"); ok {
		t.Error(`ParseVisibility("secret") succeeded`)
	}
}

func TestOptionText(t *testing.T) {
	c := &Card{Name: "JC"}
	for _, tc := range []struct{ verb, want string }{{"play", "play JC"}, {"", "JC"}, {"play", "play JC"}, {"discard", "discard JC"}} {
		if got := c.OptionText(tc.verb); got != tc.want {
			t.Errorf("OptionText(%q) = %q, want %q", tc.verb, got, tc.want)
		}
	}
}

// TestPoolConservesPieces shifts pieces about and checks that none are
// made or lost, and that a shift never takes more than there is.
func TestPoolConservesPieces(t *testing.T) {
	p := NewPool(1, "chips", "Chips", []string{"red", "blue"}, map[string]int{"red": 5, "blue": 2})
	steps := []struct {
		from, to string // "" is the supply
		kind     string
		n, moved int
	}{
		{"", "1", "red", 3, 3},
		{"", "2", "red", 4, 2}, // the supply runs short
		{"1", "2", "red", 1, 1},
		{"2", "", "red", 9, 3}, // seat 2 gives back all it has
		{"3", "1", "blue", 1, 0},
		{"", "pot", "blue", 2, 2},
	}
	count := func(h string) map[string]int {
		if h == "" {
			return p.Supply
		}
		return p.Holding(h)
	}
	for i, s := range steps {
		v := p.Version()
		if got := p.Shift(count(s.from), count(s.to), s.kind, s.n); got != s.moved {
			t.Errorf("step %d: moved %d, want %d", i+1, got, s.moved)
		}
		if p.Version() == v {
			t.Errorf("step %d: the version did not change", i+1)
		}
		for _, k := range p.Kinds {
			sum := p.Supply[k]
			for _, h := range p.Holders {
				if p.Held[h][k] < 0 {
					t.Errorf("step %d: %s holds %d %s", i+1, h, p.Held[h][k], k)
				}
				sum += p.Held[h][k]
			}
			if sum != p.Total[k] {
				t.Errorf("step %d: %d %s in all, want %d", i+1, sum, k, p.Total[k])
			}
		}
	}
	if want := []string{"1", "2", "3", "pot"}; !reflect.DeepEqual(p.Holders, want) {
		t.Errorf("holders %v, want %v (in the order they first appeared)", p.Holders, want)
	}
	if !p.HasKind("red") || p.HasKind("green") {
		t.Error("HasKind is wrong")
	}
}

func TestTrackStaysBetweenItsEnds(t *testing.T) {
	tr := &Track{Min: 0, Max: 10, Markers: make([]int, 3)}
	for _, c := range []struct{ seat, v, want int }{{1, 4, 4}, {1, 12, 10}, {2, -3, 0}, {2, 10, 10}} {
		if got := tr.Put(c.seat, c.v); got != c.want || tr.Markers[c.seat] != c.want {
			t.Errorf("Put(%d, %d) = %d, want %d", c.seat, c.v, got, c.want)
		}
	}
}

func TestPadTotals(t *testing.T) {
	p := &Pad{Totals: make([]int, 4)}
	p.Add(PadRow{Label: "hand 1", Scores: []int{0, 3, -1, 0}})
	p.Add(PadRow{Label: "hand 2", Scores: []int{0, 2, 5, 1}})
	if want := []int{0, 5, 4, 1}; !reflect.DeepEqual(p.Totals, want) || len(p.Rows) != 2 || p.Version() != 2 {
		t.Errorf("totals %v (want %v), %d rows, version %d", p.Totals, want, len(p.Rows), p.Version())
	}
}

// TestPoolHolders reads holders back from their keys: a seat's number is
// a seat, any other key the name of a place — one that only starts with
// a number too.
func TestPoolHolders(t *testing.T) {
	p := NewPool(1, "chips", "Chips", []string{"red"}, map[string]int{"red": 5})
	for _, k := range []string{SeatHolder(2), "used", SeatHolder(10), "2nd row", "02", "+3", "0", "-1"} {
		p.Holding(k)
	}
	want := []Holder{{Seat: 2}, {Place: "used"}, {Seat: 10}, {Place: "2nd row"}, {Place: "02"}, {Place: "+3"}, {Place: "0"}, {Place: "-1"}}
	for i, w := range want {
		if got := p.Holder(i); got != w {
			t.Errorf("holder %d (key %q) = %+v, want %+v", i, p.Holders[i], got, w)
		}
	}
	for s := 1; s <= 12; s++ {
		if got := HolderOf(SeatHolder(s)); got != (Holder{Seat: s}) {
			t.Errorf("HolderOf(SeatHolder(%d)) = %+v", s, got)
		}
	}
}

// TestHandfuls: every handful of k pieces a supply allows, leaving some
// of each kind, the most of the first kind first.
func TestHandfuls(t *testing.T) {
	p := NewPool(1, "chips", "chips", []string{"red", "blue", "green"}, map[string]int{"red": 2, "blue": 1, "green": 3})
	var h Handfuls
	for _, c := range []struct {
		k, leave int
		want     string
	}{
		{2, 0, "[2 0 0] [1 1 0] [1 0 1] [0 1 1] [0 0 2]"},
		{2, 1, "[1 0 1] [0 0 2]"},
		{7, 0, ""},
		{0, 0, "[0 0 0]"},
	} {
		var got []string
		h.Each(p, c.k, c.leave, func() { got = append(got, fmt.Sprint(h.Counts)) })
		if strings.Join(got, " ") != c.want {
			t.Errorf("%d leaving %d: %v, want %s", c.k, c.leave, got, c.want)
		}
	}
}

// TestCardPlaces: the fingerprint of where cards lie changes with a move,
// within a zone or from one to another, and with nothing else.
func TestCardPlaces(t *testing.T) {
	s := &State{}
	a, b := &Zone{ID: 1, Name: "a"}, &Zone{ID: 2, Name: "b"}
	s.Zones = []*Zone{a, b}
	s.Cards = deal(a, "x", "y")
	before := s.CardPlaces()
	if s.Cards[0].Known = AllSeats; s.CardPlaces() != before {
		t.Error("knowing a card moved it")
	}
	Move(s.Cards[0], a, 0)
	top := s.CardPlaces()
	Move(s.Cards[0], b, 0)
	if top == before || s.CardPlaces() == top || s.CardPlaces() == before {
		t.Errorf("moves not told apart: %q %q %q", before, top, s.CardPlaces())
	}
}
