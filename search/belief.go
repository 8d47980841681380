package search

import (
	"maps"
	"slices"

	"github.com/tabletop/tabletop/interp"
)

// Belief over hands: what the seat knows of the cards it cannot see, kept
// so that a world can be dealt that agrees with all of it at once (see
// sample.go), rather than found by replaying deals at random and repairing
// them card by card.
//
// The mirror follows the true game, and after every step — and before
// every shuffle, so that what happens between two shuffles of one step is
// not lost — it notes how the cards moved, in terms the seat could follow:
//
//   - A shuffle turns a zone's cards into tokens, one per slot: the card
//     that came out of slot p of shuffle e. Which card that is, the seat
//     does not know; the world decides.
//   - A pile keeps the order its shuffle gave it while cards leave and come
//     at its ends (dealt, drawn, put on top): a card dealt from the top is
//     a token the seat can follow, into a hand and on. A zone whose order
//     changes otherwise — a hand sorted, a card taken from its middle — is
//     a bag from then on: its cards are alike to the seat until seen.
//   - A card the seat sees leave a zone (played, laid open, shown as it
//     moves) is a card of its class leaving: the zone held one. Coming off
//     the end of a pile, it also says which token it was.
//   - A card leaving a bag unseen (a Loan's card, a discard face down) is a
//     card of the zone, the seat does not know which: a new unknown, whose
//     class the world chooses among what the zone held then.
//   - A card the seat sees lying in a zone (its own hand, a card shown to
//     it) says the zone holds at least so many of its class.
//
// Cards that look alike (same name and label) form a class: which of two
// beers went where is nothing the seat can tell, and nothing it is told.
// Everything here is what the seat could follow at the table; the truth's
// card IDs never leave the mirror, only the classes the seat saw.
//
// What the rules add — a player who did not follow suit holds none of it —
// the script states through its belief hook (interp.Belief), as facts
// about a zone at the prompt of a decision; they join the ops as
// constraints at that moment.

// itemKind says what the seat knows of a card in its model of a zone.
type itemKind uint8

const (
	tokItem   itemKind = iota // the card of slot slot of shuffle ev
	knownItem                 // a card of class class
	anonItem                  // the card that unknown move anon moved
)

// item is one card as the seat's model of a zone holds it.
type item struct {
	kind     itemKind
	ev, slot int // tokItem
	class    int // knownItem
	anon     int // anonItem
}

// opKind is the kind of one op of the seat's model.
type opKind uint8

const (
	opShuffle opKind = iota // zone shuffled: event n; its cards become the event's tokens
	opMove                  // it left zone (from an end: the seat knows which) for to
	opIs                    // it is a card of class class (seen where the order shows which)
	opSeen                  // a card of class class, seen, left zone for to (zone 0: made)
	opAnon                  // an unseen card of zone left it for to: unknown move n
	opSight                 // zone holds at least n cards of class class (seen there)
	opEmpty                 // zone is empty: its model forgets what it held
	opLook                  // the end of a look: the moves since the last came in an order the seat cannot tell
)

// op is one thing the seat saw happen to the cards.
type op struct {
	kind     opKind
	zone, to int // zone IDs
	it       item
	class, n int
	step     int // the step it happened in (-1: before the first decision)
	draw     int // the secret draws of the step before it (a move a draw made follows it)
}

// beliefs is the seat's model of the hidden cards: the ops so far, the
// shuffles' pools, the unknown moves and the facts the script stated.
type beliefs struct {
	classOf []int      // by card ID: its class, -1 for none
	classes []cardKind // by class
	byName  map[string][]int
	events  []bevent
	anons   []anonMove
	ops     []op
	// bounds[b] is the number of ops made when b decisions had been
	// made: the prompt of decision b+1.
	bounds []int
	// facts are the script's, by bound (resolved to zone IDs and
	// classes); factsAt is the number of decisions when they were read.
	facts   []bfact
	factsAt int
	// broken is set when the mirror met something the model cannot
	// follow (a card with no zone): the belief then samples nothing.
	broken bool
}

// cardKind is a class of cards that look alike.
type cardKind struct {
	name, label string
	ids         []int
}

