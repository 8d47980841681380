package search

import (
	"os"
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
// above, its rollouts played at random or by the game's careful bot.
func BenchmarkDecideClubs(b *testing.B) {
	m := clubs300(b)
	defer m.Close()
	for m.Prompt() != nil && len(m.Prompt().Options) < 2 {
		m.Step(0)
	}
	seat := m.Prompt().Seat
	for _, rollout := range []string{"random", "careful"} {
		b.Run(rollout, func(b *testing.B) {
			decide(b, m, seat, Params{Iterations: 100, Rollout: rollout})
		})
	}
}

// decide makes b.N decisions in m for seat, each by a new search bot with
// params p, and reports the iterations they played a second and the
// worlds that held a decision.
//
// It also reports iterations per second of the process's CPU time, which a
// machine shared with other work changes far less than the wall clock's
// (on a quiet machine the two are about the same; the collector's work on
// the other core counts in the CPU time).
func decide(b *testing.B, m *interp.Match, seat int, p Params) {
	its, worlds := 0, 0
	b.ResetTimer()
	cpu := cpuSeconds()
	for i := 0; i < b.N; i++ {
		bot := New(m.Engine, seat, uint64(i), p)
		if _, err := bot.Choose(m); err != nil {
			b.Fatal(err)
		}
		its += bot.Last().Iterations
		worlds += bot.Last().Worlds
		bot.Close()
	}
	if spent := cpuSeconds() - cpu; spent > 0 {
		b.ReportMetric(float64(its)/spent, "iterations/cpu-s")
	}
	b.ReportMetric(float64(its)/b.Elapsed().Seconds(), "iterations/s")
	b.ReportMetric(float64(worlds)/float64(b.N), "worlds/op")
}

// BenchmarkDecide is one decision of bot:search:100 in each game, as its
// players meet it: the game's own bots have played some way into a game
// of four, and the search bot of the second seat decides with the game's
// defaults (guided by the game's bot; rollouts by it or as the script
// advises). Each op is a new bot, which builds its worlds from nothing,
// as at its first decision in a game. It reports iterations/s (fewer than
// 100 an op where few worlds held) and the worlds that held an op.
func BenchmarkDecide(b *testing.B) {
	for _, g := range decideGames {
		b.Run(g.name, func(b *testing.B) {
			decideAt(b, g.name, g.depth)
		})
	}
}

// decideAt is one decision of bot:search:100 in game, depth decisions
// into it (decidePosition), by a new bot each op.
func decideAt(b *testing.B, game string, depth int) {
	e := loadGame(b, game)
	m := decidePosition(b, e, depth)
	defer m.Close()
	p, err := ParseParams(e, "100")
	if err != nil {
		b.Fatal(err)
	}
	decide(b, m, decideSeat, p)
}

// BenchmarkDecideLate is BenchmarkDecide two hundred decisions into an
// Andy Capp game, where the seat's beliefs hold about a hundred bounds on
// a round's deal and dealing worlds that meet them (localsearch.go) is
// most of a decision's work.
func BenchmarkDecideLate(b *testing.B) { decideAt(b, "andy_capp", 200) }

// decideGames are BenchmarkDecide's games, each with how many decisions
// its position is into the game; decideSeat is the seat that decides.
var decideGames = []struct {
	name  string
	depth int
}{
	{"clubs", 150},
	{"members_only", 60},
	{"cluedo", 40},
	{"andy_capp", 60},
	{"das_regeln_wir_schon", 100},
}

const decideSeat = 2

// decidePosition is a game of four played by the game's default bots
// until decideSeat has a choice to make after depth decisions.
func decidePosition(tb testing.TB, e *interp.Engine, depth int) *interp.Match {
	tb.Helper()
	bots := map[int]interp.Bot{}
	m := playWith(tb, e, interp.Config{Players: 4, Seed: 7}, decideSeat, depth, func(s int) interp.Bot {
		if bots[s] == nil {
			var err error
			if bots[s], err = e.NewBot(e.DefaultBot(), s, uint64(s)); err != nil {
				tb.Fatal(err)
			}
		}
		return bots[s]
	})
	for _, bot := range bots {
		bot.Close()
	}
	return m
}

// BenchmarkGameDecisions plays one game of four in each of Andy Capp and
// Members Only, bot:search:300ms in the first seat against the game's
// bots, and reports the iterations and the worlds of its decisions, the
// game's first half and second half apart: late decisions, whose worlds
// must agree with more, are where building them can starve the search.
// Each op is a whole game (go test ./search -run X -bench GameDecisions
// -benchtime 1x; about twenty seconds a game on a quiet machine).
// GAME_DECISIONS_ARGS adds to the search's settings, as after
// bot:search:300ms: (GAME_DECISIONS_ARGS=worlds=32 builds 32 worlds a
// decision).
func BenchmarkGameDecisions(b *testing.B) {
	args := withEnvArgs("300ms", "GAME_DECISIONS_ARGS")
	for _, g := range []string{"andy_capp", "members_only"} {
		b.Run(g, func(b *testing.B) {
			e := loadGame(b, g)
			p, err := ParseParams(e, args)
			if err != nil {
				b.Fatal(err)
			}
			var its, worlds, n [2]float64
			for i := 0; i < b.N; i++ {
				var stats []DecisionStats
				playSearched(b, e, uint64(11+i), p, func(st DecisionStats) { stats = append(stats, st) })
				for k, st := range stats {
					half := 2 * k / len(stats)
					its[half] += float64(st.Iterations)
					worlds[half] += float64(st.Worlds)
					n[half]++
				}
			}
			if n[0] == 0 || n[1] == 0 {
				b.Fatal("the search made too few decisions to halve")
			}
			b.ReportMetric(its[0]/n[0], "its/early")
			b.ReportMetric(its[1]/n[1], "its/late")
			b.ReportMetric(worlds[0]/n[0], "worlds/early")
			b.ReportMetric(worlds[1]/n[1], "worlds/late")
		})
	}
}

// withEnvArgs is the search settings base (what follows bot:search:) with
// those the environment variable env adds after a colon, if set.
func withEnvArgs(base, env string) string {
	if more := os.Getenv(env); more != "" {
		return base + ":" + more
	}
	return base
}

// playSearched plays a game of four with seed, the search bot with
// params p in seat 1 and the game's default bot in the others, and hands
// the stats of each decision the search made to note.
func playSearched(b *testing.B, e *interp.Engine, seed uint64, p Params, note func(DecisionStats)) {
	m, err := e.NewMatch(interp.Config{Players: 4, Seed: seed})
	if err != nil {
		b.Fatal(err)
	}
	defer m.Close()
	bots := []interp.Bot{New(e, 1, seed, p)}
	for s := 2; s <= 4; s++ {
		bot, err := e.NewBot(e.DefaultBot(), s, seed+uint64(s))
		if err != nil {
			b.Fatal(err)
		}
		bots = append(bots, bot)
	}
	defer func() {
		for _, bot := range bots {
			bot.Close()
		}
	}()
	for pr := m.Prompt(); pr != nil; pr = m.Prompt() {
		i, err := bots[pr.Seat-1].Choose(m)
		if err != nil {
			b.Fatal(err)
		}
		if pr.Seat == 1 && len(pr.Options) > 1 {
			note(bots[0].(*Bot).Last())
		}
		if err := m.Step(i); err != nil {
			b.Fatal(err)
		}
	}
}
