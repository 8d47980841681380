package sim

import (
	"runtime"
	"sync"

	"github.com/tabletop/tabletop/interp"
)

// forEach calls do(k) for k from 0 to n-1 on jobs workers (0: one per
// CPU), and progress (if set, from one goroutine) as calls return. The
// calls must not depend on one another: which worker makes which, and in
// what order they end, varies from run to run.
func forEach(n, jobs int, progress func(done, total int), do func(k int)) {
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	jobs = max(1, min(jobs, n))
	next := make(chan int)
	done := make(chan int, jobs)
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				do(k)
				done <- k
			}
		}()
	}
	go func() {
		for k := 0; k < n; k++ {
			next <- k
		}
		close(next)
	}()
	for d := 1; d <= n; d++ {
		<-done
		if progress != nil {
			progress(d, n)
		}
	}
	wg.Wait()
}

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
	forEach(len(games), jobs, progress, func(k int) {
		o := playOne(e, options, maxDecisions, games[k].Seed, games[k].Bots)
		out[k] = Outcome{Decisions: o.decisions, Winners: o.winners, Scores: o.scores, Err: o.err}
	})
	return out
}
