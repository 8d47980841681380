package interp

import (
	"strings"
	"testing"
)

// pcallGame asks inside pcall in every way an author might: a turn
// wrapped in pcall, nested pcalls, xpcall, an error after an ask caught
// by pcall, and results of every count. Each line it logs says what a
// pcall returned.
const pcallGame = `
local G = { title = "Pcall", players = { 2, 2 } }
local function turn(t, seat)
  local c = t:ask(seat, { "a", "b", "fail" }, "pick")
  if c == "fail" then error("the turn failed") end
  return c, nil, seat
end
function G.play(t)
  local n = select("#", pcall(turn, t, 1))
  local ok, c, none, seat = pcall(turn, t, 1)
  t:log("one: %s %s %s %s %s", tostring(n), tostring(ok), tostring(c), tostring(none), tostring(seat))
  local ok2, err = pcall(function()
    return pcall(function()
      t:ask(2, { "inner" })
      error({ code = 7 })
    end)
  end)
  t:log("nested: %s %s %s", tostring(ok2), tostring(err), type(select(2, pcall(error, { code = 7 }))))
  local xok, xmsg = xpcall(function() t:ask(1, { "x" }) error("boom") end, function(e) return "handled " .. e end)
  t:log("xpcall: %s %s", tostring(xok), xmsg)
  t:log("empty: %d", select("#", pcall(function() t:ask(2, { "e" }) end)))
  local a, b, c = t:ask(1, { "last" })
  t:log("padded: %s %s %s", a, tostring(b), tostring(c))
  return { winners = {} }
end
return G
`

// playTexts answers each prompt with the first option whose text is in
// choices (in order, each used once), else the first option.
func playTexts(t *testing.T, m *Match, choices ...string) {
	t.Helper()
	for m.Prompt() != nil {
		p := m.Prompt()
		pick := p.Options[0]
		if len(choices) > 0 && p.Index(choices[0]) >= 0 {
			pick, choices = choices[0], choices[1:]
		}
		if err := m.Apply(p.Seat, pick); err != nil {
			t.Fatal(err)
		}
	}
	if m.Err() != nil {
		t.Fatal(m.Err())
	}
}

func TestAskInsidePcall(t *testing.T) {
	_, m := startMatch(t, "pcall.lua", pcallGame, Config{})
	playTexts(t, m, "a", "fail")
	checkLog(t, m, []string{
		"one: 4 false pcall.lua:5: the turn failed nil nil",
		"nested: true false table",
		"xpcall: false handled pcall.lua:19: boom",
		"empty: 1",
		"padded: last nil nil",
	})
}

