package search

import (
	"fmt"
	"strings"

	"github.com/tabletop/tabletop/interp"
)

// A builder makes worlds that agree with one seat's Observation, by
// replaying the game from its start: the shuffles come out as the world
// says (arranger), the seat's own decisions and everything said are
// replayed as they were, and every other seat's decision — which the seat
// did not see, only its consequences — is chosen afresh: the options that
// best explain the lines the seat read next are tried first (rank), and
// the world holds only if, after every step, the seat reads exactly the
// lines it read in the true game, and at the end sees what it sees now.
//
// A mismatch sends the builder back to the most recent choice the lines
// had not yet confirmed, to try its next option (each try is a replay);
// failing that, to a secret choice revealed only now (probeSecret), or to
// the deal (repairDeal); when nothing is left to try, or the replays
// allowed are spent, the world is rejected. What a choice turned out to
// be — in a world that held, or up to lines that agreed — is remembered
// by step (memo), so the next world tries it first: a decision the seat
// could see is found once per game, not once per world.
type builder struct {
	eng  *interp.Engine
	obs  *Observation
	rng  *interp.RNG
	memo []map[string]int // by step: texts of worlds that held, or that lines confirmed
	// why, when set, is told why each replay departed (for tests).
	why func(step int, reason string)
	// relaxed worlds need only agree with the seat's own decisions and
	// who was asked when: the last resort when no world agrees with all.
	relaxed bool
	// Stats counts the work, for benchmarks and reports.
	stats Stats
	// cardLabels are the IDs of the cards of each label as sentences
	// write it (the same in every replay), for repairDeal.
	cardLabels map[string][]int
	cardsKnown int
	// drawn is how many secret draws the last replay made (redraw).
	drawn int
	// byLabel and byName are the IDs of the cards of each label and name.
	byLabel, byName map[string][]int
	// windows are the windows of rank, kept while the observation has
	// windowsAt steps.
	windows   map[windowKey]window
	windowsAt int
	// dealer deals worlds from the seat's beliefs (sample.go); nil
	// leaves the deal to the shuffles' orders and their repairs.
	dealer *dealer
	// phrases are first lines (the deciding seat's name aside) and the
	// options they were seen with (propose.go); phrasesAt is how many
	// steps of the seat's own were read for them.
	phrases   map[string]string
	phrasesAt int
}

// Stats counts a builder's work.
type Stats struct {
	Worlds   int // worlds that held
	Rejected int // worlds given up
	Replays  int // replays started (worlds and backtracks)
	Steps    int // decisions replayed while building
	Dealt    int // deals made from the seat's beliefs
	NoDeal   int // times the beliefs gave no deal
}

// maxReplays bounds the replays one world may take (its first included),
// maxRepairs how many of them may follow a repair of its deal, and
// maxRedeals how many may follow a new deal from the beliefs.
const (
	maxReplays = 48
	maxRepairs = 40
	maxRedeals = 3
)

// attempt is the state of one world being built: for each step the
// options in the order they are tried, and which is tried now.
type attempt struct {
	cand [][]string
	at   []int
	// probe is the secret choice being tried again after a departure
	// that the lines since it otherwise explain (probeSecret); settled
	// are the secret choices such a probe showed right.
	probe   *probe
	settled []bool
	texts   []string // the world's choices (world.texts)
	// The secret draws changed since a choice last changed: their values
	// before (redraw), and how many replays redrawing took.
	origin  map[int]int
	redrawn int
}

// maxRedraws bounds the replays one world may spend on its secret draws.
const maxRedraws = 24

// probe is a secret choice tried again: its step, the option it had, and
// the departure that made the builder doubt it.
type probe struct {
	step, orig int
	dep        departure
	loose      bool // an open choice, whose lines agreed (see probeSecret)
	tried      int  // options of a loose probe tried
}

// maxLoose is how many other options a probe of an open choice tries.
const maxLoose = 16

// maxLooseSteps is how many of a seat's latest choices whose lines agreed
// are probed when a later line of it departs.
const maxLooseSteps = 3

// departure says where a replay left the observation: the step, and the
// first line that differed there (what the seat read, and what it should
// have), which usually names the seat whose choice was wrong.
type departure struct {
	step      int
	got, want string
	// line is the index of the first line that differed among those the
	// step wrote (0 also when none did).
	line int
	// logAt is the index in the world's log of the line that differed:
	// secret draws made after it was written did not decide it.
	logAt int
	// A seat whose hidden cards in the world may explain the departure
	// (seatMove): the world asked it where the seat saw another asked
	// (out: the cards its question names should not be in its hand), or
	// the seat saw it asked next where the world went on (they should).
	target   int
	out      bool
	ask      string // the world's question to target, or the options it offered, when out
	held     []int  // target's cards in the world that the seat cannot see
	other    []int  // and those of the seat the seat saw asked instead
	shuffles int    // how many shuffles the world had made
}

