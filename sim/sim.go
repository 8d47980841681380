// Package sim plays many games of a script with bots: Run measures a game
// (who wins, by how much, how fast the engine plays it) and Check hunts for
// broken rules by playing random games with invariant checks on.
//
// Each game's seed is derived from the base seed and the game's number, and
// results are gathered in game order, so a report does not depend on how
// many workers played it.
package sim

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/tabletop/tabletop/interp"
)

// Config says what to simulate.
type Config struct {
	Engine  *interp.Engine
	Games   int
	Players int
	Seed    uint64
	// Jobs is the number of workers; 0 means one per CPU.
	Jobs int
	// Bots names the bot of each seat ("random" or one of the script's);
	// empty means the script's default bot everywhere. A shorter list is
	// padded with its last entry.
	Bots    []string
	Options map[string]string
	// MaxDecisions bounds one game (0: 1,000,000).
	MaxDecisions int
	// Progress, if set, is called as games finish (from one goroutine).
	Progress func(done, total int)
}

// Report is what a simulation found.
type Report struct {
	Title           string      `json:"title"`
	Games           int         `json:"games"`
	Players         int         `json:"players"`
	Seed            uint64      `json:"seed"`
	Decisions       int64       `json:"decisions"`
	MeanLength      float64     `json:"mean_decisions_per_game"`
	Seconds         float64     `json:"seconds"`
	GamesPerSec     float64     `json:"games_per_second"`
	DecisionsPerSec float64     `json:"decisions_per_second"`
	Seats           []SeatStats `json:"seats"`
	Failures        []Failure   `json:"failures,omitempty"`
}

// SeatStats sums up one seat over all games. A shared win counts as a
// fraction: 1/k for each of k winners.
type SeatStats struct {
	Seat      int     `json:"seat"`
	Label     string  `json:"label"`
	Bot       string  `json:"bot"`
	Wins      float64 `json:"wins"`
	WinRate   float64 `json:"win_rate"`
	WinCI95   float64 `json:"win_rate_ci95"`
	MeanScore float64 `json:"mean_score"`
	ScoreCI95 float64 `json:"mean_score_ci95"`
}

// Failure is a game that did not finish properly.
type Failure struct {
	Game  int    `json:"game"`
	Seed  uint64 `json:"seed"`
	Error string `json:"error"`
}

type outcome struct {
	decisions int
	winners   []int
	scores    []float64
	err       error
	labels    []string
}

// batchGC raises the garbage collector's target while a batch of games
// runs: random playouts allocate briskly and keep little alive, so
// collecting a quarter as often buys about a fifth more throughput for a
// few megabytes more memory. It returns the function that restores it.
//
// A soft memory limit keeps the raised target from growing the heap past
// batchMemory when scripts hold much (each match's own budget bounds what
// it keeps; this only tells the collector to work harder near the top).
func batchGC() func() {
	old := debug.SetGCPercent(400)
	if old > 400 || old < 0 {
		debug.SetGCPercent(old)
	}
	oldLimit := debug.SetMemoryLimit(-1)
	if oldLimit == math.MaxInt64 {
		debug.SetMemoryLimit(batchMemory)
	}
	return func() { debug.SetGCPercent(old); debug.SetMemoryLimit(oldLimit) }
}

// batchMemory is the soft memory limit batchGC sets, unless one is set
// already (GOMEMLIMIT).
const batchMemory = 512 << 20

