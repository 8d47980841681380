package search

import (
	"encoding/binary"
	"fmt"
	"maps"
	"slices"

	"github.com/tabletop/tabletop/interp"
)

// Dealing a world from the seat's beliefs (belief.go).
//
// A deal is a class for every token — every slot of every shuffle — and
// for every card that left a bag unseen. The sampler deals it in two
// passes:
//
//  1. Propagation. The ops are walked once, keeping for each zone which
//     tokens entered it, which known cards, how many unknowns came and
//     went, and how many of each class the seat saw leave. Every sighting,
//     every card seen leaving and every fact of the script's becomes a
//     bound on the tokens: "of these slots of shuffle e, at least lo and at
//     most hi hold a card of these classes" (a card West played was among
//     West's dealt cards; a suit West did not follow is in none of the
//     dealt cards he still held). A bound whose slots all lie in the hands
//     of one seat, or in the envelope, is what the rules leave of the
//     card's freedom; "at most 0" is a card that cannot lie there at all.
//  2. Matching. Each group of shuffles is dealt at once — one shuffle, or
//     shuffles that feed each other in part (Cluedo's three piles, whose
//     top cards make the envelope and whose rest is shuffled again into
//     the deck dealt to the hands). The cards of the group enter it at
//     the shuffle they were first in and may end in a slot of that shuffle
//     or of one it feeds; lower bounds are met first, then the cards with
//     the fewest slots left are placed, each at random among them, never
//     past an upper bound; a dead end starts again.
//
// The deal is then checked exactly, by walking the ops again with the
// classes it gave (and a class chosen for each unseen card that left a bag,
// among those the bag held then): every card seen leaving must have been
// there, every sighting and fact must hold. A deal that fails is dealt
// again. What passes agrees with everything the seat saw of the cards; a
// world replays it (world.go), and the builder checks the rest — the
// lines, the other seats' choices — by replaying the game.

// tokRef is one token: a slot of a shuffle.
type tokRef struct{ ev, slot int }

// bound is "at least lo and at most hi (hi < 0: no bound) of the group's
// tokens toks hold a card of classes".
type bound struct {
	toks    []int // indices into the group's tokens
	classes []int // sorted
	lo, hi  int
}

// supply is a card class entering a group at one of its shuffles, and how
// many of it.
type supply struct {
	class, entry, n int
}

// group is a set of shuffles dealt at once.
type group struct {
	events []int
	toks   []tokRef // the leaf tokens: slots whose card goes no further in the group
	index  map[tokRef]int
	units  []supply
	bounds []bound
	// reach[e] lists the events of the group whose leaf slots a card
	// entering at e may end in: e and those it feeds.
	reach map[int][]int
	// feeds are the slots that feed another shuffle of the group, by event.
	feeds map[int][]int
	// fixed are the classes the seat saw in feeding slots.
	fixed map[tokRef]int
	ok    bool // it can be dealt (its pools are known)
	// boundAt finds a bound by its tokens and classes (add).
	boundAt map[string]int
	// greedyTries and greedyOK count the greedy deals tried and met.
	greedyTries, greedyOK int
	// last is the supply by slot of the group's last deal by local
	// search: where chooseTook's repairs start.
	last []int
}

// dealer deals worlds from beliefs.
type dealer struct {
	b      *beliefs
	groups []*group
	ofEv   []int // by event: its group, -1 when not dealt (unknown pool)
	// anonIs are the classes the seat saw unknown moves' cards to be.
	anonIs map[int]int
	// bad is set when the propagation found the beliefs impossible (a
	// bound no deal meets): nothing is dealt.
	bad bool
	// facts are the beliefs' facts by bound; bagMoves the cards that
	// left bags, by step.
	facts    []bfact
	bagMoves map[int][]bagMove
	// needs are, by unseen move, the classes its zone was later seen to
	// give up (check.go); maxZone is the highest zone ID the ops name.
	needs   [][]int
	maxZone int
	// took is, by unseen move, the card of its bag it took: an item
	// chosen among those the bag held (chooseTook; the deal then says
	// what the chosen one is). cands are the items the bag of the first
	// unseen move that propagate was not told could give.
	took, cands []item
	candZone    *zstate // the bag cands are of, as it was
}

