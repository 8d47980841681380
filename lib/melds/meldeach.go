package melds

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/luahost"
)

// A turn of a game with melds on the table asks the same question of
// every pair of melds a player may lay cards with — Andy Capp's trays of
// others and his own: what groups of hand cards join this one with that
// one? melds.joins_each asks it of every pair in one call, each pair with
// the make function of its own options, instead of a Lua loop making a
// call for each.
//
//	melds.joins_each(as, makers, bs, keys, counts, top, with_empty, into)
//
// appends, for each meld as[i] and then each meld bs[j], in order, what
// makers[i][keys[j]] makes of each group that joins as[i] and bs[j]
// (melds.joins; with as[i] = {}, the groups that extend bs[j], as
// melds.extensions; with bs[j] = {}, those that extend as[i]). A meld of
// as without makers (makers[i] false) is left out. makers[i] is read, its
// __index included, only for a pair with groups to make, so a table that
// makes its make functions when first asked (Andy Capp's) makes only those
// it needs. Without keys, bs[j] is made by makers[i][j]; without makers,
// the melds themselves are appended.

// meldsJoinsEachG is melds.joins_each, with the module's keeper in its
// upvalue.
func meldsJoinsEachG(L *lua.LState) int {
	return meldsJoinsEach(L, keeperOf(L))
}

// meldsJoinsEach implements melds.joins_each(as, makers, bs, keys, counts,
// top, with_empty, into). Each pair costs what reading its melds costs,
// and each group what melds.joins charges for it.
func meldsJoinsEach(L *lua.LState, keep *keeper) int {
	top := L.CheckInt(6)
	as, bs := L.CheckTable(1), L.CheckTable(3)
	makers := optTable(L, 2, "a list of tables of make functions")
	keys := optTable(L, 4, "a list of keys")
	withEmpty := L.ToBool(7)
	keep.counts = checkCounts(L, 5, top, keep.counts)
	out := meldOut{L: L, keep: keep}
	if L.Get(8) != lua.LNil {
		out.list = L.CheckTable(8)
	} else {
		out.list = L.CreateTable(16, 0)
	}
	meter := luahost.MeterOf(L)
	for i := 1; i <= as.Len(); i++ {
		if makers != nil {
			m, ok := makers.RawGetInt(i).(*lua.LTable)
			if !ok {
				if lua.LVAsBool(makers.RawGetInt(i)) {
					L.ArgError(2, "makers[i]: a table of make functions or false expected")
				}
				continue // no options of as[i]
			}
			out.makers = m
		}
		a := as.RawGetInt(i)
		for j := 1; j <= bs.Len(); j++ {
			keep.base = meldValues(L, keep, a, 1, top, keep.base[:0])
			keep.base = meldValues(L, keep, bs.RawGetInt(j), 3, top, keep.base)
			meter.Work(L, int64(1+len(keep.base)))
			out.make, out.made, out.key = nil, nil, meldKey(keys, j)
			if out.key == lua.LNil {
				L.ArgError(4, "a key for each meld of bs expected")
			}
			extensionsOf(keep, withEmpty, &out)
		}
	}
	L.Push(out.list)
	return 1
}

// optTable is the table at argument n, or nil when it is nil; anything
// else is an error (what: what the argument must be).
func optTable(L *lua.LState, n int, what string) *lua.LTable {
	switch v := L.Get(n).(type) {
	case *lua.LTable:
		return v
	case *lua.LNilType:
		return nil
	}
	L.ArgError(n, what+" or nil expected")
	return nil
}

// meldKey is keys[j], or j without keys.
func meldKey(keys *lua.LTable, j int) lua.LValue {
	if keys == nil {
		return lua.LNumber(j)
	}
	return keys.RawGetInt(j)
}

// makerOf sets out's make function to makers[key] (its __index included).
func (k *keeper) makerOf(L *lua.LState, out *meldOut, makers *lua.LTable, key lua.LValue) {
	saved := k.scratch // __index may call the melds functions
	k.scratch = scratch{}
	f, ok := L.GetTable(makers, key).(*lua.LFunction)
	k.scratch = saved
	if !ok {
		L.RaiseError("melds.joins_each: makers[%s] is not a make function", fmt.Sprint(key))
	}
	out.setMake(f)
}
