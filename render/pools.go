package render

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/table"
)

// A pool of pieces is shown two ways: in full by the view (poolText: the
// supply, then a line per holder with every kind, seats in their order
// and places by name) and in one line on a turn's screen (poolLine: what
// each holder has, in the order they first got pieces). Both name a
// holder the same way (holderName) and leave out those that hold nothing.

// poolText renders a pool: its holders' pieces, and the supply when any
// is left. A pool with one holder and no supply is one line.
func poolText(p *interp.Pool, seats []interp.Seat) string {
	var held []int // indexes in p.Holders
	for i, h := range p.Holders {
		if sum(p.Held[h]) > 0 {
			held = append(held, i)
		}
	}
	slices.SortStableFunc(held, func(i, j int) int { return holderOrder(p.Holder(i), p.Holder(j)) })
	var b strings.Builder
	if sum(p.Supply) == 0 && len(held) == 1 {
		fmt.Fprintf(&b, "%s: %s\n", p.Label, kindCounts(p.Kinds, p.Held[p.Holders[held[0]]]))
		return b.String()
	}
	fmt.Fprintf(&b, "%s", p.Label)
	if sum(p.Supply) > 0 {
		fmt.Fprintf(&b, " — supply: %s", kindCounts(p.Kinds, p.Supply))
	}
	b.WriteByte('\n')
	for _, i := range held {
		fmt.Fprintf(&b, "  %s: %s\n", holderName(seats, p.Holder(i)), kindCounts(p.Kinds, p.Held[p.Holders[i]]))
	}
	return b.String()
}

// poolLine is a pool in one line: what each holder has, and the supply;
// only what the one holder has when nobody else has any.
func poolLine(p *interp.Pool, seats []interp.Seat) string {
	var parts, alone []string
	for i, h := range p.Holders {
		if n := kinds(p.Kinds, p.Held[h]); n != "" {
			parts = append(parts, holderName(seats, p.Holder(i))+" "+n)
			alone = append(alone, n)
		}
	}
	supply := kinds(p.Kinds, p.Supply)
	if len(alone) == 1 && supply == "" {
		return p.Label + ": " + alone[0]
	}
	if supply != "" {
		parts = append(parts, "supply "+supply)
	}
	return p.Label + ": " + strings.Join(parts, " · ")
}

// holderName is what a holder is called: a seat's label, a place's name.
func holderName(seats []interp.Seat, h table.Holder) string {
	if h.Seat >= 1 && h.Seat <= len(seats) {
		return seats[h.Seat-1].Label
	}
	if h.Seat > 0 {
		return table.SeatHolder(h.Seat) // no such seat: its number
	}
	return h.Place
}

// holderOrder puts the seats first, by number, then the places by name.
func holderOrder(a, b table.Holder) int {
	switch {
	case a.Seat > 0 && b.Seat > 0:
		return a.Seat - b.Seat
	case a.Seat > 0:
		return -1
	case b.Seat > 0:
		return 1
	}
	return strings.Compare(a.Place, b.Place)
}

// kindCounts is how many pieces of every kind: "white 2, purple 0".
func kindCounts(kinds []string, counts map[string]int) string {
	parts := make([]string, 0, len(kinds))
	for _, k := range kinds {
		parts = append(parts, fmt.Sprintf("%s %d", k, counts[k]))
	}
	return strings.Join(parts, ", ")
}

// kinds is the kinds of pieces there are: "2 white, 1 purple"; "" for
// none.
func kinds(ks []string, counts map[string]int) string {
	var parts []string
	for _, k := range ks {
		if counts[k] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[k], k))
		}
	}
	return strings.Join(parts, ", ")
}

func sum(m map[string]int) int {
	s := 0
	for _, v := range m {
		s += v
	}
	return s
}
