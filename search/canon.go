package search

import (
	"fmt"
	"slices"
	"strings"
)

// Cards that look alike — the same name and label, out of the same first
// shuffle — are the same to a seat: a game in which two of them changed
// places throughout is a game the seat saw alike. The mirror names the
// cards it fixes by ID, though, and which of two beers the seat saw in its
// hand is a matter of IDs. So the builder reads the observation with the
// cards renamed canonically: within each set of look-alike cards, those
// the seat has seen take the set's lowest IDs in an order set by what the
// seat saw of them (the events and slots it saw each in), and the lists of
// fixed and needed cards are sorted. Two games that differ only in which
// of the look-alike cards lay where then give the same observation, and
// the same worlds.

// canonical returns the observation with its events' cards renamed as
// above. The events are copied; the rest is shared with the mirror's.
func (mr *mirror) canonical() *Observation {
	obs := mr.obs
	sig := map[int]*strings.Builder{}
	mark := func(id int, format string, args ...any) {
		if sig[id] == nil {
			sig[id] = &strings.Builder{}
		}
		fmt.Fprintf(sig[id], format, args...)
	}
	for i, ev := range obs.Events {
		for _, f := range ev.Fixed {
			mark(f.Card, "%d f%v;", i, f.Slots)
		}
		for _, nd := range ev.Need {
			mark(nd.Card, "%d n%d;", i, nd.Next)
		}
	}
	// The look-alike sets of the cards seen, each with all its members.
	type look struct {
		name, label string
		first       int
	}
	lookOf := func(id int) look {
		c := mr.m.Cards[id-1]
		first := -1
		if ch := mr.rec.chain[id]; len(ch) > 0 {
			first = ch[0]
		}
		return look{c.Name, c.Label, first}
	}
	sets := map[look][]int{}
	for _, c := range mr.m.Cards {
		if id := c.ID; id < len(mr.rec.chain) {
			l := lookOf(id)
			sets[l] = append(sets[l], id)
		}
	}
	rename := map[int]int{}
	for id := range sig {
		l := lookOf(id)
		if _, done := rename[id]; done || len(sets[l]) < 2 {
			continue
		}
		var seen []int
		for _, x := range sets[l] {
			if sig[x] != nil {
				seen = append(seen, x)
			}
		}
		slices.SortStableFunc(seen, func(a, b int) int { return strings.Compare(sig[a].String(), sig[b].String()) })
		for k, x := range seen {
			rename[x] = sets[l][k] // members are in ID order
		}
	}
	if len(rename) == 0 {
		return &mr.obs
	}
	to := func(id int) int {
		if r, ok := rename[id]; ok {
			return r
		}
		return id
	}
	out := obs
	out.Events = make([]Event, len(obs.Events))
	for i, ev := range obs.Events {
		c := Event{Zone: ev.Zone, N: ev.N, Next: ev.Next}
		for _, f := range ev.Fixed {
			c.Fixed = append(c.Fixed, Fixed{Card: to(f.Card), Slots: f.Slots})
		}
		for _, nd := range ev.Need {
			c.Need = append(c.Need, Need{Card: to(nd.Card), Next: nd.Next})
		}
		slices.SortFunc(c.Fixed, func(a, b Fixed) int { return a.Card - b.Card })
		slices.SortFunc(c.Need, func(a, b Need) int {
			if a.Card != b.Card {
				return a.Card - b.Card
			}
			return a.Next - b.Next
		})
		out.Events[i] = c
	}
	return &out
}
