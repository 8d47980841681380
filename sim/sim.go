// Package sim plays many games of a script with bots. Run measures a game,
// or compares it with a variant (who wins, by how much, how long games
// last, what the script's metrics say, how fast the engine plays it);
// Play plays a list of games, each its seed and bots, and says how each
// went (the ladder's matches); and Check hunts for broken rules by playing
// random games with invariant checks on. All three play on one pool of
// workers (pool.go), each worker one game at a time.
//
// A series is reproducible to the bit. Game i's seed derives from the base
// seed and i, and its seats from i (rotated when asked), so game i is the
// same game whichever worker plays it, in a whole run or in shard
// i mod n of n. Compare plays game i of the game and of the variant from
// the same seed with the same seats (common random numbers), so the two
// differ only by their rules. Results are gathered in game order into
// exact sums (package stats), so a report does not depend on how many
// workers played it, and shards merge into the report of the whole run.
package sim

import (
	"fmt"
	"math"
	"runtime/debug"
	"time"

	"github.com/tabletop/tabletop/table"

	"github.com/tabletop/tabletop/interp"
)

// Config says what to simulate.
type Config struct {
	Engine *interp.Engine
	// Variant, if set, is compared with Engine: every game is played by
	// both, from the same seed with the same seats.
	Variant *interp.Engine
	Games   int
	Players int
	Seed    uint64
	// Jobs is the number of workers; 0 means one per CPU.
	Jobs int
	// Bots names the bot of each seat ("random" or one of the script's);
	// empty means the script's default bot everywhere. A shorter list is
	// padded with its last entry.
	Bots []string
	// Rotate moves the bots one seat to the left from one game to the
	// next, so that over the series every bot plays every position.
	Rotate bool
	// Options are Engine's options; VariantOptions the variant's.
	Options        map[string]string
	VariantOptions map[string]string
	// Shard, if set, plays only the games of one shard of the series.
	Shard *Shard
	// MaxDecisions bounds one game (0: 1,000,000).
	MaxDecisions int
	// Progress, if set, is called as games finish (from one goroutine),
	// with the number done and the number this run plays.
	Progress func(done, total int)
	// Tool names the program and version that plays the series (the
	// report states it, and merge takes only shards played by one).
	Tool string
}

// Shard is one of Count parts of a series: the games Index, Index+Count,
// Index+2·Count, … (0 <= Index < Count).
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// String is "i/n".
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// games returns the indices of the games of the shard in a series of n.
func (s *Shard) games(n int) []int {
	step, first := 1, 0
	if s != nil {
		step, first = s.Count, s.Index
	}
	var out []int
	for i := first; i < n; i += step {
		out = append(out, i)
	}
	return out
}

// outcome is how one game went.
type outcome struct {
	decisions int
	winners   []int
	scores    []float64 // by seat, index 0 unused
	metrics   []interp.Metric
	labels    []string
	err       error
}

// Run plays the series cfg describes (or its shard) and reports. A game
// that fails is listed in the report, not returned as an error.
func Run(cfg Config) (*Report, error) {
	setup, err := newSetup(&cfg)
	if err != nil {
		return nil, err
	}
	engines := []*interp.Engine{cfg.Engine}
	options := []map[string]string{cfg.Options}
	if cfg.Variant != nil {
		engines = append(engines, cfg.Variant)
		options = append(options, cfg.VariantOptions)
	}
	indices := cfg.Shard.games(cfg.Games)
	jobs := cfg.Jobs

	defer batchGC()()
	results := make([][]outcome, len(indices))
	start := time.Now()
	forEach(len(indices), jobs, func(k int) {
		i := indices[k]
		bots := setup.seatBots(i)
		results[k] = make([]outcome, len(engines))
		for e, eng := range engines {
			results[k][e] = playOne(eng, options[e], cfg.MaxDecisions, GameSeed(cfg.Seed, i), bots)
		}
	}, counting(cfg.Progress, len(indices)))
	elapsed := time.Since(start)

	rep := newReport(setup, cfg.Shard, len(indices))
	for k, i := range indices {
		rep.add(i, results[k])
	}
	rep.Timing.Seconds = elapsed.Seconds()
	rep.finish()
	return rep, nil
}

