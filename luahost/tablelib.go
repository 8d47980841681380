package luahost

import (
	lua "github.com/yuin/gopher-lua"
)

// tableFuncs is Lua 5.1's table library, with the reference's semantics
// where gopher-lua's differ (insert's argument count and shifting, remove
// out of range, concat's range and numbers, maxn over every key, sort's
// algorithm and errors) and with everything that loops in Go metered.
var tableFuncs = map[string]lua.LGFunction{
	"concat":   tabConcat,
	"foreach":  tabForeach,
	"foreachi": tabForeachi,
	"getn":     tabGetn,
	"insert":   tabInsert,
	"maxn":     tabMaxn,
	"remove":   tabRemove,
	"setn":     tabSetn,
	"sort":     tabSort,
}

var tableLib = sortedLibrary(tableFuncs)

func openTable(L *lua.LState) *lua.LTable {
	return tableLib.open(L)
}

// rawGetInt is t[i] without metamethods, for any integer i (gopher-lua's
// RawGetInt sees only the array part).
func rawGetInt(t *lua.LTable, i int) lua.LValue {
	if i >= 1 && i < lua.MaxArrayIndex {
		return t.RawGetInt(i)
	}
	return t.RawGetH(lua.LNumber(i))
}

// rawSetInt is t[i] = v without metamethods. gopher-lua keeps integer keys
// below MaxArrayIndex in an array and fills the gap up to i with nils, so
// setting far past the end costs memory: it is charged.
func rawSetInt(L *lua.LState, t *lua.LTable, i, n int, v lua.LValue) {
	if i > n+1 && i < lua.MaxArrayIndex {
		MeterOf(L).Charge(L, 16*int64(i-n))
	}
	t.RawSetInt(i, v)
}

// getn is luaL_getn, the raw length (#t).
func getn(L *lua.LState, n int) int { return checkTable(L, n).Len() }

func tabGetn(L *lua.LState) int {
	L.Push(lua.LNumber(getn(L, 1)))
	return 1
}

func tabSetn(L *lua.LState) int {
	checkTable(L, 1)
	raise(L, "'setn' is obsolete")
	return 0
}

func tabMaxn(L *lua.LState) int {
	t := checkTable(L, 1)
	best := 0.0
	steps := int64(0)
	for k, _ := next(L, t, lua.LNil); k != lua.LNil; k, _ = next(L, t, k) {
		if steps++; steps%1024 == 0 {
			work(L, 1024)
		}
		if n, ok := k.(lua.LNumber); ok && float64(n) > best {
			best = float64(n)
		}
	}
	work(L, steps%1024)
	L.Push(lua.LNumber(best))
	return 1
}

func tabInsert(L *lua.LState) int {
	t := checkTable(L, 1)
	n := t.Len()
	e := n + 1 // the first empty element
	var pos int
	switch L.GetTop() {
	case 2:
		pos = e
	case 3:
		pos = checkInt(L, 2)
		if pos > e {
			e = pos // grow the array
		}
		work(L, int64(e)-int64(pos))
		if pos >= 1 && pos <= n {
			t.Insert(pos, L.Get(3)) // the same shift, done by copy
			return 0
		}
		for i := e; i > pos; i-- { // t[i] = t[i-1]
			t.RawSetInt(i, rawGetInt(t, i-1))
		}
	default:
		raise(L, "wrong number of arguments to 'insert'")
	}
	rawSetInt(L, t, pos, n, L.Get(L.GetTop()))
	return 0
}

func tabRemove(L *lua.LState) int {
	t := checkTable(L, 1)
	e := t.Len()
	pos := optInt(L, 2, e)
	if pos < 1 || pos > e {
		return 0 // nothing to remove: no value at all, as in the reference
	}
	work(L, int64(e-pos))
	L.Push(t.Remove(pos)) // t[pos], the rest shifted down, t[e] = nil
	return 1
}

func tabConcat(L *lua.LState) int {
	sep := optString(L, 2, "")
	t := checkTable(L, 1)
	i := optInt(L, 3, 1)
	last := optLen(L, 4, t)
	limit := maxString(L)
	var out []byte
	for k := int64(1); i <= last; i, k = i+1, k+1 {
		switch v := rawGetInt(t, i).(type) {
		case lua.LString:
			out = append(out, v...)
		case lua.LNumber:
			out = appendNumber(out, float64(v))
		default:
			raise(L, "invalid value (%s) at index %d in table for 'concat'", v.Type().String(), i)
		}
		if i < last {
			out = append(out, sep...)
		}
		if int64(len(out)) > limit {
			tooLong(L, "table.concat", int64(len(out)))
		}
		if k%1024 == 0 {
			work(L, 1024)
		}
	}
	newString(L, "table.concat", int64(len(out)))
	L.Push(lua.LString(out))
	return 1
}

func tabForeachi(L *lua.LState) int {
	n := getn(L, 1)
	t := L.Get(1).(*lua.LTable)
	f := checkFunction(L, 2)
	for i := 1; i <= n; i++ {
		work(L, callCost)
		L.Push(f)
		L.Push(lua.LNumber(i))
		L.Push(rawGetInt(t, i))
		L.Call(2, 1)
		if r := L.Get(-1); r != lua.LNil {
			return 1
		}
		L.Pop(1)
	}
	return 0
}

func tabForeach(L *lua.LState) int {
	t := checkTable(L, 1)
	f := checkFunction(L, 2)
	for k, v := next(L, t, lua.LNil); k != lua.LNil; k, v = next(L, t, k) {
		work(L, callCost)
		L.Push(f)
		L.Push(k)
		L.Push(v)
		L.Call(2, 1)
		if r := L.Get(-1); r != lua.LNil {
			return 1
		}
		L.Pop(1)
	}
	return 0
}

func checkFunction(L *lua.LState, n int) *lua.LFunction {
	f, ok := L.Get(n).(*lua.LFunction)
	if !ok {
		typeError(L, n, "function")
	}
	return f
}