// TestAskInsidePcallSavesForksAndReplays stops at each prompt of a game
// that asks inside pcalls, and checks that a fork there and a replay of
// its decisions both go on exactly as the game does.
func TestAskInsidePcallSavesForksAndReplays(t *testing.T) {
	e, m := startMatch(t, "pcall.lua", pcallGame, Config{Seed: 3})
	want := func(m *Match) string {
		var lines []string
		for _, l := range m.Log() {
			lines = append(lines, l.Text)
		}
		return strings.Join(lines, "\n")
	}
	whole, err := e.Replay(m.Config, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer whole.Close()
	playTexts(t, whole, "b", "a")
	for step := 0; m.Prompt() != nil; step++ {
		f, err := m.Fork()
		if err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		r, err := m.Copy()
		if err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		choices := []string{"b", "a"}
		if step > 0 {
			choices = choices[1:]
		}
		if step > 1 {
			choices = nil
		}
		playTexts(t, f, choices...)
		playTexts(t, r, choices...)
		if step <= 1 && (want(f) != want(whole) || want(r) != want(whole)) {
			t.Errorf("step %d: the fork logged\n%s\nthe replay\n%s\nthe game\n%s", step, want(f), want(r), want(whole))
		}
		f.Close()
		r.Close()
		p := m.Prompt()
		pick := p.Options[0]
		if step == 0 {
			pick = "b"
		}
		if err := m.Apply(p.Seat, pick); err != nil {
			t.Fatal(err)
		}
	}
	if want(m) != want(whole) {
		t.Errorf("the game logged\n%s\nwant\n%s", want(m), want(whole))
	}
}

// TestAskRefusedWhereLuaCannotSuspend asks from every kind of function Go
// calls: each is refused with the script's line and what it is inside,
// and the match is stopped cleanly.
func TestAskRefusedWhereLuaCannotSuspend(t *testing.T) {
	for _, tc := range []struct {
		name, code, want string
	}{
		{"sort", `table.sort({ 3, 1, 2 }, function(a, b) t:ask(1, { "x" }) return a < b end)`, "a table.sort comparator"},
		{"gsub", `local _ = ("abc"):gsub("b", function() return t:ask(1, { "x" }) end)`, "a string.gsub replacement function"},
		{"index", `local o = setmetatable({}, { __index = function() return t:ask(1, { "x" }) end }) local _ = o.k`, "an __index metamethod"},
		{"newindex", `local o = setmetatable({}, { __newindex = function() t:ask(1, { "x" }) end }) o.k = 1`, "a __newindex metamethod"},
		{"add", `local o = setmetatable({}, { __add = function() return t:ask(1, { "x" }) end }) local _ = o + 1`, "an arithmetic metamethod"},
		{"lt", `local mt = { __lt = function() t:ask(1, { "x" }) return true end } local _ = setmetatable({}, mt) < setmetatable({}, mt)`, "a comparison metamethod"},
		{"concat", `local o = setmetatable({}, { __concat = function() return t:ask(1, { "x" }) end }) local _ = o .. "s"`, "a __concat metamethod"},
		{"tostring", `tostring(setmetatable({}, { __tostring = function() return t:ask(1, { "x" }) end }))`, "a __tostring metamethod"},
		{"iterator", `for _ in function() return t:ask(1, { "x" }) end do break end`, "the iterator of a for ... in loop"},
		// Refused inside a pcall, which catches the refusal: raised again.
		{"handler", `local _, e = xpcall(function() error("e") end, function() return t:ask(1, { "x" }) end) error(e, 0)`, "xpcall"},
		{"pcall in sort", `table.sort({ 3, 1 }, function(a, b) local _, e = pcall(t.ask, t, 1, { "x" }) error(e, 0) end)`, "a table.sort comparator"},
		{"ask_all in sort", `table.sort({ 3, 1 }, function(a, b) t:ask_all({ 1, 2 }, { "x" }) return a < b end)`, "a table.sort comparator"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "local G = { title = 'Refused', players = { 2, 2 } }\nfunction G.play(t)\n  t:ask(1, { 'go' })\n  " +
				tc.code + "\n  t:ask(2, { 'after' })\nend\nreturn G\n"
			_, m := startMatch(t, "refused.lua", src, Config{})
			err := m.Apply(1, "go")
			want := "refused.lua:4: cannot ask inside " + tc.want + " ("
			if err == nil || !strings.HasPrefix(err.Error(), want) {
				t.Fatalf("got %v, want an error starting %q", err, want)
			}
			if m.Prompt() != nil || m.Err() == nil {
				t.Errorf("the match goes on after the refusal: prompt %v", m.Prompt())
			}
		})
	}
}

