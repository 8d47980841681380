package interp

import "testing"

// startMatch loads a script from its source and starts a match of it; the
// match is closed when the test ends.
func startMatch(t testing.TB, name, src string, cfg Config) (*Engine, *Match) {
	t.Helper()
	e, err := LoadSource(name, []byte(src), nil)
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
