package search

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/interp"
)

// TestSeenBeforeReshuffle: in Members Only the cards laid open at the end
// of a heat are named in a line and then, within the same step, shuffled
// into the next heat's deal. The seat saw them in the deal they came out
// of (each in the hand that laid it open), not in the new one, where it
// has seen only its own hand and the cards turned up.
func TestSeenBeforeReshuffle(t *testing.T) {
	e := loadGame(t, "members_only")
	const seat = 2
	m, err := e.NewMatch(interp.Config{Players: 4, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	bot := interp.NewRandomBot(4)
	heat2 := func() bool {
		for _, l := range m.LogFor(seat, 0) {
			if strings.HasPrefix(l.Text, "Heat 2") {
				return true
			}
		}
		return false
	}
	laidOpen := map[int]bool{} // the cards the lines said were laid open
	for !heat2() || m.Prompt().Seat != seat {
		i, _ := bot.Choose(m)
		if err := m.Step(i); err != nil {
			t.Fatal(err)
		}
	}
	for _, l := range m.LogFor(seat, 0) {
		if strings.Contains(l.Text, " lays open ") {
			for _, id := range l.Cards {
				laidOpen[id] = true
			}
		}
	}
	mr, err := newMirror(e, m.Config, seat)
	if err != nil {
		t.Fatal(err)
	}
	defer mr.close()
	if err := mr.advance(m.Decisions()); err != nil {
		t.Fatal(err)
	}
	ev := mr.obs.Events
	if len(ev) != 2 || len(laidOpen) == 0 {
		t.Fatalf("want two deals and cards laid open, have %d deals and %d cards", len(ev), len(laidOpen))
	}
	for _, f := range ev[1].Fixed {
		if c := m.Cards[f.Card-1]; !c.VisibleTo(seat) {
			t.Errorf("the second deal fixes %s, which the seat has not seen since it was dealt", c.Name)
		}
	}
	for id := range laidOpen {
		i := slices.IndexFunc(ev[0].Fixed, func(f Fixed) bool { return f.Card == id })
		if i < 0 {
			t.Errorf("%s was laid open but is not fixed in the first deal", m.Cards[id-1].Name)
			continue
		}
		if slot := mr.rec.slotIn(id, 0); !slices.Contains(ev[0].Fixed[i].Slots, slot) {
			t.Errorf("%s lay in slot %d of the first deal, fixed to %v", m.Cards[id-1].Name, slot, ev[0].Fixed[i].Slots)
		}
	}
}

// TestAlikeCardsCanonical: two Andy Capp games that differ only in which
// of two look-alike cards lay where — the seat saw one "1" leave one hand
// and another "1" leave another — are the same to the seat, and the
// builder must read the same observation of both: the raw one names the
// cards by ID and differs, the canonical one does not.
func TestAlikeCardsCanonical(t *testing.T) {
	e := loadGame(t, "andy_capp")
	const seat = 1
	cfg := interp.Config{Players: 4, Seed: 4}
	a := playTo(t, e, cfg, seat, 40)
	defer a.Close()
	ma := mirrorOf(t, e, a, seat)
	defer ma.close()
	// Two cards alike that the seat saw come out of the deal in slots
	// it could tell apart.
	ev := ma.obs.Events[0]
	x, y := -1, -1
	for i, f := range ev.Fixed {
		for _, g := range ev.Fixed[:i] {
			cf, cg := a.Cards[f.Card-1], a.Cards[g.Card-1]
			if x < 0 && cf.Name == cg.Name && cf.Label == cg.Label && !slices.Equal(f.Slots, g.Slots) {
				x, y = f.Card, g.Card
			}
		}
	}
	if x < 0 {
		t.Fatal("the seat saw no two alike cards in slots it could tell apart")
	}
	// The game in which they changed places throughout.
	var orders [][]int
	for _, r := range ma.rec.events {
		order := slices.Clone(r.order)
		for p, id := range order {
			switch id {
			case x:
				order[p] = y
			case y:
				order[p] = x
			}
		}
		orders = append(orders, order)
	}
	bcfg := cfg
	bcfg.Chance = &fixedChance{orders: orders, n: map[*interp.Match]int{}, drawn: map[*interp.Match]int{}, asEngine: true}
	b, err := e.Replay(bcfg, a.Decisions())
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if !slices.Equal(lines(a, seat), lines(b, seat)) {
		t.Fatal("the seat read other lines in the game with the two cards swapped")
	}
	mb := mirrorOf(t, e, b, seat)
	defer mb.close()
	if reflect.DeepEqual(ma.obs.Events, mb.obs.Events) {
		t.Fatal("the raw observations agree: the test swapped nothing the mirror records")
	}
	if ca, cb := ma.canonical(), mb.canonical(); !reflect.DeepEqual(ca.Events, cb.Events) {
		t.Errorf("the canonical observations differ:\n%v\n%v", ca.Events[0].Fixed, cb.Events[0].Fixed)
	}
}

// mirrorOf is a mirror of m for seat, caught up.
func mirrorOf(t *testing.T, e *interp.Engine, m *interp.Match, seat int) *mirror {
	t.Helper()
	mr, err := newMirror(e, m.Config, seat)
	if err != nil {
		t.Fatal(err)
	}
	if err := mr.advance(m.Decisions()); err != nil {
		t.Fatal(err)
	}
	return mr
}
