package sim

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"github.com/tabletop/tabletop/interp"
)

// CheckConfig says how hard to check a script.
type CheckConfig struct {
	Engine *interp.Engine
	// Games is the number of random games per player count.
	Games int
	Seed  uint64
	// Players lists the player counts to check (nil: every count the game allows).
	Players []int
	Options map[string]string
	// MaxDecisions bounds one game (0: 100,000): a game that runs longer fails.
	MaxDecisions int
	// SaveDir is where a failing game's save file is written ("": the current directory).
	SaveDir string
	// Jobs is the number of workers; 0 means one per CPU.
	Jobs     int
	Progress func(done, total int)
}

// CheckReport is what a check found.
type CheckReport struct {
	Title     string
	Games     int
	Decisions int64
	ByPlayers map[int]int // games checked per player count
	Elapsed   time.Duration
	Failures  []CheckFailure
}

// CheckFailure is one game that broke an invariant.
type CheckFailure struct {
	Players  int
	Seed     uint64
	Decision int // how many decisions had been made
	Err      string
	SaveFile string // a save that replays the game up to the failure
}

// Failed reports whether any game failed.
func (r *CheckReport) Failed() bool { return len(r.Failures) > 0 }

// WriteText prints the report.
func (r *CheckReport) WriteText(w io.Writer) {
	fmt.Fprintf(w, "%s: %d random games checked, %d decisions\n", r.Title, r.Games, r.Decisions)
	for p := 1; p <= 16; p++ {
		if n, ok := r.ByPlayers[p]; ok {
			fmt.Fprintf(w, "  %d players: %d games\n", p, n)
		}
	}
	fmt.Fprintf(w, "time: %.2fs\n", r.Elapsed.Seconds())
	if !r.Failed() {
		fmt.Fprintf(w, "ok: every invariant held after every decision\n")
		return
	}
	fmt.Fprintf(w, "FAILED: %d games broke an invariant\n", len(r.Failures))
	for i, f := range r.Failures {
		if i == 10 {
			fmt.Fprintf(w, "  …\n")
			break
		}
		fmt.Fprintf(w, "  %d players, seed %d, after %d decisions: %s\n", f.Players, f.Seed, f.Decision, f.Err)
		if f.SaveFile != "" {
			fmt.Fprintf(w, "    reproduce: tabletop replay %s\n", f.SaveFile)
		}
	}
}

// Check plays random games and verifies after every decision that the
// script did not fail, the state keeps the engine's invariants, no seat
// can read a card it may not see, nothing public is written while a secret
// choice is collected, and that the game ends. At one early decision of each
// game it tries up to four of the legal options on replayed copies, and at
// the end it replays the save to prove the game deterministic.
func Check(cfg CheckConfig) (*CheckReport, error) {
	if cfg.Engine == nil {
		return nil, fmt.Errorf("check: no engine")
	}
	info := cfg.Engine.Info
	counts := cfg.Players
	if len(counts) == 0 {
		for p := info.MinPlayers; p <= info.MaxPlayers; p++ {
			counts = append(counts, p)
		}
	}
	for _, p := range counts {
		if p < info.MinPlayers || p > info.MaxPlayers {
			return nil, fmt.Errorf("%s is for %d to %d players, not %d", info.Title, info.MinPlayers, info.MaxPlayers, p)
		}
	}
	if cfg.Games <= 0 {
		cfg.Games = 100
	}
	if cfg.MaxDecisions <= 0 {
		cfg.MaxDecisions = 100_000
	}
	type job struct {
		players int
		index   int
	}
	var jobs []job
	for _, p := range counts {
		for i := 0; i < cfg.Games; i++ {
			jobs = append(jobs, job{p, i})
		}
	}
	type result struct {
		decisions int
		fail      *CheckFailure
	}
	defer batchGC()()
	results := make([]result, len(jobs))
	workers := cfg.Jobs
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	start := time.Now()
	next := make(chan int)
	done := make(chan struct{}, len(jobs))
	var wg sync.WaitGroup
	for w := 0; w < min(workers, len(jobs)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				j := jobs[i]
				seed := GameSeed(cfg.Seed+uint64(j.players)*1_000_003, j.index)
				n, fail := checkOne(cfg, j.players, seed)
				results[i] = result{n, fail}
				done <- struct{}{}
			}
		}()
	}
	go func() {
		for i := range jobs {
			next <- i
		}
		close(next)
	}()
	for n := 1; n <= len(jobs); n++ {
		<-done
		if cfg.Progress != nil {
			cfg.Progress(n, len(jobs))
		}
	}
	wg.Wait()
	rep := &CheckReport{Title: info.Title, Games: len(jobs), ByPlayers: map[int]int{}, Elapsed: time.Since(start)}
	for i, r := range results {
		rep.Decisions += int64(r.decisions)
		rep.ByPlayers[jobs[i].players]++
		if r.fail != nil {
			rep.Failures = append(rep.Failures, *r.fail)
		}
	}
	return rep, nil
}

