package table

import (
	"fmt"

	"github.com/tabletop/tabletop/printable"
)

// CheckInvariants verifies what the engine promises about a match's state:
// every card lies in exactly one zone, pieces are conserved against their
// supply, and pad totals are the sums of their rows. Scripts cannot break
// these through the API; the check guards the engine itself and any
// extension that manipulates objects directly.
func (st *State) CheckInvariants() error {
	seen := make([]bool, len(st.Cards)+1)
	count := 0
	for _, z := range st.Zones {
		for _, c := range z.Cards {
			if c.Zone != z {
				return fmt.Errorf("card %s is listed in zone %s but belongs to %s", c.Name, z.Label, zoneLabel(c.Zone))
			}
			if seen[c.ID] {
				return fmt.Errorf("card %s is in two places", c.Name)
			}
			seen[c.ID] = true
			count++
		}
	}
	if count != len(st.Cards) {
		for _, c := range st.Cards {
			if !seen[c.ID] {
				return fmt.Errorf("card %s is nowhere (%d of %d cards found)", c.Name, count, len(st.Cards))
			}
		}
	}
	for _, p := range st.Pools {
		for _, k := range p.Kinds {
			total := p.Supply[k]
			if p.Supply[k] < 0 {
				return fmt.Errorf("pool %s: supply of %s is negative", p.Name, k)
			}
			for _, h := range p.Holders {
				if p.Held[h][k] < 0 {
					return fmt.Errorf("pool %s: %s holds %d %s", p.Name, h, p.Held[h][k], k)
				}
				total += p.Held[h][k]
			}
			if total != p.Total[k] {
				return fmt.Errorf("pool %s: %d %s pieces in play, but the game has %d", p.Name, total, k, p.Total[k])
			}
		}
	}
	for _, p := range st.Pads {
		for s := 1; s <= len(st.Seats); s++ {
			sum := 0
			for _, r := range p.Rows {
				sum += r.Scores[s]
			}
			if sum != p.Totals[s] {
				return fmt.Errorf("pad %s: %s's total %d is not the sum of the rows (%d)", p.Name, st.SeatLabel(s), p.Totals[s], sum)
			}
		}
	}
	for _, t := range st.Tracks {
		for s := 1; s <= len(st.Seats); s++ {
			if v := t.Markers[s]; v < t.Min || v > t.Max {
				return fmt.Errorf("track %s: %s's marker at %d is off the track (%d..%d)", t.Name, st.SeatLabel(s), v, t.Min, t.Max)
			}
		}
	}
	return nil
}

func zoneLabel(z *Zone) string {
	if z == nil {
		return "no zone"
	}
	return z.Label
}

// CheckShown verifies that no extra object that shows cards (a
// CardShower) shows a seat, or a spectator, a card it may not see.
func (st *State) CheckShown() error {
	for _, x := range st.Extras {
		shower, ok := x.(CardShower)
		if !ok {
			continue
		}
		for s := 0; s <= len(st.Seats); s++ {
			for _, id := range shower.ShownCards(s) {
				if c := st.Cards[id-1]; !c.VisibleTo(s) {
					return fmt.Errorf("the view of %s shows %s in an extra object", st.SeatLabel(s), c.Name)
				}
			}
		}
	}
	return nil
}

// CheckResult verifies the result r of a finished game: its winners are
// seats, and when the game keeps a score pad, the scores are the first
// pad's totals.
func (st *State) CheckResult(r Result) error {
	for _, w := range r.Winners {
		if w < 1 || w > len(st.Seats) {
			return fmt.Errorf("the winner %d is not a seat", w)
		}
	}
	if len(st.Pads) == 0 {
		return nil
	}
	p := st.Pads[0]
	for s := 1; s <= len(st.Seats); s++ {
		if float64(p.Totals[s]) != r.Scores[s] {
			return fmt.Errorf("%s scores %s, but the score pad %q says %d", st.SeatLabel(s), printable.Number(r.Scores[s]), p.Label, p.Totals[s])
		}
	}
	return nil
}
