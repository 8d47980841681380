package search

import (
	"maps"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/stat"

	"github.com/tabletop/tabletop/interp"
)

// Does the search play better than its guide where it departs from it?
// The strength runs (tabletop sim --rotate -n 400) answer for a whole game
// in hours; BenchmarkDepartures answers decision by decision, in minutes,
// with the truth the search never sees. It plays whole games with the
// search (bot:search:300, departuresIterations a decision) in seat 1 against the game's
// own bots, and wherever the search plays another option than its guide's,
// it plays the true game on from there departuresPlayouts times after
// each of the two options, every seat by the game's own bot, to the end
// of the round (of the game, where no round ends first): what the seat
// scored meanwhile against the others' mean, and its share of the wins
// of games that ended, are the departure's gain over the guide's option.
//
//	go test ./search -run X -bench Departures/andy_capp -benchtime 1x
//
// reports departures a decision and the mean gain of a departure with its
// standard error, and logs the same by kind of departure: the first words
// of the guide's option and of the search's ("bet->bet", "reveal->reveal"),
// since a search may judge one kind of decision well and another not at
// all. A search that only departs by chance gains nothing.
// DEPARTURES_ARGS adds to the search's settings: DEPARTURES_ARGS=paired
// measures paired decisions (paired.go) instead of the tree's, and
// DEPARTURES_ARGS=steward plays the rollouts by the bot named. Three games
// give a rough figure; DEPARTURES_GAMES=N plays N (seeds 1 to N).

const (
	departuresGames      = 3
	departuresIterations = 300
	departuresPlayouts   = 40
)

func BenchmarkDepartures(b *testing.B) {
	games := departuresGames
	if v := os.Getenv("DEPARTURES_GAMES"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			b.Fatalf("DEPARTURES_GAMES=%q: want a number of games, 1 or more", v)
		}
		games = n
	}
	for _, g := range decideGames {
		b.Run(g.name, func(b *testing.B) {
			e := loadGame(b, g.name)
			for i := 0; i < b.N; i++ {
				var d departures
				for seed := 1; seed <= games; seed++ {
					d.game(b, e, uint64(seed))
				}
				d.report(b)
			}
		})
	}
}

// departures are the gains of a series' departures from the guide.
type departures struct {
	decisions   int
	points, won []float64 // a departure's gain in points and in wins
	kinds       []string  // its kind (departureKind)
}

// departureKind names a departure by the first words of the guide's
// option and the search's: "bet->pass".
func departureKind(guide, chosen string) string {
	first := func(s string) string {
		w, _, _ := strings.Cut(s, " ")
		return w
	}
	return first(guide) + "->" + first(chosen)
}

// game plays one game with the search in seat 1 and measures each of its
// departures.
func (d *departures) game(b *testing.B, e *interp.Engine, seed uint64) {
	m, err := e.NewMatch(interp.Config{Players: 4, Seed: seed}, interp.Silent)
	if err != nil {
		b.Fatal(err)
	}
	defer m.Close()
	params, err := ParseParams(e, withEnvArgs(strconv.Itoa(departuresIterations), "DEPARTURES_ARGS"))
	if err != nil {
		b.Fatal(err)
	}
	search := New(e, 1, seed, params)
	own := &botPolicy{eng: e, name: e.DefaultBot(), seed: seed, bots: map[int]interp.Bot{}}
	defer search.Close()
	defer own.close()
	for p := m.Prompt(); p != nil; p = m.Prompt() {
		var i int
		if p.Seat == 1 {
			i, err = search.Choose(m)
		} else {
			i, err = own.choose(m)
		}
		if err != nil {
			b.Fatal(err)
		}
		if p.Seat == 1 && len(p.Options) > 1 {
			d.decisions++
			if g := search.Last().Guide; g >= 0 && g != i {
				pts, won := playOn(b, e, m, i, seed)
				gpts, gwon := playOn(b, e, m, g, seed)
				d.points = append(d.points, pts-gpts)
				d.won = append(d.won, won-gwon)
				d.kinds = append(d.kinds, departureKind(p.Options[g], p.Options[i]))
			}
		}
		if err := m.Step(i); err != nil {
			b.Fatal(err)
		}
	}
}

// playOn plays the true game on after option i departuresPlayouts times,
// every seat by the game's own bot, to the end of the round, and returns
// seat 1's mean score then against the others' mean, and its mean share
// of the wins. Option i of the guide and of the departure get the same
// bots with the same seeds, playout by playout.
func playOn(b *testing.B, e *interp.Engine, m *interp.Match, i int, seed uint64) (points, won float64) {
	for k := 0; k < departuresPlayouts; k++ {
		bots := &botPolicy{eng: e, name: e.DefaultBot(), seed: interp.BotSeed(seed, 100+k), bots: map[int]interp.Bot{}}
		f, err := m.Fork(interp.Silent)
		if err != nil {
			b.Fatal(err)
		}
		base := interim(f)
		err = f.Step(i)
		for f.Prompt() != nil && err == nil && !roundEnded(base, interim(f)) {
			var j int
			if j, err = bots.choose(f); err == nil {
				err = f.Step(j)
			}
		}
		if err != nil {
			b.Fatal(err)
		}
		now := interim(f)
		for s := 1; s < len(now.by); s++ {
			d := now.by[s] - base.by[s]
			if s == 1 {
				points += d
			} else {
				points -= d / float64(len(now.by)-2)
			}
		}
		if f.Done() {
			for _, w := range f.Result().Winners {
				if w == 1 {
					won += 1 / float64(len(f.Result().Winners))
				}
			}
		}
		f.Close()
		bots.close()
	}
	return points / departuresPlayouts, won / departuresPlayouts
}

// report reports departures a decision and each gain's mean and standard
// error.
func (d *departures) report(b *testing.B) {
	b.ReportMetric(float64(len(d.points))/float64(max(d.decisions, 1)), "departures/decision")
	for _, x := range []struct {
		gains []float64
		unit  string
	}{{d.points, "points"}, {d.won, "wins"}} {
		mean, se := meanSE(x.gains)
		b.ReportMetric(mean, x.unit+"/departure")
		b.ReportMetric(se, x.unit+"-se")
	}
	d.logKinds(b)
}

// logKinds logs, for each kind of departure, how many there were and
// their mean gains with standard errors.
func (d *departures) logKinds(b *testing.B) {
	type gains struct{ pts, won []float64 }
	by := map[string]*gains{}
	for i, k := range d.kinds {
		if by[k] == nil {
			by[k] = &gains{}
		}
		by[k].pts, by[k].won = append(by[k].pts, d.points[i]), append(by[k].won, d.won[i])
	}
	for _, k := range slices.Sorted(maps.Keys(by)) {
		pts, won := by[k].pts, by[k].won
		if len(pts) == 1 { // no standard error of one
			b.Logf("%-24s    1 departure   points %+.2f  wins %+.3f", k, pts[0], won[0])
			continue
		}
		pm, ps := meanSE(pts)
		wm, ws := meanSE(won)
		b.Logf("%-24s %4d departures  points %+.2f ± %.2f  wins %+.3f ± %.3f", k, len(pts), pm, ps, wm, ws)
	}
}

// meanSE returns the mean of xs and its standard error.
func meanSE(xs []float64) (mean, se float64) {
	if len(xs) < 2 {
		return 0, 0
	}
	mean, std := stat.MeanStdDev(xs, nil)
	return mean, std / math.Sqrt(float64(len(xs)))
}