// before reports whether d departs sooner than e.
func (d *departure) before(e *departure) bool {
	return d.step < e.step || d.step == e.step && d.line < e.line
}

// build makes w agree with the observation, changing w's choices as it
// must, and returns the world's match at the present (the seat to decide),
// or nil when w cannot be made to agree; then w.reached says how far it
// got.
func (b *builder) build(w *world) *interp.Match {
	n := len(b.obs.Steps)
	for len(w.texts) < n {
		w.texts = append(w.texts, "")
	}
	w.texts = w.texts[:n]
	w.reached = -1
	b.dealFor(w)
	at := &attempt{cand: make([][]string, n), at: make([]int, n), settled: make([]bool, n), texts: w.texts}
	var last *swap // the deal's last repair
	repairs, redeals := 0, 0
	for r := 0; r < maxReplays; r++ {
		b.stats.Replays++
		m, d := b.run(w, at)
		if d == nil {
			b.stats.Worlds++
			b.remember(w)
			return m
		}
		if m != nil {
			b.learnCards(m)
			m.Close()
		}
		w.reached = max(w.reached, d.step)
		b.learn(w, b.confirmed(d))
		if p := at.probe; p != nil {
			switch {
			case d.before(&p.dep) && p.loose && p.tried < maxLoose && at.at[p.step]+1 < len(at.cand[p.step]):
				// An open choice's other options may write other
				// lines at once: try the next few, as ranked.
				p.tried++
				b.set(w, at, p.step, at.at[p.step]+1)
				continue
			case d.before(&p.dep):
				// The probed choice was right: changing it departs
				// sooner. Put it back and doubt another.
				at.settled[p.step] = true
				b.set(w, at, p.step, p.orig)
				at.probe = nil
				d = &p.dep
			case p.dep.before(d):
				at.probe = nil // it explained more: keep it
			}
		}
		if b.redraw(w, at, d) {
			continue
		}
		j := b.suspect(d, at)
		if j < 0 && w.deal != nil && !b.relaxed && redeals < maxRedeals {
			// What the hidden cards decided departs, and the beliefs
			// said nothing against the deal: deal again, keeping the
			// choices that lines confirmed.
			if nd := b.dealer.sample(b.rng); nd != nil {
				b.stats.Dealt++
				w.redeal(nd)
				at.origin = nil
				last = nil // a repair of the deal dropped, not to undo
				redeals++
				continue
			}
		}
		if j < 0 && !b.relaxed && repairs < maxRepairs {
			if last != nil && d.before(last.d) {
				// The last repair made things worse: undo it, and try
				// another for the departure it was for. A secret draw
				// whose change departs at its own step is one the seat
				// saw the outcome of: no later repair changes it.
				w.exchange(last)
				if last.draw > 0 && d.step <= w.draws[last.draw-1].step {
					w.draws[last.draw-1].seen = true
				}
				d = last.d
			}
			if last = b.repairDeal(w, d); last != nil {
				repairs++
				continue
			}
		}
		if j < 0 {
			break
		}
		b.set(w, at, j, at.at[j]+1)
	}
	b.stats.Rejected++
	return nil
}

// redraw changes the secret draws (t:random) that what the seat read has
// not yet confirmed — those made since the last step whose lines agreed,
// up to the step where the replay departed — to the next combination of
// values not tried since the choices last changed (counting through them
// as an odometer from where they were, the last draw fastest), and
// reports whether there was one. Only a line that differs calls for it:
// "You borrow 6 from South" where the seat read "You borrow 1 from South"
// (the card a Loan took from South's hand was a secret draw).
func (b *builder) redraw(w *world, at *attempt, d *departure) bool {
	if at.redrawn >= maxRedraws || d.got == "" || d.want == "" {
		return false
	}
	lo := b.confirmed(&departure{step: d.step}) + 1 // lines since confirm none of them
	var open []int
	for j, dr := range w.draws[:min(b.drawn, len(w.draws))] {
		if dr.step >= lo && dr.step <= d.step && dr.logAt <= d.logAt && dr.n > 1 {
			open = append(open, j)
		}
	}
	if at.origin == nil {
		at.origin = map[int]int{}
	}
	for _, j := range open {
		if _, ok := at.origin[j]; !ok {
			at.origin[j] = w.draws[j].v
		}
	}
	for i := len(open) - 1; i >= 0; i-- {
		dr := &w.draws[open[i]]
		dr.v = dr.v%dr.n + 1
		if dr.v != at.origin[open[i]] {
			at.redrawn++
			return true
		}
	}
	return false // every combination tried: the choices must change
}