// newDealer works out the groups and the bounds of beliefs b; rng
// chooses which of a bag's cards each unseen move took (see propagate).
func newDealer(b *beliefs, rng *interp.RNG) *dealer {
	d := &dealer{b: b, anonIs: map[int]int{}, bagMoves: b.movesByStep()}
	d.facts = slices.Clone(b.facts)
	slices.SortStableFunc(d.facts, func(x, y bfact) int { return x.bound - y.bound })
	if b.broken {
		d.bad = true
		return d
	}
	d.findNeeds()
	d.makeGroups()
	d.propagate(rng, d.chooseTook(rng), len(b.ops))
	return d
}

// rechoose chooses again which cards the unseen moves took, and works out
// the bounds again: a choice no deal agrees with is dropped.
func (d *dealer) rechoose(rng *interp.RNG) {
	if d.bad || len(d.b.anons) == 0 {
		return
	}
	d.reset()
	d.propagate(rng, d.chooseTook(rng), len(d.b.ops))
}

// reset forgets the bounds of every group and what the seat saw unknown
// moves' cards to be, before the ops are walked again.
func (d *dealer) reset() {
	for _, g := range d.groups {
		g.bounds, g.boundAt = g.bounds[:0], nil
		clear(g.fixed)
	}
	clear(d.anonIs)
	d.bad = false
}

// maxTookTries bounds the items of its bag tried for each unseen move.
const maxTookTries = 8

// chooseTook chooses which of its bag's items each unseen move took, one
// move after the other in the order they happened: of the items the bag
// held then, in random order, the first with which the bounds up to the
// next unseen move can still be dealt. The items of a bag are alike to the
// seat only until their histories differ — a card drawn after a fact about
// the hand escaped it, a card seen leaving was one of those the hand held
// then — and choices made blind compound, over a game's Loans and rounds,
// into bounds that no deal meets (late in an Andy Capp game nearly every
// time). When no item tried can be dealt, no choice for a later move can
// be either — its bounds hold these — so the moves from there are left to
// propagate, which takes them at random, and the sampler then finds no
// deal, as it would have; trying them all cost seconds a decision late in
// an Andy Capp game.
func (d *dealer) chooseTook(rng *interp.RNG) []item {
	var at []int // the op of each unseen move
	for i, o := range d.b.ops {
		if o.kind == opAnon {
			at = append(at, i)
		}
	}
	for _, g := range d.groups {
		g.last = nil
	}
	took := make([]item, 0, len(at))
	for n := range at {
		upto := len(d.b.ops)
		if n+1 < len(at) {
			upto = at[n+1]
		}
		d.reset()
		d.propagate(rng, took, at[n]+1)
		cands := slices.Clone(d.cands)
		if len(cands) == 0 {
			break // the bag is empty: broken, as propagate finds again
		}
		rng.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
		d.spareFirst(cands, d.candZone)
		found := false
		for _, c := range cands[:min(len(cands), maxTookTries)] {
			d.reset()
			d.propagate(rng, append(took, c), upto)
			if found = d.dealable(rng); found {
				took = append(took, c)
				break
			}
		}
		if !found {
			break // no later choice can be dealt either (see above)
		}
	}
	d.reset()
	return took
}

// spareFirst puts first the items of bag z that the groups' last deals
// can spare: of a class the bag holds more of, in those deals, than it
// was seen to give up. Taking one leaves the last deals as they were;
// taking another asks them to change, or cannot be dealt at all (a card
// seen leaving a hand was one of those it held then).
func (d *dealer) spareFirst(cands []item, z *zstate) {
	class := func(it item) int {
		it = d.resolve(it)
		switch {
		case it.kind == knownItem:
			return it.class
		case it.kind != tokItem || it.ev >= len(d.ofEv) || d.ofEv[it.ev] < 0:
			return -1
		}
		g := d.groups[d.ofEv[it.ev]]
		k, ok := g.index[tokRef{it.ev, it.slot}]
		if !ok || g.last == nil {
			return -1
		}
		return g.units[g.last[k]].class
	}
	spare := map[int]int{}
	for c, n := range z.seenOut {
		spare[c] = -n
	}
	for _, it := range z.items {
		spare[class(it)]++
	}
	slices.SortStableFunc(cands, func(x, y item) int {
		return b2i(spare[class(y)] > 0) - b2i(spare[class(x)] > 0)
	})
}