// TestPcallInPlayMeansWhatLuaSays checks that pcall on the play coroutine,
// which runs its function in a coroutine of its own, returns what Lua
// 5.1's pcall returns, positions and stack overflow included.
func TestPcallInPlayMeansWhatLuaSays(t *testing.T) {
	src := `
local G = { title = "Semantics", players = { 2, 2 } }
local function show(...)
  local out = { tostring(select("#", ...)) }
  for i = 1, select("#", ...) do out[#out + 1] = tostring((select(i, ...))) end
  return table.concat(out, " ")
end
local function level2() error("up", 2) end
local function deep(n) return deep(n + 1) + 1 end
function G.play(t)
  t:ask(1, { "go" })
  t:log("%s", show(pcall(function() end)))
  t:log("%s", show(pcall(function() return nil end)))
  t:log("%s", show(pcall(error)))
  t:log("%s", show(pcall(error, "plain", 0)))
  t:log("%s", show(pcall(level2)))
  t:log("%s", show(pcall(42)))
  t:log("%s", show(pcall(setmetatable({}, { __call = function(_, x) return x * 2 end }), 21)))
  t:log("%s", show(pcall(string.rep)))
  local ok, e = pcall(deep, 1)
  t:log("%s %s", tostring(ok), tostring(e):match("stack overflow") or e)
  local ok2, e2 = pcall(pcall)
  t:log("%s %s", tostring(ok2), e2)
  t:log("%s", show(xpcall(function() return 1, 2 end, print)))
  -- threads used again keep nothing of their last pcall
  local fns = {}
  for i = 1, 3 do
    pcall(function() local x = i * 10 fns[#fns + 1] = function() return x end error("e") end)
    pcall(function() local y = i fns[#fns + 1] = function() y = y + 1 return y end end)
  end
  local got = {}
  for i, f in ipairs(fns) do got[i] = f() + (i % 2 == 0 and fns[i]() or 0) end
  t:log("%s", table.concat(got, " "))
  return { winners = {} }
end
return G
`
	_, m := startMatch(t, "sem.lua", src, Config{})
	playTexts(t, m)
	checkLog(t, m, []string{
		"1 true",
		"2 true nil",
		"2 false nil",
		"2 false plain",
		"2 false up",
		"2 false attempt to call a number value",
		"2 true 42",
		"2 false bad argument #1 to '?' (string expected, got no value)",
		"false stack overflow",
		"false bad argument #1 to '?' (value expected)",
		"3 true 1 2",
		"10 5 20 7 30 9",
	})
}

// TestStoppedInsidePcallStopsTheGame: a budget spent inside a pcall in
// play ends the game, as it does outside one.
func TestStoppedInsidePcallStopsTheGame(t *testing.T) {
	src := `
local G = { title = "Loop", players = { 2, 2 } }
function G.play(t)
  t:ask(1, { "go" })
  while true do pcall(function() t:ask(1, { "again" }) while true do end end) end
end
return G
`
	_, m := startMatch(t, "loop.lua", src, Config{})
	if err := m.Apply(1, "go"); err != nil {
		t.Fatal(err)
	}
	err := m.Apply(1, "again")
	if err == nil || !strings.Contains(err.Error(), "loop.lua:5:") || !strings.Contains(err.Error(), "instructions") {
		t.Fatalf("got %v, want the loop stopped at line 5 by the instruction budget", err)
	}
}

// TestAskInTailCalls: an ask in a tail call (return t:ask(...)), at any
// depth, returns its choice where the call's results go — play's own
// included, whose choice is then its result (not one: an error at play).
func TestAskInTailCalls(t *testing.T) {
	src := `
local G = { title = "Tail", players = { 2, 2 } }
local function pick(t, seat) return t:ask(seat, { "x", "y" }) end
local function twice(t) local a = pick(t, 1) local b, c = pick(t, 2) return a .. b .. tostring(c) end
function G.play(t)
  t:log("%s", twice(t))
  local ok, v = pcall(pick, t, 1)
  t:log("%s %s", tostring(ok), v)
  return t:ask(2, { "last" })
end
return G
`
	_, m := startMatch(t, "tail.lua", src, Config{})
	for _, c := range []struct {
		seat int
		text string
	}{{1, "y"}, {2, "x"}, {1, "y"}} {
		if err := m.Apply(c.seat, c.text); err != nil {
			t.Fatal(err)
		}
	}
	if err := m.Apply(2, "last"); err == nil || !strings.Contains(err.Error(), `tail.lua:5: play's result is "last", not`) {
		t.Errorf("the last choice came back as %v, want it as play's result, refused at play's line", err)
	}
	checkLog(t, m, []string{"yxnil", "true y"})
}
