package table

import (
	"fmt"
	"sort"
)

// Arrangement says what a zone holds from now on. Scenario tests use it to
// state a position directly — "the stock is out", "North holds a Loan and
// nothing else" — instead of searching for a seed that reaches it. Scripts
// cannot arrange; the script's own bookkeeping is not told.
type Arrangement struct {
	Zone *Zone
	// Top names cards from the top down. Each is the zone's own card of
	// that name if it holds one, else one taken from another zone: hidden
	// zones first, then owned ones, then public ones, each in the order the
	// script made them, and from its top down.
	Top []string
	// Only: the zone holds the named cards and nothing else; its other
	// cards go on top of Rest, in their order. Without Only the named cards
	// go on top of what the zone holds, and each card taken from another
	// zone is replaced there by one of this zone's other cards (the lowest),
	// so no zone changes size while this zone has cards to give.
	Only bool
	Rest *Zone
	// From, when given, is where the named cards the zone does not hold
	// are taken from, and only from there: the Loan from the discards,
	// not one of the others' (cards of the same name are alike).
	From *Zone
}

// Arrange rearranges the cards as a says, keeping every card in exactly one
// zone. A card that changes zones is known to nobody afterwards (only its
// zone shows it), as if it had always lain there. On error nothing changes.
func (s *State) Arrange(a Arrangement) error {
	z := a.Zone
	if z == nil {
		return fmt.Errorf("arrange: no zone")
	}
	if a.Only && a.Rest == z {
		return fmt.Errorf("arrange %s: its other cards cannot go to the zone itself", z.Label)
	}
	if a.From == z {
		return fmt.Errorf("arrange %s: its cards cannot come from the zone itself", z.Label)
	}
	picked, err := s.pickCards(z, a.From, a.Top)
	if err != nil {
		return err
	}
	var stay []*Card // z's cards that are not named, bottom first
	isPicked := make(map[*Card]bool, len(picked))
	for _, c := range picked {
		isPicked[c] = true
	}
	for _, c := range z.Cards {
		if !isPicked[c] {
			stay = append(stay, c)
		}
	}
	if a.Only && len(stay) > 0 && a.Rest == nil {
		return fmt.Errorf("arrange %s: say where its other %d cards go", z.Label, len(stay))
	}
	moved := map[*Card]bool{}
	give := stay
	if a.Only {
		give = nil
	}
	give = s.takeFromOthers(z, picked, give, moved)
	top := make([]*Card, 0, len(picked))
	for i := len(picked) - 1; i >= 0; i-- {
		top = append(top, picked[i])
	}
	if a.Only {
		z.Cards = top
		for _, c := range stay {
			a.Rest.Cards = append(a.Rest.Cards, c)
			c.Zone = a.Rest
			moved[c] = true
		}
	} else {
		z.Cards = append(append([]*Card(nil), give...), top...)
	}
	for c := range moved {
		c.Known, c.Revealed = 0, false
	}
	for _, o := range s.Zones {
		o.Touch()
	}
	return nil
}

// pickCards finds the cards named, top first: z's own first, then from's
// when given, else the other zones in the order Arrangement.Top gives.
func (s *State) pickCards(z, from *Zone, names []string) ([]*Card, error) {
	order := []*Zone{z}
	if from != nil {
		order = append(order, from)
	} else {
		others := make([]*Zone, 0, len(s.Zones))
		for _, o := range s.Zones {
			if o != z {
				others = append(others, o)
			}
		}
		rank := map[Visibility]int{Hidden: 0, OwnerOnly: 1, Public: 2}
		sort.SliceStable(others, func(i, j int) bool { return rank[others[i].Vis] < rank[others[j].Vis] })
		order = append(order, others...)
	}
	taken := map[*Card]bool{}
	picked := make([]*Card, 0, len(names))
	for _, name := range names {
		c := findFree(order, name, taken)
		if c == nil && from != nil {
			return nil, fmt.Errorf("arrange %s: no card %q left in %s or %s to put there (named %d times?)", z.Label, name, z.Label, from.Label, countOf(names, name))
		}
		if c == nil {
			return nil, fmt.Errorf("arrange %s: no card %q left to put there (named %d times?)", z.Label, name, countOf(names, name))
		}
		taken[c] = true
		picked = append(picked, c)
	}
	return picked, nil
}

// findFree returns the first card called name in zones (each from its top
// down) that is not yet taken.
func findFree(zones []*Zone, name string, taken map[*Card]bool) *Card {
	for _, o := range zones {
		for i := len(o.Cards) - 1; i >= 0; i-- {
			if c := o.Cards[i]; c.Name == name && !taken[c] {
				return c
			}
		}
	}
	return nil
}

// takeFromOthers takes the picked cards that lie outside z out of their
// zones, putting in each one's place the next card of give while there is
// one. It returns what is left of give.
func (s *State) takeFromOthers(z *Zone, picked, give []*Card, moved map[*Card]bool) []*Card {
	emptied := map[*Zone]bool{}
	for _, c := range picked {
		from := c.Zone
		if from == z {
			continue
		}
		i := from.Index(c)
		moved[c] = true
		c.Zone = z
		if len(give) > 0 {
			g := give[0]
			give = give[1:]
			from.Cards[i] = g
			g.Zone = from
			moved[g] = true
			continue
		}
		from.Cards[i] = nil
		emptied[from] = true
	}
	for from := range emptied {
		kept := from.Cards[:0]
		for _, c := range from.Cards {
			if c != nil {
				kept = append(kept, c)
			}
		}
		from.Cards = kept
	}
	return give
}

func countOf(list []string, s string) int {
	n := 0
	for _, x := range list {
		if x == s {
			n++
		}
	}
	return n
}
