package luahost

import (
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// Tables the engine makes with string keys, and makes by the hundred (a
// list of handfuls to choose from), cost more than their fields suggest:
// gopher-lua's RawSetString boxes each key twice for the table's list of
// keys and grows that list field by field, and every number stored is
// boxed as well. KeyedTable makes such a table in one go, the same table
// RawSetString would make: the key list at its size (presizeKeys) and the
// keys' boxes shared (addField, fieldstore.go). Where gopher-lua's layout
// is not the one luahost knows, it falls back on RawSetString.

// KeyedTable returns a new table holding values[i] under keys[i]: keys
// are distinct strings boxed as Lua values, values are not nil.
func KeyedTable(L *lua.LState, keys, values []lua.LValue) *lua.LTable {
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
	presizeKeys(t, len(keys))
	tl := (*tableLayout)(unsafe.Pointer(t))
	for i, k := range keys {
		addField(tl, string(k.(lua.LString)), k, values[i])
	}
	return t
}

// Int is n as a Lua value, boxed once for small whole numbers.
func Int(n int) lua.LValue {
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
