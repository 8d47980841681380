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
	// alike is by card ID whether another card has the same label;
	// byLabel the IDs of the cards of each label.
	alike   []bool
	byLabel map[string][]int
	// windows are the windows of rank, kept while the observation has
	// windowsAt steps.
	windows   map[windowKey]window
	windowsAt int
}

// Stats counts a builder's work.
type Stats struct {
	Worlds   int // worlds that held
	Rejected int // worlds given up
	Replays  int // replays started (worlds and backtracks)
	Steps    int // decisions replayed while building
}

// maxReplays bounds the replays one world may take (its first included),
// and maxRepairs how many of them may follow a repair of its deal.
const (
	maxReplays = 48
	maxRepairs = 40
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
}

// probe is a secret choice tried again: its step, the option it had, and
// the departure that made the builder doubt it.
type probe struct {
	step, orig int
	dep        departure
}

// departure says where a replay left the observation: the step, and the
// first line that differed there (what the seat read, and what it should
// have), which usually names the seat whose choice was wrong.
type departure struct {
	step      int
	got, want string
	// line is the index of the first line that differed among those the
	// step wrote (0 also when none did).
	line int
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
	at := &attempt{cand: make([][]string, n), at: make([]int, n), settled: make([]bool, n), texts: w.texts}
	var last *swap // the deal's last repair
	repairs := 0
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
		j := b.suspect(d, at)
		if j < 0 && !b.relaxed && repairs < maxRepairs {
			if last != nil && d.before(last.d) {
				// The last repair made things worse: undo it, and try
				// another for the departure it was for.
				w.exchange(last)
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

// set makes step j choose its i-th candidate; the choices after it are
// ranked again (they were chosen for lines still to come).
func (b *builder) set(w *world, at *attempt, j, i int) {
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
	a := &arranger{obs: obs, w: w, rng: b.rng, lenient: b.relaxed}
	m, err := startMatch(b.eng, worldConfig(obs, w, a))
	if err != nil {
		return nil, &departure{step: 0}
	}
	read := 0
	if d := b.compare(m, &read, obs.Setup, 0, false); d != nil {
		return m, d
	}
	for k, st := range obs.Steps {
		p := m.Prompt()
		if a.fail != nil || p == nil || p.Seat != st.Seat && !st.Say {
			b.explain(k, fmt.Sprintf("asked %v, not seat %d (%v)", p, st.Seat, a.fail))
			return m, &departure{step: k}
		}
		b.stats.Steps++
		var err error
		switch {
		case st.Say:
			err = m.Say(st.Seat, st.Text)
		case st.Own():
			err = m.Apply(st.Seat, st.Text)
		default:
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
			return m, d
		}
	}
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
	got := m.LogFor(b.obs.Seat, *read)
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
			return &departure{step: step, got: g, want: w, line: i}
		}
	}
	return nil
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
		if j := b.probeSecret(d, at, from, who); j >= 0 || len(open) == 0 {
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
func (b *builder) probeSecret(d *departure, at *attempt, from, who int) int {
	steps := b.obs.Steps
	for j := from - 1; j >= 0; j-- {
		st := steps[j]
		if !st.Secret || st.Own() || j < len(at.settled) && at.settled[j] || who > 0 && st.Seat != who {
			continue
		}
		if p := at.probe; p != nil && p.step == j {
			if at.at[j]+1 < len(at.cand[j]) {
				return j
			}
			// Every option departs where it did or later: put it
			// back and probe the one before.
			at.settled[j] = true
			at.at[j], at.texts[j], at.probe = p.orig, at.cand[j][p.orig], nil
			continue
		}
		if at.cand[j] != nil && at.at[j]+1 < len(at.cand[j]) {
			at.probe = &probe{step: j, orig: at.at[j], dep: *d}
			return j
		}
	}
	return -1
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
		if b.memo[k] == nil {
			b.memo[k] = map[string]int{}
		}
		b.memo[k][t]++
	}
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
	}
}

// lineText is what a reader sees of a line.
func lineText(l interp.LogLine) string { return l.Text }

// mutate returns a copy of w with two unseen cards of one shuffle
// exchanged (and, now and then, fresh secret draws): a neighbouring world,
// for when fresh worlds rarely agree with the observation.
func (b *builder) mutate(w *world) *world {
	c := w.clone()
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
// with everything the seat read).
//
// Only shuffles of cards that all look different are repaired: where two
// cards look alike (Andy Capp's beers), which of them the seat saw where
// is a matter of card IDs that differ between games the seat saw alike,
// and a repair would choose by what the seat cannot tell.

// swap is a repair: the cards of slots p and q of shuffle event exchanged,
// made for departure d.
type swap struct {
	event, p, q int
	d           *departure
}

// exchange makes (or undoes) swap s in w.
func (w *world) exchange(s *swap) {
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
	b.byLabel = map[string][]int{}
	for _, c := range m.Cards {
		b.byLabel[c.Label] = append(b.byLabel[c.Label], c.ID)
	}
	b.alike = make([]bool, len(m.Cards)+1)
	for _, c := range m.Cards {
		b.alike[c.ID] = len(b.byLabel[c.Label]) > 1
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

// repairDeal makes a repair of w for departure d, or returns nil when the
// step's lines name no card that lies in a slot the seat has not seen of
// a shuffle of cards that all look different.
func (b *builder) repairDeal(w *world, d *departure) *swap {
	if d.step >= len(b.obs.Steps) {
		return nil
	}
	named := b.namedIn(b.obs.Steps[d.step].Lines)
	var moves []swap
	for i, o := range w.orders {
		if i >= len(b.obs.Events) || o == nil || !b.distinct(o) {
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
	s := moves[b.rng.Intn(len(moves))]
	w.exchange(&s)
	return &s
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

// distinct reports whether the cards of order all have labels of their
// own.
func (b *builder) distinct(order []int) bool {
	for _, id := range order {
		if id >= len(b.alike) || b.alike[id] {
			return false
		}
	}
	return true
}