// bevent is one shuffle as the seat's model sees it: the zone, how many
// cards, and what went into it — the items the zone held then, less the
// cards seen or unseen leaving it since its model last started afresh.
type bevent struct {
	zone, n  int
	pool     []item
	goneSeen []int // classes seen leaving the zone before, one entry each
	goneAnon int   // unseen cards that left it before
	// all, when set, is what the zone held when it held every card of the
	// match: how many of each class (the seat knows what the game has).
	all map[int]int
}

// anonMove is a card that left a bag unseen: from, to, at which step.
type anonMove struct {
	from, to, step int
}

// bfact is a fact of the script's at a bound: the zone held at least min
// and at most max (max < 0: no bound) of the classes.
type bfact struct {
	bound, zone int
	classes     []int
	min, max    int
}

// zmodel is the seat's model of one zone: its items (for a pile, in the
// pile's order, beside the true card IDs they stand for).
type zmodel struct {
	items   []item
	ids     []int // ordered zones: the true card IDs, as the items
	ordered bool
}

// tracker builds a seat's beliefs as the mirror follows the true game.
type tracker struct {
	seat  int
	b     *beliefs
	zones []zmodel // by zone ID - 1
	where []int    // by card ID: its zone ID at the last look, 0 none
	vis   []bool   // by card ID: visible to the seat at the last look
	logAt int      // the log's length at the last look
	step  int      // the step being followed (decisions made before it)
	// sighted is what the last sightings said: zone → class → count
	// visible; itemSeen the items of ordered zones said to be known.
	sighted  map[int]map[int]int
	itemSeen map[item]bool
	// truth is, by card ID, the item the card truly is, and tookTruth, by
	// unseen move, the item it truly took: for tests that check the true
	// game against the beliefs. Nothing of them reaches the beliefs.
	truth     map[int]item
	tookTruth []item
	// onMove, when set, is told of every card that moved, as the seat's
	// model has it (the mirror's slot sets, observe.go).
	onMove func(id, from, to int, it item)
	// gained and lost are the zones that cards entered and left since the
	// last look (moving); drawn counts the secret draws of the step.
	gained, lost map[int]bool
	drawn        int
}

func newTracker(seat int) *tracker {
	return &tracker{seat: seat, step: -1, b: &beliefs{byName: map[string][]int{}}, sighted: map[int]map[int]int{}, itemSeen: map[item]bool{}, truth: map[int]item{}}
}

// learnCards gives classes to cards new since the last look.
func (tr *tracker) learnCards(m *interp.Match) {
	b := tr.b
	for len(b.classOf) <= len(m.Cards) {
		b.classOf = append(b.classOf, -1)
	}
	for len(tr.where) <= len(m.Cards) {
		tr.where = append(tr.where, 0)
		tr.vis = append(tr.vis, false)
	}
	for len(tr.zones) < len(m.Zones) {
		tr.zones = append(tr.zones, zmodel{})
	}
	for _, c := range m.Cards {
		if b.classOf[c.ID] >= 0 {
			continue
		}
		k := -1
		for _, i := range b.byName[c.Name] {
			if b.classes[i].label == c.Label {
				k = i
			}
		}
		if k < 0 {
			k = len(b.classes)
			b.classes = append(b.classes, cardKind{name: c.Name, label: c.Label})
			b.byName[c.Name] = append(b.byName[c.Name], k)
		}
		b.classOf[c.ID] = k
		b.classes[k].ids = append(b.classes[k].ids, c.ID)
	}
}

