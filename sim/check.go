package sim

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tabletop/tabletop/table"

	"github.com/tabletop/tabletop/savefile"

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
	Jobs int
	// Budget bounds the instructions the script may run for the whole
	// check (0: CheckGameBudget for each game asked for): the games in
	// order, each with its replays, bots, tools and drawings
	// (interp.Match.Spent). A check whose games spend more stops at the
	// game that passes it, and fails.
	Budget   int64
	Progress func(done, total int)
}

// CheckGameBudget is what a checked game may cost on average, in
// instructions, unless CheckConfig.Budget says otherwise: a script whose
// every game is slow is stopped after a bounded time, however many games
// were asked for. The costliest built-in game needs about 3.2 million a
// game, replays and drawings included (Members Only without risk).
const CheckGameBudget = 20_000_000

// CheckReport is what a check found.
type CheckReport struct {
	Title     string
	Games     int
	Decisions int64
	ByPlayers map[int]int // games checked per player count
	Elapsed   time.Duration
	Failures  []CheckFailure
	// CutOff lists the player counts whose games stopped being played
	// because they kept failing with the same error (three times in one
	// count, or once in a count after it cut off an earlier count).
	CutOff []CutOff
	// Spent is what the games checked cost, in instructions.
	Spent int64
	// OverBudget, when set, says the check stopped because its games
	// spent more than its budget.
	OverBudget *OverBudget
}

// OverBudget says where a check stopped for want of budget.
type OverBudget struct {
	Budget int64
	Games  int // the games checked, the last of which passed the budget
	Asked  int // the games the check was to play
}

// CutOff is a player count cut off after repeated identical failures.
type CutOff struct {
	Players int
	After   int // games played of that count
	Err     string
}

// CheckFailure is one game that broke an invariant.
type CheckFailure struct {
	Players  int
	Seed     uint64
	Decision int // how many decisions had been made
	Err      string
	SaveFile string // a save that replays the game up to the failure
}

// Failed reports whether any game failed, or the check ran out of budget.
func (r *CheckReport) Failed() bool { return len(r.Failures) > 0 || r.OverBudget != nil }

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
	if b := r.OverBudget; b != nil {
		fmt.Fprintf(w, "stopped after %d of %d games: they ran more than %s instructions, the budget of the whole check\n",
			b.Games, b.Asked, millions(b.Budget))
		if len(r.Failures) == 0 {
			fmt.Fprintf(w, "FAILED: the script is too slow to check\n")
			return
		}
	}
	fmt.Fprintf(w, "FAILED: %d games broke an invariant\n", len(r.Failures))
	for _, c := range r.CutOff {
		games := "games"
		if c.After == 1 {
			games = "game"
		}
		fmt.Fprintf(w, "  %d players: stopped after %d %s, the last failing with an error seen before\n", c.Players, c.After, games)
	}
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

// millions writes a count of instructions for people: "160 million".
func millions(n int64) string {
	if n%1_000_000 == 0 {
		return fmt.Sprintf("%d million", n/1_000_000)
	}
	return fmt.Sprintf("%.1f million", float64(n)/1e6)
}

// MaxFailureSaves is the most failure saves one check writes: enough to
// reproduce a bug, never a folder full of them.
const MaxFailureSaves = 3

// sameErrorLimit is how many games of one player count may fail with the
// same error before the rest of that count is skipped: a script that always
// fails says so in three games, not in hundreds.
const sameErrorLimit = 3

// Check plays random games and verifies after every decision that the
// script did not fail, the state keeps the engine's invariants, no seat
// can read a card it may not see, every note and sidebar drawn by a
// function draws (for each viewer in turn), nothing public is written while a secret
// choice is collected, and that the game ends. At one early decision of each
// game it tries up to four of the legal options on replayed copies, and at
// the end it replays the save to prove the game deterministic. A share of
// the games also exercises the script's own code beyond play: one seat is
// played by one of its bots, its tools are run, or a seat says something
// (on_say).
//
// What the report holds does not depend on Jobs: games are judged in their
// order, and a player count whose games keep failing with the same error is
// cut off at the same game whoever finished first.
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
	if cfg.Budget <= 0 {
		cfg.Budget = CheckGameBudget * int64(cfg.Games*len(counts))
	}
	defer batchGC()()
	start := time.Now()
	run := newCheckRun(cfg, counts)
	run.play()
	rep := run.report()
	rep.Elapsed = time.Since(start)
	return rep, nil
}

