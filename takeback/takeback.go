// Package takeback is the table's undo policy, one for every front end:
// who may take back what, and who must agree.
//
// A person takes back only his own decisions: his last move (or his last
// N), with whatever followed it — the bots' moves, and other people's
// moves if they agree. He may do so on his own while his seat has
// learned nothing since he made the move (nothing reached it after the
// game took in something it did not know: a card drawn or shown, another
// seat's move or secret choice, a tally, a die — the engine notes this,
// see interp.Learning) and no other person's decision would go with it.
// Otherwise every other person at the table must agree; bots always
// agree. At a table of one person and bots that means nobody asks: the
// move is taken back, and the game becomes a practice game, which its
// save and its result say. Nothing is taken back once the game is over.
//
// Judge says what a request would take and who must agree; Take goes
// back, and Announce is what every seat is told. The match returned by
// Take keeps what was taken back (interp.Takeback), which a save keeps.
package takeback

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/tabletop/tabletop/interp"
)

// ErrOver is the answer to a request once the game is over.
var ErrOver = errors.New("the game is over: nothing can be taken back")

// Plan is what taking back a seat's decisions would do.
type Plan struct {
	Seat   int // who asks
	Cut    int // the decisions kept: from decision Cut+1 on, all go
	Undone int // how many decisions go
	Moves  int // how many of them are the seat's own moves
	// Learned is set when the seat has learned something since the
	// first decision taken back; Cause says from what.
	Learned bool
	Cause   interp.Cause
	// Others are the other people whose decisions would go too.
	Others []int
	// Ask are the people who must agree first: every other person at the
	// table when the seat learned something or others' decisions go;
	// none when the seat may go back on its own.
	Ask []int
	// Practice is set when only bots were there to agree to a takeback
	// the seat could not make on its own: the game becomes practice.
	Practice bool
}

// Free reports whether the seat may go back on its own.
func (p *Plan) Free() bool { return len(p.Ask) == 0 && !p.Practice }

// How is the terms the plan takes back on.
func (p *Plan) How() interp.TakebackHow {
	switch {
	case p.Practice:
		return interp.Practice
	case len(p.Ask) > 0:
		return interp.Agreed
	}
	return interp.Free
}

// Judge says what taking back seat's last n moves (its answers to
// prompts; what it said goes with them) would do in m's game, and who
// must agree. person tells which seats people play. It replays the game
// to see what the seat learned when (interp.Learning).
func Judge(m *interp.Match, person func(seat int) bool, seat, n int) (*Plan, error) {
	if m.Done() {
		return nil, ErrOver
	}
	ds := m.Decisions()
	var own []int
	for i, d := range ds {
		if d.Seat == seat && !d.Say {
			own = append(own, i)
		}
	}
	if len(own) == 0 {
		return nil, errors.New("you have no move to take back")
	}
	n = max(1, min(n, len(own)))
	p := &Plan{Seat: seat, Cut: own[len(own)-n], Moves: n}
	p.Undone = len(ds) - p.Cut
	seen := map[int]bool{}
	for _, d := range ds[p.Cut:] {
		if d.Seat != seat && person(d.Seat) && !seen[d.Seat] {
			seen[d.Seat] = true
			p.Others = append(p.Others, d.Seat)
		}
	}
	var err error
	if p.Cause, p.Learned, err = learnedSince(m, seat, p.Cut); err != nil {
		return nil, err
	}
	if !p.Learned && len(p.Others) == 0 {
		return p, nil
	}
	for s := 1; s <= m.Players(); s++ {
		if s != seat && person(s) {
			p.Ask = append(p.Ask, s)
		}
	}
	p.Practice = len(p.Ask) == 0
	return p, nil
}

// learnedSince returns the first thing seat learned from decision cut
// on. It replays the game to there, then notes what each seat learns
// while it plays the rest again (interp.Match.StartLearning): from the
// last secret choice before cut if there was one (its answers may be
// revealed after cut), else from cut, where seat has just been asked and
// knows everything it has been shown.
func learnedSince(m *interp.Match, seat, cut int) (interp.Cause, bool, error) {
	ds := m.Decisions()
	if m.Err() != nil {
		// The last decision stopped the game: what it showed is its
		// error, which every seat sees alike.
		ds = ds[:len(ds)-1]
	}
	if cut >= len(ds) {
		return interp.CauseNone, false, nil
	}
	r, secret, err := replay(m, ds[:cut])
	if err == nil && secret < cut {
		r.Close()
		r, _, err = replay(m, ds[:secret])
	}
	if err != nil {
		return interp.CauseNone, false, fmt.Errorf("cannot tell what was seen since: %w", err)
	}
	defer r.Close()
	r.StartLearning()
	from := len(r.Decisions())
	for i, d := range ds[from:] {
		if err := apply(r, d); err != nil {
			return interp.CauseNone, false, fmt.Errorf("cannot tell what was seen since: decision %d: %w", from+i+1, err)
		}
		if j := from + i; j >= cut {
			if c, ok := r.Learned(j, seat); ok {
				return c, true, nil
			}
		}
	}
	return interp.CauseNone, false, nil
}