// checkOne plays one checked game; it returns the decisions made and the
// failure, if any.
func checkOne(cfg CheckConfig, players int, seed uint64) (int, *CheckFailure) {
	e := cfg.Engine
	mcfg := interp.Config{Players: players, Seed: seed, Options: cfg.Options}
	m, err := e.NewMatch(mcfg)
	if err != nil {
		return 0, &CheckFailure{Players: players, Seed: seed, Err: err.Error()}
	}
	defer m.Close()
	bot := interp.NewRandomBot(interp.BotSeed(seed, 0))
	sampler := interp.NewRNG(seed ^ 0x5eed)
	fail := func(n int, err error) (int, *CheckFailure) {
		f := &CheckFailure{Players: players, Seed: seed, Decision: n, Err: err.Error()}
		f.SaveFile = writeFailure(cfg, m, players, seed)
		return n, f
	}
	check := func() error {
		if err := m.Err(); err != nil {
			return err
		}
		if err := m.CheckInvariants(); err != nil {
			return err
		}
		return m.CheckSecrecy()
	}
	if err := check(); err != nil {
		return fail(0, err)
	}
	// One early decision of each game has every option (up to 4) tried on
	// a replayed copy: early, so the replays stay cheap.
	tryAt := sampler.Intn(64)
	n := 0
	for p := m.Prompt(); p != nil; p = m.Prompt() {
		if n >= cfg.MaxDecisions {
			return fail(n, fmt.Errorf("the game did not end within %d decisions", cfg.MaxDecisions))
		}
		if len(p.Options) == 0 {
			return fail(n, fmt.Errorf("a prompt for %s has no options", m.SeatLabel(p.Seat)))
		}
		if n == tryAt {
			if err := tryOptions(e, mcfg, m.Decisions(), p, sampler); err != nil {
				return fail(n, err)
			}
		}
		i, _ := bot.Choose(m)
		seat, group, logFrom := p.Seat, p.Group, len(m.Log())
		if err := m.Step(i); err != nil {
			return fail(n, err)
		}
		n++
		if err := check(); err != nil {
			return fail(n, err)
		}
		if next := m.Prompt(); group > 0 && next != nil && next.Group == group {
			if err := quietWhileVoting(m, logFrom, seat); err != nil {
				return fail(n, err)
			}
		}
	}
	if err := m.Err(); err != nil {
		return fail(n, err)
	}
	if err := m.CheckResult(); err != nil {
		return fail(n, err)
	}
	if err := sameOnReplay(e, m); err != nil {
		return fail(n, err)
	}
	return n, nil
}

// quietWhileVoting checks that while a simultaneous secret choice is
// being collected, nothing but private lines to the seat that just
// answered was written: the others must not learn the answer before the
// reveal.
func quietWhileVoting(m *interp.Match, from, seat int) error {
	for _, l := range m.Log()[from:] {
		if l.To == interp.AllSeats || l.To&^interp.SeatSet(0).With(seat) != 0 {
			return fmt.Errorf("while a secret choice was being collected, %q was written for others to read", l.Text)
		}
	}
	return nil
}

// tryOptions replays the game to the current prompt once per option
// (at most 4, chosen at random) and applies it.
func tryOptions(e *interp.Engine, cfg interp.Config, decisions []interp.Decision, p *interp.Prompt, rng *interp.RNG) error {
	idx := make([]int, len(p.Options))
	for i := range idx {
		idx[i] = i
	}
	rng.Shuffle(len(idx), func(i, j int) { idx[i], idx[j] = idx[j], idx[i] })
	for _, i := range idx[:min(4, len(idx))] {
		c, err := e.Replay(cfg, decisions)
		if err != nil {
			return fmt.Errorf("replaying to try option %q: %w", p.Options[i], err)
		}
		err = c.Step(i)
		c.Close()
		if err != nil {
			return fmt.Errorf("legal option %q was not accepted: %w", p.Options[i], err)
		}
	}
	return nil
}

// sameOnReplay saves the game as text, reads it back, replays it and
// compares the logs line for line.
func sameOnReplay(e *interp.Engine, m *interp.Match) error {
	var buf bytes.Buffer
	if err := m.NewRecord(nil).Write(&buf); err != nil {
		return err
	}
	rec, err := interp.ParseRecord(&buf, "check")
	if err != nil {
		return fmt.Errorf("the save does not read back: %w", err)
	}
	r, err := e.ReplayRecord(rec)
	if err != nil {
		return fmt.Errorf("the save does not replay: %w", err)
	}
	defer r.Close()
	a, b := m.Log(), r.Log()
	for i := 0; i < min(len(a), len(b)); i++ {
		if a[i].Text != b[i].Text || a[i].To != b[i].To {
			return fmt.Errorf("not deterministic: replaying gives log line %d %q instead of %q", i+1, b[i].Text, a[i].Text)
		}
	}
	if len(a) != len(b) {
		return fmt.Errorf("not deterministic: the replay has %d log lines, the game %d", len(b), len(a))
	}
	return nil
}

func writeFailure(cfg CheckConfig, m *interp.Match, players int, seed uint64) string {
	dir := cfg.SaveDir
	if dir == "" {
		dir = "."
	}
	name := filepath.Join(dir, fmt.Sprintf("check-failure-%dp-%d.save", players, seed))
	rec := m.NewRecord(nil)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return ""
	}
	if err := interp.SaveRecord(name, rec); err != nil {
		return ""
	}
	return name
}
