package interp

import (
	"fmt"
	"strings"
	"testing"
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
