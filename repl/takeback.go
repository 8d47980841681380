package repl

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/takeback"
)

// Taking moves back follows the table's policy (package takeback): the
// person at the keyboard takes back his own moves only; on his own while
// his seat has learned nothing since and no other person's move goes with
// them, else when every other person agrees. At a shared keyboard each of
// them is asked in turn, on a screen cleared of the asker's hand, and the
// next person's screen comes after the privacy pause. At a table of one
// person the game becomes practice instead, once he says so. In a replay
// of a record, undo and next step through it freely.

// undo takes back the viewing seat's last n moves (in a replay, steps
// back n decisions).
func (s *Session) undo(n int) {
	if s.replay != "" {
		s.undoReplay(n)
		return
	}
	if !s.isHuman(s.viewer) {
		s.printf("%s is played by a bot: only people take back their moves.\n", s.m.SeatLabel(s.viewer))
		return
	}
	p, err := takeback.Judge(s.m, s.isHuman, s.viewer, n)
	if err != nil {
		s.printf("Cannot take back: %s.\n", interp.ErrorText(err))
		return
	}
	if !s.agreed(p) {
		return
	}
	ds := s.m.Decisions()
	m, err := takeback.Take(s.m, p)
	if err != nil {
		s.printf("Cannot take back: %s\n", interp.ErrorText(err))
		return
	}
	// one chunk per move of the seat's, pushed latest first
	var own []int
	for i := p.Cut; i < len(ds); i++ {
		if ds[i].Seat == p.Seat && !ds[i].Say {
			own = append(own, i)
		}
	}
	own = append(own, len(ds))
	if s.redoBy != p.Seat {
		s.redo = nil
	}
	for i := len(own) - 2; i >= 0; i-- {
		s.redo = append(s.redo, append([]interp.Decision(nil), ds[own[i]:own[i+1]]...))
	}
	s.redoBy = p.Seat
	old := s.m
	s.replace(m)
	s.autosave()
	if s.humans() > 1 {
		s.tell(p.Announce(old)) // on a terminal, above the privacy pause
		return
	}
	s.printf("Took back %d decision(s): back before %s's %s.\n", p.Undone, s.m.SeatLabel(p.Seat), ds[p.Cut].Text)
	if p.Practice {
		s.tell("This is now a practice game: its save and its result say so.")
	}
}

// agreed asks whoever must agree to plan p: each other person, or at a
// table of one person, the person himself before his game becomes
// practice. It reports whether the move may go.
func (s *Session) agreed(p *takeback.Plan) bool {
	if p.Free() {
		return true
	}
	if p.Practice {
		if s.m.Practice() {
			return true // it is practice already
		}
		s.tell(p.Request(s.m))
		return s.yes("Take it back? (yes/no) ", "The move stands.")
	}
	return s.askEach(p.Request(s.m), p.Ask, "the move stands.")
}

// yes reads a yes or a no; anything but yes (or y) is no, and then no is
// told.
func (s *Session) yes(prompt, no string) bool {
	line, err := s.in.ReadLine(prompt, false)
	switch {
	case errors.Is(err, ErrInterrupt), errors.Is(err, io.EOF), err != nil:
	default:
		if a := strings.ToLower(strings.TrimSpace(line)); a == "yes" || a == "y" {
			return true
		}
	}
	s.tell(no)
	return false
}

// undoReplay steps back n decisions in a replay: they are applied again
// with next.
func (s *Session) undoReplay(n int) {
	ds := s.m.Decisions()
	var cuts []int // the decisions one can go back before: answers to prompts
	for i, d := range ds {
		if !d.Say {
			cuts = append(cuts, i)
		}
	}
	if len(cuts) == 0 {
		s.printf("Nothing to undo.\n")
		return
	}
	k := cuts[len(cuts)-min(max(n, 1), len(cuts))]
	m, err := s.eng.Replay(s.m.Config, ds[:k])
	if err != nil {
		s.printf("Cannot undo: %s\n", interp.ErrorText(err))
		return
	}
	m.SetTakebacks(s.m.Takebacks())
	s.pending = append(append([]interp.Decision(nil), ds[k:]...), s.pending...)
	s.replace(m)
	s.autosave()
	s.printf("Took back %d decision(s): back before %s's %s.\n", len(ds)-k, s.m.SeatLabel(ds[k].Seat), ds[k].Text)
}

// redoN makes again the last n moves the viewing seat took back, with
// the bots' moves that followed them; it stops before another person's
// move, which is his to make again.
func (s *Session) redoN(n int) bool {
	switch {
	case len(s.redo) == 0:
		s.printf("Nothing to redo.\n")
		return false
	case s.redoBy != s.viewer:
		s.printf("Only %s can make again what %s took back.\n", s.m.SeatLabel(s.redoBy), s.m.SeatLabel(s.redoBy))
		return false
	}
	changed, made := false, 0
	for ; n > 0 && len(s.redo) > 0; n-- {
		chunk := s.redo[len(s.redo)-1]
		s.redo = s.redo[:len(s.redo)-1]
		for _, d := range chunk {
			if d.Seat != s.redoBy && s.isHuman(d.Seat) {
				s.redo = nil // the rest is another person's to decide
				break
			}
			if err := s.apply(d); err != nil {
				s.printf("Cannot redo %s: %s\n", d.Text, interp.ErrorText(err))
				s.redo = nil
				s.decided()
				return true
			}
			changed = true
		}
		made++
		s.decided()
	}
	if s.humans() > 1 && made > 0 {
		s.tell(fmt.Sprintf("%s makes %s again.", s.m.SeatLabel(s.viewer), plural(made, "a move", fmt.Sprintf("%d moves", made))))
	}
	return changed
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
