package interp

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/printable"
	"github.com/tabletop/tabletop/table"
)

// TestDuplicateOptionTexts checks the duplicate check of t:ask against
// the plain reading — the first text equal to an earlier one — for short
// and long lists, with and without a repeat, reusing the same storage.
func TestDuplicateOptionTexts(t *testing.T) {
	naive := func(texts []string) string {
		for i := range texts {
			for j := 0; j < i; j++ {
				if texts[i] == texts[j] {
					return texts[i]
				}
			}
		}
		return ""
	}
	m := &Match{}
	rng := table.NewRNG(3)
	for _, n := range []int{0, 1, 2, 24, 25, 31, 32, 33, 100, 161, 1000} {
		for trial := 0; trial < 20; trial++ {
			texts := make([]string, n)
			for i := range texts {
				texts[i] = fmt.Sprintf("bet %d on %d", i, i*7)
			}
			if n > 1 && trial%2 == 1 { // a repeat, sometimes two
				a := int(rng.Uint64() % uint64(n))
				b := int(rng.Uint64() % uint64(n))
				texts[a] = texts[b]
				if trial%4 == 3 {
					texts[n-1] = texts[0]
				}
			}
			if got, want := m.duplicate(texts), naive(texts); got != want {
				t.Fatalf("%d texts, trial %d: duplicate says %q, want %q", n, trial, got, want)
			}
		}
	}
}

// TestLookalikeOptionsAreRefused: two options of a prompt that look the
// same are the script's error, with its line; options that differ to the
// eye are accepted.
func TestLookalikeOptionsAreRefused(t *testing.T) {
	for _, tc := range []struct {
		a, b, want string // want "": accepted
	}{
		{"wait", "wait\u200b", `options 1 and 2 look the same ("wait" and "wait\u200b")`},
		{"wait", "w\u0430it", `options 1 and 2 look the same ("wait" and "w\u0430it")`},
		{"caf\u00e9", "cafe\u0301", `options 1 and 2 look the same ("caf\u00e9" and "cafe\u0301")`},
		{"A", "\uff21", `options 1 and 2 look the same ("A" and "\uff21")`},
		{"take 2", "take  2", `options 1 and 2 look the same ("take 2" and "take  2")`},
		{"pass", " pass", `options 1 and 2 look the same ("pass" and " pass")`},
		{"no\u00a0break", "no break", `options 1 and 2 look the same ("no\u00a0break" and "no break")`},
		{"\u202eevil", "evil", `options 1 and 2 look the same ("\u202eevil" and "evil")`},
		{"same", "same", `two options have the same text "same"`},
		{"wait", "Wait", ""},
		{"7♣", "7♠", ""},
		{"caf\u00e9", "cafe", ""},
		{"ω", "w", ""},
	} {
		src := "local G = { title = 'Look', players = { 2, 2 } }\nfunction G.play(t)\n  t:ask(1, { 'x', " +
			luaQuote(tc.a) + ", " + luaQuote(tc.b) + " })\nend\nreturn G\n"
		e, err := LoadSource("look.lua", []byte(src), nil)
		if err != nil {
			t.Fatal(err)
		}
		m, err := e.NewMatch(Config{})
		if tc.want == "" {
			if err != nil {
				t.Errorf("%+q and %+q: %v", tc.a, tc.b, err)
			} else {
				m.Close()
			}
			continue
		}
		want := strings.ReplaceAll("look.lua:3: t:ask: "+tc.want, "options 1 and 2", "options 2 and 3")
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%+q and %+q: got %v, want %q", tc.a, tc.b, err, want)
		}
	}
}

// luaQuote writes s as a Lua string literal, every byte outside printable
// ASCII as a decimal escape.
func luaQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x20 && c < 0x7f && c != '"' && c != '\\' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "\\%d", c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// viewTexts are the texts of a view that reach a person's screen.
func viewTexts(v *View) []string {
	out := []string{v.Title, v.Hint}
	out = append(out, v.Options...)
	for _, s := range v.Seats {
		out = append(out, s.Label)
	}
	for _, n := range v.Notes {
		out = append(out, n.Text)
	}
	for _, z := range v.Zones {
		out = append(out, z.Label)
		for _, c := range z.Cards {
			out = append(out, c.Label)
		}
	}
	for _, p := range v.Pools {
		out = append(out, p.Label)
		out = append(out, p.Kinds...)
		out = append(out, p.Holders...)
	}
	for _, tr := range v.Tracks {
		out = append(out, tr.Label)
	}
	for _, p := range v.Pads {
		out = append(out, p.Label)
		for _, r := range p.Rows {
			out = append(out, r.Label, r.Note)
		}
	}
	for _, x := range v.Extras {
		out = append(out, x.Title)
		out = append(out, x.Lines...)
	}
	return out
}

// TestShownTextsHaveNoInvisibleCharacters writes an invisible character
// into everything a script shows, and a player's name, and reads what
// people see: the view, the log, the prompt, print.
func TestShownTextsHaveNoInvisibleCharacters(t *testing.T) {
	const rlo = "\\226\\128\\174" // U+202E in Lua
	src := `
local G = { title = "T` + rlo + `itle", players = { 2, 2 }, seats = { "No` + rlo + `rth", "South" },
  about = "ab` + rlo + `out" }
function G.play(t)
  local deck = t:zone { name = "deck", label = "De` + rlo + `ck", visibility = "all" }
  t:cards({ { name = "c1", label = "Ca` + rlo + `rd" } }, deck)
  local chips = t:pool { name = "chips", label = "Chi` + rlo + `ps", kinds = { "wh` + rlo + `ite" }, supply = 2 }
  local pad = t:pad { name = "score", label = "Sco` + rlo + `re" }
  pad:add("Ro` + rlo + `w", { 1, 2 }, "no` + rlo + `te")
  t:note("n", "No` + rlo + `te")
  t:log("Lo` + rlo + `g %s", "ar` + rlo + `g")
  t:set_name(2, "Ea` + rlo + `st")
  print("pr` + rlo + `int", "tab")
  t:ask(1, { "go` + rlo + `", "stop" }, "hi` + rlo + `nt")
end
return G
`
	var out strings.Builder
	e, m := startMatch(t, "shown.lua", src, Config{Out: printable.Writer(&out), Names: []string{"Ann\u202e", ""}})
	var texts []string
	texts = append(texts, e.Info.Title, e.Info.About, out.String())
	texts = append(texts, viewTexts(m.View(1))...)
	texts = append(texts, viewTexts(m.View(0))...)
	for _, l := range m.Log() {
		texts = append(texts, l.Text)
	}
	p := m.Prompt()
	texts = append(texts, p.Hint, strings.Join(p.Options, "|"))
	for _, s := range texts {
		if strings.ContainsRune(s, 0x202E) {
			t.Errorf("a text shows U+202E: %+q", s)
		}
	}
	if got := out.String(); got != "print\ttab\n" {
		t.Errorf("print wrote %+q", got)
	}
	if p.Options[0] != "go" || m.Seats[0].Label != "Ann" {
		t.Errorf("option %+q, seat %+q", p.Options[0], m.Seats[0].Label)
	}
}
