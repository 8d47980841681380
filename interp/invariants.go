package interp

import (
	"fmt"

	"github.com/tabletop/tabletop/printable"
)

// CheckSecrecy verifies that nothing a seat may read names a card the seat
// may not see: no log line written so far did (each is judged when it was
// written), and no extra object that shows cards (a CardShower) shows one
// now. Zones need no check: a view lists only the cards its seat may see.
func (m *Match) CheckSecrecy() error {
	if leaks := m.log.Leaks(); len(leaks) > 0 {
		return fmt.Errorf("%s", leaks[0])
	}
	for _, x := range m.Extras {
		shower, ok := x.(CardShower)
		if !ok {
			continue
		}
		for s := 0; s <= len(m.Seats); s++ {
			for _, id := range shower.ShownCards(s) {
				if c := m.Cards[id-1]; !c.VisibleTo(s) {
					return fmt.Errorf("the view of %s shows %s in an extra object", m.SeatLabel(s), c.Name)
				}
			}
		}
	}
	return nil
}

// Leaks lists what a seat could read that it may not see: the log lines
// that named such a card when they were written, or else an extra object
// that shows one now (see CheckSecrecy). Empty when all is well.
func (m *Match) Leaks() []string {
	out := append([]string(nil), m.log.Leaks()...)
	if len(out) == 0 {
		if err := m.CheckSecrecy(); err != nil {
			out = append(out, err.Error())
		}
	}
	return out
}

// CheckResult verifies a finished game's result: its winners are seats,
// and when the game keeps a score pad, the scores are the first pad's
// totals.
func (m *Match) CheckResult() error {
	if !m.done {
		return nil
	}
	for _, w := range m.result.Winners {
		if w < 1 || w > len(m.Seats) {
			return fmt.Errorf("the winner %d is not a seat", w)
		}
	}
	if len(m.Pads) == 0 {
		return nil
	}
	p := m.Pads[0]
	for s := 1; s <= len(m.Seats); s++ {
		if float64(p.Totals[s]) != m.result.Scores[s] {
			return fmt.Errorf("%s scores %s, but the score pad %q says %d", m.SeatLabel(s), printable.Number(m.result.Scores[s]), p.Label, p.Totals[s])
		}
	}
	return nil
}