// newSetup checks cfg, fills in its defaults and describes the series.
func newSetup(cfg *Config) (Setup, error) {
	if cfg.Engine == nil {
		return Setup{}, fmt.Errorf("sim: no engine")
	}
	if cfg.Games <= 0 {
		return Setup{}, fmt.Errorf("sim: the number of games must be positive")
	}
	if s := cfg.Shard; s != nil && (s.Count < 1 || s.Index < 0 || s.Index >= s.Count) {
		return Setup{}, fmt.Errorf("sim: shard %d/%d: the index must be at least 0 and below the count", s.Index, s.Count)
	}
	if s := cfg.Shard; s != nil && s.Index >= cfg.Games {
		return Setup{}, fmt.Errorf("sim: shard %s of %d games has no games", s, cfg.Games)
	}
	if cfg.Players == 0 {
		cfg.Players = cfg.Engine.Info.UsualPlayers()
	}
	for _, e := range []*interp.Engine{cfg.Engine, cfg.Variant} {
		if e != nil && (cfg.Players < e.Info.MinPlayers || cfg.Players > e.Info.MaxPlayers) {
			return Setup{}, fmt.Errorf("%s is for %d to %d players, not %d", e.Info.Title, e.Info.MinPlayers, e.Info.MaxPlayers, cfg.Players)
		}
	}
	lineup, err := lineup(cfg.Engine, cfg.Variant, cfg.Bots, cfg.Players)
	if err != nil {
		return Setup{}, err
	}
	if cfg.MaxDecisions <= 0 {
		cfg.MaxDecisions = 1_000_000
	}
	setup := Setup{Tool: cfg.Tool, Games: cfg.Games, Players: cfg.Players, Seed: cfg.Seed, Lineup: lineup, Rotate: cfg.Rotate, MaxDecisions: cfg.MaxDecisions}
	for _, s := range []struct {
		e    *interp.Engine
		opts map[string]string
	}{{cfg.Engine, cfg.Options}, {cfg.Variant, cfg.VariantOptions}} {
		if s.e == nil {
			continue
		}
		script, err := describeScript(s.e, s.opts)
		if err != nil {
			return Setup{}, err
		}
		setup.Scripts = append(setup.Scripts, script)
	}
	return setup, nil
}

// describeScript names a script and its options, all of them, defaults
// included, as a report states them.
func describeScript(e *interp.Engine, set map[string]string) (Script, error) {
	opts, err := e.ParseOptions(nil)
	if err != nil {
		return Script{}, err
	}
	for k, v := range set {
		opts[k] = v
	}
	return Script{Title: e.Info.Title, Path: e.Path, Hash: e.Hash, Options: opts}, nil
}

// lineup expands the bot list to one name per seat and checks that every
// engine has the bots.
func lineup(e, variant *interp.Engine, names []string, players int) ([]string, error) {
	out := make([]string, players)
	for s := range out {
		switch {
		case len(names) == 0:
		case s < len(names):
			out[s] = names[s]
		default:
			out[s] = names[len(names)-1]
		}
		if out[s] == "" {
			out[s] = e.DefaultBot()
		}
	}
	for _, eng := range []*interp.Engine{e, variant} {
		if eng == nil {
			continue
		}
		for _, n := range out {
			b, err := eng.NewBot(n, 1, 0)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", eng.Info.Title, err)
			}
			b.Close()
		}
	}
	return out, nil
}

// seatBots returns the bot of each seat in game i: the lineup, moved i
// seats to the left when the series rotates.
func (s *Setup) seatBots(i int) []string {
	n := len(s.Lineup)
	out := make([]string, n)
	shift := 0
	if s.Rotate {
		shift = i % n
	}
	for e, name := range s.Lineup {
		out[(e+shift)%n] = name
	}
	return out
}

// GameSeed is the seed of game i of a series started from base.
func GameSeed(base uint64, i int) uint64 { return table.DeriveSeed(base, i) }

// playOne plays one game with the bots given by seat. When every seat is
// a random bot nobody reads the log, so the match keeps none (Silent).
func playOne(e *interp.Engine, options map[string]string, maxDecisions int, seed uint64, bots []string) (out outcome) {
	defer func() {
		// A bug of ours in a bot or the engine fails this game, listed in
		// the report with where it happened, not the series (hours of it).
		if r := recover(); r != nil {
			out = outcome{err: fmt.Errorf("internal error (a bug in tabletop, please report it): %v\n%s", r, debug.Stack())}
		}
	}()
	var modes []interp.Mode
	if allRandom(bots) {
		modes = append(modes, interp.Silent)
	}
	m, err := e.NewMatch(interp.Config{Players: len(bots), Seed: seed, Options: options}, modes...)
	if err != nil {
		return outcome{err: err}
	}
	defer m.Close()
	seatBots := make([]interp.Bot, len(bots)+1)
	defer func() {
		for _, b := range seatBots {
			if b != nil {
				b.Close()
			}
		}
	}()
	n := 0
	for p := m.Prompt(); p != nil; p = m.Prompt() {
		if n >= maxDecisions {
			return outcome{decisions: n, err: fmt.Errorf("the game did not end within %d decisions", maxDecisions)}
		}
		b := seatBots[p.Seat]
		if b == nil {
			if b, err = e.NewBot(bots[p.Seat-1], p.Seat, interp.BotSeed(seed, p.Seat)); err != nil {
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
	r := m.Result()
	for s := 1; s < len(r.Scores); s++ {
		if math.IsNaN(r.Scores[s]) || math.IsInf(r.Scores[s], 0) {
			return outcome{decisions: n, err: fmt.Errorf("%s's score is %v: a score must be a finite number", m.SeatLabel(s), r.Scores[s])}
		}
	}
	labels := make([]string, len(bots))
	for s := range labels {
		labels[s] = m.SeatLabel(s + 1)
	}
	metrics := append([]interp.Metric(nil), m.Metrics()...)
	return outcome{decisions: n, winners: r.Winners, scores: r.Scores, metrics: metrics, labels: labels}
}

// allRandom reports whether every bot is the random one.
func allRandom(bots []string) bool {
	for _, b := range bots {
		if b != "random" {
			return false
		}
	}
	return true
}
