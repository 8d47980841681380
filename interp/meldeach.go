package interp

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/luahost"
)

// A turn of a game with melds on the table asks the same question of
// every meld a player may add to — a rummy's melds, Andy Capp's trays:
// what groups of hand cards join this one with that one? melds.joins_each
// asks it of a list of melds in one call, each with the make function of
// its own options, instead of a Lua loop making a call for each.
//
//	melds.joins_each(a, bs, keys, counts, top, with_empty, makers, into)
//
// appends, for each meld bs[i] in order, what makers[keys[i]] makes of
// each group that joins a and bs[i] (melds.joins; with a = {}, the groups
// that extend bs[i], as melds.extensions). makers is read, its __index
// included, only for a meld with groups to make, so a table that makes
// its make functions when first asked (Andy Capp's) makes only those it
// needs. Without keys, the make function of bs[i] is makers[i]; without
// makers, the melds themselves are appended.

// meldsJoinsEachG is melds.joins_each, with the module's keeper in its
// upvalue.
func meldsJoinsEachG(L *lua.LState) int {
	return meldsJoinsEach(L, upvalueOf[*meldKeeper](L, 1))
}

// meldsJoinsEach implements melds.joins_each(a, bs, keys, counts, top,
// with_empty, makers, into). Each meld of bs costs what reading it and a
// costs, and each group what melds.joins charges for it.
func meldsJoinsEach(L *lua.LState, keep *meldKeeper) int {
	top := L.CheckInt(5)
	bs := L.CheckTable(2)
	keys, _ := L.Get(3).(*lua.LTable)
	if keys == nil && L.Get(3) != lua.LNil {
		L.ArgError(3, "a list of keys or nil expected")
	}
	withEmpty := L.ToBool(6)
	makers, _ := L.Get(7).(*lua.LTable)
	if makers == nil && L.Get(7) != lua.LNil {
		L.ArgError(7, "a table of make functions or nil expected")
	}
	keep.counts = checkCounts(L, 4, top, keep.counts)
	out := meldOut{L: L, keep: keep, makers: makers}
	if L.Get(8) != lua.LNil {
		out.list = L.CheckTable(8)
	} else {
		out.list = L.CreateTable(16, 0)
	}
	meter := luahost.MeterOf(L)
	for i := 1; i <= bs.Len(); i++ {
		keep.base = readValues(L, keep, 1, top, keep.base[:0])
		keep.base = meldValues(L, keep, bs.RawGetInt(i), 2, top, keep.base)
		meter.Work(L, int64(1+len(keep.base)))
		out.make, out.made, out.key = nil, nil, meldKey(keys, i)
		extensionsOf(keep, withEmpty, &out)
	}
	L.Push(out.list)
	return 1
}

// meldKey is keys[i], or i without keys.
func meldKey(keys *lua.LTable, i int) lua.LValue {
	if keys == nil {
		return lua.LNumber(i)
	}
	return keys.RawGetInt(i)
}

// makerOf sets out's make function to makers[key] (its __index included).
func (k *meldKeeper) makerOf(L *lua.LState, out *meldOut, makers *lua.LTable, key lua.LValue) {
	saved := k.scratch // __index may call the melds functions
	k.scratch = scratch{}
	f, ok := L.GetTable(makers, key).(*lua.LFunction)
	k.scratch = saved
	if !ok {
		L.RaiseError("melds.joins_each: makers[%s] is not a make function", fmt.Sprint(key))
	}
	out.setMake(f)
}
