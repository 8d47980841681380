package interp

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/luahost"
)

// The module holders (require "holders", in every state): who holds which
// card, worked out in Go — a deduction game's notebook (Cluedo's
// detective), or any bot that reasons about hidden hands. Cards are
// numbered 1..cards, places 0..places (a seat, a deck, an envelope: the
// script says which is which). Every card lies in exactly one place. A
// script states what it knows and asks what follows:
//
//	h = holders.new(cards, places)
//	h:holds(card, place)          the card lies in the place
//	h:lacks(card, place)          it does not
//	h:exactly(place, n [, list])  the place holds exactly n of the cards listed (nil: of all)
//	h:some(place, list)           the place holds at least one of them
//	h:solve()                     works out what follows; false if the facts contradict
//	h:may(card, place)            may the card still lie there?
//	h:places(card)                in how many places it may still lie
//	h:holder(card)                its place once only one is left, else nil
//
// solve applies the rules above until nothing changes, then tries each
// remaining possibility on its own (the card in that place) and drops it
// when the rules then reach a contradiction, until no trial drops any
// more. Every rule only removes possibilities and removes more from a
// state that has fewer, so the outcome does not depend on the order the
// facts came in: facts may be added after a solve and solve called again
// (a bot that learns a little each turn), with the same result as solving
// everything at once; a solve with nothing new since the last costs
// nothing.

// holders is the solver's state. may[i*width+place] is true while card
// i+1 may lie in place; left[i] counts those places.
type holders struct {
	cards, width int
	may          []bool
	left         []int
	exact        []holderCount
	some         []holderSome
	trail        []int // the cells removed while a trial runs
	trying       bool
	broken       bool  // a contradiction was found: it stays
	solved       bool  // nothing was learnt since the last solve
	work         int64 // cells looked at, charged to the meter by solve
}

// holderCount says a place holds exactly n of cards (indices from 0).
type holderCount struct {
	place, n int
	cards    []int
}

// holderSome says a place holds at least one of cards.
type holderSome struct {
	place int
	cards []int
}

// Bounds on a solver, so that one solve stays within a step's budget.
const (
	maxHolderCards  = 1000
	maxHolderPlaces = 100
)

func newHolders(cards, places int) *holders {
	h := &holders{cards: cards, width: places + 1}
	h.may = make([]bool, cards*h.width)
	h.left = make([]int, cards)
	for i := range h.may {
		h.may[i] = true
	}
	for i := range h.left {
		h.left[i] = h.width
	}
	return h
}

// remove drops card i from place; it reports whether it was possible.
func (h *holders) remove(i, place int) bool {
	j := i*h.width + place
	if !h.may[j] {
		return false
	}
	h.may[j] = false
	h.left[i]--
	if h.trying {
		h.trail = append(h.trail, j)
	} else {
		h.solved = false
	}
	return true
}

// fix puts card i in place: it is removed from every other.
func (h *holders) fix(i, place int) bool {
	changed := false
	for l := 0; l < h.width; l++ {
		if l != place && h.remove(i, l) {
			changed = true
		}
	}
	return changed
}

// addExactly states that place holds exactly n of cards.
func (h *holders) addExactly(place, n int, cards []int) {
	h.exact = append(h.exact, holderCount{place: place, n: n, cards: cards})
	h.solved = false
}

// addSome states that place holds at least one of cards.
func (h *holders) addSome(place int, cards []int) {
	h.some = append(h.some, holderSome{place: place, cards: cards})
	h.solved = false
}

// undo puts back what the running trial removed.
func (h *holders) undo() {
	for k := len(h.trail) - 1; k >= 0; k-- {
		j := h.trail[k]
		h.may[j] = true
		h.left[j/h.width]++
	}
	h.trail, h.trying = h.trail[:0], false
}

