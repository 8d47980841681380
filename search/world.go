package search

import (
	"errors"
	"fmt"
	"sort"

	"github.com/tabletop/tabletop/interp"
)

// A world is one determinization: a complete game that agrees with an
// Observation. It is kept as a recipe — the seed of its secret draws, how
// each shuffle came out, what every seat chose — so that a replay rebuilds
// it (see forward.go), and so that it can be carried to the next decision
// and changed a little (mutate) into another.
type world struct {
	seed   uint64  // the match's generator: t:shuffle of a list, math.random, t:random past the present
	orders [][]int // by event: the cards in shuffled order (IDs, bottom first); nil until built
	texts  []string
	// draws are the game's secret draws (t:random) up to the present, in
	// order: guessed when first made, changed by the builder when what the
	// seat read next disagrees (builder.redraw).
	draws []draw
	// dice are the faces of the dice thrown under cups up to the present,
	// by throw, where the seat has not seen them: guessed when first
	// thrown (0: not guessed yet).
	dice []int
	// reached is how far the last build got, when it failed: worlds that
	// get further are better starting points for a repair.
	reached int
	// deal, when set, is the deal the seat's beliefs gave the world
	// (sample.go): its shuffles come out as it says, and its secret draws
	// take the cards it says. dealt marks, by event, the orders made from
	// it (kept as they are, never repaired card by card).
	deal  *deal
	dealt []bool
}

// draw is one secret draw of a world: v of 1..n, made at a step of the
// observation (the step its consequences are read after, at the earliest)
// when the world's log held logAt lines.
type draw struct {
	n, v, step, logAt int
	seen              bool // changing it departs at once (redrawOne)
}

// clone copies w deeply enough to change it.
func (w *world) clone() *world {
	c := &world{seed: w.seed, texts: append([]string(nil), w.texts...), draws: append([]draw(nil), w.draws...), dice: append([]int(nil), w.dice...), reached: w.reached, deal: w.deal, dealt: append([]bool(nil), w.dealt...)}
	c.orders = make([][]int, len(w.orders))
	for i, o := range w.orders {
		c.orders[i] = append([]int(nil), o...)
	}
	return c
}

// errDeparts says a world cannot agree with what the seat saw.
var errDeparts = errors.New("the world departs from what the seat saw")

// arranger is the Chance of a world's replay: each shuffle the seat saw
// comes out as the world's order (built on first use: the cards the seat
// saw where it saw them, the others at random); later shuffles and every
// die past those the seat saw are the match's own.
type arranger struct {
	obs *Observation
	w   *world
	rng *interp.RNG // builds orders
	n   int         // shuffles so far
	// fail is set when a shuffle could not agree with the observation.
	fail error
	// lenient arrangers shuffle at random where they cannot agree.
	lenient bool
	// building is set while the builder replays the world up to the
	// present: new secret draws are guessed (Draw); step is the step
	// being replayed, and d counts the draws so far.
	building bool
	step, d  int
	// dl deals the world's cards when it has a deal; drawn counts, by
	// step, the secret draws made so far.
	dl    *dealer
	drawn map[int]int
}

func (a *arranger) Roll(m *interp.Match, sides int) int { return m.RollDie(sides) }

// Throw implements interp.DiceChance: up to the present, a die the seat
// saw shows what it saw, and one it did not the world's guess (made the
// first time, at random); past the present, the match's own.
func (a *arranger) Throw(m *interp.Match, n, sides int) (int, error) {
	if n > len(a.obs.Dice) {
		return m.RollDie(sides), nil
	}
	if f := a.obs.Dice[n-1]; f > 0 {
		if f > sides {
			a.fail = fmt.Errorf("%w: throw %d showed %d, and its die has %d sides", errDeparts, n, f, sides)
			return 0, a.fail
		}
		return f, nil
	}
	for len(a.w.dice) < n {
		a.w.dice = append(a.w.dice, 0)
	}
	if f := a.w.dice[n-1]; f < 1 || f > sides {
		a.w.dice[n-1] = 1 + a.rng.Intn(sides)
	}
	return a.w.dice[n-1], nil
}

// ForkChance implements interp.ChanceForker: the fork's arranger counts
// its shuffles apart, and shares the observation, the world and the
// generator as every replay's arranger does. (Past the present, where
// forks play, an arranger shuffles with the match's own generator and
// changes neither.)
func (a *arranger) ForkChance() interp.Chance {
	c := *a
	return &c
}

