package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/tabletop/tabletop/table"

	"github.com/tabletop/tabletop/interp"
)

func init() {
	interp.RegisterBotKind("search", interp.BotKind{
		New: func(e *interp.Engine, args string, seat int, seed uint64) (interp.Bot, error) {
			p, err := ParseParams(e, args)
			if err != nil {
				return nil, err
			}
			return New(e, seat, seed, p), nil
		},
		Help: "search[:ITERATIONS|:DURATION][:ROLLOUT][:guide=BOT|none][:margin=Z][:shortlist=N|all][:worlds=N][:steps=N][:paired|tree][:mean|rival]: information-set Monte Carlo tree search from the seat's own view, guided by the game's own bot, which also plays its rollouts (ROLLOUT random plays them at random)",
	})
}

// Params set how hard the search bot thinks.
type Params struct {
	// Iterations per decision (each one plays a whole game out).
	Iterations int
	// Budget, when not zero, is a time per decision instead: the bot then
	// plays as many iterations as fit, which depends on the machine, so
	// its choices are not repeatable.
	Budget time.Duration
	// Rollout is the policy that plays games out: "random", or the name of
	// one of the game's bots (ParseParams makes that the game's default
	// bot unless told otherwise: the bots the search plays against are
	// most often the game's own, and a rollout that plays as they do
	// forecasts the game better than a random one, if at a higher cost;
	// a script whose bot is slow or blind in rollouts advises random,
	// game.search).
	Rollout string
	// Worlds is how many determinizations a decision builds at most; its
	// iterations go round them.
	Worlds int
	// Horizon is where a rollout stops: "game" (its end) or "round" (the
	// end of the round: a score pad gains a row or a track marker moves;
	// the game's end for games that keep no score that way). "" is round.
	Horizon string
	// Steps, when not 0, also stops a rollout after that many decisions
	// past the decision being searched: a seat is then rewarded by what
	// it scored meanwhile against the others, and a game won within them
	// counts as won. (Cluedo's random rollouts would otherwise go on for
	// hundreds of turns that nobody wins; a few say whether a suggestion
	// wins at once.)
	Steps int
	// Guide, when set, is one of the game's bots, asked at every decision
	// from the seat's own view: the search plays another option than the
	// guide's only when its iterations found that option clearly better
	// (guided), and plays the guide's when no world agreed with what the
	// seat saw. "" is none; bot:search is guided by the game's default bot
	// unless told guide=none.
	Guide string
	// Margin is how clear a lead another option needs for the search to
	// play it instead of its guide's: its mean reward ahead of the guide
	// option's by Margin standard errors of the difference (guided); 0
	// is DefaultParams' 1.5. Members Only at 300 ms against three
	// stewards, 400 games each, every option searched: 1.5 won 33.1%,
	// 2.5 29.8%, 1 35.4%.
	Margin float64
	// Shortlist is how many options of its guide's shortlist a decision
	// searches besides the guide's choice, when the guide names one (a
	// script bot's second return value) and the decision offers more:
	// a few hundred iterations spread over eighty options visit each too
	// seldom to find one clearly better than the guide's. 0 is
	// DefaultParams' 5; -1 searches every option.
	Shortlist int
	// Paired, with a guide, compares a decision's options with the
	// guide's world by world (paired.go; bot:search:paired) instead of
	// searching them with the tree and departing by guided (tree, the
	// default).
	Paired bool
	// Rival rewards a rollout stopped before the game's end by what the
	// seat gained on its best-placed rival (bot:search:rival) instead of
	// on the others' mean (roundRewards). At 300 ms against three of the
	// game's bots: Members Only 34.5% of 400 (36.6% with the mean on the
	// same deals), Andy Capp 23.4% of 200 (20.3% with the mean on the same
	// 200 deals, measured again later; both before its regular bot named
	// a shortlist).
	Rival bool
}