// dealable reports whether every group can be dealt as its bounds stand,
// by repairing the last deal found (dealableFrom).
func (d *dealer) dealable(rng *interp.RNG) bool {
	if d.bad {
		return false
	}
	dl := &deal{classes: make([][]int, len(d.b.events))}
	for e, ev := range d.b.events {
		dl.classes[e] = make([]int, ev.n)
	}
	for _, g := range d.groups {
		if g.ok && !g.dealableFrom(rng, dl) {
			return false
		}
	}
	return true
}

// makeGroups joins shuffles whose pools hold part of another's tokens, and
// works out what enters each group where.
func (d *dealer) makeGroups() {
	evs := d.b.events
	parent := make([]int, len(evs))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	known := make([]bool, len(evs)) // its pool's classes are known
	entries := make([]map[int]int, len(evs))
	next := make([]int, len(evs)) // the event its slots feed in part, or -1
	feeding := make([]map[int]bool, len(evs))
	grouped := make([]bool, len(evs)) // joined with another shuffle
	for i := range evs {
		next[i] = -1
	}
	for e, ev := range evs {
		entries[e] = map[int]int{}
		known[e] = true
		if ev.all != nil {
			for k, n := range ev.all {
				entries[e][k] += n
			}
			continue
		}
		if ev.goneAnon > 0 {
			known[e] = false
			continue
		}
		toks := map[int][]int{} // source event → slots
		for _, it := range ev.pool {
			switch it.kind {
			case knownItem:
				entries[e][it.class]++
			case tokItem:
				toks[it.ev] = append(toks[it.ev], it.slot)
			default:
				known[e] = false
			}
		}
		for _, c := range ev.goneSeen {
			if entries[e][c] == 0 {
				known[e] = false // a card seen leaving a token: the pool depends on the deal
			}
			entries[e][c]--
		}
		for f, slots := range toks {
			if f >= e || !known[f] {
				known[e] = false
				continue
			}
			if len(slots) == evs[f].n && !grouped[f] {
				// Every card of f, and f dealt on its own: its classes.
				for c, n := range entries[f] {
					entries[e][c] += n
				}
				continue
			}
			if next[f] >= 0 && next[f] != e {
				known[e] = false // f feeds two shuffles: not followed
				continue
			}
			next[f] = e
			if feeding[f] == nil {
				feeding[f] = map[int]bool{}
			}
			for _, p := range slots {
				feeding[f][p] = true
			}
			parent[find(f)] = find(e)
			grouped[f], grouped[e] = true, true
		}
	}
	byRoot := map[int]*group{}
	d.ofEv = make([]int, len(evs))
	for e := range evs {
		r := find(e)
		g := byRoot[r]
		if g == nil {
			g = &group{index: map[tokRef]int{}, reach: map[int][]int{}, feeds: map[int][]int{}, fixed: map[tokRef]int{}, ok: true}
			byRoot[r] = g
			d.groups = append(d.groups, g)
		}
		d.ofEv[e] = slices.Index(d.groups, g)
		g.events = append(g.events, e)
		g.ok = g.ok && known[e]
	}
	for _, g := range d.groups {
		for _, e := range g.events {
			for x := e; x >= 0; x = next[x] {
				g.reach[e] = append(g.reach[e], x)
			}
			for _, c := range slices.Sorted(maps.Keys(entries[e])) {
				if n := entries[e][c]; n > 0 {
					g.units = append(g.units, supply{class: c, entry: e, n: n})
				} else if n < 0 {
					g.ok = false
				}
			}
			for p := 0; p < evs[e].n; p++ {
				if feeding[e][p] {
					g.feeds[e] = append(g.feeds[e], p)
					continue
				}
				g.index[tokRef{e, p}] = len(g.toks)
				g.toks = append(g.toks, tokRef{e, p})
			}
		}
		total := 0
		for _, u := range g.units {
			total += u.n
		}
		if total != len(g.toks) {
			g.ok = false
		}
	}
	for e, g := range d.ofEv {
		if !d.groups[g].ok {
			d.ofEv[e] = -1
		}
	}
}