// Draw implements interp.SecretChance: up to the present, the world's
// draw — guessed the first time, while the world is being built — and
// past it the match's own.
func (a *arranger) Draw(m *interp.Match, n int) int {
	j := a.d
	a.d++
	ws := a.w.draws
	switch {
	case j < len(ws) && ws[j].n == n:
		if a.building {
			ws[j].step, ws[j].logAt = a.step, m.LogLen()
		}
		return ws[j].v
	case !a.building:
		return m.DrawSecret(n)
	}
	v := 1 + a.rng.Intn(n)
	if dv, ok := a.dealtDraw(m, n); ok {
		v = dv
	}
	d := draw{n: n, v: v, step: a.step, logAt: m.LogLen()}
	if j < len(ws) { // the game went otherwise before it: another draw
		ws[j] = d
	} else {
		a.w.draws = append(ws, d)
	}
	return d.v
}

func (a *arranger) Shuffle(m *interp.Match, z *interp.Zone) error {
	i := a.n
	a.n++
	if i >= len(a.obs.Events) {
		return m.ShuffleCards(z)
	}
	ev := &a.obs.Events[i]
	if z.ID != ev.Zone || len(z.Cards) != ev.N {
		return a.depart(m, z, fmt.Errorf("%w: shuffle %d is of another zone or size", errDeparts, i+1))
	}
	for len(a.w.orders) <= i {
		a.w.orders = append(a.w.orders, nil)
	}
	for len(a.w.dealt) <= i {
		a.w.dealt = append(a.w.dealt, false)
	}
	if a.w.orders[i] == nil && a.dl != nil && a.w.deal.has(i) {
		order, err := a.dl.realize(z, a.w.deal.classes[i])
		if err != nil {
			return a.depart(m, z, fmt.Errorf("%w: shuffle %d: %v", errDeparts, i+1, err))
		}
		a.w.orders[i], a.w.dealt[i] = order, true
	}
	if a.w.dealt[i] && len(a.w.orders[i]) == len(z.Cards) {
		return a.lay(z, a.w.orders[i])
	}
	order, err := a.order(ev, z, a.w.orders[i])
	if err != nil {
		return a.depart(m, z, fmt.Errorf("%w: shuffle %d: %v", errDeparts, i+1, err))
	}
	a.w.orders[i], a.w.dealt[i] = order, false
	return a.lay(z, order)
}

// lay puts z's cards in order (card IDs, bottom first); it departs when
// the order is not of z's cards.
func (a *arranger) lay(z *interp.Zone, order []int) error {
	byID := make(map[int]*interp.Card, len(z.Cards))
	for _, c := range z.Cards {
		byID[c.ID] = c
	}
	cards := make([]*interp.Card, len(order))
	for p, id := range order {
		if cards[p] = byID[id]; cards[p] == nil {
			a.fail = fmt.Errorf("%w: a shuffle holds other cards than the world's", errDeparts)
			return a.fail
		}
		delete(byID, id)
	}
	copy(z.Cards, cards)
	return nil
}

// dealtDraw is the secret draw that takes the card the world's deal says
// the draw moved: the seat's model notes which cards left their zones
// after each secret draw of a step (the mirror looks before every draw),
// and the world's draw takes a card of that class from that zone when the
// zone holds n cards (t:random(#zone), then zone:at(i), as Andy Capp's
// Loan takes a card from a hand).
func (a *arranger) dealtDraw(m *interp.Match, n int) (int, bool) {
	if a.dl == nil || a.w.deal == nil {
		return 0, false
	}
	if a.drawn == nil {
		a.drawn = map[int]int{}
	}
	a.drawn[a.step]++
	for _, mv := range a.dl.bagMoves[a.step] {
		if mv.draw != a.drawn[a.step] {
			continue
		}
		class := mv.class
		if mv.anon >= 0 {
			if mv.anon >= len(a.w.deal.anon) {
				continue
			}
			class = a.w.deal.anon[mv.anon]
		}
		if mv.zone < 1 || mv.zone > len(m.Zones) || class < 0 {
			continue
		}
		z := m.Zones[mv.zone-1]
		if len(z.Cards) != n {
			continue
		}
		for i, c := range z.Cards {
			if a.dl.classOf(c) == class {
				return i + 1, true
			}
		}
	}
	return 0, false
}

// depart notes that the world cannot agree with the observation; a
// lenient arranger shuffles at random instead.
func (a *arranger) depart(m *interp.Match, z *interp.Zone, err error) error {
	if a.lenient {
		return m.ShuffleCards(z)
	}
	a.fail = err
	return err
}

// order returns the order of zone z's cards for event ev: the world's
// previous order kept where it still agrees, else a new one.
func (a *arranger) order(ev *Event, z *interp.Zone, prev []int) ([]int, error) {
	in := make(map[int]bool, len(z.Cards))
	for _, c := range z.Cards {
		in[c.ID] = true
	}
	if len(prev) == len(z.Cards) && sameSet(prev, in) {
		order := append([]int(nil), prev...)
		if a.repair(ev, order) {
			return order, nil
		}
	}
	return a.fresh(ev, z, in)
}