// checkRun is one run of Check: its games, their results in order, and the
// cut-off of each player count.
type checkRun struct {
	cfg     CheckConfig
	counts  []int
	jobs    []checkJob
	results []checkResult    // by job
	running sync.Map         // job → *interp.Match being checked, so a cut-off can stop it
	stopAt  []atomic.Int64   // by player count: games after this index are skipped
	why     []string         // by player count: the error that cut it off
	seen    []map[string]int // by player count: failures by error
	spent   int64            // by the games judged so far and counted
	over    bool             // spent passed the budget: the rest is skipped
}

// checkJob is one game to check: game index of player count counts[count].
// Jobs run count by count, so a count's games come before the next count's.
type checkJob struct{ count, index int }

type checkResult struct {
	skipped   bool
	decisions int
	spent     int64 // instructions (interp.Match.Spent), with replays and bots
	fail      *CheckFailure
	rec       *interp.Record // the failing game, until saves are written
}

func newCheckRun(cfg CheckConfig, counts []int) *checkRun {
	r := &checkRun{cfg: cfg, counts: counts, stopAt: make([]atomic.Int64, len(counts)),
		why: make([]string, len(counts)), seen: make([]map[string]int, len(counts))}
	for c := range counts {
		r.stopAt[c].Store(int64(cfg.Games))
		r.seen[c] = map[string]int{}
		for i := 0; i < cfg.Games; i++ {
			r.jobs = append(r.jobs, checkJob{c, i})
		}
	}
	r.results = make([]checkResult, len(r.jobs))
	return r
}

// play runs every game on the workers, skipping the games of a player
// count after its cut-off. Results are judged in job order as they come
// in, so the cut-offs do not depend on which worker finished first.
func (r *checkRun) play() {
	arrived := make([]bool, len(r.jobs))
	judged := 0
	forEach(len(r.jobs), r.cfg.Jobs, func(k int) {
		r.results[k] = r.checkJob(r.jobs[k])
	}, func(k, done int) {
		arrived[k] = true
		for judged < len(r.jobs) && arrived[judged] {
			r.judge(judged)
			judged++
		}
		if r.cfg.Progress != nil {
			r.cfg.Progress(done, len(r.jobs))
		}
	})
}

func (r *checkRun) checkJob(j checkJob) checkResult {
	if int64(j.index) > r.stopAt[j.count].Load() {
		return checkResult{skipped: true}
	}
	players := r.counts[j.count]
	seed := GameSeed(r.cfg.Seed+uint64(players)*1_000_003, j.index)
	var res checkResult
	started := func(m *interp.Match) { r.running.Store(j, m) }
	res.decisions, res.spent, res.fail, res.rec = checkOne(r.cfg, players, seed, gamePlan(r.cfg.Engine, players, j.index), started)
	r.running.Delete(j)
	return res
}

// judge looks at job k once every earlier job has been judged. A player
// count is cut off at its third game failing with the same error, or at
// its first failing with an error that already cut off an earlier count;
// the whole check stops at the game whose cost takes it past its budget.
func (r *checkRun) judge(k int) {
	j := r.jobs[k]
	if r.results[k].skipped || int64(j.index) > r.stopAt[j.count].Load() {
		return
	}
	if r.spent += r.results[k].spent; r.spent > r.cfg.Budget && !r.over {
		r.over = true
		r.stopAfter(k)
	}
	f := r.results[k].fail
	if f == nil || int64(j.index) > r.stopAt[j.count].Load() {
		return
	}
	r.seen[j.count][f.Err]++
	known := false
	for c := 0; c < j.count; c++ {
		known = known || r.why[c] == f.Err
	}
	if known || r.seen[j.count][f.Err] == sameErrorLimit {
		r.stopAt[j.count].Store(int64(j.index))
		r.why[j.count] = f.Err
		// Games of the count already under way are not wanted any more.
		r.running.Range(func(key, m any) bool {
			if o := key.(checkJob); o.count == j.count && o.index > j.index {
				m.(*interp.Match).Interrupt("the check no longer needs this game")
			}
			return true
		})
	}
}

