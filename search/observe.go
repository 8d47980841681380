package search

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/tabletop/tabletop/interp"
)

// An Observation is everything one seat has seen of a game so far, and
// nothing else: the lines of the log it could read and when they were
// written, who was asked when, its own decisions, the dice, and for every
// shuffle which of the cards that came out of it the seat has seen and
// where they may have lain. A determinization must agree with it; the
// search reads nothing else of the true game.
//
// It is extracted from a mirror: a private replay of the true game with a
// Chance that records the shuffles (recorder). The mirror knows the whole
// truth; only seat-visible facts cross into the Observation.
type Observation struct {
	Seat    int
	Players int
	Options map[string]string
	Names   []string
	// SharedFrom is the game's Config.SharedFrom: from which decision on
	// people share the keyboard (its offers ask every seat).
	SharedFrom int
	// Setup holds the lines the seat read before the first decision.
	Setup []Line
	// Steps are the decisions so far, in order.
	Steps []Step
	// Events are the zone shuffles so far, in order.
	Events []Event
	// Rolls are the dice thrown so far: dice are thrown on the table, so
	// every seat sees them.
	Rolls []int
	// Dice are the dice thrown under cups so far (t:dice), by throw: the
	// face when the seat has seen that throw (its own cup, a cup lifted
	// for it before the die was thrown again), else 0.
	Dice []int
	// Root is what the seat sees now (its view without the log).
	Root string
	// Labels are the names each seat has gone by so far (by seat, from
	// 1): "Player 1" until it chose to play Lehman, then "Space
	// Commander Lehman". Lines name seats by them.
	Labels [][]string
}

// A Step is one decision as the observing seat saw it.
type Step struct {
	Seat   int
	Say    bool   // a line said at the table, not an answer to a prompt
	Secret bool   // part of a simultaneous secret choice
	Text   string // the decision, when the seat made it or it was said; else ""
	Lines  []Line // the lines the seat could read that it wrote
}

// Own reports whether the step's text is known to the observer.
func (s Step) Own() bool { return s.Text != "" }

// A Line is a log line as the observer read it.
type Line struct {
	Text   string
	Cards  []string // names of the cards it names
	Labels []string // and their labels
	Event  bool     // a t:event line, with data for bots
}

// An Event is one zone shuffle.
type Event struct {
	Zone int // the zone's ID
	N    int // how many cards it held
	// Fixed are the cards that came out of it that the seat has seen
	// since, each with the slots it may have had (positions from the
	// bottom): its own slot when it was seen coming off a pile, or any of
	// the slots of the hand it was seen in or leaving.
	Fixed []Fixed
	// Need are cards the seat saw after a later shuffle: they must come
	// out of this one into a slot whose card reached that shuffle.
	Need []Need
	// Next gives, for each slot, the index of the event its card was
	// shuffled in next, or -1. It describes how the game moved slots (the
	// top card to the envelope, the rest to the deck), not which card lay
	// where.
	Next []int
}

// Fixed is a seen card and the slots it may have had.
type Fixed struct {
	Card  int
	Slots []int
}

// Need is a card that must reach event Next.
type Need struct {
	Card int
	Next int
}

// lineOf converts a log line to what the observer keeps of it. Lines are
// compared by text: two cards of the same name are the same to a reader.
func lineOf(m *interp.Match, l interp.LogLine) Line {
	out := Line{Text: l.Text, Event: l.Data != nil}
	for _, id := range l.Cards {
		c := m.Cards[id-1]
		out.Cards = append(out.Cards, c.Name)
		out.Labels = append(out.Labels, c.Label)
	}
	return out
}

// recorder is the mirror's Chance: it shuffles and rolls as the engine
// would and remembers the outcome.
type recorder struct {
	inner  interp.Chance // the true game's own Chance, if it has one
	events []recEvent
	epoch  []int   // by card ID: index of the last event the card was shuffled in, -1 if none
	chain  [][]int // by card ID: the events it was shuffled in
	rolls  []int
	// tr, when set, follows the cards for the seat's beliefs: it looks
	// before every shuffle and notes the shuffle after.
	tr *tracker
}

