package printable

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
		if got := Line(tt.in); got != tt.line {
			t.Errorf("Line(%q) = %q, want %q", tt.in, got, tt.line)
		}
		if got := OptionProblem(tt.in); got != tt.problem {
			t.Errorf("OptionProblem(%q) = %q, want %q", tt.in, got, tt.problem)
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
		if got := Line(tc.in); got != tc.line {
			t.Errorf("Line(%+q) = %+q, want %+q", tc.in, got, tc.line)
		}
		text, problem, _ := Option(tc.in)
		if tc.option == "" {
			if problem == "" {
				t.Errorf("Option(%+q) accepts it, want it refused", tc.in)
			}
			continue
		}
		if text != tc.option || problem != "" {
			t.Errorf("Option(%+q) = %+q, %q, want %+q", tc.in, text, problem, tc.option)
		}
	}
	if got := Block("a\u2029b\u202e\nc"); got != "a\nb\nc" {
		t.Errorf("Block kept %+q", got)
	}
}

func TestExpandTabs(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"no tabs", "no tabs"},
		{"\tx", "    x"},
		{"ab\tc", "ab  c"},
		{"abcd\te", "abcd    e"},
		{"♣\t\tx", "♣       x"}, // a character is one column, whatever its bytes
	} {
		if got := ExpandTabs(tt.in); got != tt.want {
			t.Errorf("ExpandTabs(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
