package interp

import (
	"encoding/binary"
	"hash/fnv"
	"math"

	lua "github.com/yuin/gopher-lua"
)

// What each seat learned, and when. A person may take back a decision
// only while his seat has learned nothing since he made it (package
// takeback decides the rest); this file is how the engine knows. A match
// made with the Learning mode notes, for every decision, which seats
// learned something while it was played out: from the decision to the
// next prompt (or the end).
//
// A seat learns when something reaches it after the game took in
// something it did not know. What the game takes in:
//
//   - another seat's decision (a move, a say, a secret choice);
//   - chance: a die, a shuffle, a secret draw, math.random — anything that
//     moves the match's generator, and t:roll even when a test fixed it;
//   - cards the seat cannot see: a method of a zone that hides cards from
//     it (but count, empty, owner and name, which every view shows), or of
//     t with such a card (t:where, t:show, t:move, ...).
//
// What reaches a seat: a log line it may read; a change in its view
// (zones and the cards it sees in them, pools, tracks, pads, notes as
// drawn for it, boards) from the moment the game took in the unknown to
// the end of the step; a prompt for it. Whose turn it is is not counted:
// every game reads the next seat's hand to make its prompt, and that
// teaches the others nothing. A game that asks a seat only when its hidden
// cards allow (Andy Capp's reactions without always_ask) tells everyone
// so by asking, which this does not see. Only the order matters within a
// step: the line "North plays 9♣" written before the script reads East's
// hand to make East's prompt teaches North nothing, the line "East cannot
// show a card" after it does.
//
// Secret choices (t:ask_all) are held apart: once another seat has
// answered, everything that reaches a seat counts until the group's last
// answer has been revealed, whatever else the seat saw meanwhile — a
// tally is shown after the last answer, which may be the seat's own.
//
// The engine sees what the script asks of it, not what the script keeps
// in its own variables: a script that kept the card tables of a hidden
// zone from an earlier decision and tells a seat something of them later
// without asking the zone again is not seen consulting it. Scripts that
// read the cards they talk about when they talk about them (as the games
// here do) are seen whole.

// Learning is the mode of a match that notes what each seat learned
// after each decision (Match.Learned). It costs a view of every seat at
// every decision: the mode of a replay made to judge an undo, not of a
// game being played.
const Learning Mode = 1 << 1

// Cause is what a seat learned something from.
type Cause uint8

// The causes, from the most telling.
const (
	CauseNone   Cause = iota
	CauseSecret       // another seat's secret choice, revealed
	CauseMove         // another seat's decision
	CauseChance       // a die, a shuffle, a random draw
	CauseCards        // cards the seat could not see
)

func (c Cause) String() string {
	switch c {
	case CauseMove:
		return "another seat's move"
	case CauseSecret:
		return "the secret choices revealed"
	case CauseChance:
		return "chance (a die, a shuffle or a draw)"
	case CauseCards:
		return "cards it could not see"
	}
	return "nothing"
}

// StartLearning makes m note from now on what each seat learns (as the
// Learning mode does from the start): what every seat sees now is where
// it starts from. A game in the middle of a secret choice (t:ask_all)
// counts as hiding the answers given so far from every seat, until the
// choice is over and something has reached it.
func (m *Match) StartLearning() {
	if m.learn != nil {
		return
	}
	m.startLearning()
	if p := m.prompt; p != nil && p.Secret {
		l := m.learn
		l.inGroup, l.group = true, p.Group
		for s := 1; s <= len(m.Seats); s++ {
			l.hush = l.hush.With(s)
			l.snap[s] = l.last[s]
		}
	}
}

// Learned reports whether seat learned something while decision i (0-based,
// as in Decisions) was played out, and from what. It is false for a match
// that was not noting it then (Learning, StartLearning).
func (m *Match) Learned(i, seat int) (Cause, bool) {
	l := m.learn
	if l == nil || i < l.from || i-l.from >= len(l.learned) || !l.learned[i-l.from].seats.Has(seat) {
		return CauseNone, false
	}
	return l.learned[i-l.from].causes[seat], true
}

// learner is what a Learning match keeps to know what each seat learned.
type learner struct {
	unknown SeatSet  // seats for which the game took in something not shown to them since
	hush    SeatSet  // seats that have not seen the open secret choices of the others
	cause   []Cause  // by seat: what unknown or hush is about
	snap    []uint64 // by seat: its view when it became unknown
	last    []uint64 // by seat: its view at the end of the last step
	rng     RNG      // the generator when the step began, or was last looked at
	rolls   int      // fixed rolls left then
	group   int      // the open group of secret choices
	inGroup bool
	step    int        // the decision being played out; -1 before the first
	from    int        // the decisions made before it began
	learned []learning // by decision, from decision from on
}

// learning is who learned what while one decision was played out.
type learning struct {
	seats  SeatSet
	causes []Cause // by seat
}

