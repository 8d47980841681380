package search

import (
	"math"
	"sort"

	"github.com/tabletop/tabletop/interp"
)

// The tree of single-observer information-set MCTS (Cowling, Powley and
// Whitehouse, 2012). Its root is the seat's decision now; an edge is a
// decision's text, so one node stands for every world in which the same
// decisions were made — the seat's information set, as far as the tree
// goes. Each iteration plays one world: down the tree choosing by UCT
// among the options that world offers (an option unavailable in most
// worlds — a card the seat may not hold then — is judged by how often it
// was available, not by the parent's visits), one new node, then a
// rollout to the end of the game; the result is credited to every edge on
// the way, as seen by the seat that chose it.
//
// Another seat's secret choice (a vote cast at once with others) is not
// an edge the tree may branch on: the seat would not know which was made.
// It is made by the rollout policy and the tree goes on through a single
// edge "?".

// exploration is UCT's constant for rewards in [0, 1].
const exploration = 0.7

type node struct {
	children map[string]*edge
}

type edge struct {
	visits, avail int
	reward, sq    float64 // the sum of the rewards, and of their squares
	next          *node
}

func newNode() *node { return &node{children: map[string]*edge{}} }

// hidden is the edge of another seat's secret choice.
const hidden = "?"

// policy makes the decisions of a rollout (and the secret choices of
// other seats inside the tree).
type policy interface {
	choose(m *interp.Match) (int, error)
}

// randomPolicy picks uniformly.
type randomPolicy struct{ rng *interp.RNG }

func (r randomPolicy) choose(m *interp.Match) (int, error) {
	return r.rng.Intn(len(m.Prompt().Options)), nil
}

// botPolicy lets each seat's own bot of the game decide.
type botPolicy struct {
	eng  *interp.Engine
	name string
	seed uint64
	bots map[int]interp.Bot
}

func (b *botPolicy) choose(m *interp.Match) (int, error) {
	s := m.Prompt().Seat
	bot := b.bots[s]
	if bot == nil {
		var err error
		if bot, err = b.eng.NewBot(b.name, s, interp.BotSeed(b.seed, s)); err != nil {
			return 0, err
		}
		b.bots[s] = bot
	}
	return bot.Choose(m)
}

func (b *botPolicy) close() {
	for _, bot := range b.bots {
		bot.Close()
	}
}

// iterate runs one iteration in m, a world at the root, and closes it.
func (t *searcher) iterate(root *node, m *interp.Match) error {
	defer m.Close()
	type visit struct {
		e    *edge
		seat int
	}
	var path []visit
	n := root
	base, err := standing(m)
	if err != nil {
		return err
	}
	expanded, over := false, false
	rootOption := "" // a paired decision's option, played straight into a rollout
	steps := 0       // decisions past the root
	cut := func() bool { steps++; return t.params.Steps > 0 && steps >= t.params.Steps }
	for p := m.Prompt(); p != nil && !expanded && !over; p = m.Prompt() {
		seat := p.Seat
		var i int
		var e *edge
		if p.Secret && seat != t.seat {
			var err error
			if i, err = t.policy.choose(m); err != nil {
				return err
			}
			e = n.child(hidden)
			e.avail++
		} else if n == root && t.pair != nil && t.cur != nil {
			i = t.pair.next(t.cur, p, t.allow, t.rng)
			rootOption = p.Options[i]
			e = root.child(rootOption)
			e.avail++
			expanded = true
		} else {
			var isNew bool
			var allow map[string]bool
			if n == root {
				allow = t.allow // the seat's own decision, searched
			}
			i, e, isNew = t.selectOption(n, p, allow)
			expanded = isNew
		}
		path = append(path, visit{e, seat})
		if err := m.Step(i); err != nil {
			return err
		}
		n = e.node()
		over = t.roundOver(m, base) || cut()
	}
	for p := m.Prompt(); p != nil && !over; p = m.Prompt() {
		i, err := t.policy.choose(m)
		if err != nil {
			return err
		}
		if err := m.Step(i); err != nil {
			return err
		}
		t.rolloutSteps++
		over = t.roundOver(m, base) || cut()
	}
	if m.Err() != nil {
		return m.Err()
	}
	var r []float64
	if m.Done() {
		r = t.rewards(m.Result(), m.Players())
	} else {
		now, err := standing(m)
		if err != nil {
			return err
		}
		r = t.roundRewards(base, now)
	}
	for _, v := range path {
		v.e.visits++
		v.e.reward += r[v.seat]
		v.e.sq += r[v.seat] * r[v.seat]
	}
	if rootOption != "" {
		t.pair.record(t.cur, rootOption, r[t.seat])
	}
	return nil
}

