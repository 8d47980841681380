package interp

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/tabletop/tabletop/luahost"
	lua "github.com/yuin/gopher-lua"
)

// TestResult is the outcome of one scenario of a Lua test file.
type TestResult struct {
	File     string
	Name     string
	Err      error // nil when the scenario passed
	Duration time.Duration
}

// RunTestFile runs the scenarios of a Lua test file (games/clubs_test.lua).
// A scenario starts games of the script under test — by default the file
// name without "_test" — plays moves by their text and checks what
// happened. The error is for a file that cannot run at all.
func RunTestFile(path string, stdlib fs.FS) ([]TestResult, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	proto, err := compile(src, path)
	if err != nil {
		return nil, err
	}
	host := &Engine{
		Path: path, Limits: DefaultLimits, dir: filepath.Dir(path), stdlib: stdlib,
		protos: map[string]*luahost.Chunk{"": proto}, sources: map[string]string{"": path},
	}
	host.Limits.StepInstructions = 2_000_000_000
	host.Limits.StepTimeout = 10 * time.Minute
	r := &testRun{host: host, stdlib: stdlib, engines: map[string]*Engine{}}
	return r.run()
}

type testRun struct {
	host    *Engine
	stdlib  fs.FS
	mu      sync.Mutex
	engines map[string]*Engine
	matches []*Match
}

type scenario struct {
	name string
	fn   *lua.LFunction
}

func (r *testRun) engine(script string) (*Engine, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if e, ok := r.engines[script]; ok {
		return e, nil
	}
	e, err := Load(script, r.stdlib)
	if err != nil {
		return nil, err
	}
	r.engines[script] = e
	return e, nil
}

func (r *testRun) defaultScript() string {
	base := filepath.Base(r.host.Path)
	return filepath.Join(r.host.dir, strings.TrimSuffix(base, "_test.lua")+".lua")
}

func (r *testRun) run() ([]TestResult, error) {
	L := r.host.newState(NewRNG(1), os.Stderr)
	defer L.Close()
	g := newGuard(r.host.Limits)
	defer g.close()
	L.SetContext(g)
	var scenarios []scenario
	L.SetGlobal("scenario", L.NewFunction(func(L *lua.LState) int {
		scenarios = append(scenarios, scenario{name: L.CheckString(1), fn: L.CheckFunction(2)})
		return 0
	}))
	L.SetGlobal("game", L.NewFunction(r.luaGame))
	L.Push(luahost.Load(L, testPreludeProto()))
	L.Call(0, 0)
	g.begin()
	L.Push(luahost.Load(L, r.host.protos[""]))
	err := L.PCall(0, 0, nil)
	g.end()
	if err != nil {
		return nil, scriptError(err)
	}
	var results []TestResult
	for _, s := range scenarios {
		start := time.Now()
		g.begin()
		err := L.CallByParam(lua.P{Fn: s.fn, NRet: 0, Protect: true})
		g.end()
		res := TestResult{File: r.host.Path, Name: s.name, Duration: time.Since(start)}
		if err != nil {
			se := scriptError(err).(*ScriptError)
			msg := se.Msg
			if why := g.stopped(); why != "" {
				if !strings.Contains(msg, why) {
					msg += " (" + why + ")"
				}
				g = newGuard(r.host.Limits)
				defer g.close()
				L.SetContext(g)
			}
			if se.Traceback != "" {
				msg += "\n" + se.Traceback
			}
			res.Err = fmt.Errorf("%s", msg)
		}
		results = append(results, res)
		for _, m := range r.matches {
			m.Close()
		}
		r.matches = nil
	}
	return results, nil
}