// startLearning begins noting, once the script has set the table up and
// stopped at its first prompt: what every seat sees then is where it
// starts from.
func (m *Match) startLearning() {
	n := len(m.Seats)
	l := &learner{cause: make([]Cause, n+1), snap: make([]uint64, n+1), last: make([]uint64, n+1), step: -1, from: len(m.record)}
	m.learn = l
	for s := 1; s <= n; s++ {
		l.last[s] = m.sight(s)
	}
	l.rng, l.rolls = *m.RNG, len(m.rolls)
}

// learnBegin is called as decision d is recorded, before the game goes on
// with it; secret tells whether it answered a secret prompt of group.
func (m *Match) learnBegin(d Decision, secret bool, group int) {
	l := m.learn
	l.step = len(m.record) - 1 - l.from
	l.learned = append(l.learned, learning{})
	l.rng, l.rolls = *m.RNG, len(m.rolls)
	for s := 1; s <= len(m.Seats); s++ {
		switch {
		case s == d.Seat:
		case secret:
			if !l.hush.Has(s) && !l.unknown.Has(s) {
				l.snap[s] = l.last[s]
			}
			l.hush = l.hush.With(s)
		default:
			l.taint(s, CauseMove, l.last[s])
		}
	}
	if secret {
		l.inGroup, l.group = true, group
	}
}

// taint notes that the game took in something seat does not know; snap is
// what it saw just before.
func (l *learner) taint(seat int, c Cause, snap uint64) {
	if l.unknown.Has(seat) {
		l.cause[seat] = min(l.cause[seat], c) // the most telling
		return
	}
	l.unknown = l.unknown.With(seat)
	if !l.hush.Has(seat) {
		l.snap[seat] = snap
	}
	l.cause[seat] = c
}

// learnt notes that seat learned something in this step.
func (l *learner) learnt(seat int) {
	if l.step < 0 {
		return // the setup: nobody has decided anything yet
	}
	g := &l.learned[l.step]
	if !g.seats.Has(seat) {
		if g.causes == nil {
			g.causes = make([]Cause, len(l.cause))
		}
		g.seats = g.seats.With(seat)
		c := l.cause[seat]
		if l.hush.Has(seat) && !l.unknown.Has(seat) {
			c = CauseSecret
		}
		g.causes[seat] = c
	}
	l.unknown &^= 1 << uint(seat)
}

// chance notes that the generator moved (or a fixed roll was thrown)
// since the step began or was last looked at: every seat takes in
// something it does not know, since what it saw at the start of the step.
func (m *Match) chance(always bool) {
	l := m.learn
	if !always && *m.RNG == l.rng && len(m.rolls) == l.rolls {
		return
	}
	l.rng, l.rolls = *m.RNG, len(m.rolls)
	for s := 1; s <= len(m.Seats); s++ {
		l.taint(s, CauseChance, l.last[s])
	}
}

// learnCall is called before a method of t, a zone, a pool, a track, a
// pad or a board runs: it notes what the method may read that some seat
// cannot see.
func (m *Match) learnCall(b *boundMethod, L *lua.LState) {
	m.chance(false)
	switch b.peek {
	case peekNothing:
		return
	case peekChance:
		m.chance(true)
		return
	}
	var hidden SeatSet
	from, to := 2, L.GetTop() // the arguments; the object itself is 1
	switch b.peek {
	case peekAll:
		from = 1
	case peekSelf:
		from, to = 1, 1
	case peekCard:
		to = 2
	}
	for i := from; i <= to; i++ {
		hidden |= m.hiddenIn(L.Get(i))
	}
	l := m.learn
	if hidden &^= l.unknown; hidden == 0 {
		return
	}
	for s := 1; s <= len(m.Seats); s++ {
		if hidden.Has(s) {
			l.taint(s, CauseCards, m.sight(s))
		}
	}
}

// hiddenIn returns the seats from which v — a zone, a card or a list of
// cards — hides some card.
func (m *Match) hiddenIn(v lua.LValue) SeatSet {
	var out SeatSet
	hide := func(c *Card) {
		for s := 1; s <= len(m.Seats); s++ {
			if !out.Has(s) && !c.VisibleTo(s) {
				out = out.With(s)
			}
		}
	}
	switch x := v.(type) {
	case *lua.LUserData:
		if z, ok := x.Value.(*Zone); ok {
			for _, c := range z.Cards {
				hide(c)
			}
		}
		if d, ok := x.Value.(*Dice); ok {
			out |= d.HiddenFrom(len(m.Seats))
		}
	case *lua.LTable:
		if c := m.cardOf(x); c != nil {
			hide(c)
			return out
		}
		for i := 1; i <= x.Len(); i++ {
			if c := m.cardOf(x.RawGetInt(i)); c != nil {
				hide(c)
			}
		}
	}
	return out
}

// learnLine is called as a log line for the seats in to is written.
func (m *Match) learnLine(to SeatSet) {
	l := m.learn
	for s := 1; s <= len(m.Seats); s++ {
		if (to == AllSeats || to.Has(s)) && (l.unknown | l.hush).Has(s) {
			l.learnt(s)
		}
	}
}

