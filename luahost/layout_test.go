package luahost

import (
	"os"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestLayoutIsKnown fails, loudly, when gopher-lua is not a version whose
// private layout luahost was checked against, or when its layout differs
// from the one layout.go declares: luahost would then fall back on
// gopher-lua's public API everywhere (layout.go lists what that costs).
func TestLayoutIsKnown(t *testing.T) {
	if why := LayoutProblem(); why != "" {
		t.Fatalf("gopher-lua's private layout is not the one luahost knows: %s.\n"+
			"Check layout.go's structs against the new gopher-lua, field by field, and the uses listed there.", why)
	}
	v := gopherLuaVersion(t)
	if !slices.Contains(checkedVersions, v) {
		t.Fatalf("gopher-lua is %s, and luahost's layouts were checked against %s only: check layout.go's "+
			"structs and the linked symbols (jumpTable, allocator.LNumber2I) against it, then add it to checkedVersions",
			v, strings.Join(checkedVersions, ", "))
	}
	if plainLoop == nil {
		t.Error("the counted loop is not in use")
	}
}

// gopherLuaVersion is the version of gopher-lua built into the test: as
// its source files' path in the module cache says
// (".../gopher-lua@v1.1.2/state.go"), or else as go.mod requires it (a
// test binary carries no module versions).
func gopherLuaVersion(t *testing.T) string {
	pc := reflect.ValueOf(lua.NewState).Pointer()
	if f := runtime.FuncForPC(pc); f != nil {
		file, _ := f.FileLine(pc)
		if m := regexp.MustCompile(`gopher-lua@(v[^/\\]+)`).FindStringSubmatch(file); m != nil {
			return m[1]
		}
	}
	mod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	if m := regexp.MustCompile(`(?m)^\s*github.com/yuin/gopher-lua (v\S+)`).FindSubmatch(mod); m != nil {
		return string(m[1])
	}
	t.Fatal("go.mod does not require github.com/yuin/gopher-lua")
	return ""
}

// TestLayoutProblemNamesTheDifference: a layout that differs from its
// type is named, field and offset.
func TestLayoutProblemNamesTheDifference(t *testing.T) {
	//lint:ignore U1000 the fields are read through reflection, by sameLayout
	type shifted struct {
		Metatable lua.LValue
		keys      []lua.LValue // where array is
		array     []lua.LValue
		dict      map[lua.LValue]lua.LValue
		strdict   map[string]lua.LValue
		k2i       map[lua.LValue]int
	}
	got := sameLayout(reflect.TypeOf(lua.LTable{}), reflect.TypeOf(shifted{}))
	if !strings.Contains(got, "lua.LTable.array has changed") {
		t.Errorf("got %q, want the array field named", got)
	}
	type short struct{ Metatable lua.LValue }
	if got := sameLayout(reflect.TypeOf(lua.LTable{}), reflect.TypeOf(short{})); !strings.Contains(got, "has changed (6 fields") {
		t.Errorf("got %q, want the count of fields named", got)
	}
}

// TestFallBacks runs what reads gopher-lua's layout as it runs on a
// gopher-lua whose layout differs: each falls back on the public API and
// still works (the instructions, wrapped once at start-up, are not
// tested here: with another layout they are never wrapped).
func TestFallBacks(t *testing.T) {
	saved, savedKnown := layoutProblem, layoutKnown
	layoutProblem, layoutKnown = func() string { return "a layout of another version" }, false
	defer func() { layoutProblem, layoutKnown = saved, savedKnown }()

	L := lua.NewState(lua.Options{SkipOpenLibs: true, CallStackSize: 200})
	defer L.Close()
	OpenLibs(L)
	m := NewMeter(DefaultLimits)
	defer m.Close()
	SetContext(L, m)
	keys := []lua.LValue{lua.LString("a"), lua.LString("b")}
	if got := pairsOf(KeyedTable(L, keys, []lua.LValue{Int(1), Int(2)})); got != "a=1 b=2 " {
		t.Errorf("KeyedTable made %s", got)
	}
	var inSort string
	depth := -1
	L.SetGlobal("where", L.NewFunction(func(L *lua.LState) int {
		inSort, depth = CalledFromGo(L), CallDepth(L)
		return 0
	}))
	m.Begin()
	err := L.DoString(`
		local t = {}
		for i = 1, 50 do t[i] = 50 - i; t["k" .. i] = i end
		local n = 0
		for k, v in pairs(t) do n = n + 1 end
		assert(n == 100, n)
		table.sort(t, function(a, b) where() return a < b end)`)
	m.End()
	if err != nil {
		t.Fatal(err)
	}
	if inSort != "a table.sort comparator" || depth != 0 {
		t.Errorf("in a comparator, CalledFromGo says %q and CallDepth %d (the layout's frames, not the fall-back's)", inSort, depth)
	}
	if n := Measure(0, L); n < 100*mapEntryBytes {
		t.Errorf("Measure counts %d bytes for a table of 100 entries", n)
	}
	th := NewThread(L, m)
	if err := L.DoString("function idle() end"); err != nil {
		t.Fatal(err)
	}
	if st, err, _ := L.Resume(th, L.GetGlobal("idle").(*lua.LFunction)); st != lua.ResumeOK || err != nil {
		t.Fatal(st, err)
	}
	if ResetThread(th) {
		t.Error("ResetThread made a thread as new without the layout")
	}
	args := []lua.LValue{lua.LTrue}
	if got := FitResults(th, args); len(got) != 1 {
		t.Errorf("FitResults gave %v", got)
	}
	c := NewCopier(NewCopyPlan(CopyRules{}))
	c.Threads(L)
	if err := c.Err(); err == nil || !strings.Contains(err.Error(), "another version") {
		t.Errorf("a copy on another layout: %v", err)
	}
}