// stopAfter skips every game after job k, stopping those under way.
func (r *checkRun) stopAfter(k int) {
	j := r.jobs[k]
	for c := range r.counts {
		switch {
		case c == j.count:
			r.stopAt[c].Store(min(r.stopAt[c].Load(), int64(j.index)))
		case c > j.count:
			r.stopAt[c].Store(-1)
		}
	}
	r.running.Range(func(key, m any) bool {
		if o := key.(checkJob); o.count > j.count || o.count == j.count && o.index > j.index {
			m.(*interp.Match).Interrupt("the check ran out of budget")
		}
		return true
	})
}

// report gathers the results of the games not cut off, in order, and
// writes saves of the first MaxFailureSaves failures.
func (r *checkRun) report() *CheckReport {
	rep := &CheckReport{Title: r.cfg.Engine.Info.Title, ByPlayers: map[int]int{}}
	for k, res := range r.results {
		j := r.jobs[k]
		if res.skipped || int64(j.index) > r.stopAt[j.count].Load() {
			continue
		}
		players := r.counts[j.count]
		rep.Games++
		rep.Spent += res.spent
		rep.Decisions += int64(res.decisions)
		rep.ByPlayers[players]++
		if res.fail != nil {
			if len(rep.Failures) < MaxFailureSaves && res.rec != nil {
				res.fail.SaveFile = writeFailure(r.cfg, res.rec, players, res.fail.Seed)
			}
			rep.Failures = append(rep.Failures, *res.fail)
		}
	}
	if r.over {
		rep.OverBudget = &OverBudget{Budget: r.cfg.Budget, Games: rep.Games, Asked: len(r.jobs)}
	}
	for c, players := range r.counts {
		if r.why[c] != "" {
			rep.CutOff = append(rep.CutOff, CutOff{Players: players, After: int(r.stopAt[c].Load()) + 1, Err: r.why[c]})
		}
	}
	return rep
}

// checkPlan says what one checked game exercises besides random play.
type checkPlan struct {
	botSeat int    // a seat played by the script's bot botName (0: none)
	botName string // one of the script's bots
	tools   bool   // run the script's tools once, for the seat to act
	say     bool   // let the seat to act say something once (on_say)
}

// gamePlan shares the script's own bots, tools and on_say out among the
// games: in every four games, one has a script bot at some seat, one runs
// the tools, one says something; the fourth is random play only.
func gamePlan(e *interp.Engine, players, i int) checkPlan {
	var p checkPlan
	switch i % 4 {
	case 1:
		if bots := e.Info.Bots; len(bots) > 0 {
			p.botSeat = 1 + (i/4)%players
			p.botName = bots[(i/4)%len(bots)]
		}
	case 2:
		p.tools = len(e.Info.Tools) > 0
	case 3:
		p.say = e.Info.OnSay
	}
	return p
}

// remarks are what a checked game's seats say at the table.
var remarks = []string{"nice move", "I object!", "hm", "is that allowed?", "my turn next", "ok"}

