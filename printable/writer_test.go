package printable

import (
	"strings"
	"testing"
)

// TestWriter: print's output keeps its tabs and newlines and loses what
// would act on the terminal or hide itself; it reports every byte written.
func TestWriter(t *testing.T) {
	var out strings.Builder
	w := Writer(&out)
	for _, in := range []string{"plain\ttab\n", "pr\u202eint\x1b[2J\tzero\x00\n"} {
		if n, err := w.Write([]byte(in)); n != len(in) || err != nil {
			t.Errorf("Write(%q) = %d, %v", in, n, err)
		}
	}
	if got, want := out.String(), "plain\ttab\nprint[2J\tzero\n"; got != want {
		t.Errorf("wrote %q, want %q", got, want)
	}
}
