package interp

import (
	_ "embed"
	"fmt"

	"github.com/tabletop/tabletop/printable"

	"github.com/tabletop/tabletop/table"
	lua "github.com/yuin/gopher-lua"
)

// holding is what holder h holds in pool p, by kind; a new holder is
// charged to the step.
func (m *Match) holding(L *lua.LState, p *Pool, h string) map[string]int {
	if _, ok := p.Held[h]; !ok {
		m.meter.Charge(L, holderBytes(h, len(p.Kinds)))
	}
	return p.Holding(h)
}

// holderKey turns a holder argument (a seat number or a place name) into
// the pool's key for it.
func (m *Match) holderKey(L *lua.LState, n int) string {
	switch v := L.Get(n).(type) {
	case lua.LNumber:
		return table.SeatHolder(m.checkSeat(L, n))
	case lua.LString:
		if v == "" || v == "supply" {
			L.ArgError(n, "a place name must not be empty or \"supply\"")
		}
		return string(v)
	}
	L.ArgError(n, "a seat number or a place name expected")
	return ""
}

func (m *Match) checkPool(L *lua.LState) *Pool {
	return checkObject[*Pool](L, 1, "a pool expected (call it with a colon: pool:give(...))")
}

func checkKind(L *lua.LState, p *Pool, n int) string {
	k := L.CheckString(n)
	if !p.HasKind(k) {
		L.ArgError(n, "pool "+p.Name+" has no kind "+k)
	}
	return k
}

// luaPool implements t:pool{name=, label=, kinds={...}, supply=N or {kind=N}, shown=}.
func (m *Match) luaPool(L *lua.LState) int {
	spec, name, label, shown := objectSpec(L, "pool", "", "kinds", "supply")
	list, ok := spec.RawGetString("kinds").(*lua.LTable)
	if !ok || list.Len() == 0 {
		L.ArgError(2, "a pool needs kinds = {...}")
	}
	var kinds []string
	for i := 1; i <= list.Len(); i++ {
		k, ok := list.RawGetInt(i).(lua.LString)
		if !ok {
			L.ArgError(2, fmt.Sprintf("kinds must be a list of names; kind %d is %s", i, shownArg(list.RawGetInt(i))))
		}
		kinds = append(kinds, printable.Line(string(k)))
	}
	supply := map[string]int{}
	a := argAt(L, 2)
	for _, k := range kinds {
		n := 0
		switch s := spec.RawGetString("supply").(type) {
		case lua.LNumber:
			n = a.integer(spec, "supply", 0)
		case *lua.LTable:
			a.checkKeys(s, "supply", kinds)
			n = a.integer(s, k, 0)
		case *lua.LNilType:
		default:
			L.ArgError(2, "supply must be a number or a table {kind = number}, not "+shownArg(s))
		}
		if n < 0 {
			L.ArgError(2, "supply must not be negative")
		}
		supply[k] = n
	}
	p := table.NewPool(len(m.Pools)+1, name, label, kinds, supply)
	p.Shown = shown
	m.meter.Charge(L, poolBytes(p))
	m.Pools = append(m.Pools, p)
	L.Push(newObject(L, p, m.metatable(&m.meta.poolMT, m.poolMethods)))
	return 1
}

// poolClass is a chip pool: kinds of pieces held by seats and named
// places, the rest in the supply. Counts never go below zero: a pool
// gives, takes or moves as many as there are, and says how many.
var poolClass = class{lua: "pool", meta: "Pool", methods: []method{
	{"give", changes, (*Match).poolGive},
	{"take", changes, (*Match).poolTake},
	{"move", changes, (*Match).poolMove},
	{"count", reads, (*Match).poolCount},
	{"supply", reads, (*Match).poolSupply},
	{"total", reads, (*Match).poolTotal},
	{"kinds", reads, (*Match).poolKinds},
	{"handfuls", reads, (*Match).poolHandfuls},
}}

func (m *Match) poolMethods() *lua.LTable { return poolClass.metatable(m) }

// checkCount is the optional count at argument n (default 1), never
// negative.
func checkCount(L *lua.LState, n int) int {
	c := L.OptInt(n, 1)
	if c < 0 {
		L.ArgError(n, "count must not be negative")
	}
	return c
}

