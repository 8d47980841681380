package interp

import (
	"sort"

	lua "github.com/yuin/gopher-lua"
)

// The module melds (require "melds", in every state): sets and runs of
// values — Andy Capp's trays, a rummy's melds — worked out in Go. Values
// are whole numbers 1..top; counts[v] is how many cards of value v a hand
// holds (missing: none).
//
//	melds.counts(cards, top [, field])     how many cards of each value
//	melds.all(counts, top)                 every meld the hand can lay
//	melds.extensions(base, counts, top, e) the groups that extend a meld
//
// Both give the same table for the same meld (meldkeep.go).

func meldsModule(L *lua.LState) *lua.LTable {
	keep := hostValue(L, &meldKeeper{}) // an upvalue, for forks (sandbox.go)
	mod := L.CreateTable(0, 3)
	mod.RawSetString("all", L.NewClosure(meldsAllG, keep))
	mod.RawSetString("extensions", L.NewClosure(meldsExtensionsG, keep))
	mod.RawSetString("counts", L.NewFunction(meldsCounts))
	return mod
}

// meldsAllG is melds.all, with the module's keeper in its upvalue.
func meldsAllG(L *lua.LState) int { return meldsAll(L, upvalueOf[*meldKeeper](L, 1)) }

// meldsExtensionsG is melds.extensions, with the module's keeper in its
// upvalue.
func meldsExtensionsG(L *lua.LState) int {
	return meldsExtensions(L, upvalueOf[*meldKeeper](L, 1))
}

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
		t.RawSetInt(i+1, lua.LNumber(v))
	}
	return t
}

// meldsAll implements melds.all(counts, top): every meld a hand can lay,
// value by value: the sets of one to all copies of the value, then the
// runs of two or more consecutive values that start with it.
func meldsAll(L *lua.LState, keep *meldKeeper) int {
	top := L.CheckInt(2)
	keep.counts = checkCounts(L, 1, top, keep.counts)
	counts := keep.counts
	out := L.CreateTable(16, 0)
	buf := keep.buf[:0]
	defer func() { keep.buf = buf }()
	for v := 1; v <= top; v++ {
		for k := 1; k <= counts[v]; k++ {
			buf = buf[:0]
			for i := 0; i < k; i++ {
				buf = append(buf, v)
			}
			out.Append(keep.list(L, buf))
		}
		if counts[v] == 0 {
			continue
		}
		buf = append(buf[:0], v)
		for w := v + 1; w <= top && counts[w] > 0; w++ {
			buf = append(buf, w)
			out.Append(keep.list(L, buf))
		}
	}
	L.Push(out)
	return 1
}

// meldsExtensions implements melds.extensions(base, counts, top [,
// with_empty]): the groups of hand cards that, laid with the values of
// base, make one meld. For a set (all values equal): more of its value,
// one to all copies. For values all different: every run they can become,
// filled wherever base has a gap and extended at the bottom, the top or
// both — those reaching down least first, then up least first. with_empty
// includes the empty group when base is a meld by itself.
func meldsExtensions(L *lua.LState, keep *meldKeeper) int {
	baseT := L.CheckTable(1)
	top := L.CheckInt(3)
	keep.counts = checkCounts(L, 2, top, keep.counts)
	counts := keep.counts
	withEmpty := L.ToBool(4)
	base := keep.base[:0]
	buf := keep.buf[:0]
	defer func() { keep.base, keep.buf = base, buf }()
	for i := 1; i <= baseT.Len(); i++ {
		v, ok := baseT.RawGetInt(i).(lua.LNumber)
		if !ok || int(v) < 1 || int(v) > top {
			L.ArgError(1, "a list of values 1..top expected")
		}
		base = append(base, int(v))
	}
	out := L.CreateTable(8, 0)
	L.Push(out)
	if len(base) == 0 {
		return 1
	}
	sort.Ints(base)
	lo, hi := base[0], base[len(base)-1]
	allEqual := lo == hi
	if allEqual {
		if withEmpty {
			out.Append(keep.list(L, nil))
		}
		for k := 1; k <= counts[lo]; k++ {
			buf = buf[:0]
			for i := 0; i < k; i++ {
				buf = append(buf, lo)
			}
			out.Append(keep.list(L, buf))
		}
	}
	in := append(keep.in[:0], make([]bool, top+2)...)
	keep.in = in
	for _, v := range base {
		if in[v] {
			return 1 // not all different: no run
		}
		in[v] = true
	}
	gaps := keep.gaps[:0]
	defer func() { keep.gaps = gaps }()
	for v := lo; v <= hi; v++ {
		if !in[v] {
			if counts[v] == 0 {
				return 1
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
				out.Append(keep.list(L, buf))
			}
		}
	}
	return 1
}
