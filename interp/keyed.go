package interp

import (
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// Tables the engine makes with string keys, and makes by the hundred (a
// list of handfuls to choose from), cost more than their fields suggest:
// gopher-lua's RawSetString boxes each key twice for the table's list of
// keys and grows that list field by field, and every number stored is
// boxed as well. keyedTable makes such a table in one go, the same table
// RawSetString would make, with the key list at its size and the keys'
// boxes shared; it writes gopher-lua's fields through the layout a fork
// uses (forklua.go), and falls back on RawSetString where that layout
// does not match.

// keyedTable returns a new table holding values[i] under keys[i]: keys
// are distinct strings boxed as Lua values, values are not nil.
func keyedTable(L *lua.LState, keys, values []lua.LValue) *lua.LTable {
	t := L.CreateTable(0, len(keys))
	if len(keys) == 0 {
		return t
	}
	if layoutProblem() != "" {
		for i, k := range keys {
			t.RawSetString(string(k.(lua.LString)), values[i])
		}
		return t
	}
	tl := (*tableLayout)(unsafe.Pointer(t))
	tl.keys = make([]lua.LValue, len(keys))
	tl.k2i = make(map[lua.LValue]int, len(keys))
	for i, k := range keys {
		tl.strdict[string(k.(lua.LString))] = values[i]
		tl.keys[i] = k
		tl.k2i[k] = i
	}
	return t
}

// boxNumber is n as a Lua value, boxed once for small whole numbers.
func boxNumber(n int) lua.LValue {
	if n >= 0 && n < len(smallNumbers) {
		return smallNumbers[n]
	}
	return lua.LNumber(n)
}

var smallNumbers = func() (s [256]lua.LValue) {
	for i := range s {
		s[i] = lua.LNumber(i)
	}
	return s
}()
