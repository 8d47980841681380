package main

import (
	"strings"
	"testing"
)

// The bar says how many games are done, how fast, and how long is left.
func TestProgressShowsRateAndTimeLeft(t *testing.T) {
	var b strings.Builder
	p := newProgress(&b, "games", 0)
	for i := 1; i <= 5; i++ {
		p(i, 10)
	}
	out := b.String()
	for _, want := range []string{"playing", "(5/10, ", " games/s)", "50%", "["} {
		if !strings.Contains(out, want) {
			t.Errorf("progress lacks %q: %q", want, out)
		}
	}
	if progressBar(&b, "games") != nil {
		t.Error("a progress bar on a writer that is no terminal")
	}
}