// fresh builds a new order: the seen cards first, each in a free slot it
// may have had (the most constrained first), then the cards that must
// reach a later shuffle, then the rest at random.
func (a *arranger) fresh(ev *Event, z *interp.Zone, in map[int]bool) ([]int, error) {
	order := make([]int, len(z.Cards))
	placed := make(map[int]bool, len(ev.Fixed))
	fixed := append([]Fixed(nil), ev.Fixed...)
	sort.SliceStable(fixed, func(i, j int) bool { return len(fixed[i].Slots) < len(fixed[j].Slots) })
	for _, f := range fixed {
		if !in[f.Card] {
			return nil, fmt.Errorf("card %d the seat saw is not in it", f.Card)
		}
		p := a.pick(order, f.Slots, nil)
		if p < 0 {
			return nil, fmt.Errorf("no free slot for card %d", f.Card)
		}
		order[p], placed[f.Card] = f.Card, true
	}
	for _, nd := range ev.Need {
		if placed[nd.Card] {
			continue
		}
		if !in[nd.Card] {
			return nil, fmt.Errorf("card %d the seat saw later is not in it", nd.Card)
		}
		p := a.pick(order, nil, func(p int) bool { return ev.Next[p] == nd.Next })
		if p < 0 {
			return nil, fmt.Errorf("no slot leads card %d where the seat saw it", nd.Card)
		}
		order[p], placed[nd.Card] = nd.Card, true
	}
	var rest []int
	for _, c := range z.Cards {
		if !placed[c.ID] {
			rest = append(rest, c.ID)
		}
	}
	a.rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	for p := range order {
		if order[p] == 0 {
			order[p], rest = rest[0], rest[1:]
		}
	}
	return order, nil
}

// pick returns a random free slot among slots (all slots when nil) that
// ok accepts (any when nil), or -1.
func (a *arranger) pick(order []int, slots []int, ok func(int) bool) int {
	var free []int
	consider := func(p int) {
		if p >= 0 && p < len(order) && order[p] == 0 && (ok == nil || ok(p)) {
			free = append(free, p)
		}
	}
	if slots != nil {
		for _, p := range slots {
			consider(p)
		}
	} else {
		for p := range order {
			consider(p)
		}
	}
	if len(free) == 0 {
		return -1
	}
	return free[a.rng.Intn(len(free))]
}

// repair moves the cards of a previous order that the seat has seen since
// into slots they may have had, swapping with unconstrained cards. It
// reports false when it cannot.
func (a *arranger) repair(ev *Event, order []int) bool {
	pos := make(map[int]int, len(order))
	for p, id := range order {
		pos[id] = p
	}
	locked := make([]bool, len(order))
	// moveToOneOf swaps the card at p with one of free, at random, and
	// locks the slot it lands in; false when free is empty.
	moveToOneOf := func(p int, free []int) bool {
		if len(free) == 0 {
			return false
		}
		q := free[a.rng.Intn(len(free))]
		order[p], order[q] = order[q], order[p]
		pos[order[p]], pos[order[q]] = p, q
		locked[q] = true
		return true
	}
	fixed := append([]Fixed(nil), ev.Fixed...)
	sort.SliceStable(fixed, func(i, j int) bool { return len(fixed[i].Slots) < len(fixed[j].Slots) })
	for _, f := range fixed {
		p, ok := pos[f.Card]
		if !ok {
			return false
		}
		if contains(f.Slots, p) && !locked[p] {
			locked[p] = true
			continue
		}
		var free []int
		for _, q := range f.Slots {
			if q < len(order) && !locked[q] {
				free = append(free, q)
			}
		}
		if !moveToOneOf(p, free) {
			return false
		}
	}
	for _, nd := range ev.Need {
		p, ok := pos[nd.Card]
		if !ok {
			return false
		}
		if locked[p] {
			continue
		}
		if ev.Next[p] == nd.Next {
			locked[p] = true
			continue
		}
		var free []int
		for q := range order {
			if !locked[q] && ev.Next[q] == nd.Next {
				free = append(free, q)
			}
		}
		if !moveToOneOf(p, free) {
			return false
		}
	}
	return true
}

// freeSlots lists the slots of event i's order in w that hold cards the
// seat has not seen and that need not reach a later shuffle: the cards a
// world may move without leaving the observation.
func freeSlots(ev *Event, order []int) []int {
	bound := map[int]bool{}
	for _, f := range ev.Fixed {
		bound[f.Card] = true
	}
	for _, nd := range ev.Need {
		bound[nd.Card] = true
	}
	var out []int
	for p, id := range order {
		if !bound[id] {
			out = append(out, p)
		}
	}
	return out
}

func sameSet(ids []int, in map[int]bool) bool {
	for _, id := range ids {
		if !in[id] {
			return false
		}
	}
	return true
}

func contains(list []int, x int) bool {
	for _, v := range list {
		if v == x {
			return true
		}
	}
	return false
}