// set makes step j choose its i-th candidate; the choices after it are
// ranked again (they were chosen for lines still to come).
func (b *builder) set(w *world, at *attempt, j, i int) {
	at.origin = nil
	at.at[j] = i
	w.texts[j] = at.cand[j][i]
	for k := j + 1; k < len(at.cand); k++ {
		at.cand[k], at.at[k] = nil, 0
	}
}

// run replays w once. It returns the match and nil when the world agrees
// with the observation throughout, else where it departs (step
// len(Steps) for the present) and the match, if one was made.
func (b *builder) run(w *world, at *attempt) (*interp.Match, *departure) {
	obs := b.obs
	a := &arranger{obs: obs, w: w, rng: b.rng, lenient: b.relaxed, building: true}
	if w.deal != nil {
		a.dl = b.dealer
	}
	defer func() { b.drawn = a.d }()
	m, err := startMatch(b.eng, worldConfig(obs, w, a))
	if err != nil {
		return nil, &departure{step: 0}
	}
	read := 0
	if d := b.compare(m, &read, obs.Setup, 0, false); d != nil {
		return m, d
	}
	var offered []string // the options of the step being replayed, when another seat's
	for k, st := range obs.Steps {
		offered = nil
		p := m.Prompt()
		if a.fail != nil || p == nil || p.Seat != st.Seat && !st.Say {
			b.explain(k, fmt.Sprintf("asked %v, not seat %d (%v)", p, st.Seat, a.fail))
			d := &departure{step: k}
			if a.fail == nil {
				b.aimAt(d, m, a, k, true, nil)
			}
			return m, d
		}
		b.stats.Steps++
		a.step = k
		var err error
		switch {
		case st.Say:
			err = m.Say(st.Seat, st.Text)
		case st.Own():
			err = m.Apply(st.Seat, st.Text)
		default:
			offered = p.Options
			if at.cand[k] == nil {
				at.cand[k] = b.rank(m, p, k, w.texts[k])
				at.at[k] = 0
			}
			w.texts[k] = at.cand[k][at.at[k]]
			err = m.Apply(st.Seat, w.texts[k])
		}
		if err != nil {
			// The lines the step wrote before it failed (a shuffle of
			// other cards than the seat saw) may say which choice is
			// wrong: a prediction scored before the draw of a tie.
			if d := b.compare(m, &read, st.Lines, k, true); d != nil {
				return m, d
			}
			b.explain(k, fmt.Sprintf("step %d (seat %d): %v", k, st.Seat, err))
			return m, &departure{step: k}
		}
		if d := b.compare(m, &read, st.Lines, k, false); d != nil {
			b.aimAt(d, m, a, k, false, offered)
			return m, d
		}
	}
	a.building = false // the present: the match's own draws from here
	if p := m.Prompt(); p == nil || p.Seat != obs.Seat {
		b.explain(len(obs.Steps), "not the seat's turn at the end")
		return m, &departure{step: len(obs.Steps)}
	}
	if b.relaxed {
		return m, nil
	}
	if key := viewKey(m, obs.Seat); a.fail != nil || key != obs.Root {
		b.explain(len(obs.Steps), fmt.Sprintf("view differs (%v):\n%s\n---\n%s", a.fail, key, obs.Root))
		return m, &departure{step: len(obs.Steps)}
	}
	if b.eng.Info.Determinize {
		if ok, err := m.Determinize(obs.Seat); err != nil || !ok {
			b.explain(len(obs.Steps), fmt.Sprintf("the script's determinize rejects it (%v)", err))
			return m, &departure{step: len(obs.Steps)}
		}
	}
	return m, nil
}

// compare checks that the lines the seat may read from *read on are want
// (when partial, that they begin want), and moves *read past them.
func (b *builder) compare(m *interp.Match, read *int, want []Line, step int, partial bool) *departure {
	from := *read
	got := m.LogFor(b.obs.Seat, from)
	*read = m.LogLen()
	if b.relaxed {
		return nil
	}
	n := max(len(got), len(want))
	if partial {
		n = len(got)
	}
	for i := 0; i < n; i++ {
		var g, w string
		if i < len(got) {
			g = lineText(got[i])
		}
		if i < len(want) {
			w = want[i].Text
		}
		if g != w {
			b.explain(step, fmt.Sprintf("line %d: read %q, want %q", i+1, g, w))
			return &departure{step: step, got: g, want: w, line: i, logAt: b.logIndex(m, from, i)}
		}
	}
	return nil
}

