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
