package interp

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/luahost"
)

// placeScript writes its lines from play, from a helper, from a module,
// inside a pcall and from on_say.
const placeScript = `local helper = require "helper"
local Game = { title = "Places", players = { 2, 2 } }

-- [Telling] a seat its own line
local function tell(t, seat)
  t:tell(seat, "only for %p", seat)
end

function Game.on_say(t, seat, text)
  t:log("heard %p", seat)
end

function Game.play(t)
  t:log("start")
  tell(t, 2)
  helper.note(t)
  pcall(function()
    t:event("all", { kind = "x" }, "an event")
  end)
  t:ask(1, { "go" })
  t:log("start")
  return { winners = { 1 } }
end

return Game
`

const placeHelper = `local M = {}

function M.note(t)
  t:log("from the module")
end

return M
`

// TestLogPlaces checks where each line of the log is said to come from:
// the innermost frame of the script's own code that wrote it, in the file
// that holds it; nothing for what a seat said. The engine keeps the text
// of each file it compiled.
func TestLogPlaces(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "places.lua")
	module := filepath.Join(dir, "helper.lua")
	for name, src := range map[string]string{script: placeScript, module: placeHelper} {
		if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	e, err := Load(script, nil)
	if err != nil {
		t.Fatal(err)
	}
	m, err := e.NewMatch(Config{Players: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if err := m.Say(2, "hello"); err != nil {
		t.Fatal(err)
	}
	if err := m.Step(0); err != nil {
		t.Fatal(err)
	}
	want := []struct {
		text  string
		place Place
		ok    bool
	}{
		{"start", Place{File: script, Line: 14, Func: 13}, true},
		{"only for Player 2", Place{File: script, Line: 6, Func: 5}, true},
		{"from the module", Place{File: module, Line: 4, Func: 3}, true},
		{"an event", Place{File: script, Line: 18, Func: 17}, true},
		{"Player 2 says: hello", Place{}, false},
		{"heard Player 2", Place{File: script, Line: 10, Func: 9}, true},
		{"start", Place{File: script, Line: 21, Func: 13}, true},
	}
	log := m.Log()
	if len(log) != len(want) {
		t.Fatalf("%d lines, want %d: %v", len(log), len(want), log)
	}
	for i, w := range want {
		p, ok := m.LogPlace(i)
		if log[i].Text != w.text || p != w.place || ok != w.ok {
			t.Errorf("line %d: %q from %+v (%v), want %q from %+v (%v)", i+1, log[i].Text, p, ok, w.text, w.place, w.ok)
		}
	}
	if len(m.log.Places()) != 6 {
		t.Errorf("%d places interned for 6 places: %v", len(m.log.Places()), m.log.Places())
	}
	if _, ok := m.LogPlace(len(log)); ok {
		t.Error("a place for a line past the end")
	}
	for file, src := range map[string]string{script: placeScript, module: placeHelper} {
		if got, ok := e.SourceLines(file); !ok || strings.Join(got, "\n")+"\n" != src {
			t.Errorf("SourceLines(%s) = %q, %v", file, got, ok)
		}
	}
	if _, ok := e.SourceLines("nosuch.lua"); ok {
		t.Error("lines of a file the engine never compiled")
	}

	// A silent copy keeps no places; a fork keeps the log's.
	s, err := m.Copy(Silent)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if len(s.log.Places()) != 0 || s.placeIdx != nil {
		t.Errorf("a silent match interned places: %v", s.log.Places())
	}
}

// TestLogPlaceWithoutLayout checks that the walk over gopher-lua's frames
// finds what its public debug interface finds (the way used for a
// gopher-lua whose frames interp does not know), through a tail call, a
// Go function and a chunk of the engine's own.
func TestLogPlaceWithoutLayout(t *testing.T) {
	if why := luahost.LayoutProblem(); why != "" {
		t.Skip(why)
	}
	L := lua.NewState()
	defer L.Close()
	type pair struct {
		fast, slow Place
		ok1, ok2   bool
	}
	var got []pair
	var fast, slow Match // their tables of places, interned both ways
	var interned [][2]int32
	L.SetGlobal("probe", L.NewFunction(func(L *lua.LState) int {
		var p pair
		p.fast, p.ok1 = callerPlace(L)
		p.slow, p.ok2 = callerPlaceSlow(L)
		got = append(got, p)
		interned = append(interned, [2]int32{fast.logPlace(L), slow.internSlow(L)})
		return 0
	}))
	engine, err := L.Load(strings.NewReader("return function(f) f() end"), "<engine>")
	if err != nil {
		t.Fatal(err)
	}
	L.Push(engine)
	L.Call(0, 1)
	L.SetGlobal("viaEngine", L.Get(-1))
	L.Pop(1)
	chunk, err := L.Load(strings.NewReader(`probe()
local function f()
  probe()
end
local function g() return f() end
g()
g()
viaEngine(probe)
viaEngine(function()
  probe()
end)
pcall(probe)
`), "probe.lua")
	if err != nil {
		t.Fatal(err)
	}
	L.Push(chunk)
	L.Call(0, 0)
	want := []Place{{File: "probe.lua", Line: 1, Func: 0}, {File: "probe.lua", Line: 3, Func: 2}, {File: "probe.lua", Line: 3, Func: 2}, {File: "probe.lua", Line: 8, Func: 0}, {File: "probe.lua", Line: 10, Func: 9}, {File: "probe.lua", Line: 12, Func: 0}}
	if len(got) != len(want) {
		t.Fatalf("%d probes, want %d", len(got), len(want))
	}
	for i, p := range got {
		if !p.ok1 || !p.ok2 || p.fast != want[i] || p.slow != want[i] {
			t.Errorf("probe %d: fast %+v (%v), slow %+v (%v), want %+v", i+1, p.fast, p.ok1, p.slow, p.ok2, want[i])
		}
	}
	// the same place twice is one entry of the table, either way
	wantIdx := [][2]int32{{1, 1}, {2, 2}, {2, 2}, {3, 3}, {4, 4}, {5, 5}}
	if fmt.Sprint(interned) != fmt.Sprint(wantIdx) || len(fast.log.Places()) != 5 || fmt.Sprint(fast.log.Places()) != fmt.Sprint(slow.log.Places()) {
		t.Errorf("interned %v, want %v; places %v and %v", interned, wantIdx, fast.log.Places(), slow.log.Places())
	}
}

// TestSourceLines shows a script's lines as a terminal may print them:
// tabs to every fourth column, no control characters (an escape sequence
// hidden in a comment clears nobody's screen).
func TestSourceLines(t *testing.T) {
	src := "local Game = { players = { 2, 2 } }\r\n--\x1b[2J clear\nfunction Game.play(t)\n\tif true then\n\t\tt:ask(1, { \"go\" })\tend\nend\nreturn Game\n"
	e, _ := startMatch(t, "tabs.lua", src, Config{Players: 2})
	got, ok := e.SourceLines("tabs.lua")
	want := []string{"local Game = { players = { 2, 2 } }", "--[2J clear", "function Game.play(t)", "    if true then", "        t:ask(1, { \"go\" })  end", "end", "return Game"}
	if !ok || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got %q, want %q", got, want)
	}
}
