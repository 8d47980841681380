package melds

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/luahost"
)

// What a script makes of a meld — a turn's option "tray 5 5", "add 4 to
// 2" — is the same every time the meld comes back, so melds.all,
// melds.extensions and melds.joins take an optional make function and a
// list into: for each meld they append make(meld) to into (a fresh list
// when into is nil) and return the list. make is called the first time a
// meld's values come with that function; what it returned is given again
// after that (make is not called again, even for a meld table the script
// has changed since: meldkeep.go), so a script keeps one make function
// per kind of thing it makes (one per tray slot, say) and makes each thing
// once a game, without a Lua loop over the melds.

// maxMade bounds the things a state keeps by make function and meld;
// past it, make is called every time.
const maxMade = 1 << 14

// meldOut is where melds.all, melds.extensions and melds.joins put the
// melds they find: list, the melds themselves, or with make what make
// makes of them (made: what this make function made, by values). For
// melds.joins_each, make is found in makers under key when first needed.
type meldOut struct {
	L    *lua.LState
	keep *keeper
	make *lua.LFunction
	made map[string]lua.LValue
	list *lua.LTable

	makers *lua.LTable
	key    lua.LValue
}

// output reads the optional make function and list into at arguments n
// and n+1.
func (k *keeper) output(L *lua.LState, n int) meldOut {
	out := meldOut{L: L, keep: k}
	if L.Get(n) != lua.LNil {
		out.setMake(L.CheckFunction(n))
	}
	if L.Get(n+1) != lua.LNil {
		out.list = L.CheckTable(n + 1)
	} else {
		out.list = L.CreateTable(16, 0)
	}
	return out
}

// setMake makes f the make function, with what it made so far.
func (o *meldOut) setMake(f *lua.LFunction) {
	k := o.keep
	o.make = f
	if k.made == nil {
		k.made = make(map[*lua.LFunction]map[string]lua.LValue)
	}
	o.made = k.made[f]
	if o.made == nil {
		o.made = make(map[string]lua.LValue)
		k.made[f] = o.made
	}
}

// add appends the meld of vals, or what make makes of it, to the list. A
// thing made before is found by the values alone, the meld's table left
// untouched; it costs what a meld costs (keeper.list).
func (o *meldOut) add(vals []int) {
	k := o.keep
	if o.make == nil && o.makers != nil {
		k.makerOf(o.L, o, o.makers, o.key)
	}
	if o.make == nil {
		o.list.Append(k.list(o.L, vals))
		return
	}
	k.keyOf(vals)
	if v, ok := o.made[string(k.key)]; ok {
		luahost.MeterOf(o.L).Work(o.L, int64(1+len(vals)))
		o.list.Append(v)
		return
	}
	o.list.Append(o.makeOf(k.list(o.L, vals)))
}

// makeOf calls make(meld) and keeps what it made under the meld's values
// (k.key, set by list). make may call the melds functions itself: while it
// runs they get storage of their own, and the caller's comes back after.
func (o *meldOut) makeOf(meld *lua.LTable) lua.LValue {
	k, L := o.keep, o.L
	saved := k.scratch
	k.scratch = scratch{}
	L.Push(o.make)
	L.Push(meld)
	L.Call(1, 1)
	k.scratch = saved
	v := L.Get(-1)
	L.Pop(1)
	if v == lua.LNil {
		L.RaiseError("melds: make gave nil for a meld (it must make something)")
	}
	if k.nMade < maxMade {
		o.made[string(k.key)] = v
		k.nMade++
	}
	return v
}

// meldsJoins implements melds.joins(a, b, counts, top [, with_empty,
// make, into]): the groups of hand cards that, laid with the values of
// the melds a and b together, make one meld — a gap between them filled,
// extended at either end (extensionsOf). None when a and b cannot make
// one meld: a set with anything but its value, values they share, or a
// gap the hand cannot fill.
func meldsJoins(L *lua.LState, keep *keeper) int {
	top := L.CheckInt(4)
	keep.base = readValues(L, keep, 1, top, keep.base[:0])
	keep.base = readValues(L, keep, 2, top, keep.base)
	keep.counts = checkCounts(L, 3, top, keep.counts)
	out := keep.output(L, 6)
	extensionsOf(keep, L.ToBool(5), &out)
	L.Push(out.list)
	return 1
}
