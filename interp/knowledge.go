package interp

import (
	"math"

	"github.com/tabletop/tabletop/knowledge"
	lua "github.com/yuin/gopher-lua"
)

// What each seat learned, and when, is package knowledge's (its doc says
// what counts); here the runtime tells it what the game takes in — a
// decision, chance, a method that reads cards some seat cannot see (each
// method's peek, below) — and what reaches the seats.

// Learning is the mode of a match that notes what each seat learned
// after each decision (Match.Learned). It costs a view of every seat at
// every decision: the mode of a replay made to judge an undo, not of a
// game being played.
const Learning Mode = 1 << 1

// Cause is what a seat learned something from (package knowledge's).
type Cause = knowledge.Cause

// The causes, from the most telling (knowledge.Cause).
const (
	CauseNone   = knowledge.CauseNone
	CauseSecret = knowledge.CauseSecret
	CauseMove   = knowledge.CauseMove
	CauseChance = knowledge.CauseChance
	CauseCards  = knowledge.CauseCards
)

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
		m.learn.InSecret(p.Group)
	}
}

// Learned reports whether seat learned something while decision i (0-based,
// as in Decisions) was played out, and from what. It is false for a match
// that was not noting it then (Learning, StartLearning).
func (m *Match) Learned(i, seat int) (Cause, bool) { return m.learn.Learned(i, seat) }

// startLearning begins noting, once the script has set the table up and
// stopped at its first prompt: what every seat sees then is where it
// starts from.
func (m *Match) startLearning() {
	m.learn = knowledge.New(len(m.Seats), len(m.record), m.sight, *m.RNG, len(m.rolls))
}

// learnBegin is called as decision d is recorded, before the game goes on
// with it; secret tells whether it answered a secret prompt of group.
func (m *Match) learnBegin(d Decision, secret bool, group int) {
	m.learn.Begin(len(m.record), d.Seat, secret, group, *m.RNG, len(m.rolls))
}

// chance notes that the generator moved (or a fixed roll was thrown)
// since the step began or was last looked at (knowledge.Learner.Chance).
func (m *Match) chance(always bool) { m.learn.Chance(always, *m.RNG, len(m.rolls)) }

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
	m.learn.Cards(hidden, m.sight)
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
func (m *Match) learnLine(to SeatSet) { m.learn.Line(to) }

// learnEnd is called when the game has gone on with a decision as far as
// it goes: to its next prompt, its end or an error.
func (m *Match) learnEnd() {
	m.chance(false)
	var p *knowledge.Prompt
	if m.prompt != nil {
		p = &knowledge.Prompt{Seat: m.prompt.Seat, Secret: m.prompt.Secret, Group: m.prompt.Group}
	}
	m.learn.End(p, m.sight)
}

// sight is a fingerprint of what seat sees of the table: the zones as it
// sees them, the pools, tracks and pads, the notes as drawn for it and
// the boards. Whose turn it is, the prompt and the log are left out (the
// log is followed line by line).
func (m *Match) sight(seat int) uint64 {
	h := knowledge.NewSight().Table(&m.State, seat)
	for _, n := range m.notesFor(seat) {
		h = h.Text(n.Key).Text(n.Text)
		switch x := n.Value.(type) {
		case lua.LNumber:
			h = h.Num(int(math.Float64bits(float64(x))))
		case lua.LString:
			h = h.Text(string(x))
		case lua.LBool:
			h = h.Text(x.String())
		}
	}
	return uint64(h.Extras(&m.State, seat))
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
