package table

import (
	"reflect"
	"testing"
)

// TestDiceVisibility: a cup's owner sees its dice, others those revealed
// to them, and a die thrown again is secret again.
func TestDiceVisibility(t *testing.T) {
	d := &Dice{Owner: 1, Sides: 6, Dice: make([]Die, 3)}
	for i, f := range []int{2, 5, 5} {
		d.Set(i, f, i+1)
	}
	check := func(when string, want map[int][]int) {
		t.Helper()
		for seat, faces := range want {
			if got := d.Faces(seat); !reflect.DeepEqual(got, faces) {
				t.Errorf("%s: seat %d sees %v, want %v", when, seat, got, faces)
			}
		}
	}
	check("thrown", map[int][]int{0: {0, 0, 0}, 1: {2, 5, 5}, 2: {0, 0, 0}, 3: {0, 0, 0}})
	if got := d.HiddenFrom(3); got != SeatSet(0).With(2).With(3) {
		t.Errorf("hidden from %b", got)
	}
	v := d.Version()
	d.Reveal(1, SeatSet(0).With(2))
	check("die 2 shown to seat 2", map[int][]int{1: {2, 5, 5}, 2: {0, 5, 0}, 3: {0, 0, 0}})
	if d.Version() == v {
		t.Error("a reveal did not change the version")
	}
	v = d.Version()
	d.Reveal(1, SeatSet(0).With(2))
	if d.Version() != v {
		t.Error("showing a seat what it sees changed the version")
	}
	d.Reveal(2, AllSeats)
	check("die 3 lifted for all", map[int][]int{0: {0, 0, 5}, 2: {0, 5, 5}, 3: {0, 0, 5}})
	d.Set(1, 6, 4)
	check("die 2 thrown again", map[int][]int{1: {2, 6, 5}, 2: {0, 0, 5}})
	if d.Count(5) != 1 || d.Count(6) != 1 || d.Dice[1].Throw != 4 {
		t.Errorf("counts %d %d, throw %d", d.Count(5), d.Count(6), d.Dice[1].Throw)
	}
	d.Remove(0)
	check("die 1 removed", map[int][]int{1: {6, 5}, 3: {0, 5}})
	nobody := &Dice{Sides: 6, Dice: []Die{{Face: 3}}}
	if got := nobody.Faces(1); got[0] != 0 || nobody.VisibleTo(0, 0) {
		t.Errorf("a cup without an owner shows %v", got)
	}
}

// TestStaleKnowledge: what a seat knew of a card goes stale in a hidden
// zone, and StaleIn says whom it would let see into an owner's zone.
func TestStaleKnowledge(t *testing.T) {
	box := &Zone{ID: 1, Vis: Hidden}
	annHand := &Zone{ID: 2, Owner: 1, Vis: OwnerOnly}
	bobHand := &Zone{ID: 3, Owner: 2, Vis: OwnerOnly}
	table := &Zone{ID: 4, Vis: Public}
	c := deal(box, "x")[0]
	if got := StaleIn(c, bobHand); got != 0 {
		t.Errorf("an unknown card: stale for %b", got)
	}
	Move(c, annHand, 0) // Ann's knowledge has its reason: she holds it
	Move(c, bobHand, 0) // passed straight on: Ann knows, rightly
	if c.Stale != 0 || !c.Known.Has(1) {
		t.Errorf("a card passed hand to hand: stale %b, known %b", c.Stale, c.Known)
	}
	Move(c, box, 0) // back into the box: Ann and Bob knew it
	if got := StaleIn(c, annHand); got != SeatSet(0).With(2) {
		t.Errorf("out of the box into Ann's hand: stale for %b, want Bob", got)
	}
	if got := StaleIn(c, table); got != 0 {
		t.Errorf("out of the box onto the table: stale for %b", got)
	}
	Move(c, table, 0) // laid open: everyone sees it, and knows it afterwards
	Move(c, box, 0)
	if got := StaleIn(c, annHand); !got.Has(2) || !got.Has(3) || got.Has(1) || got.Has(0) {
		t.Errorf("a card seen by all, out of the box: stale for %b", got)
	}
	Forget(box.Cards) // a shuffle
	if got := StaleIn(c, annHand); got != 0 {
		t.Errorf("after a shuffle: stale for %b", got)
	}
}

// TestThrowsRecord: a throw under a cup is its owner's alone; one revealed
// stays seen after its die is thrown again or removed, and the new throw
// is secret again.
func TestThrowsRecord(t *testing.T) {
	var tr Throws
	d := &Dice{Owner: 2, Sides: 6, Dice: make([]Die, 2)}
	tr.Under(d, 0, 3)
	tr.Under(d, 1, 5)
	tr.Reveal(d, 0, SeatSet(0).With(1))
	tr.Under(d, 0, 6)
	d.Remove(1)
	for _, c := range []struct {
		n, seat, face int
		seen          bool
	}{{1, 1, 3, true}, {1, 2, 3, true}, {1, 3, 3, false}, {2, 1, 5, false}, {2, 2, 5, true}, {3, 1, 6, false}, {3, 2, 6, true}} {
		if face, seen := tr.Seen(c.n, c.seat); face != c.face || seen != c.seen {
			t.Errorf("throw %d for seat %d: %d, %v; want %d, %v", c.n, c.seat, face, seen, c.face, c.seen)
		}
	}
	if len(tr) != 3 || d.Dice[0].Throw != 3 || d.VisibleTo(0, 1) {
		t.Errorf("%d throws, die 1 is throw %d, seen by seat 1: %v", len(tr), d.Dice[0].Throw, d.VisibleTo(0, 1))
	}
	var none Throws
	none.Under(&Dice{Sides: 6, Dice: make([]Die, 1)}, 0, 4)
	if _, seen := none.Seen(1, 1); seen || none[0].Known != 0 {
		t.Errorf("a cup without owner: its throw known to %b", none[0].Known)
	}
}
