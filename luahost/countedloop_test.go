package luahost

import (
	"fmt"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// countedState is a state as a match's: the libraries, and a meter given
// with SetContext, so that it runs the counted loop (unless a test turned
// it off).
func countedState(t *testing.T, l Limits) (*lua.LState, *Meter) {
	t.Helper()
	L := lua.NewState(lua.Options{SkipOpenLibs: true, CallStackSize: l.MaxCallDepth})
	OpenLibs(L)
	m := NewMeter(l)
	SetContext(L, m)
	t.Cleanup(func() { m.Close(); L.Close() })
	return L, m
}

// runCompiled compiles src as name and runs it as one step of m.
func runCompiled(t *testing.T, L *lua.LState, m *Meter, name, src string) error {
	t.Helper()
	c, err := Compile([]byte(src), name, DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	m.Begin()
	defer m.End()
	L.Push(Load(L, c))
	return L.PCall(0, 0, nil)
}

// TestCountedLoopStopsEveryKindOfLoop: in the counted loop, every way of
// running on without asking for a decision is stopped by the instruction
// budget, at a line of the loop, and a pcall does not catch the stop.
func TestCountedLoopStopsEveryKindOfLoop(t *testing.T) {
	if plainLoop == nil {
		t.Skip("gopher-lua's layout is not the one luahost knows: states run the checked loop")
	}
	for _, tc := range []struct {
		name, body string
		line       int
	}{
		{"while", "while true do end", 1},
		{"repeat", "local n = 0\nrepeat n = n + 1 until false", 2},
		{"numeric for", "for i = 1, 1e15 do local x = i * 2 end", 1},
		{"generic for", "local function forever() return 1 end\nfor x in forever do end", 1}, // in forever
		{"tail calls", "local function f(n) return f(n + 1) end\nreturn f(1)", 1},
		{"calls in a loop", "local function f(n) return n + 1 end\nlocal n = 0\nwhile true do n = f(n) end", 3},
		{"metamethods", "local mt = {}\nmt.__index = function(t2, k) return k end\nlocal o = setmetatable({}, mt)\nwhile true do local x = o.a end", 2}, // in __index
		{"pcall", "while true do pcall(function() while true do end end) end", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			L, m := countedState(t, DefaultLimits)
			err := runCompiled(t, L, m, "loop.lua", tc.body)
			if err == nil {
				t.Fatal("the script was not stopped")
			}
			if !strings.Contains(err.Error(), "ran 10 million instructions") {
				t.Errorf("error %q should say the budget was spent", err)
			}
			if want := fmt.Sprintf("loop.lua:%d:", tc.line); !strings.Contains(err.Error(), want) {
				t.Errorf("error %q should name %s", err, want)
			}
		})
	}
}

// TestCountedLoopCountsAtLeastWhatRuns compares the count of a function
// run as a step in the counted loop with the checked loop's, which counts
// every instruction run: it is never less, and not much more.
func TestCountedLoopCountsAtLeastWhatRuns(t *testing.T) {
	if plainLoop == nil {
		t.Skip("the counted loop is not in use")
	}
	// Each body is a function run as a step: a function's straight code
	// is counted when it returns.
	bodies := map[string]string{
		"straight":     "local a = 1\nlocal b = a + 2\nlocal c = b * a\nreturn c",
		"branches":     "local s = 0\nfor i = 1, 1000 do if i % 3 == 0 then s = s + i elseif i % 3 == 1 then s = s - 1 else s = s * 1 end end",
		"calls":        "local function f(x) if x > 5 then return x end return x + 1 end\nlocal s = 0\nfor i = 1, 1000 do s = s + f(i) end",
		"nested loops": "local s = 0\nfor i = 1, 100 do for j = 1, 100 do s = s + j end end\nwhile s > 0 do s = s - 1000 end",
		"table work":   "local l = {}\nfor i = 1, 500 do l[#l + 1] = {v = i} end\nlocal s = 0\nfor _, x in ipairs(l) do s = s + x.v end",
	}
	steps := func(body string, counted bool) int64 {
		t.Helper()
		useCountedLoop = counted
		defer func() { useCountedLoop = true }()
		L, m := countedState(t, DefaultLimits)
		if err := runCompiled(t, L, m, "count.lua", "local function work()\n"+body+"\nend\nwork()"); err != nil {
			t.Fatal(err)
		}
		return m.Steps()
	}
	// The step also runs the chunk's few instructions around the call,
	// which the counted loop counts when the chunk returns.
	const around = 16
	for name, body := range bodies {
		exact, counted := steps(body, false), steps(body, true)
		if counted+around < exact || counted > 3*exact {
			t.Errorf("%s: the counted loop counts %d for %d instructions run", name, counted, exact)
		}
	}
}
