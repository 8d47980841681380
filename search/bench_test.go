package search

import (
	"testing"

	"github.com/tabletop/tabletop/interp"
)

// clubs300 is a Clubs match for four after 300 random decisions.
func clubs300(b *testing.B) *interp.Match {
	e := loadGame(b, "clubs")
	m, err := e.NewMatch(interp.Config{Players: 4, Seed: 3})
	if err != nil {
		b.Fatal(err)
	}
	bot := interp.NewRandomBot(5)
	for m.Prompt() != nil && len(m.Decisions()) < 300 {
		i, _ := bot.Choose(m)
		if err := m.Step(i); err != nil {
			b.Fatal(err)
		}
	}
	return m
}

// BenchmarkCopyClubs300 is the search's forward model: a silent replay of
// a 300-decision Clubs match (what a world costs once per decision), a
// fork of that replay (what every further iteration costs), and a replay
// that keeps its log (what building a world costs).
func BenchmarkCopyClubs300(b *testing.B) {
	m := clubs300(b)
	defer m.Close()
	b.Run("fork", func(b *testing.B) {
		s, err := m.Copy(interp.Silent)
		if err != nil {
			b.Fatal(err)
		}
		defer s.Close()
		for i := 0; i < b.N; i++ {
			f, err := s.Fork()
			if err != nil {
				b.Fatal(err)
			}
			f.Close()
		}
		b.ReportMetric(float64(len(m.Decisions())), "decisions")
	})
	for _, c := range []struct {
		name  string
		modes []interp.Mode
	}{{"silent", []interp.Mode{interp.Silent}}, {"logged", nil}} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				cp, err := m.Copy(c.modes...)
				if err != nil {
					b.Fatal(err)
				}
				cp.Close()
			}
			b.ReportMetric(float64(len(m.Decisions())), "decisions")
		})
	}
}

// BenchmarkDecideClubs is one decision of bot:search:100 in the match
// above, its rollouts played at random or by the game's careful bot:
// iterations/s is b.N*100 over the time.
func BenchmarkDecideClubs(b *testing.B) {
	m := clubs300(b)
	defer m.Close()
	for m.Prompt() != nil && len(m.Prompt().Options) < 2 {
		m.Step(0)
	}
	seat := m.Prompt().Seat
	for _, rollout := range []string{"random", "careful"} {
		b.Run(rollout, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				bot := New(m.Engine, seat, uint64(i), Params{Iterations: 100, Rollout: rollout})
				if _, err := bot.Choose(m); err != nil {
					b.Fatal(err)
				}
				bot.Close()
			}
			b.ReportMetric(float64(100*b.N)/b.Elapsed().Seconds(), "iterations/s")
		})
	}
}
