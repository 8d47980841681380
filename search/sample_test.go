package search

import (
	"fmt"
	"slices"
	"testing"

	"github.com/tabletop/tabletop/table"
)

// testGroup makes a group of shuffles for the sampler's tests: slots[e]
// slots in shuffle e; feeding[e] the slots of e whose cards go on to
// shuffle next[e] (the rest are leaves); units the cards that enter.
func testGroup(slots []int, feeding map[int][]int, next map[int]int, units []supply) *group {
	g := &group{index: map[tokRef]int{}, reach: map[int][]int{}, feeds: map[int][]int{}, fixed: map[tokRef]int{}, ok: true, units: units}
	for e, n := range slots {
		g.events = append(g.events, e)
		for x := e; ; {
			g.reach[e] = append(g.reach[e], x)
			nx, ok := next[x]
			if !ok {
				break
			}
			x = nx
		}
		for p := 0; p < n; p++ {
			if slices.Contains(feeding[e], p) {
				g.feeds[e] = append(g.feeds[e], p)
				continue
			}
			g.index[tokRef{e, p}] = len(g.toks)
			g.toks = append(g.toks, tokRef{e, p})
		}
	}
	return g
}

// span lists slots from..to-1 of shuffle e.
func span(e, from, to int) []tokRef {
	var out []tokRef
	for p := from; p < to; p++ {
		out = append(out, tokRef{e, p})
	}
	return out
}

// ones are n supplies of one card each, classes from..from+n-1, entering
// at shuffle e.
func ones(e, from, n int) []supply {
	var out []supply
	for c := from; c < from+n; c++ {
		out = append(out, supply{class: c, entry: e, n: 1})
	}
	return out
}

// classes lists from..to-1.
func classes(from, to int) []int {
	var out []int
	for c := from; c < to; c++ {
		out = append(out, c)
	}
	return out
}

// boundOf is a bound for the test's group.
type testBound struct {
	toks    []tokRef
	classes []int
	lo, hi  int
}

// TestSampler deals groups of shuffles under bounds: every deal meets
// every bound, deals each card exactly once, gives the feeding slots what
// went on through them, and the deals differ from one another wherever
// the bounds leave a choice; bounds that no deal meets give none.
func TestSampler(t *testing.T) {
	hands := func(n, size int) [][]tokRef { // the slots of n hands of one shuffle
		var out [][]tokRef
		for h := 0; h < n; h++ {
			out = append(out, span(0, h*size, (h+1)*size))
		}
		return out
	}
	h := hands(4, 13)
	cluedoHands := [][]tokRef{span(3, 0, 5), span(3, 5, 10), span(3, 10, 14), span(3, 14, 18)}
	for _, c := range []struct {
		name     string
		slots    []int
		feeding  map[int][]int
		next     map[int]int
		units    []supply
		bounds   []testBound
		feasible bool
		free     []tokRef // slots the bounds leave a real choice: deals must differ there
	}{
		{
			name:  "Clubs: a seat void in hearts and clubs, another seen playing cards",
			slots: []int{52}, units: ones(0, 0, 52),
			bounds: []testBound{
				{toks: h[1], classes: classes(0, 13), hi: 0},  // no club
				{toks: h[1], classes: classes(26, 39), hi: 0}, // no heart
				{toks: h[2], classes: []int{40}, lo: 1, hi: -1},
				{toks: h[2], classes: []int{41}, lo: 1, hi: -1},
				{toks: h[3], classes: classes(39, 52), lo: 4, hi: -1}, // at least four spades
			},
			feasible: true, free: append(slices.Clone(h[0]), h[1]...),
		},
		{
			name:  "Clubs: the seat's own hand is its 13 cards exactly",
			slots: []int{52}, units: ones(0, 0, 52),
			bounds: func() []testBound {
				var out []testBound
				for c := 0; c < 13; c++ {
					out = append(out, testBound{toks: h[0], classes: []int{3 * c}, lo: 1, hi: -1})
				}
				return out
			}(),
			feasible: true, free: h[1],
		},
		{
			name:  "Andy Capp: look-alike beers, Fights held and not held at moments of overlapping hands",
			slots: []int{110},
			units: []supply{{0, 0, 10}, {1, 0, 10}, {2, 0, 10}, {3, 0, 10}, {4, 0, 10}, {5, 0, 10}, {6, 0, 10}, {7, 0, 10},
				{8, 0, 10}, {9, 0, 4}, {10, 0, 6}, {11, 0, 6}, {12, 0, 4}},
			bounds: []testBound{
				{toks: span(0, 0, 7), classes: []int{11}, lo: 1, hi: -1},                             // asked to resist
				{toks: append(span(0, 0, 7), span(0, 28, 30)...), classes: []int{11}, lo: 2, hi: -1}, // and resisted twice after drawing
				{toks: span(0, 7, 14), classes: []int{11}, hi: 0},                                    // passed by
				{toks: span(0, 7, 14), classes: []int{11, 12}, hi: 0},                                // no Flo answer either
				{toks: span(0, 14, 21), classes: []int{4}, lo: 3, hi: -1},                            // laid three 5s
				{toks: span(0, 21, 28), classes: []int{9}, lo: 1, hi: 1},                             // played one Loan, and held no other
			},
			feasible: true, free: span(0, 30, 110),
		},
		{
			name:    "Cluedo: the piles' top cards make the envelope, the rest are dealt; answers say who holds what",
			slots:   []int{6, 9, 6, 18},
			feeding: map[int][]int{0: classesOf(0, 5), 1: classesOf(0, 8), 2: classesOf(0, 5)},
			next:    map[int]int{0: 3, 1: 3, 2: 3},
			units:   append(append(ones(0, 0, 6), ones(1, 6, 9)...), ones(2, 15, 6)...),
			bounds: []testBound{
				{toks: cluedoHands[0], classes: []int{0, 6, 15}, hi: 0}, // cannot show
				{toks: cluedoHands[1], classes: []int{0, 6, 15}, lo: 1, hi: -1},
				{toks: cluedoHands[2], classes: []int{1, 7, 16}, lo: 2, hi: -1}, // asked which to show
				{toks: cluedoHands[3], classes: []int{2}, lo: 1, hi: -1},        // shown to the seat
				{toks: cluedoHands[3], classes: []int{3}, lo: 1, hi: -1},
				{toks: []tokRef{{0, 5}}, classes: []int{2, 3}, hi: 0}, // so not in the envelope
			},
			feasible: true, free: []tokRef{{0, 5}, {1, 8}, {2, 5}},
		},
		{
			name:  "impossible: five hearts in a hand of four slots",
			slots: []int{8}, units: ones(0, 0, 8),
			bounds:   []testBound{{toks: span(0, 0, 4), classes: []int{0, 1, 2, 3, 4}, lo: 5, hi: -1}},
			feasible: false,
		},
		{
			name:  "impossible: a card that is in none of the slots",
			slots: []int{6}, units: ones(0, 0, 6),
			bounds: []testBound{
				{toks: span(0, 0, 3), classes: []int{2}, hi: 0},
				{toks: span(0, 3, 6), classes: []int{2}, hi: 0},
			},
			feasible: false,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := testGroup(c.slots, c.feeding, c.next, c.units)
			for _, b := range c.bounds {
				bd := bound{classes: b.classes, lo: b.lo, hi: b.hi}
				for _, ref := range b.toks {
					k, ok := g.index[ref]
					if !ok {
						t.Fatalf("slot %v is not a leaf of the group", ref)
					}
					bd.toks = append(bd.toks, k)
				}
				g.add(bd)
			}
			rng := table.NewRNG(42)
			seen := map[tokRef]map[int]bool{}
			const deals = 60
			got := 0
			for i := 0; i < deals; i++ {
				dl := &deal{classes: make([][]int, len(c.slots))}
				for e, n := range c.slots {
					dl.classes[e] = slices.Repeat([]int{-1}, n)
				}
				if !g.deal(rng, dl) {
					continue
				}
				got++
				checkDeal(t, c.slots, c.next, c.units, g, dl)
				for _, ref := range g.toks {
					if seen[ref] == nil {
						seen[ref] = map[int]bool{}
					}
					seen[ref][dl.classes[ref.ev][ref.slot]] = true
				}
			}
			if !c.feasible {
				if got > 0 {
					t.Fatalf("%d deals of bounds no deal meets", got)
				}
				return
			}
			if got < deals {
				t.Fatalf("only %d of %d tries dealt", got, deals)
			}
			for _, ref := range c.free {
				if len(seen[ref]) < 2 {
					t.Errorf("slot %v held %v in all %d deals: the deals do not spread", ref, seen[ref], deals)
				}
			}
		})
	}
}

