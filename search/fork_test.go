package search

import (
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/tabletop/tabletop/interp"
)

// searchGames are the built-in games, with a player count.
var searchGames = []struct {
	game    string
	players int
}{{"clubs", 4}, {"cluedo", 4}, {"members_only", 4}, {"andy_capp", 4}, {"das_regeln_wir_schon", 4}}

// searchGame plays a game of g with a search bot in seat 1 and random
// bots, until the search has made decisions decisions (or the game ends);
// it returns the game's decisions, the search's statistics at each of its
// decisions and its iterations.
func searchGame(t testing.TB, e *interp.Engine, players int, p Params, decisions int) ([]interp.Decision, []string, int) {
	m, err := e.NewMatch(interp.Config{Players: players, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	sb := New(e, 1, 8, p)
	defer sb.Close()
	rb := interp.NewRandomBot(2)
	var stats []string
	its := 0
	for m.Prompt() != nil && len(stats) < decisions {
		var i int
		if p := m.Prompt(); p.Seat == 1 && len(p.Options) > 1 {
			if i, err = sb.Choose(m); err != nil {
				t.Fatal(err)
			}
			st := sb.Last()
			its += st.Iterations
			stats = append(stats, fmt.Sprint(st.Iterations, st.Worlds, st.Built, st.Rejected, st.Replays, st.Relaxed, st.Stats))
		} else {
			i, _ = rb.Choose(m)
		}
		if err := m.Step(i); err != nil {
			t.Fatal(err)
		}
	}
	return slices.Clone(m.Decisions()), stats, its
}

// TestForkedWorldsDecideAlike: iterations that fork a world make the same
// decisions, with the same statistics, as iterations that replay it, in
// every game.
func TestForkedWorldsDecideAlike(t *testing.T) {
	defer func() { forkWorlds = true }()
	// Several iterations a world, so that forks are used; more decisions
	// and iterations in deep checks (TABLETOP_CHECK_GAMES, as .ci/run).
	p, decisions := Params{Iterations: 24, Worlds: 6}, 3
	if os.Getenv("TABLETOP_CHECK_GAMES") != "" {
		p, decisions = Params{Iterations: 40, Worlds: 8}, 6
	}
	for _, g := range searchGames {
		e := loadGame(t, g.game)
		forkWorlds = false
		d1, s1, _ := searchGame(t, e, g.players, p, decisions)
		forkWorlds = true
		d2, s2, _ := searchGame(t, e, g.players, p, decisions)
		if !slices.Equal(d1, d2) || !slices.Equal(s1, s2) {
			t.Errorf("%s: forked worlds decide otherwise:\n%v\n%v\n%v\n%v", g.game, d1, d2, s1, s2)
		}
	}
}

// BenchmarkSearchIterations is the iterations per CPU second of
// bot:search:200 over its first ten decisions of a game, with iterations
// that replay their world and with iterations that fork its replay.
func BenchmarkSearchIterations(b *testing.B) {
	defer func() { forkWorlds = true }()
	for _, g := range searchGames {
		e := loadGame(b, g.game)
		for _, fork := range []bool{false, true} {
			name := g.game + "/replay"
			if fork {
				name = g.game + "/fork"
			}
			b.Run(name, func(b *testing.B) {
				forkWorlds = fork
				cpu := cpuSeconds()
				its := 0
				for range b.N {
					_, _, n := searchGame(b, e, g.players, Params{Iterations: 200}, 10)
					its += n
				}
				b.ReportMetric(float64(its)/(cpuSeconds()-cpu), "iterations/cpu-s")
			})
		}
	}
}