// look brings the model up to the match: the cards that moved since the
// last look, and what the seat sees now.
func (tr *tracker) look(m *interp.Match) {
	clear(tr.gained)
	clear(tr.lost)
	if tr.b.broken {
		return
	}
	tr.learnCards(m)
	named := map[int]bool{}
	for _, l := range m.LogFor(tr.seat, tr.logAt) {
		for _, id := range l.Cards {
			named[id] = true
		}
	}
	tr.logAt = m.LogLen()
	type move struct {
		c    *interp.Card
		from int
	}
	var moves []move
	for _, c := range m.Cards {
		if c.Zone == nil {
			tr.b.broken = true
			return
		}
		if tr.where[c.ID] != c.Zone.ID {
			moves = append(moves, move{c, tr.where[c.ID]})
		}
	}
	// What leaves each zone: from an ordered pile's ends, the items there.
	leaving := map[int]map[int]item{} // zone → card ID → item, for end removals
	for _, z := range m.Zones {
		zm := &tr.zones[z.ID-1]
		if zm.ordered {
			leaving[z.ID] = zm.endRemovals(z)
		}
	}
	seenMoving := func(c *interp.Card) (moving, seen bool) {
		// Seen as it moved: known before, named, or laid open. A card
		// seen only once in a hand is one of the hand's, not a slot's.
		moving = tr.vis[c.ID] || named[c.ID] || c.Zone.Vis == interp.Public && c.VisibleTo(tr.seat)
		return moving, moving || c.VisibleTo(tr.seat)
	}
	// The moves of a batch come in an order the seat cannot tell: they
	// are taken in one it can (from, to, and which slot or card it saw),
	// not by the cards' true IDs.
	key := func(mv move) [4]int {
		k := [4]int{mv.from, mv.c.Zone.ID, -1, -1}
		if it, ok := leaving[mv.from][mv.c.ID]; ok {
			k[2], k[3] = it.ev, it.slot
		} else if _, seen := seenMoving(mv.c); seen {
			k[3] = tr.b.classOf[mv.c.ID]
		}
		return k
	}
	slices.SortStableFunc(moves, func(a, b move) int {
		ka, kb := key(a), key(b)
		return slices.Compare(ka[:], kb[:])
	})
	incoming := map[int][]moved{} // zone → cards arriving, with their items
	for _, mv := range moves {
		c, from := mv.c, mv.from
		to := c.Zone.ID
		class := tr.b.classOf[c.ID]
		moving, seen := seenMoving(c)
		var it item
		switch ends, ok := leaving[from][c.ID]; {
		case from == 0: // made just now: the script says which card it is
			it = item{kind: knownItem, class: class}
			tr.add(op{kind: opSeen, to: to, class: class})
		case ok:
			it = ends
			tr.add(op{kind: opMove, zone: from, to: to, it: it})
			if moving && it.kind != knownItem {
				tr.add(op{kind: opIs, it: it, class: class})
				tr.itemSeen[it] = true
			}
		case seen:
			it = item{kind: knownItem, class: class}
			tr.add(op{kind: opSeen, zone: from, to: to, class: class})
		default:
			a := len(tr.b.anons)
			tr.b.anons = append(tr.b.anons, anonMove{from: from, to: to, step: tr.step})
			tr.tookTruth = append(tr.tookTruth, tr.truth[c.ID])
			it = item{kind: anonItem, anon: a}
			tr.add(op{kind: opAnon, zone: from, to: to, n: a})
		}
		tr.truth[c.ID] = it
		if tr.onMove != nil {
			tr.onMove(c.ID, from, to, it)
		}
		incoming[to] = append(incoming[to], moved{id: c.ID, it: it})
	}
	var empty []int
	for _, z := range m.Zones {
		zm := &tr.zones[z.ID-1]
		zm.settle(z, leaving[z.ID], incoming[z.ID])
		if len(z.Cards) == 0 && len(zm.items) > 0 {
			zm.items, zm.ids = nil, nil
			empty = append(empty, z.ID)
			delete(tr.sighted, z.ID)
		}
	}
	tr.sight(m)
	for _, c := range m.Cards {
		tr.where[c.ID] = c.Zone.ID
		tr.vis[c.ID] = c.VisibleTo(tr.seat)
	}
	if ops := tr.b.ops; len(ops) > 0 && ops[len(ops)-1].kind != opLook {
		tr.add(op{kind: opLook})
	}
	for _, z := range empty { // once the batch has settled
		tr.add(op{kind: opEmpty, zone: z})
	}
}

// moving is told of a card about to move to zone to: a card leaving a
// zone that gained cards since the last look, or entering one that lost
// cards, ends the batch first (look).
func (tr *tracker) moving(m *interp.Match, c *interp.Card, to *interp.Zone) {
	from := 0
	if c.Zone != nil {
		from = c.Zone.ID
	}
	if tr.gained[from] || tr.lost[to.ID] {
		tr.look(m)
	}
	if tr.gained == nil {
		tr.gained, tr.lost = map[int]bool{}, map[int]bool{}
	}
	tr.gained[to.ID] = true
	if from != 0 {
		tr.lost[from] = true
	}
}