// zstate is a zone as the propagation walks the ops.
type zstate struct {
	items   []item
	seenOut map[int]int
	anonOut int
}

// propagate walks the first upto ops and turns what they say into the
// groups' bounds.
//
// Each card that left a bag unseen is taken to be one of the bag's: the
// first len(took) as took says (chooseTook's choices; tests give the true
// ones), the others chosen at random. cands is left holding the items the
// bag could give to the first unseen move that took does not name.
func (d *dealer) propagate(rng *interp.RNG, took []item, upto int) {
	b := d.b
	d.cands = nil
	d.took = make([]item, len(b.anons))
	zones := map[int]*zstate{}
	zone := func(id int) *zstate {
		z := zones[id]
		if z == nil {
			z = &zstate{seenOut: map[int]int{}}
			zones[id] = z
		}
		return z
	}
	facts := 0
	sorted := d.facts
	var short [][2]int             // zone and class of the cards seen leaving in this batch
	from := map[int]*zstate{}      // by unseen move: its zone as it was then
	applyFacts := func(upto int) { // the facts of bounds before upto ops
		for facts < len(sorted) && (sorted[facts].bound >= len(b.bounds) || b.bounds[sorted[facts].bound] <= upto) {
			f := sorted[facts]
			facts++
			if f.bound >= len(b.bounds) {
				continue
			}
			z := zone(f.zone)
			if f.max >= 0 {
				for _, c := range f.classes {
					d.limit(z, []int{c}, -1, f.max+z.seenOut[c]+z.anonOut-z.known(c))
				}
			}
			if f.min > 0 {
				d.floor(z, f.classes, f.min, from)
			}
		}
	}
	for i, o := range b.ops[:upto] {
		applyFacts(i)
		switch o.kind {
		case opShuffle:
			z := zone(o.zone)
			z.items, z.seenOut, z.anonOut = nil, map[int]int{}, 0
			for p := 0; p < b.events[o.n].n; p++ {
				z.items = append(z.items, item{kind: tokItem, ev: o.n, slot: p})
			}
		case opEmpty:
			z := zone(o.zone)
			z.items, z.seenOut, z.anonOut = nil, map[int]int{}, 0
		case opMove:
			it := d.resolve(o.it)
			from := zone(o.zone)
			if k := slices.Index(from.items, it); k >= 0 {
				from.items = slices.Delete(from.items, k, k+1)
			}
			to := zone(o.to)
			to.items = append(to.items, it)
		case opIs:
			d.is(d.resolve(o.it), o.class)
		case opSeen:
			if o.zone != 0 {
				from := zone(o.zone)
				from.seenOut[o.class]++
				short = append(short, [2]int{o.zone, o.class})
			}
			to := zone(o.to)
			to.items = append(to.items, item{kind: knownItem, class: o.class})
		case opLook:
			// A card seen leaving a zone was there: at the end of the
			// batch, the zone holds no fewer than none of its class.
			for _, zc := range short {
				d.floor(zone(zc[0]), []int{zc[1]}, 0, from)
			}
			short = short[:0]
		case opAnon:
			// The card is one of the bag's, chosen at random: it moves
			// on as that item, and what the bag was seen to give up
			// before must be among the rest.
			src := zone(o.zone)
			from[o.n] = &zstate{items: slices.Clone(src.items), seenOut: maps.Clone(src.seenOut)}
			var it item
			var ok bool
			if o.n < len(took) {
				it = d.resolve(took[o.n])
				if k := slices.Index(src.items, it); k >= 0 {
					src.items, ok = slices.Delete(src.items, k, k+1), true
				}
			} else {
				if o.n == len(took) {
					d.cands, d.candZone = src.pickable(), &zstate{items: slices.Clone(src.items), seenOut: maps.Clone(src.seenOut)}
				}
				it, ok = src.pick(rng)
			}
			if !ok {
				d.broke()
				continue
			}
			d.took[o.n] = it
			to := zone(o.to)
			to.items = append(to.items, it)
			for _, c := range slices.Sorted(maps.Keys(src.seenOut)) {
				short = append(short, [2]int{o.zone, c})
			}
		case opSight:
			d.floor(zone(o.zone), []int{o.class}, o.n, from)
		}
	}
	// Cut short within a batch (chooseTook): what the zones were seen to
	// give up must be among what they hold now, as it must once the batch
	// is over, with fewer cards left.
	for _, zc := range short {
		d.floor(zone(zc[0]), []int{zc[1]}, 0, from)
	}
	applyFacts(upto)
}