// DefaultParams is bot:search with nothing after it, but for the guide
// and the rollouts: ParseParams makes both the game's default bot.
var DefaultParams = Params{Iterations: 400, Rollout: "random", Worlds: 8, Margin: 1.5, Shortlist: 5}

// ParseParams reads what follows "search:" in a bot name: an iteration
// count (2000), a time per decision (200ms, 1s), the rollout policy
// (random or one of the game's bots), the rollout horizon (round, game,
// or steps=N decisions at most), the guide (guide=NAME, one of the game's
// bots, or guide=none), the lead in standard errors that departs from the
// guide (margin=Z), how many of the guide's shortlist it searches
// (shortlist=N, or shortlist=all for every option), the
// determinizations a decision builds at most (worlds=N), how it compares
// options (tree or paired) and whom a stopped rollout's gain is counted
// against (mean or rival), in any order, separated by colons. The guide
// and the rollout policy are the game's default bot unless told
// otherwise (random where the game has no bot), or the rollout policy
// the script advises (game.search.rollout).
func ParseParams(e *interp.Engine, args string) (Params, error) {
	p := DefaultParams
	if len(e.Info.Bots) > 0 {
		p.Guide, p.Rollout = e.DefaultBot(), e.DefaultBot()
	}
	if e.Info.SearchRollout != "" {
		p.Rollout = e.Info.SearchRollout // the script's advice (game.search)
	}
	p.Steps = e.Info.SearchSteps
	if args == "" {
		return p, nil
	}
	for _, a := range strings.Split(args, ":") {
		if n, ok := strings.CutPrefix(a, "worlds="); ok {
			if p.Worlds, ok = intIn(n, 1, 1000); !ok {
				return p, fmt.Errorf("bot search:%s: worlds must be 1 to 1000", args)
			}
			continue
		}
		if n, ok := strings.CutPrefix(a, "steps="); ok {
			if p.Steps, ok = intIn(n, 0, 1_000_000); !ok {
				return p, fmt.Errorf("bot search:%s: steps must be 0 (none) to 1000000", args)
			}
			continue
		}
		if z, ok := strings.CutPrefix(a, "margin="); ok {
			f, err := strconv.ParseFloat(z, 64)
			if err != nil || !(f > 0 && f <= 100) {
				return p, fmt.Errorf("bot search:%s: margin must be a number of standard errors, more than 0 and at most 100", args)
			}
			p.Margin = f
			continue
		}
		if n, ok := strings.CutPrefix(a, "shortlist="); ok {
			if n == "all" {
				p.Shortlist = -1
			} else if p.Shortlist, ok = intIn(n, 1, 1000); !ok {
				return p, fmt.Errorf("bot search:%s: shortlist must be 1 to 1000 options, or all", args)
			}
			continue
		}
		if name, ok := strings.CutPrefix(a, "guide="); ok {
			switch {
			case name == "none":
				p.Guide = ""
			case hasBot(e, name):
				p.Guide = name
			default:
				return p, fmt.Errorf("bot search:%s: the guide %q is not one of the game's bots (%s) nor none", args, name, strings.Join(e.Info.Bots, ", "))
			}
			continue
		}
		if n, err := strconv.Atoi(a); err == nil {
			if n < 1 || n > 10_000_000 {
				return p, fmt.Errorf("bot search:%s: iterations must be 1 to 10000000", args)
			}
			p.Iterations, p.Budget = n, 0
			continue
		}
		if d, err := time.ParseDuration(a); err == nil {
			if d <= 0 || d > time.Hour {
				return p, fmt.Errorf("bot search:%s: a time per decision must be positive and at most an hour", args)
			}
			p.Budget = d
			continue
		}
		if a == "random" || hasBot(e, a) {
			p.Rollout = a
			continue
		}
		if a == "game" || a == "round" {
			p.Horizon = a
			continue
		}
		if a == "tree" || a == "paired" {
			p.Paired = a == "paired"
			continue
		}
		if a == "mean" || a == "rival" {
			p.Rival = a == "rival"
			continue
		}
		return p, fmt.Errorf("bot search:%s: %q is neither iterations (2000), a time (200ms), a rollout bot (random, %s), a horizon (round, game, steps=N), a guide (guide=NAME, guide=none), a margin (margin=Z), a shortlist (shortlist=N), a comparison (paired, tree), a reward (mean, rival) nor worlds=N", args, a, strings.Join(e.Info.Bots, ", "))
	}
	return p, nil
}