// classesOf lists from..to-1 (slots, here).
func classesOf(from, to int) []int { return classes(from, to) }

// holds counts the tokens of bound b that deal dl gives one of its
// classes, and says whether the count is within the bound.
func holds(g *group, b bound, dl *deal) (int, bool) {
	n := 0
	for _, k := range b.toks {
		if slices.Contains(b.classes, dl.classes[g.toks[k].ev][g.toks[k].slot]) {
			n++
		}
	}
	return n, n >= b.lo && (b.hi < 0 || n <= b.hi)
}

// checkDeal checks one deal of group g against its bounds and its cards.
func checkDeal(t *testing.T, slots []int, next map[int]int, units []supply, g *group, dl *deal) {
	t.Helper()
	for bi, b := range g.bounds {
		if n, ok := holds(g, b, dl); !ok {
			t.Fatalf("bound %d (classes %v, %d to %d) holds %d", bi, b.classes, b.lo, b.hi, n)
		}
	}
	// Each card is dealt once: the leaves hold the cards that entered,
	// and each shuffle's slots hold what entered it and what was fed in.
	want := map[int]int{}
	for _, u := range units {
		want[u.class] += u.n
	}
	leaves := map[int]int{}
	for _, ref := range g.toks {
		leaves[dl.classes[ref.ev][ref.slot]]++
	}
	if fmt.Sprint(leaves) != fmt.Sprint(want) {
		t.Fatalf("the leaves hold %v, the cards were %v", leaves, want)
	}
	for e := range slots {
		in := map[int]int{} // what shuffle e must hold: its entries and what was fed into it
		for _, u := range units {
			if u.entry == e {
				in[u.class] += u.n
			}
		}
		for f, to := range next {
			if to == e {
				for _, p := range g.feeds[f] {
					in[dl.classes[f][p]]++
				}
			}
		}
		have := map[int]int{}
		for _, c := range dl.classes[e] {
			have[c]++
		}
		if fmt.Sprint(have) != fmt.Sprint(in) {
			t.Fatalf("shuffle %d holds %v, but %v went into it", e, have, in)
		}
	}
}