// Run plays cfg.Games games and reports.
func Run(cfg Config) (*Report, error) {
	if cfg.Engine == nil {
		return nil, fmt.Errorf("sim: no engine")
	}
	if cfg.Games <= 0 {
		return nil, fmt.Errorf("sim: the number of games must be positive")
	}
	info := cfg.Engine.Info
	if cfg.Players == 0 {
		cfg.Players = info.MinPlayers
		if info.MinPlayers <= 4 && info.MaxPlayers >= 4 {
			cfg.Players = 4
		}
	}
	if cfg.Players < info.MinPlayers || cfg.Players > info.MaxPlayers {
		return nil, fmt.Errorf("%s is for %d to %d players, not %d", info.Title, info.MinPlayers, info.MaxPlayers, cfg.Players)
	}
	bots, err := seatBots(cfg.Engine, cfg.Bots, cfg.Players)
	if err != nil {
		return nil, err
	}
	if cfg.MaxDecisions <= 0 {
		cfg.MaxDecisions = 1_000_000
	}
	jobs := cfg.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	jobs = min(jobs, cfg.Games)

	defer batchGC()()
	results := make([]outcome, cfg.Games)
	next := make(chan int)
	done := make(chan int, jobs)
	var wg sync.WaitGroup
	start := time.Now()
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = playOne(cfg, bots, i)
				done <- i
			}
		}()
	}
	go func() {
		for i := 0; i < cfg.Games; i++ {
			next <- i
		}
		close(next)
	}()
	for n := 1; n <= cfg.Games; n++ {
		<-done
		if cfg.Progress != nil {
			cfg.Progress(n, cfg.Games)
		}
	}
	wg.Wait()
	elapsed := time.Since(start)
	return summarize(cfg, bots, results, elapsed), nil
}

// seatBots expands the bot list to one name per seat and checks the names.
func seatBots(e *interp.Engine, names []string, players int) ([]string, error) {
	out := make([]string, players)
	for s := range out {
		switch {
		case len(names) == 0:
			out[s] = e.DefaultBot()
		case s < len(names):
			out[s] = names[s]
		default:
			out[s] = names[len(names)-1]
		}
		if out[s] == "" {
			out[s] = e.DefaultBot()
		}
	}
	for _, n := range out {
		b, err := e.NewBot(n, 1, 0)
		if err != nil {
			return nil, err
		}
		b.Close()
	}
	return out, nil
}

// GameSeed is the seed of game i of a series started from base.
func GameSeed(base uint64, i int) uint64 { return interp.DeriveSeed(base, i) }

func playOne(cfg Config, bots []string, i int) outcome {
	seed := GameSeed(cfg.Seed, i)
	m, err := cfg.Engine.NewMatch(interp.Config{Players: cfg.Players, Seed: seed, Options: cfg.Options})
	if err != nil {
		return outcome{err: err}
	}
	defer m.Close()
	seatBots := make([]interp.Bot, cfg.Players+1)
	defer func() {
		for _, b := range seatBots {
			if b != nil {
				b.Close()
			}
		}
	}()
	n := 0
	for p := m.Prompt(); p != nil; p = m.Prompt() {
		if n >= cfg.MaxDecisions {
			return outcome{decisions: n, err: fmt.Errorf("the game did not end within %d decisions", cfg.MaxDecisions)}
		}
		b := seatBots[p.Seat]
		if b == nil {
			if b, err = cfg.Engine.NewBot(bots[p.Seat-1], p.Seat, interp.BotSeed(seed, p.Seat)); err != nil {
				return outcome{decisions: n, err: err}
			}
			seatBots[p.Seat] = b
		}
		choice, err := b.Choose(m)
		if err != nil {
			return outcome{decisions: n, err: err}
		}
		if err := m.Step(choice); err != nil {
			return outcome{decisions: n, err: err}
		}
		n++
	}
	if m.Err() != nil {
		return outcome{decisions: n, err: m.Err()}
	}
	labels := make([]string, cfg.Players)
	for s := range labels {
		labels[s] = m.SeatLabel(s + 1)
	}
	r := m.Result()
	return outcome{decisions: n, winners: r.Winners, scores: r.Scores, labels: labels}
}