// poolGive implements pool:give(holder, kind [, n]): from the supply;
// returns how many were given (fewer when the supply runs short).
func (m *Match) poolGive(L *lua.LState) int {
	p := m.checkPool(L)
	h, k, n := m.holderKey(L, 2), checkKind(L, p, 3), checkCount(L, 4)
	L.Push(boxNumber(p.Shift(p.Supply, m.holding(L, p, h), k, n)))
	return 1
}

// poolTake implements pool:take(holder, kind [, n]): back to the supply;
// returns how many.
func (m *Match) poolTake(L *lua.LState) int {
	p := m.checkPool(L)
	h, k, n := m.holderKey(L, 2), checkKind(L, p, 3), checkCount(L, 4)
	L.Push(boxNumber(p.Shift(m.holding(L, p, h), p.Supply, k, n)))
	return 1
}

// poolMove implements pool:move(from, to, kind [, n]): between holders;
// returns how many.
func (m *Match) poolMove(L *lua.LState) int {
	p := m.checkPool(L)
	from, to, k, n := m.holderKey(L, 2), m.holderKey(L, 3), checkKind(L, p, 4), checkCount(L, 5)
	L.Push(boxNumber(p.Shift(m.holding(L, p, from), m.holding(L, p, to), k, n)))
	return 1
}

// poolCount implements pool:count(holder [, kind]): one kind, or all
// kinds together.
func (m *Match) poolCount(L *lua.LState) int {
	p := m.checkPool(L)
	held := p.Held[m.holderKey(L, 2)]
	if L.GetTop() >= 3 {
		L.Push(boxNumber(held[checkKind(L, p, 3)]))
		return 1
	}
	sum := 0
	for _, v := range held {
		sum += v
	}
	L.Push(boxNumber(sum))
	return 1
}

// poolSupply implements pool:supply(kind): how many are left to give.
func (m *Match) poolSupply(L *lua.LState) int {
	p := m.checkPool(L)
	L.Push(boxNumber(p.Supply[checkKind(L, p, 2)]))
	return 1
}

// poolTotal implements pool:total(kind): how many the game has.
func (m *Match) poolTotal(L *lua.LState) int {
	p := m.checkPool(L)
	L.Push(boxNumber(p.Total[checkKind(L, p, 2)]))
	return 1
}

// poolKinds implements pool:kinds(): the kinds, in the order declared.
func (m *Match) poolKinds(L *lua.LState) int {
	p := m.checkPool(L)
	t := L.CreateTable(len(p.Kinds), 0)
	for i, k := range p.Kinds {
		t.RawSetInt(i+1, lua.LString(k))
	}
	L.Push(t)
	return 1
}

func (m *Match) checkTrack(L *lua.LState) *Track {
	return checkObject[*Track](L, 1, "a track expected (call it with a colon: track:advance(...))")
}

// luaTrack implements t:track{name=, label=, min=, max=, start=, shown=}.
func (m *Match) luaTrack(L *lua.LState) int {
	tr := &Track{ID: len(m.Tracks) + 1}
	var spec *lua.LTable
	spec, tr.Name, tr.Label, tr.Shown = objectSpec(L, "track", "", "min", "max", "start")
	a := argAt(L, 2)
	tr.Min, tr.Max = a.integer(spec, "min", 0), a.integer(spec, "max", 0)
	if tr.Max < tr.Min {
		L.ArgError(2, "a track needs min <= max")
	}
	tr.Start = a.integer(spec, "start", tr.Min)
	tr.Markers = make([]int, len(m.Seats)+1)
	for s := range tr.Markers {
		tr.Markers[s] = tr.Start
	}
	m.meter.Charge(L, objectBytes+int64(len(tr.Name)+len(tr.Label)+8*len(tr.Markers)))
	m.Tracks = append(m.Tracks, tr)
	L.Push(newObject(L, tr, m.metatable(&m.meta.trackMT, m.trackMethods)))
	return 1
}

// trackClass is a scoring track: a marker per seat between min and max.
var trackClass = class{lua: "track", meta: "Track", methods: []method{
	{"get", reads, (*Match).trackGet},
	{"set", changes, (*Match).trackSet},
	{"advance", changes, (*Match).trackAdvance},
}}