// A rollout that plays to the end of the game costs as much as the game
// has left. With Horizon "round" (the default for games that keep score
// on a pad or a track) it stops at the end of the round instead — when a
// pad gains a row or a track marker moves — and each seat is rewarded by
// what it scored in the meantime against the others.

// score is where the seats stand mid-game: the first pad's totals, else
// each seat's markers summed over the tracks — and, in standing, what the
// script's estimate (t:estimate) adds.
type score struct {
	rows    int       // rows of all pads
	markers int       // a sum of all markers, to notice a move
	by      []float64 // by seat
}

func interim(m *interp.Match) score {
	sc := score{by: make([]float64, m.Players()+1)}
	for _, p := range m.Pads {
		sc.rows += len(p.Rows)
	}
	for i, tr := range m.Tracks {
		for s := 1; s < len(tr.Markers); s++ {
			sc.markers += tr.Markers[s] * (i + s + 1)
			if len(m.Pads) == 0 && s < len(sc.by) {
				sc.by[s] += float64(tr.Markers[s])
			}
		}
	}
	if len(m.Pads) > 0 {
		for s, v := range m.Pads[0].Totals {
			if s < len(sc.by) {
				sc.by[s] = float64(v)
			}
		}
	}
	return sc
}

// standing is interim's score with the script's estimate added to each
// seat's: what a rollout stopped mid-round (steps) is worth. A game
// without an estimate is valued by its pads and tracks alone.
func standing(m *interp.Match) (score, error) {
	sc := interim(m)
	est, err := m.Estimate()
	if err != nil {
		return sc, err
	}
	for s := 1; s < len(est) && s < len(sc.by); s++ {
		sc.by[s] += est[s]
	}
	return sc, nil
}

// roundOver reports whether a rollout should stop: the game ended, or
// (horizon round) a round did.
func (t *searcher) roundOver(m *interp.Match, base score) bool {
	if m.Done() {
		return true
	}
	if !t.roundHorizon {
		return false
	}
	return roundEnded(base, interim(m))
}

// roundEnded reports whether a round ended between base and now: a pad
// gained a row or a track marker moved.
func roundEnded(base, now score) bool {
	return now.rows != base.rows || now.markers != base.markers
}

// roundRewards rewards each seat by how much more it scored since the
// root than the others did on average (with Params.Rival: than its
// best-placed rival, counting from where each stood), on a scale learnt
// from the rollouts so far.
func (t *searcher) roundRewards(base, now score) []float64 {
	n := len(now.by) - 1
	r := make([]float64, n+1)
	if n < 2 {
		return r
	}
	gain := make([]float64, n+1)
	if t.params.Rival {
		for s := 1; s <= n; s++ {
			gain[s] = t.lead(now, s) - t.lead(base, s)
		}
	} else {
		mean := 0.0
		for s := 1; s <= n; s++ {
			gain[s] = t.scoreSign * (now.by[s] - base.by[s])
			mean += gain[s] / float64(n)
		}
		for s := 1; s <= n; s++ {
			gain[s] -= mean
		}
	}
	for s := 1; s <= n; s++ {
		t.spreadSum += math.Abs(gain[s])
		t.spreadN++
	}
	scale := max(t.spreadSum/t.spreadN, 0.5)
	for s := 1; s <= n; s++ {
		r[s] = min(1, max(0, 0.5+gain[s]/(4*scale)))
	}
	return r
}

// lead is how far seat s stands ahead of its best-placed rival in sc (a
// negative lead: behind it), counted the way the game counts (scoreSign).
func (t *searcher) lead(sc score, s int) float64 {
	best := math.Inf(-1)
	for o := 1; o < len(sc.by); o++ {
		if o != s {
			best = max(best, t.scoreSign*sc.by[o])
		}
	}
	return t.scoreSign*sc.by[s] - best
}

// selectOption counts every option of p as available at n, then returns
// one not tried yet at n (at random), or the best by UCT. With allow, only
// the options it holds count (all, if it holds none of them: a world
// that offers the seat other options than the true game did).
func (t *searcher) selectOption(n *node, p *interp.Prompt, allow map[string]bool) (int, *edge, bool) {
	var fresh []int
	allowed := 0
	for i, o := range p.Options {
		if allow != nil && !allow[o] {
			continue
		}
		allowed++
		e := n.children[o]
		if e == nil {
			fresh = append(fresh, i)
			continue
		}
		e.avail++
	}
	if allowed == 0 && allow != nil {
		return t.selectOption(n, p, nil)
	}
	if len(fresh) > 0 {
		i := fresh[t.rng.Intn(len(fresh))]
		e := n.child(p.Options[i])
		e.avail++
		return i, e, true
	}
	best, bestV := 0, math.Inf(-1)
	for i, o := range p.Options {
		if allow != nil && !allow[o] {
			continue
		}
		e := n.children[o]
		v := e.reward/float64(e.visits) + exploration*math.Sqrt(math.Log(float64(e.avail))/float64(e.visits))
		if v > bestV {
			best, bestV = i, v
		}
	}
	return best, n.children[p.Options[best]], false
}

