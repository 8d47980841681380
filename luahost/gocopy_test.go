package luahost

import (
	"reflect"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestCopyMaps: a copy's maps are its own, with the same entries — maps of
// plain keys and values, and maps holding Lua values or maps (copied deep)
// alike — and a map held three times is copied once.
func TestCopyMaps(t *testing.T) {
	type holder struct {
		counts  map[string]int
		again   map[string]int
		nested  map[string]map[string]int
		flags   map[int]bool
		tables  map[string]lua.LValue
		nothing map[string]int
	}
	L := lua.NewState()
	defer L.Close()
	tb := L.NewTable()
	tb.RawSetString("x", lua.LNumber(1))
	counts := map[string]int{"single": 2, "double": 1}
	src := holder{
		counts: counts,
		again:  counts,
		nested: map[string]map[string]int{"lost": {"risk": 1}, "mine": counts},
		flags:  map[int]bool{3: true, 5: false},
		tables: map[string]lua.LValue{"t": tb, "n": lua.LNumber(4)},
	}
	var dst holder
	c := NewCopier(NewCopyPlan(CopyRules{}))
	c.Copy(reflect.ValueOf(&dst).Elem(), reflect.ValueOf(&src).Elem())
	if err := c.Err(); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(dst.counts, src.counts) || !reflect.DeepEqual(dst.nested, src.nested) || !reflect.DeepEqual(dst.flags, src.flags) {
		t.Fatalf("the copy's maps differ: %v %v %v", dst.counts, dst.nested, dst.flags)
	}
	if dst.nothing != nil {
		t.Error("a nil map copied as a map")
	}
	dst.counts["single"] = 9
	if src.counts["single"] != 2 {
		t.Error("the copy's map is the original's")
	}
	if dst.again["single"] != 9 || dst.nested["mine"]["single"] != 9 {
		t.Error("a map held three times was copied more than once")
	}
	dst.nested["lost"]["risk"] = 7
	if src.nested["lost"]["risk"] != 1 {
		t.Error("a nested map of the copy is the original's")
	}
	ct, ok := dst.tables["t"].(*lua.LTable)
	if !ok || ct == tb || ct.RawGetString("x") != lua.LNumber(1) || dst.tables["n"] != lua.LNumber(4) {
		t.Errorf("a map of Lua values was not copied deep: %v", dst.tables)
	}
}
