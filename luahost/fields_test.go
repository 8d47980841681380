package luahost

import (
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestAppendFieldsWalksAsNext: AppendFields lists a table's fields in
// next's order, whatever parts they are in and whatever was removed.
func TestAppendFieldsWalksAsNext(t *testing.T) {
	scripts := map[string]string{
		"empty":       `return {}`,
		"list":        `return { 1, 2, 3 }`,
		"list holes":  `local o = { 1, 2, 3, 4 }; o[2] = nil; return o`,
		"constructor": `return { text = "bid 3 5s", count = 3, face = 5 }`,
		"mixed":       `local o = { 1, 2, x = "x", [10] = 10, [2.5] = "h" }; o.y = "y"; o[true] = 1; return o`,
		"removed":     `local o = { a = 1, b = 2, c = 3 }; o.b = nil; o.d = 4; o[2.5] = 1; o[2.5] = nil; o.b = 5; return o`,
		"all removed": `local o = { a = 1, [7] = 2 }; o.a = nil; o[7] = nil; return o`,
	}
	for name, src := range scripts {
		L := lua.NewState()
		if err := L.DoString(src); err != nil {
			t.Fatal(err)
		}
		tb := L.Get(-1).(*lua.LTable)
		var want []lua.LValue
		for k, v := tb.Next(lua.LNil); k != lua.LNil; k, v = tb.Next(k) {
			want = append(want, k, v)
		}
		got := AppendFields([]lua.LValue{lua.LString("before")}, tb)
		if len(got) != len(want)+1 || got[0] != lua.LString("before") {
			t.Errorf("%s: %d values, want %d after the one already there", name, len(got)-1, len(want))
		} else {
			for i := range want {
				if got[i+1] != want[i] {
					t.Errorf("%s: value %d is %v, next gives %v", name, i, got[i+1], want[i])
				}
			}
		}
		L.Close()
	}
}