// luaGame implements game{script=, players=, seed=, options=, stack=, rolls=}.
func (r *testRun) luaGame(L *lua.LState) int {
	spec := L.OptTable(1, L.NewTable())
	script := r.defaultScript()
	if s, ok := spec.RawGetString("script").(lua.LString); ok {
		script = filepath.Join(r.host.dir, string(s))
	}
	e, err := r.engine(script)
	if err != nil {
		L.RaiseError("%s", err.Error())
	}
	cfg := Config{Seed: 1, Options: map[string]string{}, Stack: map[string][][]string{}, Out: os.Stderr}
	if n, ok := spec.RawGetString("players").(lua.LNumber); ok {
		cfg.Players = int(n)
	}
	if n, ok := spec.RawGetString("seed").(lua.LNumber); ok {
		cfg.Seed = uint64(n)
	}
	if o, ok := spec.RawGetString("options").(*lua.LTable); ok {
		o.ForEach(func(k, v lua.LValue) { cfg.Options[k.String()] = v.String() })
	}
	if st, ok := spec.RawGetString("stack").(*lua.LTable); ok {
		st.ForEach(func(k, v lua.LValue) {
			lists, ok := v.(*lua.LTable)
			if !ok {
				L.RaiseError("stack.%s must be a list of card names (or a list of such lists)", k.String())
			}
			if _, nested := lists.RawGetInt(1).(*lua.LTable); !nested {
				wrap := L.NewTable()
				wrap.Append(lists)
				lists = wrap
			}
			for i := 1; i <= lists.Len(); i++ {
				var names []string
				if l, ok := lists.RawGetInt(i).(*lua.LTable); ok {
					for j := 1; j <= l.Len(); j++ {
						names = append(names, lua.LVAsString(l.RawGetInt(j)))
					}
				}
				cfg.Stack[k.String()] = append(cfg.Stack[k.String()], names)
			}
		})
	}
	if rl, ok := spec.RawGetString("rolls").(*lua.LTable); ok {
		for i := 1; i <= rl.Len(); i++ {
			cfg.Rolls = append(cfg.Rolls, int(lua.LVAsNumber(rl.RawGetInt(i))))
		}
	}
	if opts, err := e.ParseOptions(optionList(cfg.Options)); err != nil {
		L.RaiseError("%s", err.Error())
	} else {
		cfg.Options = opts
	}
	m, err := e.NewMatch(cfg)
	if err != nil {
		L.RaiseError("%s", err.Error())
	}
	r.matches = append(r.matches, m)
	L.Push(r.handle(L, m))
	return 1
}

func optionList(o map[string]string) []string {
	var out []string
	for k, v := range o {
		out = append(out, k+"="+v)
	}
	return out
}

