package interp

import "fmt"

// CheckInvariants verifies what the engine promises about a match's state:
// every card lies in exactly one zone, pieces are conserved against their
// supply, and pad totals are the sums of their rows. Scripts cannot break
// these through the API; the check guards the engine itself and any
// extension that manipulates objects directly.
func (m *Match) CheckInvariants() error {
	seen := make([]bool, len(m.Cards)+1)
	count := 0
	for _, z := range m.Zones {
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
	if count != len(m.Cards) {
		for _, c := range m.Cards {
			if !seen[c.ID] {
				return fmt.Errorf("card %s is nowhere (%d of %d cards found)", c.Name, count, len(m.Cards))
			}
		}
	}
	for _, p := range m.Pools {
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
	for _, p := range m.Pads {
		for s := 1; s <= len(m.Seats); s++ {
			sum := 0
			for _, r := range p.Rows {
				sum += r.Scores[s]
			}
			if sum != p.Totals[s] {
				return fmt.Errorf("pad %s: %s's total %d is not the sum of the rows (%d)", p.Name, m.SeatLabel(s), p.Totals[s], sum)
			}
		}
	}
	for _, t := range m.Tracks {
		for s := 1; s <= len(m.Seats); s++ {
			if v := t.Markers[s]; v < t.Min || v > t.Max {
				return fmt.Errorf("track %s: %s's marker at %d is off the track (%d..%d)", t.Name, m.SeatLabel(s), v, t.Min, t.Max)
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

// CheckSecrecy verifies that nothing a seat may read names a card the seat
// may not see: no log line written so far did (each is judged when it was
// written), and no extra object that shows cards (a CardShower) shows one
// now. Zones need no check: a view lists only the cards its seat may see.
func (m *Match) CheckSecrecy() error {
	if len(m.leaks) > 0 {
		return fmt.Errorf("%s", m.leaks[0])
	}
	for _, x := range m.extras {
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
	out := append([]string(nil), m.leaks...)
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
			return fmt.Errorf("%s scores %s, but the score pad %q says %d", m.SeatLabel(s), numberText(m.result.Scores[s]), p.Label, p.Totals[s])
		}
	}
	return nil
}
