package interp

import (
	"fmt"
	"strings"
	"testing"
)

// TestCountedLoopStopsEveryKindOfLoop: in the counted loop, every way of
// running on without asking for a decision is stopped by the instruction
// budget, at a line of the loop, and a pcall does not catch the stop.
func TestCountedLoopStopsEveryKindOfLoop(t *testing.T) {
	if plainLoop == nil {
		t.Skip("gopher-lua's layout is not the one interp knows: states run the checked loop")
	}
	for _, tc := range []struct {
		name, body string
		line       int // of the script: the body starts at line 3
	}{
		{"while", "t:ask(1, {'go'})\nwhile true do end", 4},
		{"repeat", "t:ask(1, {'go'})\nlocal n = 0\nrepeat n = n + 1 until false", 5},
		{"numeric for", "t:ask(1, {'go'})\nfor i = 1, 1e15 do local x = i * 2 end", 4},
		{"generic for", "t:ask(1, {'go'})\nlocal function forever() return 1 end\nfor x in forever do end", 4}, // in forever
		{"tail calls", "t:ask(1, {'go'})\nlocal function f(n) return f(n + 1) end\nreturn f(1)", 4},
		{"calls in a loop", "t:ask(1, {'go'})\nlocal function f(n) return n + 1 end\nlocal n = 0\nwhile true do n = f(n) end", 6},
		{"metamethods", "t:ask(1, {'go'})\nlocal mt = {}\nmt.__index = function(t2, k) return k end\nlocal o = setmetatable({}, mt)\nwhile true do local x = o.a end", 5}, // in __index
		{"pcall", "t:ask(1, {'go'})\nwhile true do pcall(function() while true do end end) end", 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, m := startMatch(t, "loop.lua", game(tc.body), Config{Players: 1})
			err := m.Step(0)
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
// run between two decisions in the counted loop with the checked loop's,
// which counts every instruction run: it is never less, and not much
// more.
func TestCountedLoopCountsAtLeastWhatRuns(t *testing.T) {
	if plainLoop == nil {
		t.Skip("the counted loop is not in use")
	}
	// Each body is a function run between two decisions: a function's
	// straight code is counted when it returns.
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
		_, m := startMatch(t, "count.lua", game("local function work()\n"+body+"\nend\nt:ask(1, {'go'})\nwork()\nt:ask(1, {'go'})"), Config{Players: 1})
		if err := m.Step(0); err != nil {
			t.Fatal(err)
		}
		return m.meter.Steps()
	}
	// The step also runs play's few instructions around the call, which
	// the counted loop counts when play goes round its loop or returns.
	const around = 16
	for name, body := range bodies {
		exact, counted := steps(body, false), steps(body, true)
		if counted+around < exact || counted > 3*exact {
			t.Errorf("%s: the counted loop counts %d for %d instructions run", name, counted, exact)
		}
	}
}
