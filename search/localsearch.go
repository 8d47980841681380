package search

import (
	"slices"

	"github.com/tabletop/tabletop/interp"
)

// Dealing a group by local search (min-conflicts). The bounds of a group
// overlap — a hand's slots at one prompt, more of them at the next, a
// fact about the same hand between — and a deal that meets them one
// after the other paints itself into corners. So the group is first dealt
// at random, each card into a slot it may reach and that no ceiling of 0
// forbids, and then repaired: a bound not met is picked at random, and of
// a few random exchanges of two slots' cards that would help it, the one
// that leaves the fewest cards amiss over all bounds is made (now and then
// one that makes things no better, to leave a dead end). Exchanges keep
// the cards dealt exactly once each, and the shuffle each card may reach.
// Every deal starts from its own random one, so the deals found spread
// over the deals that agree, rather than all being one.

// localSteps bounds the exchanges of one try, per slot of the group, and
// localTries the fresh starts.
const (
	localSteps = 60
	localTries = 4
	// localPairs is how many random exchanges a step weighs.
	localPairs = 24
)

// local is the state of one local search.
type local struct {
	g       *group
	got     []int          // supply by slot
	count   []int          // by bound: its slots holding its classes
	inBound [][]int        // bounds by slot
	nc      int            // classes: the class indices go up to nc-1
	cls     []bool         // bound * nc + class: the bound is about the class
	forbid  []map[int]bool // by slot: classes a ceiling of 0 keeps out
	mark    []int          // by bound: the exchange that last marked it (delta)
	stamp   int
}

// about reports whether bound bi is about class c.
func (ls *local) about(bi, c int) bool { return ls.cls[bi*ls.nc+c] }

// dealLocal deals g into dl by local search; false when no try met every
// bound.
func (g *group) dealLocal(rng *interp.RNG, dl *deal) bool {
	ls := g.newLocal()
	for try := 0; try < localTries; try++ {
		if !ls.start(rng) {
			continue
		}
		if ls.repair(rng, localSteps) {
			g.last = slices.Clone(ls.got)
			for t, u := range ls.got {
				dl.classes[g.toks[t].ev][g.toks[t].slot] = g.units[u].class
			}
			g.fillFeeds(rng, dl, ls.got)
			return true
		}
	}
	return false
}

// warmSteps bounds the exchanges of a repair that starts from the group's
// last deal, per slot: a few new bounds on a deal that met the others.
const warmSteps = 8

// dealableFrom reports whether g can be dealt by repairing its last deal
// (or by a deal from nothing, the first time); a deal found becomes the
// last. chooseTook asks it for every item it weighs: each adds a bound or
// two to those the last deal met.
func (g *group) dealableFrom(rng *interp.RNG, dl *deal) bool {
	if g.last == nil {
		return g.dealLocal(rng, dl)
	}
	ls := g.newLocal()
	ls.got = slices.Clone(g.last)
	ls.count = make([]int, len(g.bounds))
	for t, u := range ls.got {
		for _, bi := range ls.inBound[t] {
			if ls.about(bi, g.units[u].class) {
				ls.count[bi]++
			}
		}
	}
	if !ls.repair(rng, warmSteps) {
		return false
	}
	g.last = ls.got
	return true
}

// newLocal sets up a local search of g's bounds.
func (g *group) newLocal() *local {
	n := len(g.toks)
	ls := &local{g: g, inBound: make([][]int, n), forbid: make([]map[int]bool, n), mark: make([]int, len(g.bounds))}
	for _, s := range g.units {
		ls.nc = max(ls.nc, s.class+1)
	}
	for _, b := range g.bounds {
		for _, c := range b.classes {
			ls.nc = max(ls.nc, c+1)
		}
	}
	ls.cls = make([]bool, len(g.bounds)*ls.nc)
	for bi, b := range g.bounds {
		for _, c := range b.classes {
			ls.cls[bi*ls.nc+c] = true
		}
		for _, t := range b.toks {
			ls.inBound[t] = append(ls.inBound[t], bi)
			if b.hi == 0 {
				if ls.forbid[t] == nil {
					ls.forbid[t] = map[int]bool{}
				}
				for _, c := range b.classes {
					ls.forbid[t][c] = true
				}
			}
		}
	}
	return ls
}

// may reports whether slot t may hold supply u: u reaches t's shuffle and
// no ceiling of 0 keeps its class out.
func (ls *local) may(t, u int) bool {
	s := ls.g.units[u]
	return contains(ls.g.reach[s.entry], ls.g.toks[t].ev) && !ls.forbid[t][s.class]
}

// start deals every card at random into a slot it may have: a random
// matching of the cards to the slots (Kuhn's augmenting paths, the cards
// and each card's slots in a random order).
func (ls *local) start(rng *interp.RNG) bool {
	g := ls.g
	n := len(g.toks)
	var copies []int // a supply per card
	for u, s := range g.units {
		for k := 0; k < s.n; k++ {
			copies = append(copies, u)
		}
	}
	if len(copies) != n {
		return false
	}
	rng.Shuffle(len(copies), func(i, j int) { copies[i], copies[j] = copies[j], copies[i] })
	slots := make([][]int, len(g.units)) // by supply: the slots it may have, shuffled
	for u := range g.units {
		for t := 0; t < n; t++ {
			if ls.may(t, u) {
				slots[u] = append(slots[u], t)
			}
		}
		rng.Shuffle(len(slots[u]), func(i, j int) { slots[u][i], slots[u][j] = slots[u][j], slots[u][i] })
	}
	holder := make([]int, n) // by slot: the copy in it, -1
	for t := range holder {
		holder[t] = -1
	}
	var visited []bool
	var augment func(c int) bool
	augment = func(c int) bool {
		for _, t := range slots[copies[c]] {
			if visited[t] {
				continue
			}
			visited[t] = true
			if holder[t] < 0 || augment(holder[t]) {
				holder[t] = c
				return true
			}
		}
		return false
	}
	for c := range copies {
		visited = make([]bool, n)
		if !augment(c) {
			return false
		}
	}
	ls.got = make([]int, n)
	for t, c := range holder {
		ls.got[t] = copies[c]
	}
	ls.count = make([]int, len(g.bounds))
	for t, u := range ls.got {
		for _, bi := range ls.inBound[t] {
			if ls.about(bi, g.units[u].class) {
				ls.count[bi]++
			}
		}
	}
	return true
}

