package interp

import (
	"slices"

	"github.com/tabletop/tabletop/printable"

	"github.com/tabletop/tabletop/table"
	lua "github.com/yuin/gopher-lua"
)

// zoneClass is a zone: a deck, a hand, a pile — an ordered stack of cards
// (the last card is the top) with an owner and a visibility. zone:filter
// and zone:tally are in clauses.go.
var zoneClass = class{lua: "zone", meta: "Zone", methods: []method{
	// Moving cards.
	{"add", changes, (*Match).zoneAdd},
	{"deal", changes, (*Match).zoneDeal},
	{"move_all", changes, (*Match).zoneMoveAll},
	{"shuffle", changes, (*Match).zoneShuffle},
	{"sort", changes, (*Match).zoneSort},

	// Reading the cards.
	{"cards", reads, (*Match).zoneCards},
	{"filter", reads, (*Match).zoneFilter},
	{"tally", reads, (*Match).zoneTally},
	{"count", reads, (*Match).zoneCount},
	{"empty", reads, (*Match).zoneEmpty},
	{"top", reads, (*Match).zoneTop},
	{"bottom", reads, (*Match).zoneBottom},
	{"at", reads, (*Match).zoneAt},
	{"contains", reads, (*Match).zoneContains},
	{"find", reads, (*Match).zoneFind},

	// The zone itself.
	{"owner", reads, (*Match).zoneOwner},
	{"name", reads, (*Match).zoneName},
	{"set_visibility", changes, (*Match).zoneSetVisibility},
	{"set_label", changes, (*Match).zoneSetLabel},
}}

// zoneMethods makes the zones' metatable: zoneClass, #zone and
// tostring(zone).
func (m *Match) zoneMethods() *lua.LTable {
	mt := zoneClass.metatable(m)
	mt.RawSetString("__len", m.L.NewFunction(zoneLen))
	mt.RawSetString("__tostring", m.L.NewFunction(zoneString))
	return mt
}

// zoneLen implements #zone.
func zoneLen(L *lua.LState) int { return matchOf(L).zoneCount(L) }

// zoneString implements tostring(zone).
func zoneString(L *lua.LState) int {
	L.Push(lua.LString("zone " + matchOf(L).checkZone(L, 1).Label))
	return 1
}

// zoneAdd implements zone:add(card [, pos]) and zone:add(list): onto the
// top (or at pos from the bottom); a list is checked whole before any
// card moves.
func (m *Match) zoneAdd(L *lua.LState) int {
	z := m.checkZone(L, 1)
	list, ok := L.Get(2).(*lua.LTable)
	if !ok || m.cardOf(list) != nil {
		pos, meant := movePos(L, 3)
		m.moveCard(L, m.checkCard(L, 2), z, pos, meant)
		return 0
	}
	n := list.Len()
	cs := make([]*Card, 0, n)
	for i := 1; i <= n; i++ {
		c := m.cardOf(list.RawGetInt(i))
		if c == nil {
			L.ArgError(2, "a card or a list of cards expected")
		}
		cs = append(cs, c)
	}
	_, meant := movePos(L, 3)
	for _, c := range cs {
		m.moveCard(L, c, z, 0, meant)
	}
	return 0
}

// zoneDeal implements zone:deal(to [, n]): the top n cards (default 1)
// onto to, one at a time; returns how many moved.
func (m *Match) zoneDeal(L *lua.LState) int {
	z := m.checkZone(L, 1)
	to := m.checkZone(L, 2)
	n := L.OptInt(3, 1)
	moved := 0
	for ; moved < n && len(z.Cards) > 0; moved++ {
		m.moveCard(L, z.Cards[len(z.Cards)-1], to, 0, false)
	}
	L.Push(boxNumber(moved))
	return 1
}

// zoneMoveAll implements zone:move_all(to): every card, bottom first.
func (m *Match) zoneMoveAll(L *lua.LState) int {
	z := m.checkZone(L, 1)
	to := m.checkZone(L, 2)
	for len(z.Cards) > 0 {
		m.moveCard(L, z.Cards[0], to, 0, false)
	}
	return 0
}

// zoneShuffle implements zone:shuffle(): nobody knows a shuffled card.
func (m *Match) zoneShuffle(L *lua.LState) int {
	z := m.checkZone(L, 1)
	z.Touch()
	var err error
	if m.Config.Chance != nil {
		err = m.Config.Chance.Shuffle(m, z)
	} else {
		err = m.ShuffleCards(z)
	}
	table.Forget(z.Cards)
	if err != nil {
		L.RaiseError("%s", err.Error())
	}
	return 0
}