func (m *Match) trackMethods() *lua.LTable { return trackClass.metatable(m) }

// trackGet implements track:get(seat): the seat's marker.
func (m *Match) trackGet(L *lua.LState) int {
	tr := m.checkTrack(L)
	L.Push(boxNumber(tr.Markers[m.checkSeat(L, 2)]))
	return 1
}

// trackSet implements track:set(seat, v): the marker to v, never past
// the ends; returns where it is.
func (m *Match) trackSet(L *lua.LState) int {
	tr := m.checkTrack(L)
	s := m.checkSeat(L, 2)
	L.Push(boxNumber(tr.Put(s, L.CheckInt(3))))
	return 1
}

// trackAdvance implements track:advance(seat, n): moves the marker, never
// past the ends; returns the new position.
func (m *Match) trackAdvance(L *lua.LState) int {
	tr := m.checkTrack(L)
	s := m.checkSeat(L, 2)
	L.Push(boxNumber(tr.Put(s, tr.Markers[s]+L.CheckInt(3))))
	return 1
}

func (m *Match) checkPad(L *lua.LState) *Pad {
	return checkObject[*Pad](L, 1, "a pad expected (call it with a colon: pad:add(...))")
}

// luaPad implements t:pad{name=, label=, shown=}.
func (m *Match) luaPad(L *lua.LState) int {
	p := &Pad{ID: len(m.Pads) + 1, Totals: make([]int, len(m.Seats)+1)}
	_, p.Name, p.Label, p.Shown = objectSpec(L, "pad", "score")
	m.meter.Charge(L, objectBytes+int64(len(p.Name)+len(p.Label)+8*len(p.Totals)))
	m.Pads = append(m.Pads, p)
	L.Push(newObject(L, p, m.metatable(&m.meta.padMT, m.padMethods)))
	return 1
}

// padClass is a score pad: rows of scores by seat, and their totals.
var padClass = class{lua: "pad", meta: "Pad", methods: []method{
	{"add", changes, (*Match).padAdd},
	{"total", reads, (*Match).padTotal},
	{"totals", reads, (*Match).padTotals},
	{"rows", reads, (*Match).padRows},
}}

func (m *Match) padMethods() *lua.LTable { return padClass.metatable(m) }

// padAdd implements pad:add(label, scores [, note]): a row; scores is a
// list by seat (a missing score is 0).
func (m *Match) padAdd(L *lua.LState) int {
	p := m.checkPad(L)
	row := PadRow{Label: printable.Line(L.CheckString(2)), Scores: make([]int, len(m.Seats)+1), Note: printable.Line(L.OptString(4, ""))}
	m.meter.Charge(L, padRowBytes(row))
	sc := L.CheckTable(3)
	for s := 1; s <= len(m.Seats); s++ {
		v, ok := sc.RawGetInt(s).(lua.LNumber)
		if !ok && sc.RawGetInt(s) != lua.LNil {
			L.ArgError(3, "scores must be numbers by seat")
		}
		row.Scores[s] = int(v)
	}
	p.Add(row)
	return 0
}

// padTotal implements pad:total(seat).
func (m *Match) padTotal(L *lua.LState) int {
	p := m.checkPad(L)
	L.Push(boxNumber(p.Totals[m.checkSeat(L, 2)]))
	return 1
}

// padTotals implements pad:totals(): every seat's total, by seat.
func (m *Match) padTotals(L *lua.LState) int {
	p := m.checkPad(L)
	t := L.CreateTable(len(m.Seats), 0)
	for s := 1; s <= len(m.Seats); s++ {
		t.RawSetInt(s, boxNumber(p.Totals[s]))
	}
	L.Push(t)
	return 1
}

// padRows implements pad:rows(): how many rows the pad has.
func (m *Match) padRows(L *lua.LState) int {
	L.Push(boxNumber(len(m.checkPad(L).Rows)))
	return 1
}

// prelude adds the prompts written in Lua on top of t:ask.
//
//go:embed prelude.lua
var prelude string

var preludeProto = compiledOnce("<prelude>", prelude)
