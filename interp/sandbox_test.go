package interp

import (
	"strings"
	"testing"
	"time"
)

// game wraps a Lua body into a one-seat game whose play(t) runs it.
func game(body string) string {
	return "local G = { title = 'T', players = {1, 2} }\nfunction G.play(t)\n" + body + "\nend\nreturn G\n"
}

func TestSandboxRefusesEscapes(t *testing.T) {
	for _, tc := range []struct {
		name, body, want string
	}{
		{"io", "io.open('/etc/passwd')", "attempt to index a non-table object(nil)"},
		{"os", "os.execute('true')", "attempt to index a non-table object(nil)"},
		{"load", "load('return 1')()", "attempt to call a non-function object"},
		{"loadstring", "loadstring('return 1')()", "attempt to call a non-function object"},
		{"dofile", "dofile('/etc/passwd')", "attempt to call a non-function object"},
		{"loadfile", "loadfile('/etc/passwd')", "attempt to call a non-function object"},
		{"debug", "debug.getregistry()", "attempt to index a non-table object(nil)"},
		{"package", "package.loadlib('x', 'y')", "attempt to index a non-table object(nil)"},
		{"coroutine", "coroutine.create(function() end)", "attempt to index a non-table object(nil)"},
		{"channel", "channel.make()", "attempt to index a non-table object(nil)"},
		{"setfenv", "setfenv(1, {})", "attempt to call a non-function object"},
		{"string.dump", "string.dump(function() end)", "attempt to call a non-function object"},
		{"randomseed", "math.randomseed(1)", "attempt to call a non-function object"},
		{"require path", "require('../../etc/passwd')", "not found"},
		{"require io", "require('io')", "not found"},
		{"string.rep bomb", "string.rep('x', 1e9)", "over the limit"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, err := LoadSource("sandbox.lua", []byte(game(tc.body)), nil)
			if err != nil {
				t.Fatal(err)
			}
			_, err = e.NewMatch(Config{Players: 1})
			if err == nil {
				t.Fatal("the script escaped the sandbox")
			}
			if !strings.Contains(err.Error(), "sandbox.lua:") || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q should name the script line and say %q", err, tc.want)
			}
		})
	}
}

func TestRunawayScriptsAreStopped(t *testing.T) {
	for _, tc := range []struct {
		name, body, want string
	}{
		{"endless loop", "t:ask(1, {'go'})\nwhile true do end", "sandbox.lua:4: the script ran 10 million instructions"},
		{"deep recursion", "t:ask(1, {'go'})\nlocal function f(n) return 1 + f(n + 1) end\nf(1)", "stack overflow"},
		{"runaway allocation", "t:ask(1, {'go'})\nlocal big = {}\nwhile true do big[#big + 1] = {1, 2, 3, 4, 5, 6, 7, 8} end", "sandbox.lua:5: the script keeps more than 16 MiB"},
		{"growth across steps", "local big = {}\nwhile true do t:ask(1, {'go'}) for i = 1, 10000 do big[#big + 1] = {i} end end", "sandbox.lua:4: the script keeps more than 16 MiB"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, err := LoadSource("sandbox.lua", []byte(game(tc.body)), nil)
			if err != nil {
				t.Fatal(err)
			}
			m, err := e.NewMatch(Config{Players: 1})
			if err != nil {
				t.Fatal(err)
			}
			defer m.Close()
			start := time.Now()
			for i := 0; err == nil && i < 10_000; i++ {
				err = m.Step(0)
			}
			if err == nil {
				t.Fatal("the script was not stopped")
			}
			if took := time.Since(start); took > 10*time.Second && !raceEnabled {
				t.Errorf("stopping took %v", took)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q should say %q", err, tc.want)
			}
			// The match refuses further moves with the same error, cleanly.
			if err := m.Step(0); err == nil || !strings.Contains(err.Error(), "stopped by an error") {
				t.Errorf("a stopped match accepted a move: %v", err)
			}
		})
	}
}

func TestScriptErrorsNameFileAndLine(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"syntax", "local G = {\nplay = function(t) x = = 1 end }\nreturn G", "broken.lua:2:"},
		{"runtime", game("local x = nil\nreturn x.field"), "broken.lua:4:"},
		{"no game table", "return 42", "must return its game table"},
		{"no play", "return { title = 'x' }", "play(t) function"},
		{"bad players", "return { players = {0, 2}, play = function() end }", "game.players"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, err := LoadSource("broken.lua", []byte(tc.src), nil)
			if err == nil {
				_, err = e.NewMatch(Config{Players: 1})
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

func TestErrorsInPlayCarryATraceback(t *testing.T) {
	src := "local G = { title = 'TB', players = {1, 1} }\nlocal function inner(x)\n  return x.missing.field\nend\nfunction G.play(t)\n  t:ask(1, { 'go' })\n  local v = inner({})\n  return v\nend\nreturn G\n"
	_, m := startMatch(t, "tb.lua", src, Config{Players: 1})
	err := m.Step(0)
	se, ok := err.(*ScriptError)
	if !ok {
		t.Fatalf("got %T %v, want a ScriptError", err, err)
	}
	if !strings.HasPrefix(se.Msg, "tb.lua:3: attempt to index") {
		t.Errorf("message %q", se.Msg)
	}
	if want := "  tb.lua:3: in function inner\n  tb.lua:7: in play"; se.Traceback != want {
		t.Errorf("traceback:\n%s\nwant:\n%s", se.Traceback, want)
	}
}
