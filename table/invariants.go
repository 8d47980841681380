package table

import "fmt"

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
