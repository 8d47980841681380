package interp

import (
	"strings"
	"testing"
)

// TestEveryErrorNamesItsPlace raises errors that carry no position of
// their own — nil, a table, a function, a message at level 0 or at a
// level that points into the engine — in play, at load, in a bot, a tool
// and a note: each is reported with the script's file and line.
func TestEveryErrorNamesItsPlace(t *testing.T) {
	for _, tc := range []struct {
		name, where, raise, want string
	}{
		{"nil", "play", `local mesage; error(mesage)`, "e.lua:6: error called with nil: the error has no message"},
		{"level 0", "play", `error("no place", 0)`, "e.lua:6: no place"},
		{"number", "play", `error(42, 0)`, "e.lua:6: 42"},
		{"boolean", "play", `error(true)`, "e.lua:6: an error that is not a string (the boolean true)"},
		{"function", "play", `error(function() end)`, "e.lua:6: an error that is not a string (a function)"},
		{"table", "play", `error({ code = 42 })`, "e.lua:6: an error that is not a string (a table)"},
		{"tostring", "play", `error(setmetatable({}, { __tostring = function() return "a fine message" end }))`, "e.lua:6: a fine message"},
		{"tostring loops", "play", `error(setmetatable({}, { __tostring = function() while true do end end }))`,
			"e.lua:6: an error value (a table) whose __tostring failed: e.lua:6: the script ran 10 million instructions"},
		{"tostring fails", "play", `error(setmetatable({}, { __tostring = function() error("inner") end }))`,
			"e.lua:6: an error value (a table) whose __tostring failed: e.lua:6: inner"},
		{"inside ask_all", "play", `t:ask_all({ 1 }, {})`, "e.lua:6: t:ask: no legal options"},
		{"load", "load", `error(nil)`, "e.lua:2: error called with nil"},
		{"bot level 2", "bot", `error("this bot does not play seat " .. seat, 2)`, "e.lua:12: this bot does not play seat 1"},
		{"bot nil", "bot", `error(nil)`, "e.lua:12: error called with nil"},
		{"tool", "tool", `error("no notebook", 0)`, "e.lua:13: no notebook"},
		{"note", "note", `error({})`, "e.lua:8: an error that is not a string (a table)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code := map[string]string{}
			code[tc.where] = tc.raise
			src := "local G = { title = 'E', players = { 2, 2 } }\n" +
				code["load"] + "\n" +
				"function G.play(t)\n" +
				"  t:ask(1, { 'go' })\n" +
				"  t:note('n', function(seat) return 'note' end)\n" +
				"  " + code["play"] + "\n" +
				"  t:note('m', function(seat)\n" +
				"    " + code["note"] + "\n" +
				"  end)\n" +
				"  t:ask(2, { 'end' })\nend\n" +
				"G.bots = { b = function(view, options, seat) " + code["bot"] + " return 1 end }\n" +
				"G.tools = { notebook = function(view, seat) " + code["tool"] + " return 'x' end }\n" +
				"return G\n"
			e, err := LoadSource("e.lua", []byte(src), nil)
			if tc.where == "load" {
				wantPlaced(t, err, tc.want)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			m, err := e.NewMatch(Config{})
			if err != nil {
				t.Fatal(err)
			}
			defer m.Close()
			switch tc.where {
			case "play":
				err = m.Apply(1, "go")
			case "bot":
				b, berr := e.NewBot("b", 1, 1)
				if berr != nil {
					t.Fatal(berr)
				}
				defer b.Close()
				_, err = b.Choose(m)
			case "tool":
				_, err = e.RunTool(m, "notebook", 1)
			case "note":
				if err := m.Apply(1, "go"); err != nil {
					t.Fatal(err)
				}
				err = m.CheckDrawing()
			}
			wantPlaced(t, err, tc.want)
		})
	}
}

func wantPlaced(t *testing.T, err error, want string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want %q", want)
	}
	msg := err.Error()
	if i := strings.Index(msg, "e.lua:"); i > 0 {
		msg = msg[i:] // "bot b: ", "note m: "
	}
	if !strings.HasPrefix(msg, want) {
		t.Errorf("got %q, want it to start with %q", err.Error(), want)
	}
	if strings.Contains(msg, "0x") {
		t.Errorf("the message shows an address: %q", msg)
	}
}