// handle is the test's view of a match: it may look at everything.
func (r *testRun) handle(L *lua.LState, m *Match) *lua.LTable {
	h := L.NewTable()
	def := func(name string, fn func(L *lua.LState) int) { h.RawSetString(name, L.NewFunction(fn)) }
	legal := func(L *lua.LState) string {
		if p := m.Prompt(); p != nil {
			return strings.Join(p.Options, " | ")
		}
		if m.Err() != nil {
			return "none: the game stopped with an error: " + m.Err().Error()
		}
		return "none: the game is over"
	}
	def("play", func(L *lua.LState) int {
		for i := 2; i <= L.GetTop(); i++ {
			text := L.CheckString(i)
			if err := m.Apply(0, text); err != nil {
				L.RaiseError("move %q: %v (legal: %s)", text, err, legal(L))
			}
		}
		return 0
	})
	def("play_as", func(L *lua.LState) int {
		seat := L.CheckInt(2)
		for i := 3; i <= L.GetTop(); i++ {
			text := L.CheckString(i)
			if err := m.Apply(seat, text); err != nil {
				L.RaiseError("move %q: %v (legal: %s)", text, err, legal(L))
			}
		}
		return 0
	})
	def("say", func(L *lua.LState) int {
		if err := m.Say(L.CheckInt(2), L.CheckString(3)); err != nil {
			L.RaiseError("%v", err)
		}
		return 0
	})
	def("prompt", func(L *lua.LState) int {
		p := m.Prompt()
		if p == nil {
			L.Push(lua.LNil)
			return 1
		}
		t := L.NewTable()
		t.RawSetString("seat", lua.LNumber(p.Seat))
		t.RawSetString("hint", lua.LString(p.Hint))
		t.RawSetString("secret", lua.LBool(p.Secret))
		t.RawSetString("options", toLua(L, p.Options))
		L.Push(t)
		return 1
	})
	def("legal", func(L *lua.LState) int {
		var opts []string
		if p := m.Prompt(); p != nil {
			opts = p.Options
		}
		L.Push(toLua(L, opts))
		return 1
	})
	def("turn", func(L *lua.LState) int {
		if p := m.Prompt(); p != nil {
			L.Push(lua.LNumber(p.Seat))
		} else {
			L.Push(lua.LNil)
		}
		return 1
	})
	def("view", func(L *lua.LState) int {
		L.Push(m.View(L.OptInt(2, 0)).luaView(L, newLuaCache()))
		return 1
	})
	def("text", func(L *lua.LState) int {
		L.Push(lua.LString(m.View(L.OptInt(2, 0)).Text()))
		return 1
	})
	def("log", func(L *lua.LState) int {
		var lines []string
		if L.GetTop() >= 2 {
			for _, l := range m.LogFor(L.CheckInt(2), 0) {
				lines = append(lines, l.Text)
			}
		} else {
			for _, l := range m.log {
				lines = append(lines, l.Text)
			}
		}
		L.Push(toLua(L, lines))
		return 1
	})
	def("cards", func(L *lua.LState) int {
		name := L.CheckString(2)
		owner := L.OptInt(3, 0)
		for _, z := range m.Zones {
			if z.Name == name && z.Owner == owner {
				names := make([]string, len(z.Cards))
				for i, c := range z.Cards {
					names[i] = c.Name
				}
				L.Push(toLua(L, names))
				return 1
			}
		}
		L.RaiseError("no zone %q with owner %d", name, owner)
		return 0
	})
	def("pool", func(L *lua.LState) int {
		name := L.CheckString(2)
		for _, p := range m.Pools {
			if p.Name == name {
				holder := "supply"
				switch v := L.Get(3).(type) {
				case lua.LNumber:
					holder = itoa(int(v))
				case lua.LString:
					holder = string(v)
				}
				kind := L.OptString(4, "")
				counts := p.Held[holder]
				if holder == "supply" {
					counts = p.Supply
				}
				if kind != "" {
					L.Push(lua.LNumber(counts[kind]))
				} else {
					L.Push(lua.LNumber(sum(counts)))
				}
				return 1
			}
		}
		L.RaiseError("no pool %q", name)
		return 0
	})
	def("track", func(L *lua.LState) int {
		name := L.CheckString(2)
		for _, t := range m.Tracks {
			if t.Name == name {
				L.Push(lua.LNumber(t.Markers[L.CheckInt(3)]))
				return 1
			}
		}
		L.RaiseError("no track %q", name)
		return 0
	})
	def("total", func(L *lua.LState) int {
		seat := L.CheckInt(2)
		name := L.OptString(3, "")
		for _, p := range m.Pads {
			if name == "" || p.Name == name {
				L.Push(lua.LNumber(p.Totals[seat]))
				return 1
			}
		}
		L.RaiseError("no score pad")
		return 0
	})
	// leaks(): what a seat could read that it may not see — log lines that
	// named such a card when they were written, and extra objects that show
	// one now (see Match.CheckSecrecy). Empty when all is well.
	def("leaks", func(L *lua.LState) int {
		out := append([]string(nil), m.leaks...)
		if len(out) == 0 {
			if err := m.CheckSecrecy(); err != nil {
				out = append(out, err.Error())
			}
		}
		L.Push(toLua(L, out))
		return 1
	})
	def("done", func(L *lua.LState) int {
		L.Push(lua.LBool(m.Done()))
		return 1
	})
	def("error", func(L *lua.LState) int {
		if m.Err() == nil {
			L.Push(lua.LNil)
		} else {
			L.Push(lua.LString(m.Err().Error()))
		}
		return 1
	})
	def("result", func(L *lua.LState) int {
		res := m.Result()
		t := L.NewTable()
		t.RawSetString("winners", toLua(L, res.Winners))
		sc := L.NewTable()
		for s := 1; s < len(res.Scores); s++ {
			sc.RawSetInt(s, lua.LNumber(res.Scores[s]))
		}
		t.RawSetString("scores", sc)
		L.Push(t)
		return 1
	})
	// finish(bot [, seed [, max]]): let bots play on until the game ends
	// (or max decisions); returns the number of decisions made.
	def("finish", func(L *lua.LState) int {
		name := L.OptString(2, "random")
		seed := uint64(L.OptInt(3, 1))
		limit := L.OptInt(4, 1_000_000)
		bots := map[int]Bot{}
		defer func() {
			for _, b := range bots {
				b.Close()
			}
		}()
		n := 0
		for ; n < limit && m.Prompt() != nil; n++ {
			seat := m.Prompt().Seat
			b, ok := bots[seat]
			if !ok {
				var err error
				if b, err = m.Engine.NewBot(name, seat, BotSeed(seed, seat)); err != nil {
					L.RaiseError("%v", err)
				}
				bots[seat] = b
			}
			i, err := b.Choose(m)
			if err != nil {
				L.RaiseError("%v", err)
			}
			if err := m.Step(i); err != nil {
				L.RaiseError("%v", err)
			}
		}
		if m.Err() != nil {
			L.RaiseError("%v", m.Err())
		}
		L.Push(lua.LNumber(n))
		return 1
	})
	mt := L.NewTable()
	mt.RawSetString("__index", h)
	obj := L.NewTable()
	L.SetMetatable(obj, mt)
	return obj
}

