package sim

import (
	"github.com/tabletop/tabletop/interp"
)

// Game is one game for Play: its seed and the bot of each seat.
type Game struct {
	Seed uint64
	Bots []string // by seat - 1: "random", one of the script's, a kind (search:100, exec:...)
}

// Outcome is how a game Play played went.
type Outcome struct {
	Decisions int
	Winners   []int
	Scores    []float64 // by seat, index 0 unused
	Err       error     // the game did not finish: the rest is not set
}

// Play plays games of e with options on jobs workers (0: one per CPU),
// each as Run plays one (its bots seeded from its seed, at most
// maxDecisions decisions, 0 for a million), and returns how each went, in
// the order given: the same whatever jobs is, when the bots are
// repeatable. progress is as Config.Progress.
func Play(e *interp.Engine, options map[string]string, games []Game, jobs, maxDecisions int, progress func(done, total int)) []Outcome {
	if maxDecisions <= 0 {
		maxDecisions = 1_000_000
	}
	defer batchGC()()
	out := make([]Outcome, len(games))
	forEach(len(games), jobs, func(k int) {
		o := playOne(e, options, maxDecisions, games[k].Seed, games[k].Bots)
		out[k] = Outcome{Decisions: o.decisions, Winners: o.winners, Scores: o.scores, Err: o.err}
	}, counting(progress, len(games)))
	return out
}