// pick takes an item of the zone at random: a token, or a known card
// that was not seen to leave since.
func (z *zstate) pick(rng *interp.RNG) (item, bool) {
	ok := z.pickableAt()
	if len(ok) == 0 {
		return item{}, false
	}
	i := ok[rng.Intn(len(ok))]
	it := z.items[i]
	z.items = slices.Delete(z.items, i, i+1)
	return it, true
}

// pickable lists the items pick may take.
func (z *zstate) pickable() []item {
	var out []item
	for _, i := range z.pickableAt() {
		out = append(out, z.items[i])
	}
	return out
}

// pickableAt lists the indices of the items pick may take.
func (z *zstate) pickableAt() []int {
	var ok []int
	kept := map[int]int{} // known cards of each class not seen leaving
	for c, n := range z.seenOut {
		kept[c] = -n
	}
	for _, it := range z.items {
		if it.kind == knownItem {
			kept[it.class]++
		}
	}
	for i, it := range z.items {
		if it.kind != knownItem || kept[it.class] > 0 {
			ok = append(ok, i)
		}
	}
	return ok
}

func (z *zstate) known(c int) int {
	n := 0
	for _, it := range z.items {
		if it.kind == knownItem && it.class == c {
			n++
		}
	}
	return n
}

func (z *zstate) knownOf(classes []int) int {
	n := 0
	for _, c := range classes {
		n += z.known(c)
	}
	return n
}

func (z *zstate) seen(classes []int) int {
	n := 0
	for _, c := range classes {
		n += z.seenOut[c]
	}
	return n
}

func (z *zstate) anonIn() int {
	n := 0
	for _, it := range z.items {
		if it.kind == anonItem {
			n++
		}
	}
	return n
}

// resolve is the item an unseen move's card stands for: the card of its
// bag the dealer chose it took.
func (d *dealer) resolve(it item) item {
	for n := 0; it.kind == anonItem && it.anon < len(d.took) && n <= len(d.took); n++ {
		it = d.took[it.anon]
	}
	return it
}

// is notes that item it holds a card of class c.
func (d *dealer) is(it item, c int) {
	switch it.kind {
	case anonItem:
		d.anonIs[it.anon] = c
	case tokItem:
		if it.ev >= len(d.ofEv) || d.ofEv[it.ev] < 0 {
			return
		}
		g := d.groups[d.ofEv[it.ev]]
		ref := tokRef{it.ev, it.slot}
		if k, ok := g.index[ref]; ok {
			g.add(bound{toks: []int{k}, classes: []int{c}, lo: 1, hi: -1})
		} else {
			g.fixed[ref] = c
		}
	}
}

// limit adds the bound "at least lo and at most hi of z's tokens hold
// classes" to their group (see limitItems).
func (d *dealer) limit(z *zstate, classes []int, lo, hi int) {
	d.limitItems(z.items, classes, lo, hi)
}

// limitItems adds the bound "at least lo and at most hi of the tokens
// among items hold classes" to their group, when the tokens are all leaf
// tokens of one group (the exact check looks after the rest).
func (d *dealer) limitItems(items []item, classes []int, lo, hi int) {
	if lo <= 0 && hi < 0 {
		return
	}
	g := -1
	var toks []int
	for _, it := range items {
		if it.kind != tokItem {
			continue
		}
		if it.ev >= len(d.ofEv) || d.ofEv[it.ev] < 0 || g >= 0 && d.ofEv[it.ev] != g {
			return
		}
		g = d.ofEv[it.ev]
		k, ok := d.groups[g].index[tokRef{it.ev, it.slot}]
		if !ok {
			return
		}
		if !slices.Contains(toks, k) {
			toks = append(toks, k)
		}
	}
	if g < 0 {
		if lo > 0 {
			d.broke() // no card that could be of them
		}
		return
	}
	if lo > len(toks) {
		d.broke()
		return
	}
	d.groups[g].add(bound{toks: toks, classes: slices.Clone(classes), lo: max(lo, 0), hi: hi})
}