// logIndex returns the index in m's log of the i-th line from index from
// on that the seat may read, or the log's length when there is none.
func (b *builder) logIndex(m *interp.Match, from, i int) int {
	for j := from; j < m.LogLen(); j++ {
		if m.LogTo(j).Has(b.obs.Seat) {
			if i == 0 {
				return j
			}
			i--
		}
	}
	return m.LogLen()
}

// suspect returns the step whose choice to change after departure d, or
// -1: among the choices since the last step whose lines matched (those
// before are trusted), one with an option left to try — the seat named
// in the line that differed first, else the latest.
func (b *builder) suspect(d *departure, at *attempt) int {
	steps := b.obs.Steps
	var open []int
	from := b.confirmed(d) // the step whose lines confirm the choices before it
	for j := min(d.step, len(steps)-1); j > from; j-- {
		if at.cand[j] != nil && at.at[j]+1 < len(at.cand[j]) {
			open = append(open, j)
		}
	}
	// The seat named last before the two lines part ("Votes: Ann no
	// (4), Bob ..." read as "Ann no (3)") made the choice that differs.
	// When they differ from the start, the line read that should not have
	// been ("Bob grumbles.") names the seat that chose otherwise.
	who := b.lastNamed(d.want, commonPrefix(d.want, d.got))
	if who == 0 {
		who = b.firstNamed(d.got)
	}
	if len(open) == 0 || b.unexplained(d, at, open, who) {
		// No choice since the last agreeing lines could have written
		// what the seat read ("Listed colours: … Ann white" where Ann
		// only chose whether to speak since): a secret choice made
		// before them must have.
		if j := b.probeSecret(d, at, from, who, len(open) == 0); j >= 0 || len(open) == 0 {
			return j
		}
	}
	if who > 0 {
		for _, j := range open {
			if steps[j].Seat == who {
				return j
			}
		}
	}
	for _, j := range open {
		if b.nameIn(steps[j].Seat, d.want) != "" || b.nameIn(steps[j].Seat, d.got) != "" {
			return j
		}
	}
	return open[0]
}

// confirmed returns the latest step whose lines agreed before departure
// d, or -1: they confirm the choices up to it (but secret ones). Lines
// that agreed after a secret step confirm nothing (a vote is seen only
// when all have voted). The departing step's own first lines count too:
// what differs after them was decided by the hidden cards ("Bob shows
// Ann a card" where the seat read that nobody could), which no other
// choice repairs.
func (b *builder) confirmed(d *departure) int {
	steps := b.obs.Steps
	for j := min(d.step, len(steps)-1); j >= 0; j-- {
		agreed := len(steps[j].Lines)
		if j == d.step {
			agreed = d.line
		}
		if agreed > 0 && !steps[j].Secret {
			return j
		}
	}
	return -1
}

// unexplained reports whether the line the seat should have read says
// something of seat who that no option left to try at its open steps
// says a word of.
func (b *builder) unexplained(d *departure, at *attempt, open []int, who int) bool {
	label := b.nameIn(who, d.want)
	if label == "" || b.namesCards(d) {
		return false // an option's cards may say what its words do not
	}
	win := b.windowOf([]Line{{Text: d.want}}, who, label, true)
	for _, j := range open {
		if b.obs.Steps[j].Seat != who {
			continue
		}
		for _, c := range at.cand[j][at.at[j]+1:] {
			if s := win.score(c, nil); s[4]+s[5] > 0 {
				return false
			}
		}
	}
	return true
}

// namesCards reports whether the line the seat should have read at d
// names cards.
func (b *builder) namesCards(d *departure) bool {
	if d.step >= len(b.obs.Steps) {
		return false
	}
	lines := b.obs.Steps[d.step].Lines
	return d.line < len(lines) && len(lines[d.line].Cards) > 0
}