// propagate applies the rules until nothing changes; false on a
// contradiction.
func (h *holders) propagate() bool {
	for changed := true; changed; {
		changed = false
		for _, n := range h.left {
			if n == 0 {
				return false
			}
		}
		for k := range h.exact {
			ok, ch := h.applyCount(&h.exact[k])
			if !ok {
				return false
			}
			changed = changed || ch
		}
		for k := range h.some {
			ok, ch := h.applySome(&h.some[k])
			if !ok {
				return false
			}
			changed = changed || ch
		}
	}
	return true
}

// applyCount: when the place already holds n of the cards, the others
// are not there; when only n may be there, they all are.
func (h *holders) applyCount(r *holderCount) (ok, changed bool) {
	fixed, possible := 0, 0
	for _, i := range r.cards {
		if h.may[i*h.width+r.place] {
			possible++
			if h.left[i] == 1 {
				fixed++
			}
		}
	}
	h.work += int64(len(r.cards))
	if fixed > r.n || possible < r.n {
		return false, false
	}
	if possible == fixed || (fixed != r.n && possible != r.n) {
		return true, false
	}
	for _, i := range r.cards {
		if h.left[i] > 1 && h.may[i*h.width+r.place] {
			if fixed == r.n {
				h.remove(i, r.place)
			} else {
				h.fix(i, r.place)
			}
			changed = true
		}
	}
	return true, changed
}

// applySome: when only one of the cards may be in the place and none is
// known to be, that one is.
func (h *holders) applySome(r *holderSome) (ok, changed bool) {
	cand, ncand := -1, 0
	for _, i := range r.cards {
		if h.may[i*h.width+r.place] {
			if h.left[i] == 1 {
				return true, false
			}
			cand, ncand = i, ncand+1
		}
	}
	h.work += int64(len(r.cards))
	switch ncand {
	case 0:
		return false, false
	case 1:
		return true, h.fix(cand, r.place)
	}
	return true, false
}

// solve propagates, then tries every open possibility on its own and
// drops those that lead to a contradiction, until none does; when nothing
// was learnt since the last solve there is nothing to do. charge is
// given the work done since it was last called, in instructions (eight
// cells looked at make one), at points where the state is whole, so that a
// budget that runs out leaves a usable solver.
func (h *holders) solve(charge func(int64)) bool {
	if h.solved || h.broken {
		return !h.broken
	}
	if !h.propagate() {
		h.broken = true
		return false
	}
	for again := true; again; {
		again = false
		for i := 0; i < h.cards; i++ {
			for l := 0; l < h.width && h.left[i] > 1; l++ {
				if !h.may[i*h.width+l] {
					continue
				}
				h.trying = true
				h.fix(i, l)
				holds := h.propagate()
				h.undo()
				if !holds {
					h.remove(i, l)
					again = true
					if !h.propagate() {
						h.broken = true
						return false
					}
				}
				charge(h.work / 8)
				h.work %= 8
			}
		}
	}
	charge(h.work / 8)
	h.work %= 8
	h.solved = true
	return true
}

// The Lua binding ---------------------------------------------------------

const holdersType = "holders"

func holdersModule(L *lua.LState) *lua.LTable {
	mt := L.NewTypeMetatable(holdersType)
	// A list, not a map: pairs over the methods follows the order they
	// were set in, which must be the same in every run.
	methods := L.CreateTable(0, 8)
	for _, m := range []struct {
		name string
		fn   lua.LGFunction
	}{
		{"exactly", holdersExactly}, {"holder", holdersHolder}, {"holds", holdersHolds}, {"lacks", holdersLacks},
		{"may", holdersMay}, {"places", holdersPlaces}, {"solve", holdersSolve}, {"some", holdersSome},
	} {
		methods.RawSetString(m.name, L.NewFunction(m.fn))
	}
	mt.RawSetString("__index", methods)
	mod := L.CreateTable(0, 1)
	mod.RawSetString("new", L.NewFunction(holdersNew))
	return mod
}