// Bot is the search bot of one seat.
type Bot struct {
	s *searcher
}

// New returns a search bot for seat, seeded with seed.
func New(e *interp.Engine, seat int, seed uint64, p Params) *Bot {
	if p.Worlds <= 0 {
		p.Worlds = DefaultParams.Worlds
	}
	if p.Iterations <= 0 && p.Budget <= 0 {
		p.Iterations = DefaultParams.Iterations
	}
	if p.Margin <= 0 {
		p.Margin = DefaultParams.Margin
	}
	if p.Shortlist == 0 {
		p.Shortlist = DefaultParams.Shortlist
	}
	rng := table.NewRNG(seed)
	t := &searcher{eng: e, seat: seat, params: p, rng: rng, scoreSign: 1, roundHorizon: p.Horizon != "game"}
	if p.Rollout == "" || p.Rollout == "random" {
		t.policy = randomPolicy{rng: table.NewRNG(rng.Uint64())}
	} else {
		t.policy = &botPolicy{eng: e, name: p.Rollout, seed: rng.Uint64(), bots: map[int]interp.Bot{}}
	}
	if p.Guide != "" {
		t.guide = &botPolicy{eng: e, name: p.Guide, seed: rng.Uint64(), bots: map[int]interp.Bot{}}
	}
	return &Bot{s: t}
}

// Name implements interp.Bot.
func (b *Bot) Name() string { return "search" }

// Close implements interp.Bot.
func (b *Bot) Close() { b.s.close() }

// Choose implements interp.Bot.
func (b *Bot) Choose(m *interp.Match) (int, error) { return b.s.choose(context.Background(), m) }

// ChooseContext is Choose within ctx: when ctx's deadline passes, the bot
// stops searching and plays the best it has found (as when its own time
// is up); when ctx is cancelled otherwise, it stops at once and returns
// ctx's error, choosing nothing. Either way it stops within an iteration
// (one game played out). A server bounds its bots' thinking with it.
func (b *Bot) ChooseContext(ctx context.Context, m *interp.Match) (int, error) {
	return b.s.choose(ctx, m)
}

// stopped is ctx's error when it was cancelled rather than timed out.
func stopped(ctx context.Context) error {
	if err := ctx.Err(); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return nil
}

// Last returns what the bot's last decision took.
func (b *Bot) Last() DecisionStats { return b.s.last }

// DecisionStats says what one decision took.
type DecisionStats struct {
	Iterations int
	Elapsed    time.Duration
	Worlds     int // determinizations in use
	Built      int // worlds built (held)
	Rejected   int // worlds given up
	Replays    int // replays made to build worlds
	Relaxed    bool
	Guide      int   // the option the guide chose (-1 without a guide)
	Searched   int   // options searched: all, or the guide's and the head of its shortlist
	Stats      Stats // the builder's totals over the game so far
}