// probeSecret returns a secret choice made before step from to try
// again, or -1. Lines confirm a secret choice only once it is revealed,
// which may be long after: Das Regeln's predictions are scored at the end
// of the round, after many steps whose lines agreed. So when the lines
// since explain every other choice, the latest secret choice of the seat
// the line names (any seat's when it names none) is probed: its options
// are tried in turn while the world departs where it did; when one
// departs sooner, the choice was right (build puts it back and settles
// it) and the one before is probed.
func (b *builder) probeSecret(d *departure, at *attempt, from, who int, loose bool) int {
	steps := b.obs.Steps
	for j := from - 1; j >= 0; j-- {
		if st := steps[j]; st.Secret && !st.Own() && (who == 0 || st.Seat == who) {
			if k, ok := b.probeAt(d, at, j); ok {
				return k
			}
		}
	}
	// A choice whose lines agreed may show only after another seat's
	// answer ("East takes the tray with 3" once North let Flo pass), or
	// after the seat's own later choices (East chose which tray to take
	// onto before choosing to fight back): when nothing else is left, the
	// named seat's latest choices are probed too, the latest first, a few
	// options of each (maxLoose, maxLooseSteps).
	if !loose || who == 0 {
		return -1
	}
	probed := 0
	for j := from; j >= 0 && probed < maxLooseSteps; j-- {
		if st := steps[j]; st.Seat == who && !st.Own() && !st.Say && !st.Secret {
			if k, ok := b.probeAt(d, at, j); ok {
				return k
			}
			probed++
		}
	}
	return -1
}

// probeAt probes step j for probeSecret: it returns j and true when an
// option of j is left to try, else settles j (its choice put back).
func (b *builder) probeAt(d *departure, at *attempt, j int) (int, bool) {
	if j < len(at.settled) && at.settled[j] {
		return 0, false
	}
	if p := at.probe; p != nil && p.step == j {
		if at.at[j]+1 < len(at.cand[j]) && (!p.loose || p.tried < maxLoose) {
			p.tried++
			return j, true
		}
		// Every option departs where it did or later: put it back
		// and probe the one before.
		at.settled[j] = true
		at.at[j], at.texts[j], at.probe = p.orig, at.cand[j][p.orig], nil
		return 0, false
	}
	if at.cand[j] != nil && at.at[j]+1 < len(at.cand[j]) {
		at.probe = &probe{step: j, orig: at.at[j], dep: *d, loose: !b.obs.Steps[j].Secret}
		return j, true
	}
	return 0, false
}

// lastNamed returns the seat whose name ends last in text[:at], or 0.
func (b *builder) lastNamed(text string, at int) int {
	who, where := 0, -1
	for s, names := range b.obs.Labels {
		for _, l := range names {
			if i := strings.LastIndex(text[:at], l); i >= 0 && i+len(l) > where {
				who, where = s, i+len(l)
			}
		}
	}
	return who
}

// firstNamed returns the seat whose name comes first in text, or 0.
func (b *builder) firstNamed(text string) int {
	who, where := 0, len(text)
	for s, names := range b.obs.Labels {
		for _, l := range names {
			if i := strings.Index(text, l); i >= 0 && i < where {
				who, where = s, i
			}
		}
	}
	return who
}

// commonPrefix is the length of the longest prefix a and b share.
func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// nameIn returns the name by which text names seat, or "".
func (b *builder) nameIn(seat int, text string) string {
	if seat < 1 || seat >= len(b.obs.Labels) {
		return ""
	}
	for _, l := range b.obs.Labels[seat] {
		if strings.Contains(text, l) {
			return l
		}
	}
	return ""
}

// explain tells b.why why a replay departed.
func (b *builder) explain(step int, reason string) {
	if b.why != nil {
		b.why(step, reason)
	}
}

// remember notes the choices of a world that held.
func (b *builder) remember(w *world) { b.note(w, len(w.texts), false) }

// learn notes the choices of a world up to step upto that lines
// confirmed, though it departed later (but secret ones): while no world
// holds, the next tries them first all the same.
func (b *builder) learn(w *world, upto int) { b.note(w, upto+1, true) }

func (b *builder) note(w *world, n int, partial bool) {
	for len(b.memo) < n {
		b.memo = append(b.memo, nil)
	}
	for k, t := range w.texts[:n] {
		if st := b.obs.Steps[k]; st.Own() || st.Say || partial && st.Secret {
			continue
		}
		if key := b.phraseKey(k); key != "" {
			if b.phrases == nil {
				b.phrases = map[string]string{}
			}
			b.phrases[key] = t
		}
		if b.memo[k] == nil {
			b.memo[k] = map[string]int{}
		}
		b.memo[k][t]++
	}
}

// dealFor gives w a deal from the seat's beliefs: a fresh world a new
// one; a world dealt at an earlier decision keeps its deal where it still
// agrees with everything seen since (dealer.refit), else a new one.
func (b *builder) dealFor(w *world) {
	if b.dealer == nil || b.relaxed {
		return
	}
	if w.deal != nil && b.dealer.refit(b.rng, w) {
		return
	}
	if w.deal == nil && len(w.orders) > 0 {
		return // a world of the old kind: its orders are repaired
	}
	if nd := b.dealer.sample(b.rng); nd != nil {
		b.stats.Dealt++
		w.redeal(nd)
		return
	}
	b.stats.NoDeal++
	if w.deal != nil {
		w.deal = nil // dealt before, no deal now: repaired the old way
		w.dealt = nil
	}
}