// replay plays ds again in a new match of m's game. secret is where the
// last secret choice among them began (the first answer to its prompts),
// or len(ds).
func replay(m *interp.Match, ds []interp.Decision) (r *interp.Match, secret int, err error) {
	r, err = m.Engine.NewMatch(m.Config)
	if err != nil {
		return nil, 0, err
	}
	secret, group := len(ds), -1
	for i, d := range ds {
		if p := r.Prompt(); p != nil && !d.Say {
			switch {
			case !p.Secret:
				group = -1
			case p.Group != group:
				secret, group = i, p.Group
			}
		}
		if err := apply(r, d); err != nil {
			r.Close()
			return nil, 0, fmt.Errorf("decision %d: %w", i+1, err)
		}
	}
	return r, secret, nil
}

func apply(m *interp.Match, d interp.Decision) error {
	if d.Say {
		return m.Say(d.Seat, d.Text)
	}
	return m.Apply(d.Seat, d.Text)
}

// Takeback is the plan as the game keeps it once taken.
func (p *Plan) Takeback() interp.Takeback {
	return interp.Takeback{Seat: p.Seat, At: p.Cut, Undone: p.Undone, How: p.How()}
}

// Take goes back to before the plan's first decision: a new match of the
// game, which keeps what was taken back before and this takeback, and
// whose log tells every seat (interp.Match.TakebackText).
func Take(m *interp.Match, p *Plan) (*interp.Match, error) {
	if m.Done() {
		return nil, ErrOver
	}
	if p.Cut+p.Undone != len(m.Decisions()) {
		return nil, errors.New("the game has moved on since: ask again")
	}
	tbs := append(append([]interp.Takeback(nil), m.Takebacks()...), p.Takeback())
	n, err := m.Engine.ReplayTakebacks(m.Config, m.Decisions()[:p.Cut], tbs)
	if err != nil {
		return nil, fmt.Errorf("cannot take back: %w", err)
	}
	return n, nil
}

// Request is what the people who must agree are told: who asks, and why
// they are asked; at a table of one person, what the person is asked.
func (p *Plan) Request(m *interp.Match) string {
	who := m.SeatLabel(p.Seat)
	if p.Practice {
		return fmt.Sprintf("%s has seen what followed (%s): taking it back makes this a practice game, and its save and its result will say so.", who, p.Cause)
	}
	what := "a move"
	if p.Moves > 1 {
		what = fmt.Sprintf("%d moves", p.Moves)
	}
	var why []string
	if p.Learned {
		why = append(why, fmt.Sprintf("%s has seen what followed (%s)", who, p.Cause))
	}
	if len(p.Others) > 0 {
		why = append(why, seatList(m, p.Others)+"'s "+plural(len(p.Others), "move", "moves")+" would go too")
	}
	return fmt.Sprintf("%s asks to take back %s: %s.", who, what, strings.Join(why, ", and "))
}

// Announce is what every seat is told once the decisions are taken back:
// the line Take writes in the game's log.
func (p *Plan) Announce(m *interp.Match) string { return m.TakebackText(p.Takeback()) }

// Note is what a game's result adds about what was taken back: that it
// is a practice game, or that moves were taken back by agreement; "" when
// nothing was taken back but on the seat's own terms.
func Note(m *interp.Match) string {
	practice, agreed := map[int]int{}, 0
	var who, reloaded []int
	for _, tb := range m.Takebacks() {
		switch tb.How {
		case interp.Reloaded:
			if !slices.Contains(reloaded, tb.Seat) {
				reloaded = append(reloaded, tb.Seat)
			}
		case interp.Practice:
			if practice[tb.Seat] == 0 {
				who = append(who, tb.Seat)
			}
			practice[tb.Seat]++
		case interp.Agreed:
			agreed++
		}
	}
	if len(reloaded) > 0 && len(who) == 0 {
		return fmt.Sprintf("A practice game: %s changed the rules in the middle of it (reload).", seatList(m, reloaded))
	}
	if len(who) > 0 {
		n := 0
		for _, k := range practice {
			n += k
		}
		return fmt.Sprintf("A practice game: %s took back %s after seeing what followed.", seatList(m, who), plural(n, "a move", fmt.Sprintf("%d moves", n)))
	}
	if agreed > 0 {
		return fmt.Sprintf("Moves were taken back %s with everyone's agreement.", plural(agreed, "once", fmt.Sprintf("%d times", agreed)))
	}
	return ""
}

func seatList(m *interp.Match, seats []int) string {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = m.SeatLabel(s)
	}
	if len(names) > 1 {
		return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
	}
	return strings.Join(names, "")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