// searcher is the search bot's state, kept from one decision to the next:
// the mirror of the game, the builder (and what it learnt), the worlds
// that held at the last decision.
type searcher struct {
	eng    *interp.Engine
	seat   int
	params Params
	rng    *interp.RNG
	policy policy
	guide  *botPolicy // nil without a guide
	// allow is the options this decision searches, by text (nil: all),
	// and root the tree of the last decision.
	allow map[string]bool
	root  *node
	// pair is a guided decision's comparisons world by world (nil: the
	// tree's), and cur the world the iteration being played is of.
	pair *paired
	cur  *world

	src    *interp.Match // the game the mirror follows
	mirror *mirror
	hook   *interp.Belief // the script's belief hook, nil without one
	b      *builder
	pool   []*world
	// bases are the silent replays at the present of the worlds of pool
	// that iterations played this decision, which further iterations fork
	// (forward.go); noFork is set once a fork failed.
	bases  map[*world]*interp.Match
	noFork bool

	freshTry, freshOK, mutTry, mutOK int
	starved                          int    // decisions in a row at which no world held
	near                             *world // the failed world that got furthest at this decision
	rolloutSteps                     int
	roundHorizon                     bool
	scoreSign, scoreVotes            float64
	spreadSum, spreadN               float64
	last                             DecisionStats
}

func (t *searcher) close() {
	t.closeBases()
	if t.hook != nil {
		t.hook.Close()
		t.hook = nil
	}
	t.mirror.closeIfAny()
	if bp, ok := t.policy.(*botPolicy); ok {
		bp.close()
	}
	if t.guide != nil {
		t.guide.close()
	}
}

func (mr *mirror) closeIfAny() {
	if mr != nil {
		mr.close()
	}
}

// sync brings the mirror and the observation up to the game m.
func (t *searcher) sync(m *interp.Match) error {
	d := m.Decisions()
	// a new game, an undo, or people who started sharing the keyboard
	// (the mirror must ask what the game asks)
	if t.mirror == nil || t.src != m || len(d) < len(t.mirror.obs.Steps) || t.mirror.obs.SharedFrom != m.Config.SharedFrom {
		t.mirror.closeIfAny()
		mr, err := newMirror(t.eng, m.Config, t.seat)
		if err != nil {
			return err
		}
		t.mirror, t.src, t.pool = mr, m, nil
		t.b = &builder{eng: t.eng, rng: t.rng}
	}
	if err := t.mirror.advance(d); err != nil {
		return err
	}
	t.b.obs = t.mirror.canonical()
	return t.believe()
}

// believe brings the seat's beliefs up to date — the script's facts, when
// it states any (game.belief) — and gives the builder a dealer for them.
func (t *searcher) believe() error {
	bl, obs := t.mirror.tr.b, &t.mirror.obs
	if t.eng.Info.Belief && bl.factsAt != len(obs.Steps) {
		if t.hook == nil {
			h, err := t.eng.NewBelief(t.seat)
			if err != nil {
				return fmt.Errorf("search: %w", err)
			}
			t.hook = h
		}
		facts, err := t.hook.Facts(t.mirror.m, askedOf(obs))
		if err != nil {
			return fmt.Errorf("search: %w", err)
		}
		bl.setFacts(t.mirror.m, facts, len(obs.Steps))
	}
	t.b.dealer = newDealer(bl, t.rng)
	return nil
}

// askedOf is the history a belief hook reads: who was asked each decision,
// after how many of the lines and events the seat read.
func askedOf(obs *Observation) []interp.Asked {
	out := make([]interp.Asked, 0, len(obs.Steps))
	log, events := 0, 0
	count := func(lines []Line) {
		for _, l := range lines {
			log++
			if l.Event {
				events++
			}
		}
	}
	count(obs.Setup)
	for k, st := range obs.Steps {
		shared := obs.SharedFrom > 0 && k+1 >= obs.SharedFrom
		out = append(out, interp.Asked{Seat: st.Seat, Say: st.Say, Log: log, Events: events, Shared: shared})
		count(st.Lines)
	}
	return out
}