// moved is a card arriving in a zone, and its item.
type moved struct {
	id int
	it item
}

// endRemovals returns the items of an ordered zone's cards that left it
// from its ends since the last look, by card ID; when cards left from
// elsewhere or the order changed, none (the zone becomes a bag).
func (zm *zmodel) endRemovals(z *interp.Zone) map[int]item {
	in := make(map[int]bool, len(z.Cards))
	for _, c := range z.Cards {
		in[c.ID] = true
	}
	i, j := 0, len(zm.ids)
	for i < j && !in[zm.ids[i]] {
		i++
	}
	for j > i && !in[zm.ids[j-1]] {
		j--
	}
	for k := i; k < j; k++ {
		if !in[zm.ids[k]] {
			zm.ordered = false // one left from the middle
			return nil
		}
	}
	out := map[int]item{}
	for k := 0; k < len(zm.ids); k++ {
		if k < i || k >= j {
			out[zm.ids[k]] = zm.items[k]
		}
	}
	return out
}

// settle brings a zone's model up to z: the items that left go, those that
// came join — in order, for a pile whose cards stayed in their order and
// came at its ends.
func (zm *zmodel) settle(z *interp.Zone, left map[int]item, came []moved) {
	if len(came) == 0 && len(left) == 0 && (!zm.ordered || len(zm.ids) == len(z.Cards)) {
		return
	}
	byID := map[int]item{}
	for k, id := range zm.ids {
		if _, gone := left[id]; !gone {
			byID[id] = zm.items[k]
		}
	}
	for _, mv := range came {
		byID[mv.id] = mv.it
	}
	if zm.ordered && keptInOrder(zm.ids, z) {
		zm.items, zm.ids = zm.items[:0:0], zm.ids[:0:0]
		for _, c := range z.Cards {
			zm.items = append(zm.items, byID[c.ID])
			zm.ids = append(zm.ids, c.ID)
		}
		return
	}
	// A bag: items that left unseen or seen stay (the seat cannot tell
	// which they were); the items of a pile become a bag's.
	if zm.ordered {
		zm.ordered = false
		var kept []item
		for k, id := range zm.ids {
			if _, gone := left[id]; !gone {
				kept = append(kept, zm.items[k])
			}
		}
		zm.items = kept
	}
	zm.ids = nil
	for _, mv := range came {
		zm.items = append(zm.items, mv.it)
	}
}

// keptInOrder reports whether the cards of old still in z lie in z in
// their old order, side by side (new cards only at the ends).
func keptInOrder(old []int, z *interp.Zone) bool {
	pos := make(map[int]int, len(z.Cards))
	for k, c := range z.Cards {
		pos[c.ID] = k
	}
	prev := -1
	first, n := -1, 0
	for _, id := range old {
		p, ok := pos[id]
		if !ok {
			continue
		}
		if p <= prev {
			return false
		}
		if first < 0 {
			first = p
		}
		prev = p
		n++
	}
	return n == 0 || prev-first+1 == n
}

// sight notes what the seat sees lying in each zone: in a bag, how many of
// each class (when that changed); in a pile, which item each seen card is.
func (tr *tracker) sight(m *interp.Match) {
	for _, z := range m.Zones {
		zm := &tr.zones[z.ID-1]
		if z.Vis == interp.Public && !zm.ordered {
			continue // every card came in seen (look): nothing more to say
		}
		counts := map[int]int{}
		for k, c := range z.Cards {
			if !c.VisibleTo(tr.seat) {
				continue
			}
			class := tr.b.classOf[c.ID]
			if zm.ordered && k < len(zm.items) {
				if it := zm.items[k]; it.kind != knownItem && !tr.itemSeen[it] {
					tr.itemSeen[it] = true
					tr.add(op{kind: opIs, it: it, class: class})
				}
				continue
			}
			counts[class]++
		}
		last := tr.sighted[z.ID]
		for _, class := range slices.Sorted(maps.Keys(counts)) {
			if n := counts[class]; last[class] != n {
				tr.add(op{kind: opSight, zone: z.ID, class: class, n: n})
			}
		}
		if len(counts) > 0 || len(last) > 0 {
			tr.sighted[z.ID] = counts
		}
	}
}

