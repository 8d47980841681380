// Package melds is the Lua module melds (require "melds"): sets and runs of
// values — Andy Capp's trays, a rummy's melds — worked out in Go. Values
// are whole numbers 1..top; counts[v] is how many cards of value v a hand
// holds (missing: none).
//
//	melds.counts(cards, top [, field])          how many cards of each value
//	melds.all(counts, top [, make, into])       every meld the hand can lay
//	melds.extensions(base, counts, top, e...)   the groups that extend a meld
//	melds.joins(a, b, counts, top, e...)        the groups that join two melds
//	melds.joins_each(as, makers, bs, keys, ...) the same for every pair (meldeach.go)
//
// A meld is a list of values or a zone (its cards' values). They give the
// same table for the same meld (meldkeep.go), or with a make function what
// it made of the meld, made once (meldmake.go).
//
// The package owns the melds functions and what they keep for a state: the
// meld tables they give again and what make functions made (a keeper, in
// the functions' upvalue, so that a copy of the state copies it). What it
// keeps is charged to the state's meter and counted as kept by the memory
// measure (luahost.Keeper); each meld and each card read costs an
// instruction. A zone is read through its host (CardTables): the Lua table
// of each of its cards, whose value field is its value.
package melds

import (
	"sort"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/luahost"
	"github.com/tabletop/tabletop/table"
)

// Module is melds, for a host to register.
var Module = luahost.Module{Name: "melds", Open: open}

// CardTables is what melds asks of a state's host (its meter's Host) to
// read a zone given as a meld: the Lua table of one of the zone's cards,
// as scripts hold it. interp's Match is one.
type CardTables interface {
	CardTable(c *table.Card) *lua.LTable
}

func open(L *lua.LState) *lua.LTable {
	keep := L.NewUserData() // an upvalue, so that a copy of the state copies it
	keep.Value = &keeper{}
	mod := L.CreateTable(0, 5)
	mod.RawSetString("all", L.NewClosure(meldsAllG, keep))
	mod.RawSetString("extensions", L.NewClosure(meldsExtensionsG, keep))
	mod.RawSetString("joins", L.NewClosure(meldsJoinsG, keep))
	mod.RawSetString("joins_each", L.NewClosure(meldsJoinsEachG, keep))
	mod.RawSetString("counts", L.NewFunction(meldsCounts))
	return mod
}

// keeperOf is the module's keeper, in the running function's upvalue.
func keeperOf(L *lua.LState) *keeper {
	return L.Get(lua.UpvalueIndex(1)).(*lua.LUserData).Value.(*keeper)
}

// meldsAllG is melds.all, with the module's keeper in its upvalue.
func meldsAllG(L *lua.LState) int { return meldsAll(L, keeperOf(L)) }

// meldsExtensionsG is melds.extensions, with the module's keeper in its
// upvalue.
func meldsExtensionsG(L *lua.LState) int {
	return meldsExtensions(L, keeperOf(L))
}

// meldsJoinsG is melds.joins, with the module's keeper in its upvalue.
func meldsJoinsG(L *lua.LState) int { return meldsJoins(L, keeperOf(L)) }

// checkCounts reads counts[1..top], which may leave values out (none),
// into dst (storage reused from call to call).
func checkCounts(L *lua.LState, n, top int, dst []int) []int {
	t := L.CheckTable(n)
	if top < 1 || top > 1000 {
		L.ArgError(n+1, "values run from 1 to top, at most 1000")
	}
	counts := append(dst[:0], make([]int, top+2)...)
	for v := 1; v <= top; v++ {
		if c, ok := t.RawGetInt(v).(lua.LNumber); ok && c > 0 {
			counts[v] = int(c)
		}
	}
	return counts
}

// valueList makes a Lua list of the values from, from+1, ... (step 1) or
// of k copies of one value.
func valueList(L *lua.LState, vals []int) *lua.LTable {
	t := L.CreateTable(len(vals), 0)
	for i, v := range vals {
		t.RawSetInt(i+1, luahost.Int(v))
	}
	return t
}

// meldsAll implements melds.all(counts, top [, make, into]): every meld a
// hand can lay, value by value: the sets of one to all copies of the
// value, then the runs of two or more consecutive values that start with
// it (with make, what make makes of each: meldOut).
func meldsAll(L *lua.LState, keep *keeper) int {
	top := L.CheckInt(2)
	keep.counts = checkCounts(L, 1, top, keep.counts)
	counts := keep.counts
	out := keep.output(L, 3)
	buf := keep.buf[:0]
	defer func() { keep.buf = buf }()
	for v := 1; v <= top; v++ {
		for k := 1; k <= counts[v]; k++ {
			buf = buf[:0]
			for i := 0; i < k; i++ {
				buf = append(buf, v)
			}
			out.add(buf)
		}
		if counts[v] == 0 {
			continue
		}
		buf = append(buf[:0], v)
		for w := v + 1; w <= top && counts[w] > 0; w++ {
			buf = append(buf, w)
			out.add(buf)
		}
	}
	L.Push(out.list)
	return 1
}