// add adds a bound to g, or tightens the one g has on the same tokens and
// classes.
func (g *group) add(b bound) {
	slices.Sort(b.toks)
	key := boundKey(b.toks, b.classes)
	if g.boundAt == nil {
		g.boundAt = map[string]int{}
	}
	i, ok := g.boundAt[key]
	if !ok {
		g.boundAt[key] = len(g.bounds)
		g.bounds = append(g.bounds, b)
		return
	}
	old := &g.bounds[i]
	old.lo = max(old.lo, b.lo)
	if b.hi >= 0 && (old.hi < 0 || b.hi < old.hi) {
		old.hi = b.hi
	}
}

// boundKey is a bound's tokens and classes as a map key.
func boundKey(toks, classes []int) string {
	key := make([]byte, 0, 2*(len(toks)+len(classes))+2)
	key = binary.AppendUvarint(key, uint64(len(toks)))
	for _, t := range toks {
		key = binary.AppendUvarint(key, uint64(t))
	}
	for _, c := range classes {
		key = binary.AppendUvarint(key, uint64(c))
	}
	return string(key)
}

// floor adds the bounds that say zone z holds at least n cards of
// classes, counting those seen leaving it since: its own tokens hold what
// its known cards and unseen arrivals do not; and its tokens with those of
// the zones its unseen arrivals came from (as they were then) hold what
// their known cards do not.
func (d *dealer) floor(z *zstate, classes []int, n int, from map[int]*zstate) {
	need := n + z.seen(classes) - z.knownOf(classes)
	d.limit(z, classes, need-z.anonIn(), -1)
	if z.anonIn() == 0 {
		return
	}
	items := slices.Clone(z.items)
	for _, it := range z.items {
		if it.kind != anonItem {
			continue
		}
		src := from[it.anon]
		if src == nil {
			return
		}
		// The source's cards of those classes that had left it before
		// are no longer there to give.
		need += src.seen(classes) - src.knownOf(classes) - src.anonIn()
		items = append(items, src.items...)
	}
	d.limitItems(items, classes, need, -1)
}

// broke notes that the beliefs are impossible: no deal meets them (the
// mirror met something the model cannot follow).
func (d *dealer) broke() {
	d.bad = true
}

// deal is one deal: a class for every token of the dealt shuffles, by
// event and slot (-1 where not dealt), and for every unknown move.
type deal struct {
	classes [][]int
	anon    []int
}

// maxDealTries bounds how often a group is dealt again after a dead end,
// and maxChecks how many deals the exact check may turn down.
const (
	maxDealTries = 40
	maxChecks    = 30
)

// sample deals a world, or returns nil when no deal was found.
func (d *dealer) sample(rng *interp.RNG) *deal {
	for round := 0; round < 3; round++ {
		if dl := d.sampleOnce(rng); dl != nil {
			return dl
		}
		d.rechoose(rng)
	}
	return nil
}

func (d *dealer) sampleOnce(rng *interp.RNG) *deal {
	if d.bad {
		return nil
	}
	for try := 0; try < maxChecks; try++ {
		dl := &deal{classes: make([][]int, len(d.b.events))}
		for e, ev := range d.b.events {
			dl.classes[e] = make([]int, ev.n)
			for p := range dl.classes[e] {
				dl.classes[e][p] = -1
			}
		}
		dealt := true
		for _, g := range d.groups {
			if g.ok && !g.deal(rng, dl) {
				dealt = false
				break
			}
		}
		if !dealt {
			return nil // a dead end every time: the bounds cannot be met
		}
		if d.check(rng, dl) {
			return dl
		}
	}
	return nil
}

// deal deals g into dl: bounds with a floor first, then the cards with
// the fewest slots left.
func (g *group) deal(rng *interp.RNG, dl *deal) bool {
	// The greedy deal first, as long as it succeeds often (most groups
	// meet their bounds that way at once), then the local search.
	if g.greedyTries < 2 || g.greedyOK*4 >= g.greedyTries {
		g.greedyTries++
		if g.dealOnce(rng, dl) {
			g.greedyOK++
			return true
		}
	}
	return g.dealLocal(rng, dl)
}

