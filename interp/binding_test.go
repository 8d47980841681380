package interp

import (
	"fmt"
	"testing"
)

func TestDuplicate(t *testing.T) {
	long := make([]string, 100)
	for i := range long {
		long[i] = fmt.Sprintf("play %d", i)
	}
	longDup := append(append([]string(nil), long...), "play 42")
	for _, tc := range []struct {
		texts []string
		want  string
	}{
		{nil, ""},
		{[]string{"a"}, ""},
		{[]string{"a", "b", "a"}, "a"},
		{long, ""},
		{longDup, "play 42"},
	} {
		if got := duplicate(tc.texts); got != tc.want {
			t.Errorf("duplicate(%d texts) = %q, want %q", len(tc.texts), got, tc.want)
		}
	}
}
