package search

import (
	"slices"

	"github.com/tabletop/tabletop/interp"
)

// The exact check of a deal (sample.go): the ops walked again with the
// classes the deal gave, zone by zone, class by class. The cards that
// moved between two looks of the mirror (one batch, closed by opLook)
// moved in an order the seat cannot tell, so a zone may run short within
// a batch and must only be whole at its end. A card that left a bag
// unseen is given a class when it leaves, among what the bag held then —
// first the classes the zone it went to is later seen to give up, since
// those it must have held — and when the walk fails further on, it goes
// back to the last such card and tries the next class (a depth-first
// search, bounded).

// wild is the class of a card of a shuffle not dealt: any.
const wild = -1

// maxWalkSteps bounds a check's work, in ops walked, per op of the
// beliefs.
const maxWalkSteps = 30

// checkFailed, when set, is told where a check failed (tests).
var checkFailed func(i int, o op, w *walker)

// walker is one check of a deal.
type walker struct {
	d     *dealer
	dl    *deal
	rng   *interp.RNG
	nc    int   // classes, and one more for wild
	zones int   // zone IDs go up to zones-1
	count []int // by zone * nc + class (wild last)
	dirty []int // zones run short in this batch, maybe
	fi    int   // facts checked so far
	took  []int // when not nil, the classes of the first unseen moves (walk)
}

// choicePoint is an unseen card given a class, and what to try next.
type choicePoint struct {
	op           int
	count, dirty []int
	fi           int
	cands        []int
	next         int
}

// check walks the ops with deal dl (see above) and reports whether
// everything the seat saw holds; the classes of the unseen moves go into
// dl.anon.
func (d *dealer) check(rng *interp.RNG, dl *deal) bool { return d.walk(rng, dl, nil) }

// walk is check, the classes of the first unseen moves given (a world
// dealt at an earlier decision took those cards: refit); the others free
// of the dealer's choice of what they took, when given any.
func (d *dealer) walk(rng *interp.RNG, dl *deal, took []int) bool {
	b := d.b
	w := &walker{d: d, dl: dl, rng: rng, nc: len(b.classes) + 1, zones: d.maxZone + 1, took: took}
	w.count = make([]int, w.zones*w.nc)
	dl.anon = make([]int, len(b.anons))
	var stack []choicePoint
	budget := maxWalkSteps * (len(b.ops) + 1)
	for i := 0; i <= len(b.ops); i++ {
		if budget--; budget < 0 {
			return false
		}
		ok := true
		if i == len(b.ops) {
			ok = w.facts(len(b.ops)) && w.settle()
			if ok {
				return true
			}
		} else if o := b.ops[i]; o.kind == opAnon {
			cp := choicePoint{op: i, count: slices.Clone(w.count), dirty: slices.Clone(w.dirty), fi: w.fi, cands: w.candidates(o)}
			ok = w.facts(i) && len(cp.cands) > 0
			cp.fi = w.fi
			if ok {
				w.anon(o, cp.cands[0])
				cp.next = 1
				stack = append(stack, cp)
			}
		} else {
			ok = w.step(i, o)
		}
		if ok {
			continue
		}
		if checkFailed != nil && i < len(b.ops) {
			checkFailed(i, b.ops[i], w)
		}
		// Back to the last unseen card with a class left to try.
		for len(stack) > 0 && stack[len(stack)-1].next >= len(stack[len(stack)-1].cands) {
			stack = stack[:len(stack)-1]
		}
		if len(stack) == 0 {
			return false
		}
		cp := &stack[len(stack)-1]
		copy(w.count, cp.count)
		w.fi, w.dirty = cp.fi, append(w.dirty[:0], cp.dirty...)
		w.anon(b.ops[cp.op], cp.cands[cp.next])
		cp.next++
		i = cp.op
	}
	return false
}

// at returns the index of zone z's count of class c.
func (w *walker) at(z, c int) int {
	if c < 0 {
		c = w.nc - 1
	}
	return z*w.nc + c
}

// classOf is the class of item it in the deal.
func (w *walker) classOf(it item) int {
	switch it.kind {
	case tokItem:
		if it.ev < len(w.dl.classes) && it.slot < len(w.dl.classes[it.ev]) {
			return w.dl.classes[it.ev][it.slot]
		}
		return wild
	case anonItem:
		return w.dl.anon[it.anon]
	}
	return it.class
}

// take takes a card of class c from zone z: a wild card when it has none
// of c; short for now (settled at the batch's end) when it has neither.
func (w *walker) take(z, c int) {
	if z == 0 {
		return // a card made just now
	}
	if k := w.at(z, c); w.count[k] > 0 || c < 0 {
		w.count[k]--
	} else if wk := w.at(z, wild); w.count[wk] > 0 {
		w.count[wk]--
	} else {
		w.count[k]--
	}
	w.dirty = append(w.dirty, z)
}

func (w *walker) put(z, c int) { w.count[w.at(z, c)]++ }

