package gamelog

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/table"
)

// game is a table of two seats; North holds the 9♣, the 5♥ lies face up.
func game() *table.State {
	hand := &table.Zone{ID: 1, Name: "hand", Owner: 1, Vis: table.OwnerOnly}
	pile := &table.Zone{ID: 2, Name: "pile", Vis: table.Public}
	st := &table.State{Seats: []table.Seat{{Label: "North"}, {Label: "South"}}, Zones: []*table.Zone{hand, pile}}
	for i, c := range []struct{ name, label string }{{"9C", "9♣"}, {"5H", "5♥"}} {
		card := &table.Card{ID: i + 1, Name: c.name, Label: c.label}
		st.Cards = append(st.Cards, card)
		table.Move(card, st.Zones[i], 0)
	}
	return st
}

// write composes a line "%p plays %s (%d)" naming seat and card and adds
// it for the seats in to.
func write(l *Log, st *table.State, to table.SeatSet, seat, card int) {
	cards, args := l.Mark()
	l.AddArg(Arg{Kind: Seat, N: float64(seat)})
	l.AddCard(card)
	l.AddArg(Arg{Kind: Cards, N: 0, K: 1})
	l.AddArg(Arg{Kind: Number, N: 1.5})
	parts, named := l.Compose("%p plays %s (%d)", st.Seats, cards, args)
	l.AddParts(Line{To: to, Cards: named}, parts, l.Intern(Place{File: "game.lua", Line: seat}), st)
}

// TestLinesAreRenderedWhenRead: a line keeps its parts until read, reads
// as it would have when written (the seat's name then), and each seat
// reads only the lines addressed to it.
func TestLinesAreRenderedWhenRead(t *testing.T) {
	st := game()
	var l Log
	write(&l, st, table.AllSeats, 1, 2)
	write(&l, st, table.SeatSet(0).With(1), 1, 1)
	if l.Len() != 2 || l.Pending() != 2 {
		t.Fatalf("%d lines, %d pending; want 2 and 2", l.Len(), l.Pending())
	}
	st.Seats = []table.Seat{{Label: "Ann"}, {Label: "South"}} // renamed after writing
	var south []string
	for _, ln := range l.For(2, 0, st.Cards) {
		south = append(south, ln.Text)
	}
	if want := []string{"North plays 5♥ (1.5)"}; !reflect.DeepEqual(south, want) || l.Pending() != 1 {
		t.Errorf("South reads %q (%d pending), want %q", south, l.Pending(), want)
	}
	if all := l.All(st.Cards); all[1].Text != "North plays 9♣ (1.5)" || l.Pending() != 0 {
		t.Errorf("the whole log: %+v, %d pending", all, l.Pending())
	}
	if len(l.Leaks()) != 0 {
		t.Errorf("leaks: %q", l.Leaks())
	}
}

// TestLeaksAreNotedWhenWritten: a line naming North's card to South is a
// leak, noted with its text; a line rendered at once or thrown away
// leaves the arenas as they were; a leak the runtime notes comes after,
// once.
func TestLeaksAreNotedWhenWritten(t *testing.T) {
	st := game()
	var l Log
	write(&l, st, table.AllSeats, 1, 1)
	if leaks := l.Leaks(); len(leaks) != 1 || !strings.Contains(leaks[0], `"North plays 9♣ (1.5)" names 9C, which South may not see`) {
		t.Errorf("leaks: %q", leaks)
	}
	cards, args := l.Mark()
	l.AddArg(Arg{Kind: Text, S: "now"})
	parts, named := l.Compose("%s", nil, cards, args)
	if got := l.RenderNow(parts, named, st.Cards); got != "now" {
		t.Errorf("rendered at once: %q", got)
	}
	if c, a := l.Mark(); c != cards || a != args {
		t.Errorf("the arenas after RenderNow: %d cards, %d args; want %d, %d", c, a, cards, args)
	}
	l.NoteLeak("9C goes into South's hand")
	l.NoteLeak("9C goes into South's hand")
	if leaks := l.Leaks(); len(leaks) != 2 || leaks[1] != "9C goes into South's hand" {
		t.Errorf("after a leak noted twice by the runtime: %q", leaks)
	}
}

// TestPlacesAreInterned: each line keeps where it was written, a place
// written from twice is kept once, and a line of known text (what a seat
// said) has none.
func TestPlacesAreInterned(t *testing.T) {
	st := game()
	var l Log
	write(&l, st, table.AllSeats, 1, 2)
	write(&l, st, table.AllSeats, 2, 2)
	write(&l, st, table.AllSeats, 1, 2)
	l.Add(Line{Text: "South says: hi", To: table.AllSeats}, st)
	for i, want := range []int{1, 2, 1} {
		if p, ok := l.Place(i); !ok || p != (Place{File: "game.lua", Line: want}) {
			t.Errorf("line %d: written from %+v (%v), want game.lua:%d", i, p, ok, want)
		}
	}
	if p, ok := l.Place(3); ok {
		t.Errorf("what a seat said was written from %+v", p)
	}
	if _, ok := l.Place(4); ok {
		t.Error("a place for a line past the end")
	}
	if got := l.Places(); len(got) != 2 {
		t.Errorf("places %v, want two", got)
	}
}

// TestEventCards: an event line names the cards of its data, then those of
// its text that its data does not name already.
func TestEventCards(t *testing.T) {
	for _, c := range []struct{ data, text, want []int }{
		{[]int{33}, []int{33}, []int{33}},
		{[]int{1, 2}, []int{2, 3}, []int{1, 2, 3}},
		{[]int{5}, nil, []int{5}},
		{[]int{4}, []int{7, 7}, []int{4, 7, 7}},
	} {
		if got := EventCards(c.data, c.text); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("EventCards(%v, %v) = %v, want %v", c.data, c.text, got, c.want)
		}
	}
}