// redeal gives w deal nd: its shuffles come out anew, its secret draws
// are drawn anew.
func (w *world) redeal(nd *deal) {
	w.deal, w.orders, w.dealt, w.draws = nd, nil, nil, nil
}

// worldConfig is the configuration that replays world w.
func worldConfig(obs *Observation, w *world, a *arranger) interp.Config {
	return interp.Config{
		Players: obs.Players,
		Seed:    w.seed,
		Options: obs.Options,
		Names:   obs.Names,
		Rolls:   obs.Rolls,
		Chance:  a,

		SharedFrom: obs.SharedFrom,
	}
}

// lineText is what a reader sees of a line.
func lineText(l interp.LogLine) string { return l.Text }

// mutate returns a copy of w with two unseen cards of one shuffle
// exchanged (and, now and then, fresh secret draws): a neighbouring world,
// for when fresh worlds rarely agree with the observation.
func (b *builder) mutate(w *world) *world {
	c := w.clone()
	if c.deal != nil && b.dealer != nil {
		// A dealt world's neighbour: the same choices, another deal.
		if nd := b.dealer.sample(b.rng); nd != nil {
			b.stats.Dealt++
			c.redeal(nd)
			c.seed = b.rng.Uint64()
			return c
		}
	}
	var events []int
	for i, o := range c.orders {
		if i < len(b.obs.Events) && len(o) > 1 && len(freeSlots(&b.obs.Events[i], o)) > 1 {
			events = append(events, i)
		}
	}
	swaps := 1 + b.rng.Intn(2)
	for s := 0; s < swaps && len(events) > 0; s++ {
		i := events[b.rng.Intn(len(events))]
		free := freeSlots(&b.obs.Events[i], c.orders[i])
		p := free[b.rng.Intn(len(free))]
		q := free[b.rng.Intn(len(free))]
		c.orders[i][p], c.orders[i][q] = c.orders[i][q], c.orders[i][p]
	}
	if len(events) == 0 || b.rng.Intn(4) == 0 {
		c.seed = b.rng.Uint64()
		c.dice = nil // the dice the seat has not seen guessed afresh
	}
	return c
}

// A world whose lines differ where the hidden cards decided them — the
// seat read that nobody could show one of the cards named, and in the
// world somebody does — is not repaired by other choices (suspect). Its
// deal may be: repairDeal moves one of the cards named in the lines of
// the step that departed to another slot the seat has not seen, in the
// shuffle that dealt it, and the builder replays. A repair that makes the
// world depart sooner is undone; one that gets as far or further is kept,
// and the next repairs go on from there (a walk towards deals that agree
// with everything the seat read). Shuffles of look-alike cards (Andy
// Capp's beers) are repaired too: the builder reads the observation with
// those cards named canonically (canon.go), so which of two alike cards the
// seat saw where does not steer the repair.

// swap is a repair: the cards of slots p and q of shuffle event exchanged,
// made for departure d.
type swap struct {
	event, p, q int
	d           *departure
	// draw, when not 0, makes the repair a change of secret draw draw-1
	// to the value v instead (and v the value it had, once made).
	draw, v int
}

// exchange makes (or undoes) swap s in w.
func (w *world) exchange(s *swap) {
	if s.draw > 0 {
		dr := &w.draws[s.draw-1]
		dr.v, s.v = s.v, dr.v
		return
	}
	o := w.orders[s.event]
	o[s.p], o[s.q] = o[s.q], o[s.p]
}

// learnCards notes the IDs of m's cards by name and label, again while
// there are more of them (a game may make its cards after its first
// decisions).
func (b *builder) learnCards(m *interp.Match) {
	if b.cardsKnown >= len(m.Cards) {
		return
	}
	b.cardsKnown = len(m.Cards)
	b.cardLabels = map[string][]int{}
	b.byLabel, b.byName = map[string][]int{}, map[string][]int{}
	for _, c := range m.Cards {
		b.byLabel[c.Label] = append(b.byLabel[c.Label], c.ID)
		b.byName[c.Name] = append(b.byName[c.Name], c.ID)
	}
	for _, c := range m.Cards {
		// A label drawn in brackets ("[Great Hall]") is written
		// without them in sentences.
		if l := strings.Trim(c.Label, "[](){}<>"); len(l) >= minLabel {
			b.cardLabels[l] = append(b.cardLabels[l], c.ID)
		}
	}
}