type recEvent struct {
	zone  int
	order []int // card IDs, bottom first
	logAt int   // the log's length when it happened: later lines were written after it
}

// slotIn returns card id's slot in event ep.
func (r *recorder) slotIn(id, ep int) int {
	for p, x := range r.events[ep].order {
		if x == id {
			return p
		}
	}
	return -1
}

// epochAt returns the event card id had last come out of when log line
// i was written, or -1.
func (r *recorder) epochAt(id, i int) int {
	ep := -1
	for _, e := range r.chain[id] {
		if r.events[e].logAt <= i {
			ep = e
		}
	}
	return ep
}

func (r *recorder) grow(m *interp.Match) {
	for len(r.epoch) <= len(m.Cards) {
		r.epoch = append(r.epoch, -1)
		r.chain = append(r.chain, nil)
	}
}

func (r *recorder) Shuffle(m *interp.Match, z *interp.Zone) error {
	shuffle := m.ShuffleCards
	if r.inner != nil {
		shuffle = func(z *interp.Zone) error { return r.inner.Shuffle(m, z) }
	}
	if r.tr != nil {
		r.tr.beforeShuffle(m)
	}
	if err := shuffle(z); err != nil {
		return err
	}
	if r.tr != nil {
		r.tr.shuffled(m, z, len(r.events))
	}
	r.grow(m)
	ev := recEvent{zone: z.ID, order: make([]int, len(z.Cards)), logAt: m.LogLen()}
	for i, c := range z.Cards {
		ev.order[i] = c.ID
		r.epoch[c.ID] = len(r.events)
		r.chain[c.ID] = append(r.chain[c.ID], len(r.events))
	}
	r.events = append(r.events, ev)
	return nil
}

// Moving implements interp.MoveWatcher: the tracker closes a batch of moves
// before a card leaves a zone that gained cards in it, or enters one that
// lost cards in it, so that a tray laid and the cards drawn after it are
// seen in that order.
func (r *recorder) Moving(m *interp.Match, c *interp.Card, to *interp.Zone) {
	if r.tr != nil {
		r.tr.moving(m, c, to)
	}
}

// Draw implements interp.SecretChance as the engine draws, or as the true
// game's own Chance does: the draws are secret, and not recorded.
func (r *recorder) Draw(m *interp.Match, n int) int {
	if r.tr != nil {
		r.tr.drawing(m)
	}
	if sc, ok := r.inner.(interp.SecretChance); ok {
		return sc.Draw(m, n)
	}
	return m.DrawSecret(n)
}

// Throw implements interp.DiceChance as the engine throws, or as the
// true game's own Chance does: what the seat saw of it is read from the
// match (finish).
func (r *recorder) Throw(m *interp.Match, n, sides int) (int, error) {
	if dc, ok := r.inner.(interp.DiceChance); ok {
		return dc.Throw(m, n, sides)
	}
	return m.ThrowDie(sides)
}

func (r *recorder) Roll(m *interp.Match, sides int) int {
	v := 0
	if r.inner != nil {
		v = r.inner.Roll(m, sides)
	} else {
		v = m.RollDie(sides)
	}
	r.rolls = append(r.rolls, v)
	return v
}

// mirror replays the true game for one seat and builds its Observation.
type mirror struct {
	eng  *interp.Engine
	seat int
	m    *interp.Match
	rec  *recorder
	obs  Observation
	read int // log lines of m seen so far
	// tr follows the cards for the seat's beliefs (belief.go).
	tr *tracker

	seen map[[2]int]bool // card ID and event: the seat has seen the card that came out of it
	// poss is, by event, for each zone the slots of the event whose
	// cards may lie in it as far as the seat can tell: a card dealt off
	// the shuffled pile's top brings its own slot, one that moved
	// otherwise (unseen, or from a pile no longer in order) all those of
	// the zone it left. A card seen leaving or lying in a hand may have
	// had any of the hand's slots.
	poss      []map[int]setInts
	startZone []int // by card ID: its zone at the start of the step
	startEp   []int // by card ID: its epoch at the start of the step
}