// meldsExtensions implements melds.extensions(base, counts, top [,
// with_empty, make, into]): the groups of hand cards that, laid with the
// values of base, make one meld (extensionsOf).
func meldsExtensions(L *lua.LState, keep *keeper) int {
	top := L.CheckInt(3)
	keep.base = readValues(L, keep, 1, top, keep.base[:0])
	keep.counts = checkCounts(L, 2, top, keep.counts)
	out := keep.output(L, 5)
	extensionsOf(keep, L.ToBool(4), &out)
	L.Push(out.list)
	return 1
}

// readValues appends the values of the meld at argument n (meldValues)
// to dst.
func readValues(L *lua.LState, keep *keeper, n, top int, dst []int) []int {
	return meldValues(L, keep, L.Get(n), n, top, dst)
}

// meldValues appends the values of the meld v, argument n (or in it),
// each 1..top, to dst: a list of values, or a zone, whose cards' value
// fields are its values (a tray on the table, read where it lies).
func meldValues(L *lua.LState, keep *keeper, v lua.LValue, n, top int, dst []int) []int {
	switch t := v.(type) {
	case *lua.LTable:
		for i := 1; i <= t.Len(); i++ {
			v, ok := t.RawGetInt(i).(lua.LNumber)
			if !ok || int(v) < 1 || int(v) > top {
				L.ArgError(n, "a list of values 1..top expected")
			}
			dst = append(dst, int(v))
		}
		return dst
	case *lua.LUserData:
		if z, ok := t.Value.(*table.Zone); ok {
			return keep.zoneValues(L, z, n, top, dst)
		}
	}
	L.ArgError(n, "a meld (a list of values or a zone) expected, got "+v.Type().String())
	return dst
}

// zoneValues appends the value fields of zone z's cards, each 1..top, to
// dst. Each card costs an instruction. A card's value is read once a game
// (keeper.cardValue).
func (k *keeper) zoneValues(L *lua.LState, z *table.Zone, n, top int, dst []int) []int {
	meter := luahost.MeterOf(L)
	meter.Work(L, int64(len(z.Cards)))
	host, ok := meter.Host.(CardTables)
	if !ok {
		L.ArgError(n, "a zone of a match expected (this state has no table)")
	}
	for _, c := range z.Cards {
		v := k.cardValue(host, c)
		if v < 1 || v > top {
			L.ArgError(n, "a zone of cards with values 1..top expected")
		}
		dst = append(dst, v)
	}
	return dst
}

// extensionsOf gives out the groups of hand cards (keep.counts)
// that, laid with the values keep.base, make one meld. For a set (all
// values equal): more of its value, one to all copies. For values all
// different: every run they can become, filled wherever base has a gap
// and extended at the bottom, the top or both — those reaching down least
// first, then up least first. withEmpty includes the empty group when base
// is a meld by itself.
func extensionsOf(keep *keeper, withEmpty bool, out *meldOut) {
	counts, base := keep.counts, keep.base
	top := len(counts) - 2
	buf := keep.buf[:0]
	defer func() { keep.buf = buf }()
	if len(base) == 0 {
		return
	}
	sort.Ints(base)
	lo, hi := base[0], base[len(base)-1]
	allEqual := lo == hi
	if allEqual {
		if withEmpty {
			out.add(nil)
		}
		for k := 1; k <= counts[lo]; k++ {
			buf = buf[:0]
			for i := 0; i < k; i++ {
				buf = append(buf, lo)
			}
			out.add(buf)
		}
	}
	in := append(keep.in[:0], make([]bool, top+2)...)
	keep.in = in
	for _, v := range base {
		if in[v] {
			return // not all different: no run
		}
		in[v] = true
	}
	gaps := keep.gaps[:0]
	defer func() { keep.gaps = gaps }()
	for v := lo; v <= hi; v++ {
		if !in[v] {
			if counts[v] == 0 {
				return
			}
			gaps = append(gaps, v)
		}
	}
	a, b := lo, hi
	for a > 1 && counts[a-1] > 0 {
		a--
	}
	for b < top && counts[b+1] > 0 {
		b++
	}
	for start := lo; start >= a; start-- {
		for stop := hi; stop <= b; stop++ {
			buf = buf[:0]
			for v := start; v < lo; v++ {
				buf = append(buf, v)
			}
			buf = append(buf, gaps...)
			for v := hi + 1; v <= stop; v++ {
				buf = append(buf, v)
			}
			if len(buf) > 0 || (withEmpty && !allEqual) {
				out.add(buf)
			}
		}
	}
}