// choose runs the search for the decision m waits for, within ctx
// (ChooseContext).
func (t *searcher) choose(ctx context.Context, m *interp.Match) (int, error) {
	p := m.Prompt()
	if p == nil {
		return 0, fmt.Errorf("no decision to make")
	}
	if p.Seat != t.seat {
		return 0, fmt.Errorf("bot search of %s asked for %s's decision", m.SeatLabel(t.seat), m.SeatLabel(p.Seat))
	}
	if len(p.Options) == 1 {
		return 0, nil
	}
	options := append([]string(nil), p.Options...)
	start := time.Now() // a time per decision counts the beliefs' work too
	if err := t.sync(m); err != nil {
		return 0, err
	}
	st := DecisionStats{Guide: -1}
	if t.guide != nil {
		// The guide reads the seat's view of the true game, as it would
		// playing on its own, and nothing else.
		g, err := t.guide.choose(m)
		if err != nil {
			return 0, err
		}
		st.Guide = g
	}
	t.allow = t.shortlisted(options, st.Guide)
	st.Searched = len(options)
	if t.allow != nil {
		st.Searched = len(t.allow)
	}
	if st.Searched == 1 {
		// The guide named nothing beside its choice: it is sure, and
		// nothing is searched.
		st.Elapsed, st.Stats = time.Since(start), t.b.stats
		t.root, t.last = newNode(), st
		return st.Guide, nil
	}
	t.pair = nil
	if st.Guide >= 0 && t.params.Paired {
		k := t.params.Shortlist
		if k < 0 {
			k = len(options)
		}
		t.pair = newPaired(options[st.Guide], k, st.Searched)
	}
	before := t.b.stats
	root := newNode()
	t.root = root
	old := t.pool
	t.pool, t.near = nil, nil
	t.closeBases() // of the last decision, if it stopped on an error
	next := 0
	spent := func(attempts int) bool {
		if ctx.Err() != nil {
			return true
		}
		if t.params.Budget > 0 {
			return time.Since(start) >= t.params.Budget && (st.Iterations > 0 || attempts > 0)
		}
		return st.Iterations >= t.params.Iterations || attempts > 8*max(t.params.Iterations, 64)
	}
	// Worlds that fail to hold cost replays and give nothing: while none
	// has held at this decision, give up after a few failures — fewer
	// when none held at the last decision either. A bot given a time
	// uses it all: worlds that are hard to build are worth the wait.
	giveUp := max(32, t.params.Iterations/8)
	switch {
	case t.params.Budget > 0:
		giveUp = math.MaxInt
	case t.starved > 0:
		giveUp = max(2, 8/t.starved)
	}
	for attempts := 0; !spent(attempts); attempts++ {
		wm := t.world(&old, &next)
		if wm == nil {
			if len(t.pool) == 0 && attempts >= giveUp {
				break
			}
			continue
		}
		if err := t.iterate(root, wm); err != nil {
			return 0, err
		}
		st.Iterations++
	}
	t.closeBases()
	used := len(t.pool)
	if t.pair != nil && len(t.pool) > t.params.Worlds {
		t.pool = t.pool[:t.params.Worlds] // the rest were for this decision
	}
	if err := stopped(ctx); err != nil {
		t.pool = append(t.pool, old...) // kept for the next decision
		st.Elapsed, st.Stats = time.Since(start), t.b.stats
		t.last = st
		return 0, err
	}
	if len(t.pool) == 0 {
		t.starved++
	} else {
		t.starved = 0
	}
	if st.Iterations == 0 && st.Guide < 0 {
		// No world agrees with what the seat saw within the work allowed
		// (a script that hides things in ways the engine cannot follow):
		// search worlds that agree with the seat's own decisions only.
		// With a guide the bot plays the guide's choice instead: worlds
		// that agree with so little say less than the game's own bot.
		if err := t.relaxedSearch(ctx, root, &st, start); err != nil {
			return 0, err
		}
	}
	st.Elapsed = time.Since(start)
	st.Worlds = used
	st.Built = t.b.stats.Worlds - before.Worlds
	st.Rejected = t.b.stats.Rejected - before.Rejected
	st.Replays = t.b.stats.Replays - before.Replays
	st.Stats = t.b.stats
	t.last = st
	switch {
	case st.Iterations > 0 && t.pair != nil:
		return t.pair.choice(options, st.Guide, t.params.Margin), nil
	case st.Iterations > 0 && st.Guide >= 0:
		return guided(root, options, st.Guide, t.params.Margin), nil
	case st.Iterations > 0:
		return best(root, options), nil
	case st.Guide >= 0:
		return st.Guide, nil
	}
	return t.policy.choose(m)
}