type setInts map[int]bool

// newMirror replays the game of true (its config and its decisions so far)
// for seat.
func newMirror(eng *interp.Engine, cfg interp.Config, seat int) (*mirror, error) {
	// A stacked deck (Config.Stack, for tests) is how the true game's
	// shuffles came out: the mirror honours it, the worlds do not (the
	// seat has not seen the deck).
	mr := &mirror{eng: eng, seat: seat, rec: &recorder{inner: cfg.Chance}, tr: newTracker(seat)}
	mr.rec.tr = mr.tr
	mr.tr.onMove = mr.moved
	cfg.Chance = mr.rec
	cfg.Out = nil
	m, err := eng.NewMatch(cfg)
	if err != nil {
		return nil, fmt.Errorf("search: mirror of the game: %w", err)
	}
	mr.m = m
	mr.obs = Observation{Seat: seat, Players: cfg.Players, Options: m.Config.Options, Names: cfg.Names, SharedFrom: cfg.SharedFrom}
	mr.snapshot()
	lines, ids := mr.newLines()
	mr.obs.Setup = lines
	mr.tr.look(m) // the slot sets first
	mr.look(ids)
	mr.obs.Labels = make([][]string, cfg.Players+1)
	mr.addLabels()
	mr.tr.bound(0)
	return mr, nil
}

// addLabels notes the seats' names now, when new.
func (mr *mirror) addLabels() {
	for s := 1; s < len(mr.obs.Labels); s++ {
		if l := mr.m.SeatLabel(s); !slices.Contains(mr.obs.Labels[s], l) {
			mr.obs.Labels[s] = append(mr.obs.Labels[s], l)
		}
	}
}

// close releases the mirror's match.
func (mr *mirror) close() {
	if mr.m != nil {
		mr.m.Close()
		mr.m = nil
	}
}

// advance applies the true game's decisions from the mirror's position on.
func (mr *mirror) advance(decisions []interp.Decision) error {
	for _, d := range decisions[len(mr.obs.Steps):] {
		p := mr.m.Prompt()
		st := Step{Seat: d.Seat, Say: d.Say}
		if p != nil {
			st.Secret = p.Secret && !d.Say
		}
		if d.Say || d.Seat == mr.seat {
			st.Text = d.Text
		}
		mr.snapshot()
		var err error
		if d.Say {
			err = mr.m.Say(d.Seat, d.Text)
		} else {
			err = mr.m.Apply(d.Seat, d.Text)
		}
		if err != nil {
			return fmt.Errorf("search: mirror of the game, decision %d: %w", len(mr.obs.Steps)+1, err)
		}
		var named []naming
		st.Lines, named = mr.newLines()
		mr.obs.Steps = append(mr.obs.Steps, st)
		mr.tr.look(mr.m) // the slot sets first
		mr.look(named)
		mr.addLabels()
		mr.tr.bound(len(mr.obs.Steps))
	}
	mr.finish()
	return nil
}

// A naming is a card a line names, and the line's index in the log.
type naming struct{ card, line int }

// newLines returns the lines the seat may read written since the last
// call, and the cards they name (the engine lets a line name only cards
// its readers may see when it is written).
func (mr *mirror) newLines() ([]Line, []naming) {
	var out []Line
	var named []naming
	m := mr.m
	lines := m.LogFor(mr.seat, mr.read)
	k := 0
	for i := mr.read; i < m.LogLen() && k < len(lines); i++ {
		if !m.LogTo(i).Has(mr.seat) { // the lines LogFor gave, in order
			continue
		}
		l := lines[k]
		k++
		out = append(out, lineOf(m, l))
		for _, id := range l.Cards {
			named = append(named, naming{card: id, line: i})
		}
	}
	mr.read = m.LogLen()
	return out, named
}

