package interp

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"
)

// Clauses every card game's rulebook has — "you must follow suit if you
// can", "the highest card of the suit led wins, unless a trump was
// played", "count your tricks' points" — are run in Go here, so that a
// script states them in a line and a playout does not spend its time in
// Lua loops over cards:
//
//	zone:cards()                 the list, kept while the zone is unchanged
//	zone:filter(field, v, ...)   the cards whose field is one of the values
//	zone:tally(field)            how many cards have each value of a field
//	t:seats(from)                the seats in turn, kept too
//
// and, in the module tricks (package lib/tricks), who wins a trick and
// how many cards have some fields.

// cardList returns the list of z's cards, bottom to top. The list made
// last time is returned again when the zone has not changed since and the
// list is still exactly as it was made (a script that sorted it, removed
// from it or gave it a field gets a new one), so asking again costs
// nothing — only rawequal can tell the difference.
func (m *Match) cardList(L *lua.LState, z *Zone) *lua.LTable {
	zl := m.zoneLua(z)
	if t := zl.list; t != nil && zl.listVer == z.Version() && sameList(t, len(z.Cards), func(i int) lua.LValue { return m.luaCard(z.Cards[i]) }) {
		return t
	}
	t := L.CreateTable(len(z.Cards), 0)
	for i, c := range z.Cards {
		t.RawSetInt(i+1, m.luaCard(c))
	}
	zl.list, zl.listVer = t, z.Version()
	return t
}

// sameList reports whether t is a plain list of exactly the n values
// at(0) .. at(n-1): no more, no other keys, no metatable.
func sameList(t *lua.LTable, n int, at func(i int) lua.LValue) bool {
	if t.Metatable != lua.LNil || t.Len() != n {
		return false
	}
	for i := 0; i < n; i++ {
		if t.RawGetInt(i+1) != at(i) {
			return false
		}
	}
	k, _ := t.Next(lua.LNumber(n))
	return k == lua.LNil
}

// zoneFilter implements zone:filter(field, value, ...): the zone's cards,
// bottom to top, whose field equals one of the values — the cards that may
// follow a suit: hand:filter("suit", led, trump).
func (m *Match) zoneFilter(L *lua.LState) int {
	z := m.checkZone(L, 1)
	field := L.CheckString(2)
	top := L.GetTop()
	if top < 3 {
		L.ArgError(3, "zone:filter(field, value, ...) needs at least one value")
	}
	var room [4]lua.LValue // the values wanted: most filters name one or two
	wanted := room[:0]
	for i := 3; i <= top; i++ {
		if v := L.Get(i); v != lua.LNil {
			wanted = append(wanted, v)
		}
	}
	out := L.CreateTable(len(z.Cards), 0)
	k := 0
	for _, c := range z.Cards {
		card := m.luaCard(c)
		v := card.RawGetString(field)
		for _, w := range wanted {
			if v == w {
				k++
				out.RawSetInt(k, card)
				break
			}
		}
	}
	L.Push(out)
	return 1
}

// zoneTally implements zone:tally(field): how many of the zone's cards
// have each value of field, as {[value] = count}; cards without the field
// are not counted.
func (m *Match) zoneTally(L *lua.LState) int {
	z := m.checkZone(L, 1)
	field := L.CheckString(2)
	if order, ok := L.Get(3).(*lua.LTable); ok {
		L.Push(m.tallyInOrder(L, z, field, order))
		return 1
	}
	// Count in Go first (a hand's values are few), then make the table
	// with room for exactly the values found; past a few distinct values
	// count in the table itself.
	var room [16]tallied
	counts := room[:0]
	for i, c := range z.Cards {
		v := m.luaCard(c).RawGetString(field)
		if v == lua.LNil {
			continue
		}
		if counts = tally(counts, v); len(counts) > len(room) {
			L.Push(m.tallyTable(counts, z.Cards[i+1:], field))
			return 1
		}
	}
	strs := 0
	for _, c := range counts {
		if _, ok := c.value.(lua.LString); ok {
			strs++
		}
	}
	out := L.CreateTable(0, strs)
	for _, c := range counts {
		out.RawSet(c.value, boxNumber(c.n))
	}
	L.Push(out)
	return 1
}

// tallyInOrder implements zone:tally(field, values): the counts of the
// values listed, as a list in their order (0 for a value no card has).
// It makes a list rather than a table keyed by value: far cheaper to make
// and to read, for a rule that tallies a hand at every turn.
func (m *Match) tallyInOrder(L *lua.LState, z *Zone, field string, order *lua.LTable) *lua.LTable {
	n := order.Len()
	if n > maxTallyValues {
		L.ArgError(3, fmt.Sprintf("zone:tally counts at most %d values in order", maxTallyValues))
	}
	var room [16]lua.LValue
	values := room[:0]
	for i := 1; i <= n; i++ {
		values = append(values, order.RawGetInt(i))
	}
	var counts [maxTallyValues]int
	for _, c := range z.Cards {
		v := m.luaCard(c).RawGetString(field)
		for i, w := range values {
			if v == w {
				counts[i]++
				break
			}
		}
	}
	out := L.CreateTable(n, 0)
	for i := range values {
		out.RawSetInt(i+1, boxNumber(counts[i]))
	}
	return out
}

// maxTallyValues bounds the values zone:tally counts in order.
const maxTallyValues = 256

// tallyTable goes on counting field in cards in a table, from counts.
func (m *Match) tallyTable(counts []tallied, cards []*Card, field string) *lua.LTable {
	out := m.L.CreateTable(0, 2*len(counts))
	for _, c := range counts {
		out.RawSet(c.value, boxNumber(c.n))
	}
	for _, c := range cards {
		v := m.luaCard(c).RawGetString(field)
		if v == lua.LNil {
			continue
		}
		n, _ := out.RawGet(v).(lua.LNumber)
		out.RawSet(v, n+1)
	}
	return out
}

// tallied is one value zone:tally found and how often.
type tallied struct {
	value lua.LValue
	n     int
}

// tally counts v in counts.
func tally(counts []tallied, v lua.LValue) []tallied {
	for i := range counts {
		if counts[i].value == v {
			counts[i].n++
			return counts
		}
	}
	return append(counts, tallied{v, 1})
}

// tableSeats implements t:seats([from]): every seat in turn order, from
// seat from (default 1). Like zone:cards, the list is kept and given again
// while it is as it was made.
func (m *Match) tableSeats(L *lua.LState) int {
	from := 1
	if L.GetTop() >= 2 && L.Get(2) != lua.LNil {
		from = m.checkSeat(L, 2)
	}
	n := len(m.Seats)
	if m.seatLists == nil {
		m.seatLists = make([]*lua.LTable, n+1)
	}
	at := func(i int) lua.LValue { return lua.LNumber((from-1+i)%n + 1) }
	if t := m.seatLists[from]; t != nil && sameList(t, n, at) {
		L.Push(t)
		return 1
	}
	t := L.CreateTable(n, 0)
	for i := 0; i < n; i++ {
		t.RawSetInt(i+1, at(i))
	}
	m.seatLists[from] = t
	L.Push(t)
	return 1
}
