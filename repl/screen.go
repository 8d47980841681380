package repl

import (
	"os"
	"strings"

	"github.com/muesli/termenv"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/render"
)

// clearScreen clears the terminal and its scrollback, and puts the cursor
// at the top: nothing of the last person's screen is left to scroll back to.
const clearScreen = "\x1b[H\x1b[2J\x1b[3J"

// style is how the session draws: plain for a file or a pipe; on a
// terminal its width and, with Color, the terminal's colour profile (at
// least 16 colours).
func (s *Session) style() render.Style {
	st := render.Plain
	if s.Size != nil {
		st.Width, _ = s.Size()
	}
	if s.Color {
		st.Profile = termenv.EnvColorProfile()
		if st.Profile == termenv.Ascii {
			st.Profile = termenv.ANSI // colour was asked for
		}
	}
	return st
}

// screenTurn shows a person's decision on a terminal: after the privacy
// screen when the keyboard passes from one person to another, then the
// seat's screen.
func (s *Session) screenTurn(p *interp.Prompt) {
	s.handTo(p.Seat)
	if !s.confirm() {
		return
	}
	s.drawScreen(p.Seat, p)
}

// drawScreen prints seat's screen: its board, table, hand, the events
// since its last screen and the decision p (nil: the game is over). Right
// after step or run narrated the moves to this seat, the screen leaves
// them in sight above it: it does not show them again, and takes fewer
// lines (down to half the terminal).
func (s *Session) drawScreen(seat int, p *interp.Prompt) {
	from := s.turnFrom[seat]
	_, h := s.Size()
	if s.narrated > 0 && seat == s.viewer {
		from = max(from, s.narratedTo)
		h -= min(s.narrated+2, h/2) // and the line typed, and the blank line
	}
	lines := render.Screen(render.Turn{View: s.m.View(seat), Prompt: p, Events: s.screenEvents(seat, from)}, h, s.style())
	s.printf("\n%s\n", strings.Join(lines, "\n"))
	s.turnFrom[seat] = s.m.LogLen()
	s.shown = s.m.LogLen()
	s.narrated = 0
}

// screenEvents are the log lines seat reads from line from on, each with
// how much it concerns the seat: told to it (not to everyone), naming it,
// or neither. Lines from before the session took up the match (a game
// resumed, loaded or undone) concern nobody in particular: what the seat
// saw of them is not known.
func (s *Session) screenEvents(seat, from int) []render.Event {
	lines := s.m.LogFor(seat, from)
	fresh := len(s.m.LogFor(seat, max(from, s.takenUp)))
	out := make([]render.Event, len(lines))
	for i, l := range lines {
		out[i].Text = l.Text
		switch {
		case i < len(lines)-fresh:
		case l.To != interp.AllSeats:
			out[i].For = render.Told
		case l.Names.Has(seat):
			out[i].For = render.Named
		}
	}
	return out
}

// TerminalSize returns a function giving the size of the terminal f is
// (80×24 when it cannot tell), for Session.Size.
func TerminalSize(f *os.File) func() (int, int) {
	return func() (int, int) {
		w, h, err := termSize(f)
		if err != nil || w <= 0 || h <= 0 {
			return 80, 24
		}
		return w, h
	}
}
