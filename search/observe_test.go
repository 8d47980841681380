package search

import (
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