// zoneSort implements zone:sort([field]): a stable sort by a card field
// (default "order"), numbers by value, anything else by its text. Each
// card's field is read once, and a zone already in order is left as it
// is: unchanged, so zone:cards still gives the list it gave.
func (m *Match) zoneSort(L *lua.LState) int {
	z := m.checkZone(L, 1)
	field := L.OptString(2, "order")
	var buf [16]sortKey
	keys := buf[:0]
	sorted := true
	for i, c := range z.Cards {
		keys = append(keys, sortKey{m.luaCard(c).RawGetString(field), c})
		if i > 0 && sortLess(keys[i].key, keys[i-1].key) {
			sorted = false
		}
	}
	if sorted {
		return 0
	}
	slices.SortStableFunc(keys, func(a, b sortKey) int {
		switch {
		case sortLess(a.key, b.key):
			return -1
		case sortLess(b.key, a.key):
			return 1
		}
		return 0
	})
	for i, k := range keys {
		z.Cards[i] = k.card
	}
	z.Touch()
	return 0
}

// sortKey is a card and the value zone:sort orders it by.
type sortKey struct {
	key  lua.LValue
	card *Card
}

// sortLess orders zone:sort's keys: numbers by value, anything else (and
// a number against anything else) by its text.
func sortLess(a, b lua.LValue) bool {
	if an, ok := a.(lua.LNumber); ok {
		if bn, ok := b.(lua.LNumber); ok {
			return an < bn
		}
	}
	return a.String() < b.String()
}

// zoneCards implements zone:cards(): the cards, bottom first.
func (m *Match) zoneCards(L *lua.LState) int {
	L.Push(m.cardList(L, m.checkZone(L, 1)))
	return 1
}

// zoneCount implements zone:count() and #zone.
func (m *Match) zoneCount(L *lua.LState) int {
	L.Push(boxNumber(len(m.checkZone(L, 1).Cards)))
	return 1
}

// zoneEmpty implements zone:empty().
func (m *Match) zoneEmpty(L *lua.LState) int {
	L.Push(lua.LBool(len(m.checkZone(L, 1).Cards) == 0))
	return 1
}

// pushCard pushes the card at index i of z, or nil when there is none.
func (m *Match) pushCard(L *lua.LState, z *Zone, i int) int {
	if i < 0 || i >= len(z.Cards) {
		L.Push(lua.LNil)
	} else {
		L.Push(m.luaCard(z.Cards[i]))
	}
	return 1
}

// zoneTop implements zone:top(): the top card or nil.
func (m *Match) zoneTop(L *lua.LState) int {
	z := m.checkZone(L, 1)
	return m.pushCard(L, z, len(z.Cards)-1)
}

// zoneBottom implements zone:bottom(): the bottom card or nil.
func (m *Match) zoneBottom(L *lua.LState) int {
	return m.pushCard(L, m.checkZone(L, 1), 0)
}

// zoneAt implements zone:at(i): the i-th card from the bottom, or nil.
func (m *Match) zoneAt(L *lua.LState) int {
	z := m.checkZone(L, 1)
	return m.pushCard(L, z, L.CheckInt(2)-1)
}

// zoneContains implements zone:contains(card).
func (m *Match) zoneContains(L *lua.LState) int {
	z := m.checkZone(L, 1)
	c := m.cardOf(L.Get(2))
	L.Push(lua.LBool(c != nil && c.Zone == z))
	return 1
}

// zoneFind implements zone:find(name): the lowest card of that name, or nil.
func (m *Match) zoneFind(L *lua.LState) int {
	z := m.checkZone(L, 1)
	name := L.CheckString(2)
	for _, c := range z.Cards {
		if c.Name == name {
			L.Push(m.luaCard(c))
			return 1
		}
	}
	L.Push(lua.LNil)
	return 1
}

// zoneOwner implements zone:owner(): the owning seat, or nil.
func (m *Match) zoneOwner(L *lua.LState) int {
	if z := m.checkZone(L, 1); z.Owner == 0 {
		L.Push(lua.LNil)
	} else {
		L.Push(boxNumber(z.Owner))
	}
	return 1
}

// zoneName implements zone:name().
func (m *Match) zoneName(L *lua.LState) int {
	L.Push(lua.LString(m.checkZone(L, 1).Name))
	return 1
}

// zoneSetVisibility implements zone:set_visibility("hidden"|"owner"|"all").
func (m *Match) zoneSetVisibility(L *lua.LState) int {
	z := m.checkZone(L, 1)
	v, ok := table.ParseVisibility(L.CheckString(2))
	if !ok {
		L.ArgError(2, "visibility must be hidden, owner or all")
	}
	z.Vis = v
	z.Touch()
	return 0
}

// zoneSetLabel implements zone:set_label(text).
func (m *Match) zoneSetLabel(L *lua.LState) int {
	z := m.checkZone(L, 1)
	z.Label = printable.Line(L.CheckString(2))
	m.meter.Charge(L, int64(len(z.Label)))
	z.Touch()
	return 0
}