// settle ends a batch: no zone may be short.
func (w *walker) settle() bool {
	for _, z := range w.dirty {
		wild := w.count[w.at(z, wild)]
		for c := 0; c < w.nc; c++ {
			if n := w.count[z*w.nc+c]; n < 0 {
				if wild < -n {
					return false
				}
				wild += n
			}
		}
	}
	w.dirty = w.dirty[:0]
	return true
}

// facts checks the script's facts of the bounds reached by op i.
func (w *walker) facts(i int) bool {
	b, d := w.d.b, w.d
	for ; w.fi < len(d.facts) && (d.facts[w.fi].bound >= len(b.bounds) || b.bounds[d.facts[w.fi].bound] <= i); w.fi++ {
		f := d.facts[w.fi]
		if f.bound >= len(b.bounds) || f.zone >= w.zones {
			continue
		}
		n := 0
		for _, c := range f.classes {
			n += w.count[w.at(f.zone, c)]
		}
		if f.max >= 0 && n > f.max || n+w.count[w.at(f.zone, wild)] < f.min {
			return false
		}
	}
	return true
}

// step walks op i (not an unseen move) and reports whether it holds.
func (w *walker) step(i int, o op) bool {
	if !w.facts(i) {
		return false
	}
	switch o.kind {
	case opShuffle:
		w.clear(o.zone)
		for _, c := range w.dl.classes[o.n] {
			w.put(o.zone, c)
		}
	case opEmpty:
		for c := 0; c < w.nc; c++ {
			if w.count[o.zone*w.nc+c] != 0 {
				return false
			}
		}
	case opMove:
		c := w.classOf(o.it)
		w.take(o.zone, c)
		w.put(o.to, c)
	case opIs:
		if c := w.classOf(o.it); c != wild && c != o.class {
			return false
		}
	case opSeen:
		w.take(o.zone, o.class)
		w.put(o.to, o.class)
	case opSight:
		if w.count[w.at(o.zone, o.class)]+w.count[w.at(o.zone, wild)] < o.n {
			return false
		}
	case opLook:
		return w.settle()
	}
	return true
}

func (w *walker) clear(z int) {
	for c := 0; c < w.nc; c++ {
		w.count[z*w.nc+c] = 0
	}
}

// anon moves an unseen card of class c.
func (w *walker) anon(o op, c int) {
	w.dl.anon[o.n] = c
	w.take(o.zone, c)
	w.put(o.to, c)
}

// candidates lists the classes an unseen card may have as it leaves: the
// one the seat saw it to be, else what its zone holds — first what the
// zone it goes to is seen to give up later (it must have held it), then
// the rest, the commoner the likelier first.
func (w *walker) candidates(o op) []int {
	if c, ok := w.d.anonIs[o.n]; ok {
		return []int{c}
	}
	switch {
	case w.took != nil && o.n < len(w.took):
		return []int{w.took[o.n]} // the card the world took
	case w.took == nil && o.n < len(w.d.took):
		return []int{w.classOf(w.d.resolve(w.d.took[o.n]))} // the card the dealer chose it took
	}
	var need, rest []int
	var weight []int
	for c := 0; c < w.nc; c++ {
		n := w.count[o.zone*w.nc+c]
		if n <= 0 {
			continue
		}
		class := c
		if c == w.nc-1 {
			class = wild
		}
		if slices.Contains(w.d.needs[o.n], class) {
			need = append(need, class)
		} else {
			rest = append(rest, class)
			weight = append(weight, n)
		}
	}
	w.rng.Shuffle(len(need), func(i, j int) { need[i], need[j] = need[j], need[i] })
	// The rest in a random order, each drawn as often as the zone holds it.
	for len(rest) > 0 {
		total := 0
		for _, n := range weight {
			total += n
		}
		k, x := w.rng.Intn(total), 0
		for k >= weight[x] {
			k -= weight[x]
			x++
		}
		need = append(need, rest[x])
		rest = slices.Delete(rest, x, x+1)
		weight = slices.Delete(weight, x, x+1)
	}
	return need
}

// findNeeds works out, for each unseen move, the classes the zone it went
// to was seen to give up or show before it next started afresh.
func (d *dealer) findNeeds() {
	b := d.b
	d.needs = make([][]int, len(b.anons))
	for i, o := range b.ops {
		d.maxZone = max(d.maxZone, o.zone, o.to)
		if o.kind != opAnon {
			continue
		}
		var need []int
		for _, p := range b.ops[i+1:] {
			if (p.kind == opShuffle || p.kind == opEmpty) && p.zone == o.to {
				break
			}
			if (p.kind == opSeen || p.kind == opSight) && p.zone == o.to && !slices.Contains(need, p.class) {
				need = append(need, p.class)
			}
		}
		d.needs[o.n] = need
	}
	for _, f := range b.facts {
		d.maxZone = max(d.maxZone, f.zone)
	}
}