// shortlisted is the options a decision searches when its guide chose
// g and named a shortlist: g and the head of the list, by text; g alone
// when the list names nothing else (it rates no other option). It is
// nil (every option) without a guide or a shortlist, with shortlist=all,
// and when the decision offers no more options than it would keep.
func (t *searcher) shortlisted(options []string, g int) map[string]bool {
	k := t.params.Shortlist
	if g < 0 || k < 0 {
		return nil
	}
	sl, ok := t.guide.bots[t.seat].(interp.Shortlister)
	if !ok || sl.Shortlist() == nil {
		return nil
	}
	allow := map[string]bool{options[g]: true}
	for _, i := range sl.Shortlist() {
		if len(allow) > k {
			break
		}
		allow[options[i]] = true
	}
	if len(allow) > 1 && len(options) <= k+1 {
		return nil
	}
	return allow
}

// relaxedSearch is the last resort of choose: worlds that need only agree
// with the seat's own decisions and who was asked when, for a quarter of
// the iterations (and at most as many replays as iterations) or, with a
// time budget, what is left of it and as much again. When even those do
// not hold, choose falls back on the rollout policy.
func (t *searcher) relaxedSearch(ctx context.Context, root *node, st *DecisionStats, start time.Time) error {
	st.Relaxed = true
	t.b.relaxed = true
	defer func() { t.b.relaxed = false }()
	replays := t.b.stats.Replays
	for i := 0; ; i++ {
		if ctx.Err() != nil {
			return stopped(ctx)
		}
		if t.params.Budget > 0 {
			if time.Since(start) >= 2*t.params.Budget && (st.Iterations > 0 || i >= 8) {
				return nil
			}
		} else if st.Iterations >= max(t.params.Iterations/4, 8) || t.b.stats.Replays-replays > max(t.params.Iterations, 64)/t.starved {
			return nil
		}
		if wm := t.b.build(&world{seed: t.rng.Uint64()}); wm != nil {
			if err := t.iterate(root, wm); err != nil {
				return err
			}
			st.Iterations++
		}
	}
}

// world returns a world at the present for the next iteration: one carried
// from the last decision, a new one while there are fewer than Worlds (or,
// in a paired decision, when the next has played its options: wantsWorld),
// else a replay of one of those that held. t.cur is the world returned.
func (t *searcher) world(old *[]*world, next *int) *interp.Match {
	t.cur = nil
	for len(*old) > 0 {
		w := (*old)[0]
		*old = (*old)[1:]
		if m := t.b.build(w); m != nil {
			t.pool = append(t.pool, w)
			t.keepBase(w, m)
			t.cur = w
			return m
		}
		t.noteNear(w)
	}
	if len(t.pool) < t.params.Worlds || t.wantsWorld(*next) {
		w, fresh := t.newWorld()
		m := t.b.build(w)
		if fresh {
			t.freshTry++
		} else {
			t.mutTry++
		}
		if m != nil {
			if fresh {
				t.freshOK++
			} else {
				t.mutOK++
			}
			t.pool = append(t.pool, w)
			t.keepBase(w, m)
			t.cur = w
			return m
		}
		t.noteNear(w)
		if len(t.pool) == 0 {
			return nil
		}
	}
	w := t.pool[*next%len(t.pool)]
	*next++
	m, err := t.branch(w)
	if err != nil {
		return nil
	}
	t.cur = w
	return m
}