// holdersNew implements holders.new(cards, places).
func holdersNew(L *lua.LState) int {
	cards, places := L.CheckInt(1), L.CheckInt(2)
	if cards < 1 || cards > maxHolderCards {
		L.ArgError(1, "from 1 to 1000 cards")
	}
	if places < 0 || places > maxHolderPlaces {
		L.ArgError(2, "places run from 0 to at most 100")
	}
	h := newHolders(cards, places)
	if m := luahost.MeterOf(L); m != nil {
		m.Charge(L, int64(len(h.may)+8*len(h.left)))
		m.Work(L, int64(len(h.may)/8))
	}
	ud := L.NewUserData()
	ud.Value = h
	L.SetMetatable(ud, L.GetTypeMetatable(holdersType))
	L.Push(ud)
	return 1
}

func checkHolders(L *lua.LState) *holders {
	if h, ok := L.CheckUserData(1).Value.(*holders); ok {
		return h
	}
	L.ArgError(1, "holders expected")
	return nil
}

// checkCard reads a card number (1..cards) at n; it returns its index.
func (h *holders) checkCard(L *lua.LState, n int) int {
	i := L.CheckInt(n)
	if i < 1 || i > h.cards {
		L.ArgError(n, "no such card")
	}
	return i - 1
}

func (h *holders) checkPlace(L *lua.LState, n int) int {
	p := L.CheckInt(n)
	if p < 0 || p >= h.width {
		L.ArgError(n, "no such place")
	}
	return p
}

// checkList reads a list of card numbers at n (nil: every card).
func (h *holders) checkList(L *lua.LState, n int, orAll bool) []int {
	if orAll && L.Get(n) == lua.LNil {
		all := make([]int, h.cards)
		for i := range all {
			all[i] = i
		}
		return all
	}
	t := L.CheckTable(n)
	list := make([]int, 0, t.Len())
	for k := 1; k <= t.Len(); k++ {
		v, ok := t.RawGetInt(k).(lua.LNumber)
		if !ok || int(v) < 1 || int(v) > h.cards || float64(int(v)) != float64(v) {
			L.ArgError(n, "a list of card numbers expected")
		}
		list = append(list, int(v)-1)
	}
	luahost.MeterOf(L).Charge(L, int64(8*len(list)))
	return list
}

func holdersHolds(L *lua.LState) int {
	h := checkHolders(L)
	h.fix(h.checkCard(L, 2), h.checkPlace(L, 3))
	return 0
}

func holdersLacks(L *lua.LState) int {
	h := checkHolders(L)
	h.remove(h.checkCard(L, 2), h.checkPlace(L, 3))
	return 0
}

func holdersExactly(L *lua.LState) int {
	h := checkHolders(L)
	place, n := h.checkPlace(L, 2), L.CheckInt(3)
	h.addExactly(place, n, h.checkList(L, 4, true))
	return 0
}

func holdersSome(L *lua.LState) int {
	h := checkHolders(L)
	place := h.checkPlace(L, 2)
	h.addSome(place, h.checkList(L, 3, false))
	return 0
}

// holdersSolve implements h:solve(), charging its work to the meter.
func holdersSolve(L *lua.LState) int {
	h := checkHolders(L)
	m := luahost.MeterOf(L)
	ok := h.solve(func(w int64) { m.Work(L, w) })
	L.Push(lua.LBool(ok))
	return 1
}

func holdersMay(L *lua.LState) int {
	h := checkHolders(L)
	i, p := h.checkCard(L, 2), h.checkPlace(L, 3)
	L.Push(lua.LBool(h.may[i*h.width+p]))
	return 1
}

func holdersPlaces(L *lua.LState) int {
	h := checkHolders(L)
	L.Push(boxNumber(h.left[h.checkCard(L, 2)]))
	return 1
}

func holdersHolder(L *lua.LState) int {
	h := checkHolders(L)
	i := h.checkCard(L, 2)
	if h.left[i] == 1 {
		for p := 0; p < h.width; p++ {
			if h.may[i*h.width+p] {
				L.Push(boxNumber(p))
				return 1
			}
		}
	}
	L.Push(lua.LNil)
	return 1
}