// checkOne plays one checked game; it returns the decisions made, what
// the game cost (with its replays and bot), and the failure with a record
// of the game if it failed.
func checkOne(cfg CheckConfig, players int, seed uint64, plan checkPlan, started func(*interp.Match)) (int, int64, *CheckFailure, *interp.Record) {
	g := checkedGame{cfg: cfg, players: players, seed: seed, plan: plan}
	if err := g.start(); err != nil {
		return 0, interp.StartCost, &CheckFailure{Players: players, Seed: seed, Err: err.Error()}, nil
	}
	defer g.close()
	started(g.m)
	err := g.play()
	spent := g.spent + g.m.Spent()
	if b, ok := g.own.(interface{ Spent() int64 }); ok {
		spent += b.Spent()
	}
	if err == nil {
		return g.n, spent, nil, nil
	}
	return g.n, spent, &CheckFailure{Players: players, Seed: seed, Decision: g.n, Err: err.Error()}, g.m.NewRecord(nil)
}

// checkedGame is one game of check: the match, its bots, and where it is.
type checkedGame struct {
	cfg     CheckConfig
	players int
	seed    uint64
	plan    checkPlan
	mcfg    interp.Config
	m       *interp.Match
	random  interp.Bot
	own     interp.Bot // the game's own bot at plan.botSeat, if any
	sampler *interp.RNG
	n       int   // decisions made
	spent   int64 // by the replays made to check the game
}

// start makes the match and its bots.
func (g *checkedGame) start() error {
	e := g.cfg.Engine
	g.mcfg = interp.Config{Players: g.players, Seed: g.seed, Options: g.cfg.Options}
	m, err := e.NewMatch(g.mcfg)
	if err != nil {
		return err
	}
	g.m = m
	g.random = interp.NewRandomBot(interp.BotSeed(g.seed, 0))
	if g.plan.botSeat > 0 {
		if g.own, err = e.NewBot(g.plan.botName, g.plan.botSeat, interp.BotSeed(g.seed, g.plan.botSeat)); err != nil {
			m.Close()
			return err
		}
	}
	g.sampler = table.NewRNG(g.seed ^ 0x5eed)
	return nil
}

func (g *checkedGame) close() {
	if g.own != nil {
		g.own.Close()
	}
	g.m.Close()
}

// play plays the game to its end, checking the state after every decision,
// then checks the result and that a replay gives the same game.
func (g *checkedGame) play() error {
	m := g.m
	if err := g.check(); err != nil {
		return err
	}
	// One early decision of each game has every option (up to 4) tried on
	// a replayed copy: early, so the replays stay cheap, and once the game
	// itself got past it, so a step that fails is not run five times. The
	// same decision is where the tools run or a seat speaks.
	tryAt := g.sampler.Intn(64)
	for p := m.Prompt(); p != nil; p = m.Prompt() {
		if g.n >= g.cfg.MaxDecisions {
			return fmt.Errorf("the game did not end within %d decisions", g.cfg.MaxDecisions)
		}
		if len(p.Options) == 0 {
			return fmt.Errorf("a prompt for %s has no options", m.SeatLabel(p.Seat))
		}
		var tryFrom []interp.Decision
		var tryOptionsOf []string
		if g.n == tryAt {
			if err := exercise(g.cfg.Engine, m, p.Seat, g.plan, g.sampler); err != nil {
				return err
			}
			if p = m.Prompt(); p == nil {
				break
			}
			tryFrom = append([]interp.Decision(nil), m.Decisions()...)
			tryOptionsOf = append([]string(nil), p.Options...)
		}
		if err := g.decide(p); err != nil {
			return err
		}
		if tryFrom != nil {
			if err := tryOptions(g.cfg.Engine, g.mcfg, tryFrom, tryOptionsOf, g.sampler, &g.spent); err != nil {
				return err
			}
		}
	}
	if err := m.Err(); err != nil {
		return err
	}
	if err := m.CheckResult(); err != nil {
		return err
	}
	return sameOnReplay(g.cfg.Engine, m, &g.spent)
}

// decide lets the bot of p's seat answer p, and checks the state after;
// a secret vote must stay quiet until every seat of its group has voted.
func (g *checkedGame) decide(p *interp.Prompt) error {
	m := g.m
	bot := g.random
	if p.Seat == g.plan.botSeat {
		bot = g.own
	}
	i, err := bot.Choose(m)
	if err != nil {
		return err
	}
	seat, group, logFrom := p.Seat, p.Group, m.LogLen()
	if err := m.Step(i); err != nil {
		return err
	}
	g.n++
	if err := g.check(); err != nil {
		return err
	}
	if next := m.Prompt(); group > 0 && next != nil && next.Group == group {
		return quietWhileVoting(m, logFrom, seat)
	}
	return nil
}