// amiss is how far bound bi is from being met with count n.
func (ls *local) amiss(bi, n int) int {
	b := &ls.g.bounds[bi]
	switch {
	case n < b.lo:
		return b.lo - n
	case b.hi >= 0 && n > b.hi:
		return n - b.hi
	}
	return 0
}

// delta is the change in cards amiss over all bounds if slots x and y
// exchanged their cards.
func (ls *local) delta(x, y int) int {
	cx, cy := ls.g.units[ls.got[x]].class, ls.g.units[ls.got[y]].class
	ls.stamp++
	for _, bi := range ls.inBound[y] {
		ls.mark[bi] = ls.stamp
	}
	d := 0
	for _, bi := range ls.inBound[x] {
		n := ls.count[bi] + b2i(ls.about(bi, cy)) - b2i(ls.about(bi, cx))
		if ls.mark[bi] == ls.stamp { // y's too: the exchange changes nothing
			n = ls.count[bi]
			ls.mark[bi] = 0
		}
		d += ls.amiss(bi, n) - ls.amiss(bi, ls.count[bi])
	}
	for _, bi := range ls.inBound[y] {
		if ls.mark[bi] != ls.stamp {
			continue // done with x's
		}
		n := ls.count[bi] + b2i(ls.about(bi, cx)) - b2i(ls.about(bi, cy))
		d += ls.amiss(bi, n) - ls.amiss(bi, ls.count[bi])
	}
	return d
}

// swap exchanges the cards of slots x and y.
func (ls *local) swap(x, y int) {
	cx, cy := ls.g.units[ls.got[x]].class, ls.g.units[ls.got[y]].class
	for _, bi := range ls.inBound[x] {
		ls.count[bi] += b2i(ls.about(bi, cy)) - b2i(ls.about(bi, cx))
	}
	for _, bi := range ls.inBound[y] {
		ls.count[bi] += b2i(ls.about(bi, cx)) - b2i(ls.about(bi, cy))
	}
	ls.got[x], ls.got[y] = ls.got[y], ls.got[x]
}

// repair exchanges cards until every bound is met; false when the steps
// (so many per slot) run out first. The bounds not met are kept in a list as exchanges change
// them.
func (ls *local) repair(rng *interp.RNG, steps int) bool {
	g := ls.g
	n := len(g.toks)
	inside := make([]bool, n)
	at := make([]int, len(g.bounds)) // a bound's place in bad, -1 when met
	var bad []int
	note := func(bi int) {
		switch amiss := ls.amiss(bi, ls.count[bi]) > 0; {
		case amiss && at[bi] < 0:
			at[bi] = len(bad)
			bad = append(bad, bi)
		case !amiss && at[bi] >= 0:
			last := bad[len(bad)-1]
			bad[at[bi]], at[last] = last, at[bi]
			bad, at[bi] = bad[:len(bad)-1], -1
		}
	}
	for bi := range g.bounds {
		at[bi] = -1
		note(bi)
	}
	var xs, ys []int
	for step := 0; step < steps*(n+1) && len(bad) > 0; step++ {
		bi := bad[rng.Intn(len(bad))]
		b := &g.bounds[bi]
		short := ls.count[bi] < b.lo // wants more of its classes, else fewer
		for _, t := range b.toks {
			inside[t] = true
		}
		// x: one of the bound's slots to change; y: a slot outside to
		// exchange with, holding what the bound wants there.
		xs, ys = xs[:0], ys[:0]
		for _, t := range b.toks {
			if ls.about(bi, g.units[ls.got[t]].class) != short {
				xs = append(xs, t)
			}
		}
		for t := 0; t < n; t++ {
			if !inside[t] && ls.about(bi, g.units[ls.got[t]].class) == short {
				ys = append(ys, t)
			}
		}
		for _, t := range b.toks {
			inside[t] = false
		}
		if len(xs) == 0 || len(ys) == 0 {
			continue
		}
		bx, by, bd := -1, -1, 0
		for k := 0; k < localPairs; k++ {
			x, y := xs[rng.Intn(len(xs))], ys[rng.Intn(len(ys))]
			if !ls.may(x, ls.got[y]) || !ls.may(y, ls.got[x]) {
				continue
			}
			if d := ls.delta(x, y); bx < 0 || d < bd {
				bx, by, bd = x, y, d
			}
		}
		if bx >= 0 && (bd < 0 || bd == 0 && rng.Intn(2) == 0 || rng.Intn(20) == 0) {
			ls.swap(bx, by)
			for _, list := range [2][]int{ls.inBound[bx], ls.inBound[by]} {
				for _, bj := range list {
					note(bj)
				}
			}
		}
	}
	return len(bad) == 0
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
