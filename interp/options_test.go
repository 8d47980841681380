package interp

import (
	"strings"
	"testing"
)

// optionsScript is a game declaring options.
func optionsScript(options string) string {
	return `local G = { title = "O", players = { 2, 2 }, options = { ` + options + ` } }
function G.play(t) t:ask(1, { "go" }) return { winners = {} } end
return G`
}

// TestOptionKinds: an option's kind follows from its default, choices and
// bounds; ParseOptions refuses a value outside them, naming the values,
// and t.options reads each value as its kind.
func TestOptionKinds(t *testing.T) {
	e, err := LoadSource("o.lua", []byte(optionsScript(`
    pace = { default = "slow", choices = { "slow", "fast" }, help = "how fast" },
    rounds = { default = 3, min = 1, max = 9, integer = true },
    ratio = { default = 0.5, min = 0 },
    cap = { default = 10, max = 20 },
    loud = { default = false },
    motto = { default = "hi", kind = "text" },`)), nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, d := range e.Info.Options {
		got[d.Name] = d.Kind + ": " + d.Values()
	}
	for name, want := range map[string]string{
		"pace":   "choice: one of slow, fast",
		"rounds": "number: a whole number from 1 to 9",
		"ratio":  "number: a number from 0 up",
		"cap":    "number: a number up to 20",
		"loud":   "boolean: true or false",
		"motto":  "text: any text",
	} {
		if got[name] != want {
			t.Errorf("%s: got %q, want %q", name, got[name], want)
		}
	}
	for _, c := range []struct{ set, want string }{
		{"pace=medium", `option pace: "medium" is not one of slow, fast`},
		{"rounds=0", "option rounds: 0 is not a whole number from 1 to 9"},
		{"rounds=10", "option rounds: 10 is not a whole number from 1 to 9"},
		{"rounds=2.5", "option rounds: 2.5 is not a whole number from 1 to 9"},
		{"rounds=x", `option rounds: "x" is not a number (a whole number from 1 to 9)`},
		{"rounds=nan", `option rounds: "nan" is not a number (a whole number from 1 to 9)`},
		{"ratio=-0.1", "option ratio: -0.1 is not a number from 0 up"},
		{"cap=21", "option cap: 21 is not a number up to 20"},
		{"loud=yes", `option loud: "yes" must be true or false`},
	} {
		if _, err := e.ParseOptions([]string{c.set}); err == nil || err.Error() != c.want {
			t.Errorf("%s: got %v, want %q", c.set, err, c.want)
		}
	}
	opts, err := e.ParseOptions([]string{"pace=fast", "rounds=9", "ratio=2.5", "loud=true", "motto=any words at all"})
	if err != nil {
		t.Fatal(err)
	}
	m, err := e.NewMatch(Config{Players: 2, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	L := m.L
	o := m.optionsTable(L)
	if o.RawGetString("pace").String() != "fast" || o.RawGetString("rounds").String() != "9" || o.RawGetString("ratio").String() != "2.5" ||
		o.RawGetString("loud").String() != "true" || o.RawGetString("motto").String() != "any words at all" {
		t.Errorf("t.options reads %v %v %v %v %v", o.RawGetString("pace"), o.RawGetString("rounds"), o.RawGetString("ratio"), o.RawGetString("loud"), o.RawGetString("motto"))
	}
}

// TestOptionDeclarationsAreChecked: a declaration that does not hold
// together is the script's error when it loads.
func TestOptionDeclarationsAreChecked(t *testing.T) {
	for _, c := range []struct{ options, want string }{
		{`pace = { default = "medium", choices = { "slow", "fast" } }`, `o.lua: option "pace": its default "medium" is not one of slow, fast`},
		{`pace = { default = 1, choices = { "slow" } }`, `option "pace": choices must be a non-empty list of strings, with a string default`},
		{`pace = { default = "a", choices = { "a", "a" } }`, `option "pace": choice 2 must be a distinct word, not "a"`},
		{`pace = { default = "a", choices = { "a", "b c" } }`, `option "pace": choice 2 must be a distinct word, not "b c"`},
		{`pace = { default = "a", choices = {} }`, `option "pace": choices must be a non-empty list`},
		{`rounds = { default = 0, min = 1 }`, `option "rounds": its default 0 is not a number from 1 up`},
		{`rounds = { default = 1.5, integer = true }`, `option "rounds": its default 1.5 is not a whole number`},
		{`rounds = { default = 3, min = 5, max = 1 }`, `option "rounds": min must not be above max`},
		{`rounds = { default = 3, min = "1" }`, `option "rounds": min must be a number, not "1"`},
		{`loud = { default = false, max = 3 }`, `option "loud": max is for a number option (its default is false)`},
		{`loud = { default = false, integer = true }`, `option "loud": integer is for a number option`},
		{`motto = { default = "x", kind = "number" }`, `option "motto": declared kind "number", but its default and fields make it "text"`},
		{`motto = { default = "x", hlep = "y" }`, `option "motto": no field "hlep" (its fields: default, help, kind, choices, min, max, integer)`},
		{`motto = { default = "x", help = 3 }`, `option "motto": help must be a string`},
		{`motto = "x"`, `option "motto": a table {default = ..., help = ...} expected`},
		{`[1] = { default = 1 }`, `o.lua: options: named by strings, not 1`},
	} {
		_, err := LoadSource("o.lua", []byte(optionsScript(c.options)), nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s:\n got %v\nwant %q", c.options, err, c.want)
		}
	}
}