// learnEnd is called when the game has gone on with a decision as far as
// it goes: to its next prompt, its end or an error.
func (m *Match) learnEnd() {
	l := m.learn
	m.chance(false)
	p := m.prompt
	for s := 1; s <= len(m.Seats); s++ {
		sight := m.sight(s)
		waiting := (l.unknown | l.hush).Has(s)
		if waiting && (sight != l.snap[s] || l.unknown.Has(s) && p != nil && p.Seat == s) {
			l.learnt(s)
			l.snap[s] = sight
		}
		l.last[s] = sight
	}
	if l.inGroup && (p == nil || !p.Secret || p.Group != l.group) {
		// The group's answers are all in: what reaches a seat from now on
		// may tell them, until something has.
		l.inGroup = false
		told := l.learned[l.step].seats
		for s := 1; s <= len(m.Seats); s++ {
			if l.hush.Has(s) && !told.Has(s) {
				l.taint(s, CauseSecret, l.last[s])
			}
		}
		l.hush = 0
	}
}

// sight is a fingerprint of what seat sees of the table: the zones as it
// sees them, the pools, tracks and pads, the notes as drawn for it and
// the boards. Whose turn it is, the prompt and the log are left out (the
// log is followed line by line).
func (m *Match) sight(seat int) uint64 {
	h := fnv.New64a()
	var b [8]byte
	num := func(n int) {
		binary.LittleEndian.PutUint64(b[:], uint64(n))
		h.Write(b[:])
	}
	text := func(s string) {
		num(len(s))
		h.Write([]byte(s))
	}
	for _, z := range m.Zones {
		num(z.ID)
		num(len(z.Cards))
		num(int(z.Vis))
		for _, c := range z.Cards {
			if c.VisibleTo(seat) {
				num(c.ID)
			}
		}
	}
	for _, d := range m.Dice {
		num(d.ID)
		num(len(d.Dice))
		for _, f := range d.Faces(seat) {
			num(f)
		}
	}
	for _, p := range m.Pools {
		for _, k := range p.Kinds {
			text(k)
			num(p.Supply[k])
			for _, hd := range p.Holders {
				num(p.Held[hd][k])
			}
		}
	}
	for _, t := range m.Tracks {
		for _, x := range t.Markers {
			num(x)
		}
	}
	for _, p := range m.Pads {
		for _, r := range p.Rows {
			text(r.Label)
			text(r.Note)
			for _, x := range r.Scores {
				num(x)
			}
		}
	}
	for _, n := range m.notesFor(seat) {
		text(n.Key)
		text(n.Text)
		switch x := n.Value.(type) {
		case lua.LNumber:
			num(int(math.Float64bits(float64(x))))
		case lua.LString:
			text(string(x))
		case lua.LBool:
			text(x.String())
		}
	}
	for _, x := range m.extras {
		if ev, ok := x.ExtraView(seat); ok {
			text(ev.Name)
			for _, line := range ev.Lines {
				text(line)
			}
		}
	}
	return h.Sum64()
}

// What a method may read that a seat cannot see (boundMethod.peek).
type peekKind uint8

const (
	peekArgs    peekKind = iota // the cards among its arguments
	peekAll                     // its object (a zone) and its arguments
	peekSelf                    // its object alone (a zone it deals from)
	peekCard                    // its first argument alone (the card t:move moves)
	peekNothing                 // nothing hidden: a count, a name, a line, a prompt
	peekChance                  // chance
)

// peeks classifies the methods by "class:name"; a zone's method not
// listed reads the zone and its arguments, t's its arguments, the others'
// nothing hidden (pools, tracks, pads and boards are public).
var peeks = map[string]peekKind{
	"t:name": peekNothing, "t:set_name": peekNothing, "t:left": peekNothing, "t:right": peekNothing,
	"t:seats": peekNothing, "t:card": peekNothing, "t:format": peekNothing, "t:log": peekNothing,
	"t:tell": peekNothing, "t:event": peekNothing, "t:note": peekNothing, "t:ask": peekNothing,
	"t:metric": peekNothing, "t:zone": peekNothing, "t:cards": peekNothing, "t:pool": peekNothing,
	"t:track": peekNothing, "t:pad": peekNothing, "t:board": peekNothing, "t:dice": peekChance,
	"dice:roll": peekChance, "dice:reveal": peekSelf, "dice:remove": peekNothing, "dice:size": peekNothing,
	"dice:owner": peekNothing, "dice:sides": peekNothing, "dice:name": peekNothing, "dice:faces": peekSelf,
	"dice:count": peekSelf,
	"t:random":   peekChance, "t:roll": peekChance, "t:shuffle": peekChance, "zone:shuffle": peekChance,
	"zone:count": peekNothing, "zone:empty": peekNothing, "zone:owner": peekNothing,
	"zone:name": peekNothing, "zone:set_label": peekNothing,
	"zone:add": peekArgs, "zone:deal": peekSelf, "zone:move_all": peekSelf, "t:move": peekCard,
}

// peekOf is what the method what ("zone:add") may read.
func peekOf(class, what string) peekKind {
	if k, ok := peeks[what]; ok {
		return k
	}
	switch class {
	case "zone":
		return peekAll
	case "t":
		return peekArgs
	case "dice":
		return peekSelf
	}
	return peekNothing
}