// minLabel is the length, in bytes, of the shortest card label looked for
// in a line's text: "5" or "J" would be found in too many lines.
const minLabel = 4

// repairDeal makes a repair of w for departure d, or returns nil when
// there is none to make. It chooses at random among the kinds that have
// one: a secret draw made before the departure changed (redrawOne), the
// hidden cards of the seat the departure aims at changed (seatMove), and
// a card the step's lines name moved to another slot the seat has not
// seen (namedMove).
func (b *builder) repairDeal(w *world, d *departure) *swap {
	var kinds []*swap
	for _, s := range []*swap{b.redrawOne(w, d), b.seatMove(w, d), b.namedMove(w, d)} {
		if s != nil {
			kinds = append(kinds, s)
		}
	}
	if len(kinds) == 0 {
		return nil
	}
	s := kinds[b.rng.Intn(len(kinds))]
	w.exchange(s)
	return s
}

// namedMove proposes to move a card the lines of the departing step name
// to another slot the seat has not seen, or nil.
func (b *builder) namedMove(w *world, d *departure) *swap {
	if d.step >= len(b.obs.Steps) {
		return nil
	}
	named := b.namedIn(b.obs.Steps[d.step].Lines)
	var moves []swap
	for i, o := range w.orders {
		if i >= len(b.obs.Events) || o == nil {
			continue
		}
		free := freeSlots(&b.obs.Events[i], o)
		for _, p := range free {
			if !named[o[p]] {
				continue
			}
			for _, q := range free {
				if q != p && !named[o[q]] {
					moves = append(moves, swap{event: i, p: p, q: q, d: d})
				}
			}
		}
	}
	if len(moves) == 0 {
		return nil
	}
	return &moves[b.rng.Intn(len(moves))]
}

// redrawOne proposes a change of one secret draw made before the line
// that departed, or nil: a draw whose outcome the seat did not see may
// show only later ("North lays tray 1: 8" where the world's East borrowed
// that 8 from North three steps before). The later a draw's step, the
// likelier it is chosen: the steps that drew, latest first, have odds of
// 1/2, 1/4, …, and a draw of the step chosen takes another value.
func (b *builder) redrawOne(w *world, d *departure) *swap {
	made := w.draws[:min(b.drawn, len(w.draws))]
	before := func(dr draw) bool { return dr.n > 1 && !dr.seen && (d.logAt == 0 || dr.logAt <= d.logAt) }
	var steps []int // the steps that drew before the departure, latest first
	for j := len(made) - 1; j >= 0; j-- {
		if dr := made[j]; before(dr) && (len(steps) == 0 || steps[len(steps)-1] != dr.step) {
			steps = append(steps, dr.step)
		}
	}
	if len(steps) == 0 {
		return nil
	}
	k := 0
	for k+1 < len(steps) && b.rng.Intn(2) == 1 {
		k++
	}
	var of []int
	for j, dr := range made {
		if dr.step == steps[k] && before(dr) {
			of = append(of, j)
		}
	}
	j := of[b.rng.Intn(len(of))]
	v := 1 + b.rng.Intn(made[j].n-1)
	if v >= made[j].v {
		v++
	}
	return &swap{draw: j + 1, v: v, d: d}
}

// aimAt aims departure d at step k at the seat whose hidden cards may
// explain it: the seat the world asked where the seat saw another asked
// (asked) or the lines go on — its question names cards it should not
// hold — the seat the seat saw asked next where the world went on
// writing lines: it may lack what it answered with — or the step's own
// seat, when the line the seat read of it differs: the cards its options
// offered (offered, its options' texts) should not all be in its hand.
func (b *builder) aimAt(d *departure, m *interp.Match, a *arranger, k int, asked bool, offered []string) {
	steps := b.obs.Steps
	switch p := m.Prompt(); {
	case p != nil && p.Seat != b.obs.Seat && (asked || d.got == "" && d.want != ""):
		d.out, d.ask = true, p.Hint+" "+strings.Join(p.Options, " ")
		if asked && steps[k].Seat != b.obs.Seat {
			// The seat asked instead may hold them.
			d.other = hiddenOf(m, steps[k].Seat, b.obs.Seat)
		}
		b.aim(d, m, a, p.Seat)
	case !asked && d.want == "" && d.got != "" && k+1 < len(steps) && steps[k+1].Seat != b.obs.Seat && !steps[k+1].Say:
		b.aim(d, m, a, steps[k+1].Seat)
	case offered != nil && b.actor(d.want) == steps[k].Seat:
		// "South plays K♥" where no option of South's did: the cards
		// its options offered (its spades) should not all be in its
		// hand.
		d.out, d.ask = true, strings.Join(offered, " ")
		b.aim(d, m, a, steps[k].Seat)
	}
}