func (g *group) dealOnce(rng *interp.RNG, dl *deal) bool {
	n := len(g.toks)
	got := make([]int, n) // unit index by token, -1 free
	for i := range got {
		got[i] = -1
	}
	left := make([]int, len(g.units))
	for i, u := range g.units {
		left[i] = u.n
	}
	count := make([]int, len(g.bounds)) // tokens of the bound holding its classes
	inBound := make([][]int, n)         // bounds by token
	for bi, bd := range g.bounds {
		for _, t := range bd.toks {
			inBound[t] = append(inBound[t], bi)
		}
	}
	fits := func(t, ui int) bool {
		if got[t] >= 0 || left[ui] == 0 {
			return false
		}
		u := g.units[ui]
		if !slices.Contains(g.reach[u.entry], g.toks[t].ev) {
			return false
		}
		for _, bi := range inBound[t] {
			bd := &g.bounds[bi]
			if bd.hi >= 0 && count[bi] >= bd.hi && slices.Contains(bd.classes, u.class) {
				return false
			}
		}
		return true
	}
	place := func(t, ui int) {
		got[t] = ui
		left[ui]--
		c := g.units[ui].class
		for _, bi := range inBound[t] {
			if slices.Contains(g.bounds[bi].classes, c) {
				count[bi]++
			}
		}
	}
	// Floors first, the tightest first.
	order := make([]int, len(g.bounds))
	for i := range order {
		order[i] = i
	}
	rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	slices.SortStableFunc(order, func(x, y int) int { return len(g.bounds[x].toks) - len(g.bounds[y].toks) })
	for _, bi := range order {
		bd := &g.bounds[bi]
		for count[bi] < bd.lo {
			var cand [][2]int
			for _, t := range bd.toks {
				for ui, u := range g.units {
					if slices.Contains(bd.classes, u.class) && fits(t, ui) {
						for k := 0; k < left[ui]; k++ {
							cand = append(cand, [2]int{t, ui})
						}
					}
				}
			}
			if len(cand) == 0 {
				return false
			}
			c := cand[rng.Intn(len(cand))]
			place(c[0], c[1])
		}
	}
	// Then every card left, those with the fewest free slots first.
	for {
		best, bestN := -1, 0
		var slots []int
		for ui := range g.units {
			if left[ui] == 0 {
				continue
			}
			var s []int
			for t := 0; t < n; t++ {
				if fits(t, ui) {
					s = append(s, t)
				}
			}
			// The least slack first: slots to spare beyond the cards to place.
			if slack := len(s) - left[ui]; best < 0 || slack < bestN || slack == bestN && rng.Intn(2) == 0 {
				best, bestN, slots = ui, slack, s
			}
		}
		if best < 0 {
			break
		}
		if len(slots) == 0 {
			return false
		}
		place(slots[rng.Intn(len(slots))], best)
	}
	for bi, bd := range g.bounds {
		if count[bi] < bd.lo {
			return false
		}
	}
	for t, ui := range got {
		if ui < 0 {
			return false
		}
		dl.classes[g.toks[t].ev][g.toks[t].slot] = g.units[ui].class
	}
	g.fillFeeds(rng, dl, got)
	return true
}

// fillFeeds gives the slots that feed another shuffle of the group the
// cards that went on through them: those that entered at their shuffle or
// before it and ended further on.
func (g *group) fillFeeds(rng *interp.RNG, dl *deal, got []int) {
	for _, e := range g.events {
		slots := g.feeds[e]
		if len(slots) == 0 {
			continue
		}
		var through []int // classes that passed through e's feeding slots
		for t, ui := range got {
			u := g.units[ui]
			end := g.toks[t].ev
			if end == e || !slices.Contains(g.reach[u.entry], e) {
				continue
			}
			if i := slices.Index(g.reach[u.entry], e); i >= 0 && slices.Contains(g.reach[u.entry][i:], end) {
				through = append(through, u.class)
			}
		}
		rng.Shuffle(len(through), func(i, j int) { through[i], through[j] = through[j], through[i] })
		// The classes the seat saw in a feeding slot go there first.
		var free []int
		for _, p := range slots {
			if c, ok := g.fixed[tokRef{e, p}]; ok {
				if k := slices.Index(through, c); k >= 0 {
					dl.classes[e][p] = c
					through = slices.Delete(through, k, k+1)
					continue
				}
			}
			free = append(free, p)
		}
		for i, p := range free {
			if i < len(through) {
				dl.classes[e][p] = through[i]
			}
		}
	}
}