func (n *node) child(key string) *edge {
	e := n.children[key]
	if e == nil {
		e = &edge{}
		n.children[key] = e
	}
	return e
}

func (e *edge) node() *node {
	if e.next == nil {
		e.next = newNode()
	}
	return e.next
}

// rewards turns a result into a reward in [0, 1] for each seat: mostly the
// share of the win, partly the rank of its score (so that a rollout nobody
// wins still says something). Scores count upwards unless the winners'
// scores have been seen to be lower than the others'.
func (t *searcher) rewards(res interp.Result, players int) []float64 {
	r := make([]float64, players+1)
	for _, w := range res.Winners {
		r[w] = (1 - scoreWeight) / float64(len(res.Winners))
	}
	if len(res.Scores) <= players || players < 2 {
		return r
	}
	t.learnScoreSign(res, players)
	for s := 1; s <= players; s++ {
		below := 0.0
		for o := 1; o <= players; o++ {
			d := t.scoreSign * (res.Scores[s] - res.Scores[o])
			switch {
			case o == s:
			case d > 0:
				below++
			case d == 0:
				below += 0.5
			}
		}
		r[s] += scoreWeight * below / float64(players-1)
	}
	return r
}

// scoreWeight is the part of a reward that the score's rank makes.
const scoreWeight = 0.2

// learnScoreSign notes whether winners score more or less than the rest.
func (t *searcher) learnScoreSign(res interp.Result, players int) {
	if len(res.Winners) == 0 || len(res.Winners) == players {
		return
	}
	win := map[int]bool{}
	for _, w := range res.Winners {
		win[w] = true
	}
	var ws, os float64
	for s := 1; s <= players; s++ {
		if win[s] {
			ws += res.Scores[s] / float64(len(res.Winners))
		} else {
			os += res.Scores[s] / float64(players-len(res.Winners))
		}
	}
	t.scoreVotes += math.Copysign(1, ws-os) * boolFloat(ws != os)
	t.scoreSign = 1
	if t.scoreVotes < 0 {
		t.scoreSign = -1
	}
}

func boolFloat(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// best returns the option of the root most visited (ties: the better
// mean reward, then the first offered).
func best(root *node, options []string) int {
	idx := make([]int, len(options))
	for i := range idx {
		idx[i] = i
	}
	key := func(i int) (int, float64) {
		e := root.children[options[i]]
		if e == nil || e.visits == 0 {
			return 0, 0
		}
		return e.visits, e.reward / float64(e.visits)
	}
	sort.SliceStable(idx, func(a, b int) bool {
		va, ra := key(idx[a])
		vb, rb := key(idx[b])
		if va != vb {
			return va > vb
		}
		return ra > rb
	})
	return idx[0]
}

// guided returns the option to play when a guide chose g: the search's
// best, if its iterations found it better than g by a clear margin, else
// g. Iterations are few and their rewards noisy, so the search's favourite
// often leads by chance; the guide, a bot written for the game, is right
// more often than a coin. The margin asks for a lead of z standard
// errors of the difference of the two means (Params.Margin), each option
// having been visited at least minOverride times.
func guided(root *node, options []string, g int, z float64) int {
	b := best(root, options)
	eb, eg := root.children[options[b]], root.children[options[g]]
	if b == g || eb == nil || eg == nil || eb.visits < minOverride || eg.visits < minOverride {
		return g
	}
	mb, vb := eb.moments()
	mg, vg := eg.moments()
	se := math.Sqrt(vb/float64(eb.visits) + vg/float64(eg.visits))
	if mb-mg > z*se {
		return b
	}
	return g
}

const minOverride = 4

// moments returns the mean of the edge's rewards and their variance, at
// least minVariance: a few equal rewards prove little.
func (e *edge) moments() (mean, variance float64) {
	n := float64(e.visits)
	mean = e.reward / n
	return mean, max(e.sq/n-mean*mean, minVariance)
}

// minVariance is the variance of a reward that is 0 or 1 one time in
// twenty: no option's rewards count as surer than that.
const minVariance = 0.05 * 0.95
