package luahost

import (
	"fmt"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestKeyedTable: a table made by KeyedTable is the table RawSetString
// makes field by field — the same fields, iterated in the same order —
// and goes on behaving as one when a script adds, changes and removes
// fields.
func TestKeyedTable(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	for _, n := range []int{0, 1, 3, 6, 40} {
		var keys, values []lua.LValue
		for i := 0; i < n; i++ {
			keys = append(keys, lua.LString(fmt.Sprintf("k%d", i)))
			values = append(values, Int(i*37))
		}
		want := L.CreateTable(0, n)
		for i, k := range keys {
			want.RawSetString(string(k.(lua.LString)), values[i])
		}
		got := KeyedTable(L, keys, values)
		for _, change := range []func(*lua.LTable){
			func(*lua.LTable) {},
			func(t *lua.LTable) { t.RawSetString("new", lua.LString("x")) },
			func(t *lua.LTable) { t.RawSetString("k0", lua.LNumber(-1)) },
			func(t *lua.LTable) { t.RawSetString("k1", lua.LNil) },
			func(t *lua.LTable) { t.RawSetInt(1, lua.LTrue) },
		} {
			change(want)
			change(got)
			if g, w := pairsOf(got), pairsOf(want); g != w {
				t.Fatalf("%d keys: KeyedTable gives %s, RawSetString %s", n, g, w)
			}
		}
	}
}

// pairsOf lists a table's pairs in the order next gives them.
func pairsOf(t *lua.LTable) string {
	s := ""
	for k, v := t.Next(lua.LNil); k != lua.LNil; k, v = t.Next(k) {
		s += fmt.Sprintf("%v=%v ", k, v)
	}
	return s
}

func TestInt(t *testing.T) {
	for _, n := range []int{-3, 0, 1, 255, 256, 100000} {
		if v := Int(n); v != lua.LNumber(n) {
			t.Errorf("Int(%d) = %v", n, v)
		}
	}
}