// check checks the state: invariants, secrecy, the script's estimate and
// drawing. The estimate (t:estimate), which only search bots call, in the
// games they imagine, is called at every decision, so that one that fails
// in some position fails here rather than in a player's search. Notes and
// sidebars drawn by functions are drawn after every decision for one
// viewer, each seat and the spectator in turn (for all of them at the
// start and the end): every viewer is seen in many positions at a fraction
// of the cost of drawing for all after each decision.
func (g *checkedGame) check() error {
	m := g.m
	if err := m.Err(); err != nil {
		return err
	}
	if err := m.CheckInvariants(); err != nil {
		return err
	}
	if err := m.CheckSecrecy(); err != nil {
		return err
	}
	if m.Prompt() != nil {
		if _, err := m.Estimate(); err != nil {
			return err
		}
	}
	if g.n == 0 || m.Prompt() == nil {
		return m.CheckDrawing()
	}
	return m.CheckDrawingFor(g.n % (g.players + 1))
}

// exercise runs the script's tools for seat, or lets seat say something,
// as the plan says, and checks the state after.
func exercise(e *interp.Engine, m *interp.Match, seat int, plan checkPlan, rng *interp.RNG) error {
	if plan.tools {
		for _, name := range e.Info.Tools {
			if _, err := e.RunTool(m, name, seat); err != nil {
				return fmt.Errorf("tool %s: %w", name, err)
			}
		}
	}
	if plan.say {
		if err := m.Say(seat, remarks[rng.Intn(len(remarks))]); err != nil {
			return fmt.Errorf("on_say: %w", err)
		}
		if err := m.CheckInvariants(); err != nil {
			return err
		}
		return m.CheckSecrecy()
	}
	return nil
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
// (at most 4, chosen at random) and applies it, adding what the replays
// cost to *spent.
func tryOptions(e *interp.Engine, cfg interp.Config, decisions []interp.Decision, options []string, rng *interp.RNG, spent *int64) error {
	idx := make([]int, len(options))
	for i := range idx {
		idx[i] = i
	}
	rng.Shuffle(len(idx), func(i, j int) { idx[i], idx[j] = idx[j], idx[i] })
	for _, i := range idx[:min(4, len(idx))] {
		c, err := e.Replay(cfg, decisions)
		if err != nil {
			return fmt.Errorf("replaying to try option %q: %w", options[i], err)
		}
		err = c.Step(i)
		*spent += c.Spent()
		c.Close()
		if err != nil {
			return fmt.Errorf("legal option %q was not accepted: %w", options[i], err)
		}
	}
	return nil
}

// sameOnReplay saves the game as text, reads it back, replays it and
// compares the logs line for line, adding what the replay cost to *spent.
func sameOnReplay(e *interp.Engine, m *interp.Match, spent *int64) error {
	var buf bytes.Buffer
	if err := m.NewRecord(nil).Write(&buf); err != nil {
		return err
	}
	rec, err := savefile.Parse(&buf, "check")
	if err != nil {
		return fmt.Errorf("the save does not read back: %w", err)
	}
	r, err := e.ReplayRecord(rec)
	if err != nil {
		return fmt.Errorf("the save does not replay: %w", err)
	}
	defer r.Close()
	*spent += r.Spent()
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

func writeFailure(cfg CheckConfig, rec *interp.Record, players int, seed uint64) string {
	dir := cfg.SaveDir
	if dir == "" {
		dir = "."
	}
	name := filepath.Join(dir, fmt.Sprintf("check-failure-%dp-%d.save", players, seed))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return ""
	}
	if err := savefile.Save(name, rec); err != nil {
		return ""
	}
	return name
}
