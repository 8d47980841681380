package interp

import (
	"os"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/lib"
)

// TestSilentCopiesPlayTheSameGame plays random games of the built-in
// games, copies each at every tenth decision, silently and not, and checks
// that the copies are in the same position, go on the same way, and count
// the same budgets; the silent one keeps no log.
func TestSilentCopiesPlayTheSameGame(t *testing.T) {
	for _, g := range []string{"clubs", "cluedo", "members_only", "andy_capp", "das_regeln_wir_schon"} {
		t.Run(g, func(t *testing.T) {
			t.Parallel()
			e, err := Load("../games/"+g+".lua", os.DirFS("../stdlib"), lib.Modules()...)
			if err != nil {
				t.Fatal(err)
			}
			m, err := e.NewMatch(Config{Players: 3, Seed: 21})
			if err != nil {
				t.Fatal(err)
			}
			defer m.Close()
			bot := NewRandomBot(3)
			for n := 0; m.Prompt() != nil && n < 120; n++ {
				if n%10 == 0 {
					compareCopies(t, m, n)
				}
				c, _ := bot.Choose(m)
				if err := m.Step(c); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

func compareCopies(t *testing.T, m *Match, n int) {
	t.Helper()
	full, err := m.Copy()
	if err != nil {
		t.Fatal(err)
	}
	defer full.Close()
	silent, err := m.Copy(Silent)
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	if silent.LogLen() != 0 || !silent.Silent() || full.LogLen() != m.LogLen() {
		t.Fatalf("decision %d: logs of %d, %d and %d lines", n, m.LogLen(), full.LogLen(), silent.LogLen())
	}
	a, b := NewRandomBot(uint64(n)), NewRandomBot(uint64(n))
	for k := 0; k < 30 && full.Prompt() != nil; k++ {
		pf, ps := full.Prompt(), silent.Prompt()
		if ps == nil || pf.Seat != ps.Seat || strings.Join(pf.Options, "|") != strings.Join(ps.Options, "|") {
			t.Fatalf("decision %d+%d: the silent copy's prompt differs", n, k)
		}
		if full.meter.Steps() != silent.meter.Steps() || full.meter.Kept() != silent.meter.Kept() {
			t.Fatalf("decision %d+%d: budgets differ: %d/%d steps, %d/%d kept", n, k,
				full.meter.Steps(), silent.meter.Steps(), full.meter.Kept(), silent.meter.Kept())
		}
		i, _ := a.Choose(full)
		j, _ := b.Choose(silent)
		if err := full.Step(i); err != nil {
			t.Fatal(err)
		}
		if err := silent.Step(j); err != nil {
			t.Fatal(err)
		}
	}
}

func TestSilentMatchesStillRefuseBadEvents(t *testing.T) {
	src := strings.Replace(renamer, `t:ask(1, { "go" })`, `t:event("all", { kind = "x", f = print }, "bad")`, 1)
	e, err := LoadSource("bad.lua", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, modes := range [][]Mode{nil, {Silent}} {
		if _, err := e.NewMatch(Config{Players: 2}, modes...); err == nil || !strings.Contains(err.Error(), "event data cannot hold a function") {
			t.Errorf("modes %v: %v", modes, err)
		}
	}
}
