package interp

import (
	"os"
	"testing"

	"github.com/tabletop/tabletop/lib"
)

// TestLogHint checks that a match starts with room for as long a log as
// the engine's last finished game wrote, and that the room changes
// nothing: a game played with it logs the same lines as without.
func TestLogHint(t *testing.T) {
	e, err := Load("../games/clubs.lua", os.DirFS("../stdlib"), lib.Modules()...)
	if err != nil {
		t.Fatal(err)
	}
	play := func() *Match {
		m, err := e.NewMatch(Config{Players: 4, Seed: 5, Options: map[string]string{"target": "-20"}})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(m.Close)
		bot := NewRandomBot(5)
		for m.Prompt() != nil {
			c, _ := bot.Choose(m)
			if err := m.Step(c); err != nil {
				t.Fatal(err)
			}
		}
		return m
	}
	first := play()
	lines, args := first.log.Sizes()
	next, err := e.NewMatch(Config{Players: 4, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	defer next.Close()
	if capLines, capArgs := next.log.Caps(); capLines < lines || capArgs < args {
		t.Errorf("a new match has room for %d lines and %d arguments, want at least %d and %d",
			capLines, capArgs, lines, args)
	}
	second := play()
	a, b := first.Log(), second.Log()
	if len(a) != len(b) {
		t.Fatalf("the same game logged %d lines, then %d", len(a), len(b))
	}
	for i := range a {
		if a[i].Text != b[i].Text {
			t.Fatalf("line %d: %q, then %q", i, a[i].Text, b[i].Text)
		}
	}
}