func summarize(cfg Config, bots []string, results []outcome, elapsed time.Duration) *Report {
	rep := &Report{Title: cfg.Engine.Info.Title, Games: cfg.Games, Players: cfg.Players, Seed: cfg.Seed, Seconds: elapsed.Seconds()}
	n := cfg.Players
	wins := make([]float64, n+1)
	sums := make([]float64, n+1)
	sq := make([]float64, n+1)
	labels := make([]string, n)
	finished := 0
	for i, r := range results {
		rep.Decisions += int64(r.decisions)
		if r.err != nil {
			rep.Failures = append(rep.Failures, Failure{Game: i, Seed: GameSeed(cfg.Seed, i), Error: r.err.Error()})
			continue
		}
		finished++
		if labels[0] == "" {
			copy(labels, r.labels)
		}
		for _, w := range r.winners {
			wins[w] += 1 / float64(len(r.winners))
		}
		for s := 1; s <= n && s < len(r.scores); s++ {
			sums[s] += r.scores[s]
			sq[s] += r.scores[s] * r.scores[s]
		}
	}
	rep.MeanLength = float64(rep.Decisions) / float64(cfg.Games)
	if rep.Seconds > 0 {
		rep.GamesPerSec = float64(cfg.Games) / rep.Seconds
		rep.DecisionsPerSec = float64(rep.Decisions) / rep.Seconds
	}
	for s := 1; s <= n; s++ {
		st := SeatStats{Seat: s, Label: labels[s-1], Bot: bots[s-1], Wins: wins[s]}
		if st.Label == "" {
			st.Label = fmt.Sprintf("Player %d", s)
		}
		if finished > 0 {
			f := float64(finished)
			st.WinRate = wins[s] / f
			st.WinCI95 = 1.96 * math.Sqrt(st.WinRate*(1-st.WinRate)/f)
			st.MeanScore = sums[s] / f
			if finished > 1 {
				variance := (sq[s] - f*st.MeanScore*st.MeanScore) / (f - 1)
				st.ScoreCI95 = 1.96 * math.Sqrt(math.Max(variance, 0)/f)
			}
		}
		rep.Seats = append(rep.Seats, st)
	}
	return rep
}

// WriteTable prints the report for a person. The timing line starts with
// "time:" so tests can drop it; everything else depends only on the inputs.
func (r *Report) WriteTable(w io.Writer) {
	fmt.Fprintf(w, "%s: %d games, %d players, seed %d\n", r.Title, r.Games, r.Players, r.Seed)
	fmt.Fprintf(w, "decisions: %d (%.1f per game)\n", r.Decisions, r.MeanLength)
	fmt.Fprintf(w, "time: %.2fs, %.0f games/s, %.0f decisions/s\n", r.Seconds, r.GamesPerSec, r.DecisionsPerSec)
	lw := 5
	bw := 3
	for _, s := range r.Seats {
		lw = max(lw, len([]rune(s.Label)))
		bw = max(bw, len(s.Bot))
	}
	fmt.Fprintf(w, "%-*s  %-*s  %9s  %-16s  %s\n", lw, "seat", bw, "bot", "wins", "win rate (95%)", "mean score (95%)")
	for _, s := range r.Seats {
		fmt.Fprintf(w, "%-*s  %-*s  %9s  %-16s  %s\n", lw, s.Label, bw, s.Bot, trimFloat(s.Wins),
			fmt.Sprintf("%5.1f%% ± %.1f%%", 100*s.WinRate, 100*s.WinCI95),
			fmt.Sprintf("%.2f ± %.2f", s.MeanScore, s.ScoreCI95))
	}
	if len(r.Failures) > 0 {
		fmt.Fprintf(w, "%d games failed:\n", len(r.Failures))
		for i, f := range r.Failures {
			if i == 10 {
				fmt.Fprintf(w, "  …\n")
				break
			}
			fmt.Fprintf(w, "  game %d (seed %d): %s\n", f.Game, f.Seed, firstLine(f.Error))
		}
	}
}

// WriteJSON prints the report as one JSON object.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

func trimFloat(f float64) string {
	if f == math.Trunc(f) {
		return fmt.Sprintf("%.0f", f)
	}
	return fmt.Sprintf("%.1f", f)
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
