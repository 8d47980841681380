package knowledge

import "github.com/tabletop/tabletop/table"

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

// Learner is what a game keeps to know what each seat learned after each
// decision. The runtime tells it what the game takes in (Begin, Chance,
// Cards) and what reaches the seats (Line, End), and asks it who learned
// what (Learned). Sights are fingerprints of what a seat sees (Sight):
// a seat learned from what reached it when its sight changed.
type Learner struct {
	unknown table.SeatSet // seats for which the game took in something not shown to them since
	hush    table.SeatSet // seats that have not seen the open secret choices of the others
	cause   []Cause       // by seat: what unknown or hush is about
	snap    []uint64      // by seat: its view when it became unknown
	last    []uint64      // by seat: its view at the end of the last step
	rng     table.RNG     // the generator when the step began, or was last looked at
	rolls   int           // fixed rolls left then
	group   int           // the open group of secret choices
	inGroup bool
	step    int        // the decision being played out; -1 before the first
	from    int        // the decisions made before it began
	learned []learning // by decision, from decision from on
}

// learning is who learned what while one decision was played out.
type learning struct {
	seats  table.SeatSet
	causes []Cause // by seat
}

// Prompt is what End needs of the prompt a step stopped at.
type Prompt struct {
	Seat   int
	Secret bool
	Group  int
}

// New begins noting for a game of seats seats, once its script has set
// the table up and stopped at its first prompt, after from decisions:
// sight gives what each seat sees now, where it starts from; rng and
// rolls are the generator and the fixed rolls left.
func New(seats, from int, sight func(seat int) uint64, rng table.RNG, rolls int) *Learner {
	l := &Learner{cause: make([]Cause, seats+1), snap: make([]uint64, seats+1), last: make([]uint64, seats+1), step: -1, from: from}
	for s := 1; s <= seats; s++ {
		l.last[s] = sight(s)
	}
	l.rng, l.rolls = rng, rolls
	return l
}

// seats is how many seats there are.
func (l *Learner) seats() int { return len(l.cause) - 1 }

// InSecret says that the game stands in the middle of the secret choice
// group: the answers given so far are hidden from every seat, until the
// choice is over and something has reached it.
func (l *Learner) InSecret(group int) {
	l.inGroup, l.group = true, group
	for s := 1; s <= l.seats(); s++ {
		l.hush = l.hush.With(s)
		l.snap[s] = l.last[s]
	}
}

// Learned reports whether seat learned something while decision i
// (0-based) was played out, and from what; false for a decision made
// before the learner began.
func (l *Learner) Learned(i, seat int) (Cause, bool) {
	if l == nil || i < l.from || i-l.from >= len(l.learned) || !l.learned[i-l.from].seats.Has(seat) {
		return CauseNone, false
	}
	return l.learned[i-l.from].causes[seat], true
}

// Begin is called as decision number decided (1-based: how many there
// are now) is recorded, before the game goes on with it: seat made it,
// and secret tells whether it answered a secret prompt of group. rng and
// rolls are the generator and the fixed rolls left now.
func (l *Learner) Begin(decided, seat int, secret bool, group int, rng table.RNG, rolls int) {
	l.step = decided - 1 - l.from
	l.learned = append(l.learned, learning{})
	l.rng, l.rolls = rng, rolls
	for s := 1; s <= l.seats(); s++ {
		switch {
		case s == seat:
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
func (l *Learner) taint(seat int, c Cause, snap uint64) {
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
func (l *Learner) learnt(seat int) {
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

// Chance notes that the generator moved (or a fixed roll was thrown)
// since the step began or was last looked at — or, with always, that
// chance was consulted whatever it did: every seat takes in something it
// does not know, since what it saw at the start of the step.
func (l *Learner) Chance(always bool, rng table.RNG, rolls int) {
	if !always && rng == l.rng && rolls == l.rolls {
		return
	}
	l.rng, l.rolls = rng, rolls
	for s := 1; s <= l.seats(); s++ {
		l.taint(s, CauseChance, l.last[s])
	}
}

// Unknown returns the seats that took in something they do not know
// since something last reached them.
func (l *Learner) Unknown() table.SeatSet { return l.unknown }

// Cards notes that the game read cards hidden from the seats in hidden;
// sight gives what each sees now.
func (l *Learner) Cards(hidden table.SeatSet, sight func(seat int) uint64) {
	if hidden &^= l.unknown; hidden == 0 {
		return
	}
	for s := 1; s <= l.seats(); s++ {
		if hidden.Has(s) {
			l.taint(s, CauseCards, sight(s))
		}
	}
}

// Line is called as a log line for the seats in to is written.
func (l *Learner) Line(to table.SeatSet) {
	for s := 1; s <= l.seats(); s++ {
		if (to == table.AllSeats || to.Has(s)) && (l.unknown | l.hush).Has(s) {
			l.learnt(s)
		}
	}
}

// End is called when the game has gone on with a decision as far as it
// goes: to its next prompt p (nil at the end or on an error); sightOf gives
// what each seat sees now.
func (l *Learner) End(p *Prompt, sightOf func(seat int) uint64) {
	for s := 1; s <= l.seats(); s++ {
		sight := sightOf(s)
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
		for s := 1; s <= l.seats(); s++ {
			if l.hush.Has(s) && !told.Has(s) {
				l.taint(s, CauseSecret, l.last[s])
			}
		}
		l.hush = 0
	}
}
