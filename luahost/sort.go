package luahost

import (
	lua "github.com/yuin/gopher-lua"
)

// table.sort is the reference's quicksort, step for step: the same
// comparisons in the same order, so that an unstable sort leaves equal
// elements where Lua 5.1 leaves them, a comparator sees the same calls,
// and an inconsistent comparator gets the same "invalid order function
// for sorting". Each comparison is charged as an instruction.
//
// One deliberate difference: where an inconsistent comparator drives the
// partition past the end of the range without tripping the reference's
// checks, Lua 5.1 writes outside the range and may never finish; we stop
// with the same error instead.
//
// A comparison with the < operator is charged as one instruction; a call
// of the comparator as callCost (its own instructions are counted by the
// VM besides).

func tabSort(L *lua.LState) int {
	t := checkTable(L, 1)
	n := t.Len()
	s := sorter{L: L, t: t}
	if !isNoneOrNil(L, 2) {
		s.fn = checkFunction(L, 2)
	}
	s.sort(1, n)
	work(L, s.pending)
	return 0
}

type sorter struct {
	L       *lua.LState
	t       *lua.LTable
	fn      *lua.LFunction // nil: the < operator
	pending int64          // work not charged yet
}

func (s *sorter) get(i int) lua.LValue    { return rawGetInt(s.t, i) }
func (s *sorter) set(i int, v lua.LValue) { s.t.RawSetInt(i, v) }
func (s *sorter) swap(i, j int) {
	a, b := s.get(i), s.get(j)
	s.set(i, b)
	s.set(j, a)
}

// less compares two elements with the comparator or the < operator.
func (s *sorter) less(a, b lua.LValue) bool {
	if s.pending >= 256 {
		work(s.L, s.pending)
		s.pending = 0
	}
	if s.fn == nil {
		s.pending++
		return lessThan(s.L, a, b)
	}
	s.pending += callCost
	return callTest(s.L, s.fn, a, b)
}

// callTest calls f(a, b) and returns whether its result is true.
func callTest(L *lua.LState, f, a, b lua.LValue) bool {
	L.Push(f)
	L.Push(a)
	L.Push(b)
	L.Call(2, 1)
	r := lua.LVAsBool(L.Get(-1))
	L.Pop(1)
	return r
}

// sort sorts t[l..u]: the reference's auxsort, recursing into the smaller
// part and looping on the larger. Its length is that of the reference.
func (s *sorter) sort(l, u int) {
	for l < u {
		if s.less(s.get(u), s.get(l)) { // order a[l], a[(l+u)/2] and a[u]
			s.swap(l, u)
		}
		if u-l == 1 {
			return
		}
		i := (l + u) / 2
		if s.less(s.get(i), s.get(l)) {
			s.swap(i, l)
		} else if s.less(s.get(u), s.get(i)) {
			s.swap(i, u)
		}
		if u-l == 2 {
			return
		}
		i = s.partition(l, u, i)
		var lo, hi int // the smaller part, sorted by recursion
		if i-l < u-i {
			lo, hi, l = l, i-1, i+1
		} else {
			lo, hi, u = i+1, u, i-1
		}
		s.sort(lo, hi)
	}
}

// partition puts the pivot a[m] at its place in t[l..u] and returns it:
// a[l..i-1] <= a[i] == P <= a[i+1..u].
func (s *sorter) partition(l, u, m int) int {
	p := s.get(m)
	s.swap(m, u-1) // a[l] <= P == a[u-1] <= a[u]: sort a[l+1..u-2]
	i, j := l, u-1
	for {
		for i++; s.less(s.get(i), p); i++ {
			if i > u {
				raise(s.L, "invalid order function for sorting")
			}
		}
		for j--; s.less(p, s.get(j)); j-- {
			if j < l {
				raise(s.L, "invalid order function for sorting")
			}
		}
		if j < i {
			break
		}
		s.swap(i, j)
	}
	if i > u { // see the note at the top: the reference would write at u+1
		raise(s.L, "invalid order function for sorting")
	}
	s.swap(u-1, i)
	return i
}

// lessThan is Lua 5.1's < (luaV_lessthan): numbers, strings, or the same
// __lt metamethod on both sides. Its errors carry no position, as the
// reference's do not when raised inside a library function.
func lessThan(L *lua.LState, a, b lua.LValue) bool {
	if a.Type() != b.Type() {
		orderError(L, a, b)
	}
	switch a := a.(type) {
	case lua.LNumber:
		return a < b.(lua.LNumber)
	case lua.LString:
		return a < b.(lua.LString)
	}
	mm := L.GetMetaField(a, "__lt")
	if mm == lua.LNil || !L.RawEqual(mm, L.GetMetaField(b, "__lt")) {
		orderError(L, a, b)
	}
	return callTest(L, mm, a, b)
}

func orderError(L *lua.LState, a, b lua.LValue) {
	t1, t2 := a.Type().String(), b.Type().String()
	if t1[2] == t2[2] { // the reference's test, so "string" and "thread" are "two string values"
		L.Error(lua.LString("attempt to compare two "+t1+" values"), 0)
	}
	L.Error(lua.LString("attempt to compare "+t1+" with "+t2), 0)
}
