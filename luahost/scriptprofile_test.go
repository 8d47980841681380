package luahost

import (
	"bytes"
	"testing"

	"github.com/google/pprof/profile"
)

// profiled is a script with a hot function (hot, line 2), called from a
// cool one (cool, line 7), and a loop of its own in its main chunk.
const profiled = `
local function hot(n)
  local s = 0
  for i = 1, n do s = s + i % 7 end
  return s
end
local function cool()
  local s = hot(2000) -- not a tail call: cool stays on the stack
  return s
end
local t = 0
for _ = 1, 10 do t = t + cool() end
for i = 1, 100 do t = t + i end
`

// TestScriptProfileCountsByLuaFunction: a script profile counts the
// instructions of the metered states by Lua function and line, callers
// included, and pprof reads it.
func TestScriptProfileCountsByLuaFunction(t *testing.T) {
	if plainLoop == nil {
		t.Skip("gopher-lua's layout is not the one luahost knows: states run the checked loop")
	}
	L, m := countedState(t, DefaultLimits)
	p, err := StartScriptProfile()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := StartScriptProfile(); err == nil {
		t.Error("a second profile started beside the first")
	}
	if err := runCompiled(t, L, m, "prof.lua", profiled); err != nil {
		t.Fatal(err)
	}
	p.Stop()
	if err := runCompiled(t, L, m, "after.lua", "for i = 1, 1000 do end"); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := p.Write(&buf); err != nil {
		t.Fatal(err)
	}
	prof, err := profile.Parse(&buf)
	if err != nil {
		t.Fatal(err)
	}
	self, total := map[string]int64{}, map[string]int64{}
	lines := map[int64]int64{}
	for _, s := range prof.Sample {
		seen := map[string]bool{}
		for i, loc := range s.Location {
			name := loc.Line[0].Function.Name
			if i == 0 {
				self[name] += s.Value[0]
				if name == "prof.lua:2" {
					lines[loc.Line[0].Line] += s.Value[0]
				}
			}
			if !seen[name] {
				total[name] += s.Value[0]
				seen[name] = true
			}
		}
	}
	if self["prof.lua:2"] < 10*2000 || self["prof.lua:2"] <= 10*self["prof.lua:7"] {
		t.Errorf("hot runs %d instructions of its own, cool %d: want hot's loop (20,000 rounds) far ahead", self["prof.lua:2"], self["prof.lua:7"])
	}
	if lines[4] < 10*2000 {
		t.Errorf("hot's line 4 (its loop) has %d instructions: %v", lines[4], lines)
	}
	if total["prof.lua:7"] < self["prof.lua:2"] || total["prof.lua (main chunk)"] < total["prof.lua:7"] {
		t.Errorf("totals %v: cool's should hold hot's, the main chunk's both", total)
	}
	if self["prof.lua (main chunk)"] < 100 {
		t.Errorf("the main chunk's own loop: %d instructions", self["prof.lua (main chunk)"])
	}
	for name := range self {
		if name == "after.lua (main chunk)" {
			t.Error("a state counted after the profile stopped")
		}
	}
}