// snapshot remembers where every card lies before a step.
func (mr *mirror) snapshot() {
	m := mr.m
	mr.rec.grow(m)
	for len(mr.startZone) <= len(m.Cards) {
		mr.startZone = append(mr.startZone, 0)
		mr.startEp = append(mr.startEp, -1)
	}
	for _, c := range m.Cards {
		mr.startZone[c.ID] = 0
		if c.Zone != nil {
			mr.startZone[c.ID] = c.Zone.ID
		}
		mr.startEp[c.ID] = mr.rec.epoch[c.ID]
	}
}

// look notes the cards the seat sees for the first time since they were
// last shuffled: those the lines just read name, as they were when the
// line was written (a card laid open may be shuffled again before the
// step ends), and those it may see now.
func (mr *mirror) look(named []naming) {
	m, rec := mr.m, mr.rec
	rec.grow(m)
	if mr.seen == nil {
		mr.seen = map[[2]int]bool{}
	}
	see := func(c *interp.Card, ep int) {
		if ep >= 0 && !mr.seen[[2]int{c.ID, ep}] {
			mr.seen[[2]int{c.ID, ep}] = true
			mr.fix(c, ep)
		}
	}
	for _, n := range named {
		see(m.Cards[n.card-1], rec.epochAt(n.card, n.line))
	}
	for _, c := range m.Cards {
		if c.VisibleTo(mr.seat) {
			see(c, rec.epoch[c.ID])
		}
	}
}

// fix records that the seat saw card c, which came out of event ep, and
// the slots it may have had there: those the hand it was seen leaving or
// lying in may hold (a hand's cards are alike until seen), else its own.
// (A card shuffled again since it was seen lies in no hand of ep.)
func (mr *mirror) fix(c *interp.Card, ep int) {
	rec := mr.rec
	origin := 0
	start := func(id int) (zone, epoch int) {
		if id < len(mr.startZone) {
			return mr.startZone[id], mr.startEp[id]
		}
		return 0, -1 // made during the step
	}
	switch z, e := start(c.ID); {
	case e == ep && mr.ownerZone(z):
		origin = z
	case c.Zone != nil && c.Zone.Vis == interp.OwnerOnly && rec.epoch[c.ID] == ep:
		origin = c.Zone.ID
	}
	// The sets follow the tracker's model: when it could not follow the
	// cards, any slot may have been.
	slots := setInts{}
	switch {
	case mr.tr.b.broken:
		for p := range rec.events[ep].order {
			slots[p] = true
		}
	case origin != 0:
		maps.Copy(slots, mr.possAt(ep)[origin])
	}
	slots[rec.slotIn(c.ID, ep)] = true
	mr.addEvents()
	ev := &mr.obs.Events[ep]
	ev.Fixed = append(ev.Fixed, Fixed{Card: c.ID, Slots: sortedInts(slots)})
	// The card must have reached ep through the shuffles before it.
	ch := mr.rec.chain[c.ID]
	for i := 0; i+1 < len(ch) && ch[i+1] <= ep; i++ {
		need := Need{Card: c.ID, Next: ch[i+1]}
		if prev := &mr.obs.Events[ch[i]]; !containsNeed(prev.Need, need) {
			prev.Need = append(prev.Need, need)
		}
	}
}

// possAt returns the slot sets of event ep: at first, all its slots lie
// in the zone shuffled.
func (mr *mirror) possAt(ep int) map[int]setInts {
	for len(mr.poss) <= ep {
		ev := mr.rec.events[len(mr.poss)]
		all := setInts{}
		for p := range ev.order {
			all[p] = true
		}
		mr.poss = append(mr.poss, map[int]setInts{ev.zone: all})
	}
	return mr.poss[ep]
}

// moved is the tracker's word that card id moved from one zone to another
// (from 0: made), as the seat's model has it: off a pile's end the seat
// knows its slot; otherwise it may be any the zone it left may hold.
func (mr *mirror) moved(id, from, to int, it item) {
	rec := mr.rec
	if id >= len(rec.epoch) || rec.epoch[id] < 0 {
		return
	}
	ep := rec.epoch[id]
	poss := mr.possAt(ep)
	if poss[to] == nil {
		poss[to] = setInts{}
	}
	if it.kind == tokItem && it.ev == ep {
		poss[to][it.slot] = true
		return
	}
	maps.Copy(poss[to], poss[from])
}

