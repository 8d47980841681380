package interp

import (
	"strings"
	"testing"
)

// TestOptionTextProblem checks what an option text may hold: one line of
// printable text, ASCII or not, up to MaxOptionBytes.
func TestOptionTextProblem(t *testing.T) {
	for _, c := range []struct {
		text, problem string
	}{
		{"play JC", ""},
		{"play 10♥", ""},
		{"bet ½ on Mrs. Peacock's café", ""},
		{strings.Repeat("x", MaxOptionBytes), ""},
		{strings.Repeat("x", MaxOptionBytes+1), "over the limit"},
		{"a\tb", "control character"},
		{"line\nbreak", "control character"},
		{"del\x7f", "control character"},
		{"c1 \u0085 next line", "control character"},
		{"bad \xff byte", "not valid UTF-8"},
	} {
		got := optionTextProblem(c.text)
		if (c.problem == "") != (got == "") || !strings.Contains(got, c.problem) {
			t.Errorf("optionTextProblem(%q) = %q, want a problem with %q", c.text, got, c.problem)
		}
	}
}