// has reports whether the deal dealt every slot of shuffle e.
func (dl *deal) has(e int) bool {
	if dl == nil || e >= len(dl.classes) {
		return false
	}
	for _, c := range dl.classes[e] {
		if c < 0 {
			return false
		}
	}
	return true
}

// classOf is the class of a card of a world (cards that look alike are
// one class, whatever their IDs), or -1.
func (d *dealer) classOf(c *interp.Card) int {
	for _, k := range d.b.byName[c.Name] {
		if d.b.classes[k].label == c.Label {
			return k
		}
	}
	return -1
}

// realize turns a shuffle's classes into an order of zone z's cards (IDs,
// bottom first): each slot a card of its class, the cards of a class in
// the order z holds them.
func (d *dealer) realize(z *interp.Zone, classes []int) ([]int, error) {
	if len(classes) != len(z.Cards) {
		return nil, fmt.Errorf("%d cards where the deal has %d", len(z.Cards), len(classes))
	}
	byClass := map[int][]int{}
	for _, c := range z.Cards {
		k := d.classOf(c)
		byClass[k] = append(byClass[k], c.ID)
	}
	order := make([]int, len(classes))
	for p, k := range classes {
		ids := byClass[k]
		if len(ids) == 0 {
			return nil, fmt.Errorf("no %s left for slot %d", d.b.classes[k].label, p+1)
		}
		order[p], byClass[k] = ids[0], ids[1:]
	}
	return order, nil
}

// bagMove is a card that left a bag at a step: of class (seen), or the
// card of unknown move anon (-1: seen); draw is the secret draw of the
// step it followed (from 1), 0 for none.
type bagMove struct {
	zone, class, anon, draw int
}

// movesByStep lists the cards that left bags, by step, in order: a world's
// secret draws take them (arranger.dealtDraw).
func (b *beliefs) movesByStep() map[int][]bagMove {
	out := map[int][]bagMove{}
	for _, o := range b.ops {
		switch o.kind {
		case opSeen:
			out[o.step] = append(out[o.step], bagMove{zone: o.zone, class: o.class, anon: -1, draw: o.draw})
		case opAnon:
			out[o.step] = append(out[o.step], bagMove{zone: o.zone, class: -1, anon: o.n, draw: o.draw})
		}
	}
	return out
}

// refit checks a world dealt at an earlier decision against the beliefs
// now: its shuffles as they came out, the groups of shuffles made since
// dealt afresh. It reports whether the world's deal still agrees (and
// then keeps the new deal in w).
func (d *dealer) refit(rng *interp.RNG, w *world) bool {
	if d.bad {
		return false
	}
	dl := &deal{classes: make([][]int, len(d.b.events))}
	for e, ev := range d.b.events {
		dl.classes[e] = make([]int, ev.n)
		for p := range dl.classes[e] {
			dl.classes[e][p] = -1
		}
	}
	for _, g := range d.groups {
		if !g.ok {
			continue
		}
		whole := true
		for _, e := range g.events {
			whole = whole && e < len(w.orders) && len(w.orders[e]) == d.b.events[e].n
		}
		if !whole {
			for _, e := range g.events {
				if e < len(w.orders) {
					w.orders[e] = nil
				}
			}
			if !g.deal(rng, dl) {
				return false
			}
			continue
		}
		for _, e := range g.events {
			for p, id := range w.orders[e] {
				if id < len(d.b.classOf) {
					dl.classes[e][p] = d.b.classOf[id]
				}
			}
		}
	}
	var took []int // what the world's unseen moves took, as it was built
	if w.deal != nil {
		took = append([]int{}, w.deal.anon...)
	}
	if !d.walk(rng, dl, took) {
		return false
	}
	w.deal = dl
	return true
}