func containsNeed(list []Need, n Need) bool {
	for _, x := range list {
		if x == n {
			return true
		}
	}
	return false
}

func (mr *mirror) ownerZone(id int) bool {
	return id > 0 && id <= len(mr.m.Zones) && mr.m.Zones[id-1].Vis == interp.OwnerOnly
}

// addEvents brings the observation's events up to the recorder's.
func (mr *mirror) addEvents() {
	for i := len(mr.obs.Events); i < len(mr.rec.events); i++ {
		ev := mr.rec.events[i]
		mr.obs.Events = append(mr.obs.Events, Event{Zone: ev.zone, N: len(ev.order)})
	}
}

// finish completes the observation at the present: the events' slot
// links, the dice and the seat's view.
func (mr *mirror) finish() {
	mr.addEvents()
	rec := mr.rec
	for i := range mr.obs.Events {
		ev := &mr.obs.Events[i]
		order := rec.events[i].order
		if len(ev.Next) != len(order) {
			ev.Next = make([]int, len(order))
		}
		for p, id := range order {
			ev.Next[p] = -1
			ch := rec.chain[id]
			for k, e := range ch {
				if e == i && k+1 < len(ch) {
					ev.Next[p] = ch[k+1]
				}
			}
		}
	}
	// The dice a test fixed come first, then the recorder's; those fixed
	// but not thrown yet stay out (the seat has not seen them).
	mr.obs.Rolls = append(append([]int(nil), mr.m.FixedRollsThrown()...), rec.rolls...)
	mr.obs.Dice = make([]int, mr.m.Throws())
	for n := range mr.obs.Dice {
		if face, seen := mr.m.ThrowSeen(n+1, mr.seat); seen {
			mr.obs.Dice[n] = face
		}
	}
	mr.obs.Root = viewKey(mr.m, mr.seat)
}

// viewKey is a fingerprint of what seat sees of m now, its log aside:
// zones (counts and the labels of the cards it may see: two cards alike
// are the same to the seat), pieces, tracks, pads, notes, and the
// decision it is asked for.
func viewKey(m *interp.Match, seat int) string {
	v := m.View(seat)
	var b strings.Builder
	for _, z := range v.Zones {
		fmt.Fprintf(&b, "z%d:%d", z.ID, z.Count)
		for _, c := range z.Cards {
			b.WriteByte(' ')
			b.WriteString(c.Label)
		}
		b.WriteByte('\n')
	}
	for _, p := range v.Pools {
		fmt.Fprintf(&b, "p%d", p.ID)
		for _, k := range p.Kinds {
			fmt.Fprintf(&b, " %s:%d", k, p.Supply[k])
		}
		holders := append([]string(nil), p.Holders...)
		sort.Strings(holders)
		for _, h := range holders {
			for _, k := range p.Kinds {
				if n := p.Held[h][k]; n != 0 {
					fmt.Fprintf(&b, " %s.%s:%d", h, k, n)
				}
			}
		}
		b.WriteByte('\n')
	}
	for _, d := range v.Dice {
		fmt.Fprintf(&b, "c%d%v\n", d.ID, d.Faces)
	}
	for _, t := range v.Tracks {
		fmt.Fprintf(&b, "t%d%v\n", t.ID, t.Markers)
	}
	for _, p := range v.Pads {
		fmt.Fprintf(&b, "d%d:%d%v\n", p.ID, len(p.Rows), p.Totals)
	}
	for _, n := range v.Notes {
		fmt.Fprintf(&b, "n%s=%s\n", n.Key, n.Text)
	}
	fmt.Fprintf(&b, "turn %d %q", v.Turn, v.Hint)
	for _, o := range v.Options {
		b.WriteString("|" + o)
	}
	return b.String()
}

func sortedInts(s setInts) []int {
	out := make([]int, 0, len(s))
	for k := range s {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}
