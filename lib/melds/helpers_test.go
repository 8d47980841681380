package melds

import (
	"testing"

	"github.com/tabletop/tabletop/interp"
)

// startMatch loads a script that may require melds from its source and
// starts a match of it; the match is closed when the test ends.
func startMatch(t testing.TB, name, src string, cfg interp.Config) (*interp.Engine, *interp.Match) {
	t.Helper()
	e, err := interp.LoadSource(name, []byte(src), nil, Module)
	if err != nil {
		t.Fatal(err)
	}
	m, err := e.NewMatch(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Close)
	return e, m
}

// checkLog checks that m's log is exactly the lines want.
func checkLog(t *testing.T, m *interp.Match, want []string) {
	t.Helper()
	log := m.Log()
	if len(log) != len(want) {
		t.Fatalf("got %d lines, want %d: %v", len(log), len(want), log)
	}
	for i, l := range log {
		if l.Text != want[i] {
			t.Errorf("line %d: got %q, want %q", i, l.Text, want[i])
		}
	}
}