// wantsWorld reports whether a paired decision should build another world
// rather than play the next of its pool again: that one has played its
// options, and the pool is not yet pairedWorlds times Params.Worlds.
func (t *searcher) wantsWorld(next int) bool {
	n := len(t.pool)
	return t.pair != nil && n > 0 && n < pairedWorlds*t.params.Worlds && t.pair.complete(t.pool[next%n])
}

// branch returns world w at the present for an iteration: a fork of its
// replay this decision, replayed the first time.
func (t *searcher) branch(w *world) (*interp.Match, error) {
	if t.noFork || !forkWorlds {
		return t.replay(w)
	}
	base := t.bases[w]
	if base == nil {
		var err error
		if base, err = t.replay(w); err != nil {
			return nil, err
		}
		if t.bases == nil {
			t.bases = map[*world]*interp.Match{}
		}
		t.bases[w] = base
	}
	m, err := forkMatch(base, interp.Silent)
	if err != nil {
		t.noFork = true
		t.closeBases()
		return t.replay(w)
	}
	return m, nil
}

// keepBase keeps a silent fork of m, world w just built at the present,
// for the iterations that will play w again this decision: it spares them
// a replay. When the pool will not come round to w again (no more
// iterations than worlds), it keeps nothing.
func (t *searcher) keepBase(w *world, m *interp.Match) {
	if t.noFork || !forkWorlds || t.params.Budget == 0 && t.params.Iterations <= t.params.Worlds {
		return
	}
	base, err := forkMatch(m, interp.Silent)
	if err != nil {
		t.noFork = true
		t.closeBases()
		return
	}
	if t.bases == nil {
		t.bases = map[*world]*interp.Match{}
	}
	t.bases[w] = base
}

// closeBases closes the replays of this decision's worlds.
func (t *searcher) closeBases() {
	for w, m := range t.bases {
		m.Close()
		delete(t.bases, w)
	}
}

// noteNear keeps the failed world that got furthest at this decision: the
// place to start repairs from while none has held (a deal in which the
// seat asked to resist a Loan holds no Fight fails however the choices
// go; a neighbouring deal may not).
func (t *searcher) noteNear(w *world) {
	if t.near == nil || w.reached > t.near.reached {
		t.near = w
	}
}

// newWorld is a fresh world, or a changed copy of one that held, whichever
// has been holding more often lately; while none has held, now and then a
// changed copy of the world that got furthest.
func (t *searcher) newWorld() (*world, bool) {
	if len(t.pool) == 0 && t.near != nil && t.rng.Intn(2) == 0 {
		return t.b.mutate(t.near), false
	}
	if len(t.pool) > 0 {
		fresh := float64(t.freshOK+1) / float64(t.freshTry+2)
		mut := float64(t.mutOK+1) / float64(t.mutTry+2)
		if unit(t.rng)*(fresh+mut) >= fresh {
			return t.b.mutate(t.pool[t.rng.Intn(len(t.pool))]), false
		}
	}
	return &world{seed: t.rng.Uint64()}, true
}

// replay rebuilds a world that held.
func (t *searcher) replay(w *world) (*interp.Match, error) {
	obs := t.b.obs
	a := &arranger{obs: obs, w: w, rng: t.rng}
	if w.deal != nil {
		a.dl = t.b.dealer
	}
	d := make([]interp.Decision, len(obs.Steps))
	for k, st := range obs.Steps {
		d[k] = interp.Decision{Seat: st.Seat, Text: w.texts[k], Say: st.Say}
		if st.Own() {
			d[k].Text = st.Text
		}
	}
	return replayMatch(t.eng, worldConfig(obs, w, a), d)
}

func hasBot(e *interp.Engine, name string) bool {
	for _, b := range e.Info.Bots {
		if b == name {
			return true
		}
	}
	return false
}

// unit is a uniform number in [0, 1).
func unit(r *interp.RNG) float64 { return float64(r.Uint64()>>11) / (1 << 53) }

// intIn reads s as a whole number from lo to hi.
func intIn(s string, lo, hi int) (int, bool) {
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= lo && n <= hi
}