const testPrelude = `
local function show(v, depth)
  depth = depth or 0
  if type(v) == "string" then return string.format("%q", v) end
  if type(v) ~= "table" or depth > 2 then return tostring(v) end
  local parts, n = {}, #v
  for i = 1, n do parts[#parts + 1] = show(v[i], depth + 1) end
  for k, x in pairs(v) do
    if not (type(k) == "number" and k >= 1 and k <= n and k % 1 == 0) then
      parts[#parts + 1] = tostring(k) .. " = " .. show(x, depth + 1)
    end
  end
  return "{" .. table.concat(parts, ", ") .. "}"
end

local function same(a, b)
  if a == b then return true end
  if type(a) ~= "table" or type(b) ~= "table" then return false end
  for k, v in pairs(a) do if not same(v, b[k]) then return false end end
  for k in pairs(b) do if a[k] == nil then return false end end
  return true
end

-- expect(cond, message): fails the scenario unless cond is true.
function expect(cond, msg)
  if not cond then error("expectation failed: " .. (msg or "condition is false"), 3) end
end

-- expect_eq(actual, expected, message): deep equality for tables.
function expect_eq(actual, expected, msg)
  if not same(actual, expected) then
    error(string.format("%sexpected %s, got %s", msg and (msg .. ": ") or "", show(expected), show(actual)), 3)
  end
end

-- expect_error(fn, fragment): fn must fail with a message containing fragment.
function expect_error(fn, fragment)
  local ok, err = pcall(fn)
  if ok then error("expected an error" .. (fragment and (" mentioning " .. show(fragment)) or ""), 3) end
  if fragment and not string.find(tostring(err), fragment, 1, true) then
    error(string.format("expected an error mentioning %s, got %s", show(fragment), show(tostring(err))), 3)
  end
end

-- expect_log(g, fragment [, seat]): some log line contains fragment.
function expect_log(g, fragment, seat)
  local lines = seat and g:log(seat) or g:log()
  for _, l in ipairs(lines) do
    if string.find(l, fragment, 1, true) then return l end
  end
  error(string.format("no log line mentions %s; the last lines are:\n  %s", show(fragment),
    table.concat(lines, "\n  ", math.max(1, #lines - 7))), 3)
end

-- expect_no_log(g, fragment [, seat]): no log line contains fragment.
function expect_no_log(g, fragment, seat)
  local lines = seat and g:log(seat) or g:log()
  for _, l in ipairs(lines) do
    if string.find(l, fragment, 1, true) then
      error(string.format("log line %s should not be there", show(l)), 3)
    end
  end
end

inspect = show
`

var testPreludeProto = compiledOnce("<test prelude>", testPrelude)
