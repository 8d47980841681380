package ladder

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/table"

	"github.com/tabletop/tabletop/games"
	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/lib"
	"github.com/tabletop/tabletop/stdlib"
)

func loadGame(t testing.TB, name string) *interp.Engine {
	t.Helper()
	e, err := interp.LoadFrom(interp.Source{Home: &interp.Library{FS: games.FS(), Name: "games"}, Path: name + ".lua", Stdlib: stdlib.FS(), Modules: lib.Modules()})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// Every bot sits every seat equally often in every cycle, in lineups of
// distinct bots when there are enough, and a deal's games rotate one
// lineup.
func TestPlanIsBalanced(t *testing.T) {
	for k := 2; k <= 7; k++ {
		for players := 2; players <= 6; players++ {
			p := plan(k, players, 1, 9)
			if p.Games() != p.Cycle*players || p.Deals != p.Cycle {
				t.Fatalf("k=%d P=%d: %d games in %d deals, cycle %d", k, players, p.Games(), p.Deals, p.Cycle)
			}
			count := make([][]int, k) // [bot][seat]
			for b := range count {
				count[b] = make([]int, players)
			}
			for d := 0; d < p.Deals; d++ {
				distinct := map[int]bool{}
				for _, b := range p.Lineups[d] {
					distinct[b] = true
				}
				if len(distinct) != min(k, players) {
					t.Errorf("k=%d P=%d: lineup %v", k, players, p.Lineups[d])
				}
				for r := 0; r < players; r++ {
					for s, b := range p.seats(d, r) {
						count[b][s]++
					}
				}
			}
			want := count[0][0]
			for b := range count {
				for s := range count[b] {
					if count[b][s] != want {
						t.Fatalf("k=%d P=%d: bot %d sits seat %d %d times, bot 0 seat 1 %d: %v", k, players, b, s+1, count[b][s], want, count)
					}
				}
			}
		}
	}
	// -n is rounded up to whole cycles; the seed shuffles the circle.
	if p := plan(5, 4, 21, 1); p.Games() != 40 {
		t.Errorf("21 games of 5 bots at 4 seats: %d, want 2 cycles of 20", p.Games())
	}
	if fmt.Sprint(plan(6, 3, 60, 1).Lineups) == fmt.Sprint(plan(6, 3, 60, 2).Lineups) {
		t.Errorf("two seeds, the same lineups")
	}
}

// Every pair of bots meets, over a few cycles, when lineups are smaller
// than the field.
func TestEveryPairMeets(t *testing.T) {
	p := plan(8, 3, 8*3*6, 4)
	met := map[[2]int]bool{}
	for _, l := range p.Lineups {
		for _, a := range l {
			for _, b := range l {
				met[[2]int{a, b}] = true
			}
		}
	}
	for a := 0; a < 8; a++ {
		for b := 0; b < 8; b++ {
			if !met[[2]int{a, b}] {
				t.Errorf("bots %d and %d never met", a, b)
			}
		}
	}
}

// A game's pairwise results: a winner beats the others, winners tie, and
// scores order the rest when the winners have the highest; copies of a
// bot are not compared.
func TestPairwiseResults(t *testing.T) {
	tests := []struct {
		bots    []int
		winners []int
		scores  []float64
		want    string // wins[a][b] for a < b, then met
	}{
		{[]int{0, 1, 2}, []int{1}, []float64{0, 10, 5, 3}, "[[0 1 1] [0 0 1] [0 0 0]] met 3"},
		{[]int{0, 1, 2}, []int{1}, []float64{0, 1, 0, 0}, "[[0 1 1] [0 0 0.5] [0 0.5 0]] met 3"},
		{[]int{0, 1, 2}, []int{1, 3}, []float64{0, 2, 0, 2}, "[[0 1 0.5] [0 0 0] [0.5 1 0]] met 3"},
		// the winner has the lowest score: scores say nothing
		{[]int{0, 1, 2}, []int{1}, []float64{0, -9, 5, 3}, "[[0 1 1] [0 0 0.5] [0 0.5 0]] met 3"},
		// two copies of bot 0: they are not compared
		{[]int{0, 1, 0, 1}, []int{3}, []float64{0, 1, 2, 9, 3}, "[[0 2 0] [2 0 0] [0 0 0]] met 4"},
		{[]int{2, 1}, nil, []float64{0, 0, 0}, "[[0 0 0] [0 0 0.5] [0 0.5 0]] met 1"},
	}
	for _, tc := range tests {
		tl := newTally(3)
		tl.addGame(tc.bots, tc.winners, tc.scores)
		met := 0.0
		for i := range tl.met {
			for j := i + 1; j < 3; j++ {
				met += tl.met[i][j]
			}
		}
		if got := fmt.Sprintf("%v met %v", tl.wins, met); got != tc.want {
			t.Errorf("%v won by %v, scores %v: %s, want %s", tc.bots, tc.winners, tc.scores, got, tc.want)
		}
	}
}

// The fit recovers the strengths that made the results, and the
// bootstrap's intervals hold them.
func TestFitRecoversStrengths(t *testing.T) {
	truth := []float64{1700, 1550, 1450, 1300} // mean 1500
	rng := table.NewRNG(3)
	var deals []tally
	for d := 0; d < 400; d++ {
		tl := newTally(4)
		for i := 0; i < 4; i++ {
			for j := i + 1; j < 4; j++ {
				p := 1 / (1 + math.Pow(10, (truth[j]-truth[i])/400))
				tl.met[i][j]++
				tl.met[j][i]++
				if float64(rng.Intn(1<<30))/(1<<30) < p {
					tl.wins[i][j]++
				} else {
					tl.wins[j][i]++
				}
			}
		}
		deals = append(deals, tl)
	}
	all := newTally(4)
	for _, d := range deals {
		all.add(d)
	}
	got := fit(all)
	low, high := bootstrap(deals, 4, 300, 5)
	for i := range truth {
		if math.Abs(got[i]-truth[i]) > 40 || low[i] > truth[i] || high[i] < truth[i] || high[i]-low[i] > 120 {
			t.Errorf("bot %d: %.0f (%.0f to %.0f), truth %.0f", i, got[i], low[i], high[i], truth[i])
		}
	}
	// A bot that never lost stays finite; ties alone are the mean.
	sweep := newTally(2)
	sweep.met[0][1], sweep.met[1][0], sweep.wins[0][1] = 10, 10, 10
	if r := fit(sweep); math.IsInf(r[0], 0) || math.IsNaN(r[0]) || r[0] <= r[1] {
		t.Errorf("a sweep: %v", r)
	}
	ties := newTally(2)
	ties.met[0][1], ties.met[1][0], ties.wins[0][1], ties.wins[1][0] = 10, 10, 5, 5
	if r := fit(ties); math.Abs(r[0]-1500) > 1e-6 || math.Abs(r[1]-1500) > 1e-6 {
		t.Errorf("ties: %v", r)
	}
}

// A ladder gives the same table whatever --jobs is, and rates the game's
// bot above the random one.
func TestLadderIsRepeatable(t *testing.T) {
	e := loadGame(t, "clubs_short")
	var tables []string
	for _, jobs := range []int{1, 3} {
		rep, err := Run(Config{Engine: e, Bots: []string{"random", "careful"}, Players: 3, Games: 12, Seed: 5, Jobs: jobs, Resamples: 200})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Games != 12 || rep.Finished != 12 || rep.Standings[0].Bot != "careful" || rep.Standings[0].Low <= rep.Standings[1].High {
			t.Errorf("jobs %d: %+v", jobs, rep)
		}
		rep.Seconds = 0
		var b strings.Builder
		rep.WriteTable(&b)
		if err := rep.WriteJSON(&b); err != nil {
			t.Fatal(err)
		}
		tables = append(tables, b.String())
	}
	if tables[0] != tables[1] {
		t.Errorf("jobs 1:\n%s\njobs 3:\n%s", tables[0], tables[1])
	}
}

func TestLadderRefuses(t *testing.T) {
	e := loadGame(t, "clubs")
	for _, tc := range []struct {
		cfg  Config
		want string
	}{
		{Config{Bots: []string{"careful"}, Games: 4}, "a ladder rates two bots or more, not 1"},
		{Config{Bots: []string{"careful", "careful"}, Games: 4}, "careful is named twice"},
		{Config{Bots: []string{"careful", "nosuch"}, Games: 4}, `no bot called "nosuch"`},
		{Config{Bots: []string{"careful", "random"}, Players: 7, Games: 4}, "Clubs is for 3 to 4 players, not 7"},
		{Config{Bots: []string{"careful", "random"}}, "a ladder plays one game or more"},
	} {
		tc.cfg.Engine = e
		if _, err := Run(tc.cfg); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc.cfg.Bots, err, tc.want)
		}
	}
}

// Games that fail count nowhere and are listed.
func TestFailedGamesAreListed(t *testing.T) {
	e := loadGame(t, "clubs_short")
	rep, err := Run(Config{Engine: e, Bots: []string{"random", "careful"}, Players: 3, Games: 6, Seed: 5, MaxDecisions: 5})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	rep.WriteTable(&b)
	if rep.Finished != 0 || len(rep.Failures) != 6 || !strings.Contains(b.String(), "No game finished: there is nothing to rate.") ||
		!strings.Contains(b.String(), "the game did not end within 5 decisions") {
		t.Errorf("%+v\n%s", rep, b.String())
	}
}
