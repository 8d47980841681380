package takeback

import (
	"fmt"
	"testing"

	"github.com/tabletop/tabletop/games"
	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/lib"
	"github.com/tabletop/tabletop/stdlib"
)

var builtin = interp.Library{Name: "games", FS: games.FS()}

func loadGame(t testing.TB, name string) *interp.Engine {
	t.Helper()
	e, err := interp.LoadFrom(interp.Source{Path: name + ".lua", Home: &builtin, Name: name, Libs: []interp.Library{builtin}, Stdlib: stdlib.FS(), Modules: lib.Modules()})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// randomGame plays a whole game of e with random bots.
func randomGame(t testing.TB, e *interp.Engine, seed uint64) *interp.Match {
	t.Helper()
	m, err := e.NewMatch(interp.Config{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	bot := interp.NewRandomBot(seed)
	for m.Prompt() != nil {
		i, err := bot.Choose(m)
		if err == nil {
			err = m.Step(i)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// TestLearningBuiltinGames replays whole games of every built-in game
// noting what each seat learned: the game goes exactly as without, and
// every seat learns something in the end (the result, at the latest).
func TestLearningBuiltinGames(t *testing.T) {
	for _, name := range games.Names() {
		t.Run(name, func(t *testing.T) {
			e := loadGame(t, name)
			m := randomGame(t, e, 3)
			defer m.Close()
			r, err := e.Replay(m.Config, m.Decisions(), interp.Learning)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			if a, b := fmt.Sprint(r.Log()), fmt.Sprint(m.Log()); a != b || !r.Done() {
				t.Fatalf("the game went otherwise with Learning")
			}
			ds := r.Decisions()
			for s := 1; s <= r.Players(); s++ {
				learned := 0
				for i := range ds {
					if _, ok := r.Learned(i, s); ok {
						learned++
					}
				}
				if learned == 0 {
					t.Errorf("%s learned nothing in %d decisions", r.SeatLabel(s), len(ds))
				}
			}
		})
	}
}

// BenchmarkJudge measures what judging a request costs at the end of a
// whole game: a replay noting what each seat learned.
func BenchmarkJudge(b *testing.B) {
	for _, name := range games.Names() {
		b.Run(name, func(b *testing.B) {
			e := loadGame(b, name)
			m := randomGame(b, e, 3)
			defer m.Close()
			ds := m.Decisions()
			last := ds[len(ds)-1]
			// the game without its last decision, so that it is not over
			n, err := e.Replay(m.Config, ds[:len(ds)-1])
			if err != nil {
				b.Fatal(err)
			}
			defer n.Close()
			b.ResetTimer()
			for range b.N {
				if _, err := Judge(n, func(int) bool { return true }, last.Seat, 1); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(ds)), "decisions")
		})
	}
}
