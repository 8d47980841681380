package interp

import (
	"fmt"
	"strings"
	"testing"
	"unicode"
)

func TestOptionTextAndPrintable(t *testing.T) {
	tests := []struct {
		in, line, problem string
	}{
		{"flo east 1 merge 2 with 7", "flo east 1 merge 2 with 7", ""},
		{"", "", ""},
		{"J♣ to the trick", "J♣ to the trick", ""},
		{"tab\there", "tab here", "has a control character ('\\t'): an option is one line of plain text"},
		{"del\x7f", "del", "has a control character ('\\x7f'): an option is one line of plain text"},
		{"bad \xff byte", "bad \uFFFD byte", "is not valid UTF-8"},
		{strings.Repeat("x", MaxOptionBytes), strings.Repeat("x", MaxOptionBytes), ""},
		{strings.Repeat("x", MaxOptionBytes+1), strings.Repeat("x", MaxOptionBytes+1), fmt.Sprintf("is %d bytes long, over the limit of %d", MaxOptionBytes+1, MaxOptionBytes)},
		{"c1 \u0085 next line", "c1  next line", "has a control character ('\\u0085'): an option is one line of plain text"},
	}
	for _, tt := range tests {
		if got := printableLine(tt.in); got != tt.line {
			t.Errorf("printableLine(%q) = %q, want %q", tt.in, got, tt.line)
		}
		if got := optionTextProblem(tt.in); got != tt.problem {
			t.Errorf("optionTextProblem(%q) = %q, want %q", tt.in, got, tt.problem)
		}
	}
}

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
	rng := NewRNG(3)
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

// TestInvisibleIsUnicodesDefaultIgnorable checks invisible, quick ranges
// and all, against its definition for every character.
func TestInvisibleIsUnicodesDefaultIgnorable(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		want := unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Variation_Selector, r) ||
			unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r)
		if invisible(r) != want {
			t.Errorf("invisible(%U) = %v, want %v", r, !want, want)
		}
	}
	for _, r := range []rune{0x202E, 0x202A, 0x2066, 0x2069, 0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x061C, 0x2060, 0xFEFF, 0x00AD, 0x034F, 0x115F, 0x3164, 0xFFA0, 0xFE0F, 0xE0041, 0xE0100} {
		if !invisible(r) {
			t.Errorf("%U shows nothing, but invisible says it does", r)
		}
	}
}

// TestInvisibleCharactersAreDropped: what a script shows loses the
// characters that show nothing but bidi-reverse, join or separate text;
// those that make an emoji stay.
func TestInvisibleCharactersAreDropped(t *testing.T) {
	for _, tc := range []struct{ in, line, option string }{
		{"wait\u200b", "wait", "wait"},
		{"pay \u202e01$", "pay 01$", "pay 01$"},
		{"\ufeffstart", "start", "start"},
		{"soft\u00adhyphen", "softhyphen", "softhyphen"},
		{"a\u2066b\u2069c", "abc", "abc"},
		{"x\u200dy", "xy", "xy"},
		{"a\ufe0f", "a", "a"},
		{"no\u00a0break", "no\u00a0break", "no break"},
		{"family 👨\u200d👩\u200d👧", "family 👨\u200d👩\u200d👧", "family 👨\u200d👩\u200d👧"},
		{"love ♥\ufe0f", "love ♥\ufe0f", "love ♥\ufe0f"},
		{"keycap 1\ufe0f\u20e3", "keycap 1\ufe0f\u20e3", "keycap 1\ufe0f\u20e3"},
		{"flag 🏴\U000e0067\U000e0062\U000e007f", "flag 🏴\U000e0067\U000e0062\U000e007f", "flag 🏴\U000e0067\U000e0062\U000e007f"},
		{"hangul\u3164filler", "hangulfiller", "hangulfiller"},
		{"two\u2028lines", "two lines", ""},
	} {
		if got := printableLine(tc.in); got != tc.line {
			t.Errorf("printableLine(%+q) = %+q, want %+q", tc.in, got, tc.line)
		}
		text, problem, _ := cleanOption(tc.in)
		if tc.option == "" {
			if problem == "" {
				t.Errorf("cleanOption(%+q) accepts it, want it refused", tc.in)
			}
			continue
		}
		if text != tc.option || problem != "" {
			t.Errorf("cleanOption(%+q) = %+q, %q, want %+q", tc.in, text, problem, tc.option)
		}
	}
	if got := printableBlock("a\u2029b\u202e\nc"); got != "a\nb\nc" {
		t.Errorf("printableBlock kept %+q", got)
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
	e, m := startMatch(t, "shown.lua", src, Config{Out: PrintableWriter(&out), Names: []string{"Ann\u202e", ""}})
	var texts []string
	texts = append(texts, e.Info.Title, e.Info.About, m.View(1).Text(), m.View(0).Text(), out.String())
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
