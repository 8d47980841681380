package printable

import "testing"

func TestEscapeText(t *testing.T) {
	for _, tc := range []struct{ in, seps, want string }{
		{"play 9♣", "", "play 9♣"},
		{`a\b`, "", `a\\b`},
		{"two\nlines", "", `two\nlines`},
		{"cr\r tab\t bell\a esc\x1b del\x7f", "", `cr\r tab\t bell\x07 esc\x1b del\x7f`},
		{"c1 \u0085 nbsp\u00a0", "", `c1 \u0085 nbsp` + "\u00a0"},
		{"a,b=c", ",", `a\x2cb=c`},
		{"bad \xff utf8", "", "bad \xff utf8"},
	} {
		got := Escape(tc.in, tc.seps)
		if got != tc.want {
			t.Errorf("Escape(%q) = %q, want %q", tc.in, got, tc.want)
		}
		back, err := Unescape(got)
		if err != nil || back != tc.in {
			t.Errorf("Unescape(%q) = %q, %v; want %q", got, back, err, tc.in)
		}
	}
	for _, bad := range []string{`lone\`, `\q`, `\x4`, `\u12`, `\xzz`} {
		if _, err := Unescape(bad); err == nil {
			t.Errorf("Unescape(%q) should fail", bad)
		}
	}
}