// beforeShuffle brings the model up to the match just before a shuffle:
// what happened between two shuffles of one step is seen apart.
func (tr *tracker) beforeShuffle(m *interp.Match) { tr.look(m) }

// shuffled notes the shuffle of z, event ev, once its cards lie in their
// shuffled order: its pool is what the zone held, its cards tokens.
func (tr *tracker) shuffled(m *interp.Match, z *interp.Zone, ev int) {
	if tr.b.broken {
		return
	}
	zm := &tr.zones[z.ID-1]
	e := bevent{zone: z.ID, n: len(z.Cards), pool: append([]item(nil), zm.items...)}
	if len(z.Cards) == len(m.Cards) {
		e.all = map[int]int{}
		for _, c := range z.Cards {
			e.all[tr.b.classOf[c.ID]]++
		}
	}
	e.goneSeen, e.goneAnon = tr.gone(z.ID)
	for len(tr.b.events) < ev {
		tr.b.events = append(tr.b.events, bevent{}) // not followed (cannot happen)
	}
	tr.b.events = append(tr.b.events[:ev], e)
	tr.add(op{kind: opShuffle, zone: z.ID, n: ev})
	zm.items, zm.ids, zm.ordered = nil, nil, true
	open := z.Shows(tr.seat)
	for p, c := range z.Cards {
		zm.items = append(zm.items, item{kind: tokItem, ev: ev, slot: p})
		zm.ids = append(zm.ids, c.ID)
		tr.truth[c.ID] = zm.items[p]
		// What the seat knew of the card is gone with the shuffle (the
		// engine forgets it once the shuffle returns): dealt from here,
		// it is a slot's card, not one the seat saw moving.
		tr.vis[c.ID] = open
	}
	delete(tr.sighted, z.ID)
}

// gone returns the cards seen and unseen leaving zone since its model last
// started afresh (a shuffle, or the zone empty).
func (tr *tracker) gone(zone int) (seen []int, anon int) {
	for i := len(tr.b.ops) - 1; i >= 0; i-- {
		o := tr.b.ops[i]
		switch {
		case (o.kind == opShuffle || o.kind == opEmpty) && o.zone == zone:
			return seen, anon
		case o.kind == opSeen && o.zone == zone:
			seen = append(seen, o.class)
		case o.kind == opAnon && o.zone == zone:
			anon++
		}
	}
	return seen, anon
}

// bound notes that the step is over: b decisions have been made. The
// mirror has looked at the match since the step's last move.
func (tr *tracker) bound(b int) {
	for len(tr.b.bounds) <= b {
		tr.b.bounds = append(tr.b.bounds, len(tr.b.ops))
	}
	tr.b.bounds[b] = len(tr.b.ops)
	tr.step, tr.drawn = b, 0
}

func (tr *tracker) add(o op) {
	o.step, o.draw = tr.step, tr.drawn
	tr.b.ops = append(tr.b.ops, o)
}

// drawing notes a secret draw: the mirror looks first, so that what moved
// before it and what it moves are told apart.
func (tr *tracker) drawing(m *interp.Match) {
	tr.look(m)
	tr.drawn++
}

// setFacts resolves the script's facts (interp.Belief) against the mirror's
// match: zones by owner and name, cards by name (every class of the name).
func (b *beliefs) setFacts(m *interp.Match, facts []interp.Fact, decisions int) {
	b.facts = b.facts[:0]
	b.factsAt = decisions
	for _, f := range facts {
		z := m.ZoneNamed(f.Owner, f.Zone)
		if z == nil {
			continue
		}
		bound := f.At - 1
		if f.At == 0 {
			bound = decisions
		}
		bf := bfact{bound: bound, zone: z.ID, min: f.Min, max: f.Max}
		for _, name := range f.Cards {
			bf.classes = append(bf.classes, b.byName[name]...)
		}
		slices.Sort(bf.classes)
		bf.classes = slices.Compact(bf.classes)
		if len(bf.classes) == 0 && bf.min <= 0 {
			continue // about no card the game has
		}
		b.facts = append(b.facts, bf)
	}
}
