package luahost

import (
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestFieldStoresMakeGopherLuasTables runs scripts that build and change
// tables by named fields, with the field stores and with gopher-lua's
// own, and wants the same tables: the same fields in the same order of
// next, after new fields, changed ones, removed and re-added ones, and
// tables with a metatable.
func TestFieldStoresMakeGopherLuasTables(t *testing.T) {
	scripts := map[string]string{
		"constructor": `return { text = "tray 3 4", kind = "tray", values = {3, 4}, n = 2 }`,
		"stores": `local o = {}
o.a = 1; o.b = 2; o.c = 3; o.a = 10
return o`,
		"removed and back": `local o = { a = 1, b = 2, c = 3 }
o.b = nil; o.d = 4; o.b = 5
return o`,
		"removed twice and back": `local o = { a = 1, b = 2 }
o.a = nil; o.c = 3; o.b = nil; o.a = 4; o.b = 5; o.e = 6
return o`,
		"other keys removed": `local o = { a = 1 }
o[2.5] = 1; o[2.5] = nil; o.b = 2; o.a = nil; o.a = 3; o.c = 4; o[2.5] = 5; o.d = 6
return o`,
		"mixed keys": `local o = { 1, 2, x = "x", [10] = 10 }
o.y = "y"; o[3] = 3; o.x = "xx"
return o`,
		"many fields": `local o = {}
o.f1 = 1; o.f2 = 2; o.f3 = 3; o.f4 = 4; o.f5 = 5; o.f6 = 6; o.f7 = 7; o.f8 = 8; o.f9 = 9; o.f10 = 10
return o`,
		"keys by value": `local o, names = {}, { "b", "a", "b", "c" }
for i, n in ipairs(names) do o[n] = i end
o[names[2]] = nil; o.d = 4; o["a"] = 5; o[1] = 1
return o`,
		"metatable": `local seen = {}
local o = setmetatable({}, { __newindex = function(t, k, v) seen[#seen + 1] = k; rawset(t, k, v) end })
o.a = 1; o.b = 2; o.a = 3
return { o = o, seen = table.concat(seen, ",") }`,
	}
	run := func(src string, fast bool) string {
		t.Helper()
		useFieldStores = fast
		defer func() { useFieldStores = true }()
		L := lua.NewState()
		defer L.Close()
		if err := L.DoString(src); err != nil {
			t.Fatal(err)
		}
		return dumpTable(L.Get(-1), 0)
	}
	for name, src := range scripts {
		if fast, gopher := run(src, true), run(src, false); fast != gopher {
			t.Errorf("%s: the field stores make\n%s\ngopher-lua makes\n%s", name, fast, gopher)
		}
	}
}

// dumpTable writes a value, tables by next's order.
func dumpTable(v lua.LValue, depth int) string {
	tb, ok := v.(*lua.LTable)
	if !ok || depth > 3 {
		return v.String()
	}
	s := "{"
	for k, x := tb.Next(lua.LNil); k != lua.LNil; k, x = tb.Next(k) {
		s += k.String() + "=" + dumpTable(x, depth+1) + " "
	}
	return s + "}"
}
