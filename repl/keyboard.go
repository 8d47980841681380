package repl

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/render"
)

// Who is at the keyboard. People who share one keyboard (tabletop play
// --seats ann,bob) take turns at it. The session shows what only a seat
// may see — its screen, its private log lines, its options, the
// completions of its moves, its line history — only while that seat's
// person is known to be at the keyboard: the one who last pressed Enter at
// the hand-over pause for it (present). The viewing seat changes in one
// place, handTo, which never shows anything; whatever needs the seat's
// person asks confirm first, which holds the pause. So no command, and no
// failure half-way through one, can hand the keyboard over without it.

// handTo makes seat the viewing seat. Its person is not taken to be at the
// keyboard until confirm says so.
func (s *Session) handTo(seat int) {
	if seat == s.viewer {
		return
	}
	s.seen[s.viewer] = s.shown
	s.viewer = seat
	s.narrated = 0 // nothing was narrated to this seat
}

// present reports whether the viewing seat's person is known to be at the
// keyboard. A transcript (no terminal) has no screen to hide.
func (s *Session) present() bool { return s.Size == nil || s.atKeys == s.viewer }

// needsPause reports whether seat's person must be called to the keyboard
// behind a cleared screen: on a terminal, when someone else may be at it —
// another person of the table, or whoever had it before.
func (s *Session) needsPause(seat int) bool {
	return s.Size != nil && seat != s.atKeys && (s.humans() >= 2 || s.atKeys != 0)
}

// confirm makes sure the viewing seat's person is at the keyboard, holding
// the hand-over pause when someone else may be there. It reports false
// when he asked to leave instead (or the input ended): then nothing of the
// seat may be shown.
func (s *Session) confirm() bool {
	if s.present() {
		return true
	}
	if s.needsPause(s.viewer) {
		s.atKeys = 0 // nobody known while the keyboard changes hands
		if !s.pause(s.viewer) {
			return false
		}
	}
	s.atKeys, s.handed = s.viewer, true
	s.typist(s.viewer)
	return true
}

// keyboardTaken makes sure, before a line is read, that the person whose
// prompt it is sits at the keyboard. A pause here (the keyboard left a
// seat a bot took over, or a new table was loaded) hid the screen, so the
// seat's is drawn again. It reports false when he asked to leave.
func (s *Session) keyboardTaken() bool {
	if s.settle(); s.present() {
		return true
	}
	paused := s.needsPause(s.viewer)
	if !s.confirm() {
		return false
	}
	if paused {
		s.drawScreen(s.viewer, nil)
		s.prompted = promptKey{} // say again what the table waits for
		s.showState()
	}
	return true
}

// settle picks the seat to view when the viewing seat is nobody's any
// more (its person handed it to a bot): the person's seat to act, else the
// first person's. A replay may look at any seat; a table of bots only
// keeps the seat it has.
func (s *Session) settle() {
	if s.replay != "" || s.isHuman(s.viewer) || s.humans() == 0 {
		return
	}
	if p := s.m.Prompt(); p != nil && s.isHuman(p.Seat) {
		s.handTo(p.Seat)
		return
	}
	s.handTo(s.firstHuman())
}

// pause clears the screen and waits until seat's person says only he can
// see it; it reports false when the input ended or he asked to leave. While
// it waits nobody's history is on the line editor.
func (s *Session) pause(seat int) bool {
	s.typist(0)
	name := s.m.SeatLabel(seat)
	if s.handed {
		s.printf("%s", clearScreen) // the first time, the game's introduction stays
	}
	s.tell(fmt.Sprintf("Pass the keyboard to %s — %s, press Enter when only you can see the screen.", render.SeatTitle(s.m.Seats[seat-1]), name))
	for {
		line, err := s.readLine(name+", press Enter> ", false)
		switch {
		case errors.Is(err, ErrInterrupt), errors.Is(err, io.EOF):
			if s.confirmQuit() {
				s.quitNow = true
				return false
			}
			continue
		case err != nil:
			s.quitNow = true
			return false
		case strings.EqualFold(strings.TrimSpace(line), "quit"):
			s.quitNow = true
			return false
		}
		break
	}
	s.printf("%s", clearScreen)
	s.narrated = 0 // whatever was narrated is gone
	return true
}

// mayDecide reports whether the options of p may be shown and answered
// here: the seat to act is a person's, and he is at the keyboard. In a
// replay any seat's may.
func (s *Session) mayDecide(p *interp.Prompt) bool {
	return s.replay != "" || p.Seat == s.viewer && s.isHuman(p.Seat) && s.present()
}

// notYours says why the options of p are not for the one at the keyboard.
func (s *Session) notYours(p *interp.Prompt) string {
	if !s.isHuman(p.Seat) {
		return fmt.Sprintf("%s is played by a bot: its moves are its own (step lets it move, human %d plays it yourself).", s.m.SeatLabel(p.Seat), p.Seat)
	}
	return fmt.Sprintf("It is %s's move, not %s's: seat %d passes the keyboard back.", s.m.SeatLabel(p.Seat), s.m.SeatLabel(s.viewer), p.Seat)
}

// autoForced reports whether p, a person's decision with one legal
// option, is played for him (--auto-forced): not when he would have to be
// called to the keyboard for it, since whether he is called must not
// depend on what he holds.
func (s *Session) autoForced(p *interp.Prompt) bool {
	return s.AutoForced && len(p.Options) == 1 && !s.needsPause(p.Seat)
}

// share tells the match when people share the keyboard, so that it asks
// them the same whatever they hold (interp.Match.ShareKeyboard), and
// reports whether they had not shared it yet. A replay asks what its
// record asked until a move leaves it.
func (s *Session) share() bool {
	if s.replaying() || s.humans() < 2 || !s.m.ShareKeyboard() {
		return false
	}
	s.closeBots() // a bot that mirrors the game must ask what it asks
	return true
}

// Typists is what a LineReader implements when it keeps apart what each
// person at the keyboard typed (Terminal: his line history): the session
// says who types.
type Typists interface {
	// Typist says who types from now on: "" for nobody known (nothing
	// of anyone's is offered, nothing typed is kept). own says his lines
	// are the ones kept across sessions (a person playing alone).
	Typist(who string, own bool)
}

// typist tells the line reader whose lines these are: seat's person, or
// nobody (0).
func (s *Session) typist(seat int) {
	t, ok := s.in.(Typists)
	if !ok {
		return
	}
	who := s.person(seat)
	t.Typist(who, who != "" && who == s.owner)
}

// person names the person at seat for the line reader: the seat and the
// name, so that whoever plays a seat of a loaded game under another name
// is someone else ("" for no seat).
func (s *Session) person(seat int) string {
	if seat < 1 || seat > len(s.seats) {
		return ""
	}
	return fmt.Sprintf("%d %s", seat, s.seats[seat-1].Name)
}