// actor returns the seat a line begins with the name of ("South plays
// K♥"), or 0.
func (b *builder) actor(line string) int {
	s := b.firstNamed(line)
	if s > 0 && strings.HasPrefix(line, b.nameIn(s, line)) {
		return s
	}
	return 0
}

// aim notes in d the seat whose hidden cards in world m may explain it,
// and those cards.
func (b *builder) aim(d *departure, m *interp.Match, a *arranger, seat int) {
	d.target, d.shuffles = seat, a.n
	d.held = hiddenOf(m, seat, b.obs.Seat)
}

// hiddenOf returns the cards of seat's zones in m that observer cannot see.
func hiddenOf(m *interp.Match, seat, observer int) []int {
	var out []int
	for _, z := range m.Zones {
		if z.Owner != seat {
			continue
		}
		for _, c := range z.Cards {
			if !c.VisibleTo(observer) {
				out = append(out, c.ID)
			}
		}
	}
	return out
}

// seatMove proposes to change what the departure's target holds: one of its hidden
// cards changes places, in the shuffle it last came out of, with a card of
// another slot the seat has not seen — a card its question named for
// one it did not (the world asked it to resist with a Fight, and the seat
// saw it was not asked), or any card (the seat saw it asked, and the
// world did not ask it: it may lack what it answered with).
func (b *builder) seatMove(w *world, d *departure) *swap {
	if d.target == 0 || len(d.held) == 0 {
		return nil
	}
	var named map[int]bool
	if d.out {
		named = b.namedIn([]Line{{Text: d.ask}})
		for _, word := range strings.Fields(d.ask) { // options name cards by name
			for _, id := range b.byName[word] {
				named[id] = true
			}
		}
	}
	held, other := map[int]bool{}, map[int]bool{}
	for _, id := range d.held {
		held[id] = true
	}
	for _, id := range d.other {
		other[id] = true
	}
	var moves []swap
	for _, id := range d.held {
		if d.out && !named[id] {
			continue
		}
		ep, p := lastSlot(w, id, d.shuffles)
		if ep < 0 || ep >= len(b.obs.Events) {
			continue
		}
		o := w.orders[ep]
		fits := bounds(&b.obs.Events[ep])
		for q := range o {
			if q != p && !held[o[q]] && !named[o[q]] && fits(o[p], q) && fits(o[q], p) {
				moves = append(moves, swap{event: ep, p: p, q: q, d: d})
			}
		}
	}
	// Better to the seat asked instead, where the card can go there.
	var toOther []swap
	for _, m := range moves {
		if other[w.orders[m.event][m.q]] {
			toOther = append(toOther, m)
		}
	}
	if len(toOther) > 0 {
		moves = toOther
	}
	if len(moves) == 0 {
		return nil
	}
	return &moves[b.rng.Intn(len(moves))]
}

// bounds returns whether card id may lie in slot p of event ev as far as
// the observation says: a card the seat saw only in the slots it may have
// had, a card that must reach a later shuffle only in a slot that leads
// there.
func bounds(ev *Event) func(id, p int) bool {
	slots := map[int][]int{}
	for _, f := range ev.Fixed {
		slots[f.Card] = f.Slots
	}
	next := map[int]int{}
	for _, nd := range ev.Need {
		next[nd.Card] = nd.Next
	}
	return func(id, p int) bool {
		if s, ok := slots[id]; ok && !contains(s, p) {
			return false
		}
		if n, ok := next[id]; ok && ev.Next[p] != n {
			return false
		}
		return true
	}
}

// lastSlot returns the last of w's first n shuffles card id came out of,
// and its slot there, or -1.
func lastSlot(w *world, id, n int) (event, slot int) {
	for i := min(n, len(w.orders)) - 1; i >= 0; i-- {
		for p, x := range w.orders[i] {
			if x == id {
				return i, p
			}
		}
	}
	return -1, -1
}

// namedIn returns the IDs of the cards lines name, as cards or in words
// ("I suggest that Miss Kingston ...").
func (b *builder) namedIn(lines []Line) map[int]bool {
	named := map[int]bool{}
	for _, l := range lines {
		for _, label := range l.Labels {
			for _, id := range b.byLabel[label] {
				named[id] = true
			}
		}
		for label, ids := range b.cardLabels {
			if strings.Contains(l.Text, label) {
				for _, id := range ids {
					named[id] = true
				}
			}
		}
	}
	return named
}
