package interp

import (
	lua "github.com/yuin/gopher-lua"
)

// What a script makes of a meld — a turn's option "tray 5 5", "add 4 to
// 2" — is the same every time the meld comes back, so melds.all,
// melds.extensions and melds.joins take an optional make function and a
// list into: for each meld they append make(meld) to into (a fresh list
// when into is nil) and return the list. make is called the first time a
// meld (the kept table, meldkeep.go) comes with that function; what it
// returned is given again after that, so a script keeps one make function
// per kind of thing it makes (one per tray slot, say) and makes each thing
// once a game, without a Lua loop over the melds.

// maxMade bounds the things a state keeps by make function and meld;
// past it, make is called every time.
const maxMade = 1 << 14

// madeKey is what a made thing is kept under: the make function and the
// meld it was made of.
type madeKey struct {
	fn   *lua.LFunction
	meld *lua.LTable
}

// meldOut is where melds.all, melds.extensions and melds.joins put the
// melds they find: list, the melds themselves, or with make what make
// makes of them.
type meldOut struct {
	L    *lua.LState
	keep *meldKeeper
	make *lua.LFunction
	list *lua.LTable
}

// output reads the optional make function and list into at arguments n
// and n+1.
func (k *meldKeeper) output(L *lua.LState, n int) meldOut {
	out := meldOut{L: L, keep: k}
	if L.Get(n) != lua.LNil {
		out.make = L.CheckFunction(n)
	}
	if L.Get(n+1) != lua.LNil {
		out.list = L.CheckTable(n + 1)
	} else {
		out.list = L.CreateTable(16, 0)
	}
	return out
}

// add appends the meld of vals, or what make makes of it, to the list.
func (o meldOut) add(vals []int) {
	m := o.keep.list(o.L, vals)
	if o.make == nil {
		o.list.Append(m)
		return
	}
	o.list.Append(o.keep.made(o.L, o.make, m))
}

// made returns make(meld), made the first time and kept.
func (k *meldKeeper) made(L *lua.LState, fn *lua.LFunction, meld *lua.LTable) lua.LValue {
	key := madeKey{fn, meld}
	if v, ok := k.things[key]; ok {
		return v
	}
	L.Push(fn)
	L.Push(meld)
	L.Call(1, 1)
	v := L.Get(-1)
	L.Pop(1)
	if v == lua.LNil {
		L.RaiseError("melds: make gave nil for a meld (it must make something)")
	}
	if k.things == nil {
		k.things = make(map[madeKey]lua.LValue)
	}
	if len(k.things) < maxMade {
		k.things[key] = v
	}
	return v
}

// meldsJoins implements melds.joins(a, b, counts, top [, with_empty,
// make, into]): the groups of hand cards that, laid with the values of
// the melds a and b together, make one meld — a gap between them filled,
// extended at either end (extensionsOf). None when a and b cannot make
// one meld: a set with anything but its value, values they share, or a
// gap the hand cannot fill.
func meldsJoins(L *lua.LState, keep *meldKeeper) int {
	top := L.CheckInt(4)
	keep.base = readValues(L, 1, top, keep.base[:0])
	keep.base = readValues(L, 2, top, keep.base)
	keep.counts = checkCounts(L, 3, top, keep.counts)
	out := keep.output(L, 6)
	extensionsOf(keep, L.ToBool(5), out)
	L.Push(out.list)
	return 1
}
