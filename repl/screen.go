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
// since its last screen and the decision p (nil: the game is over).
func (s *Session) drawScreen(seat int, p *interp.Prompt) {
	var events []string
	for _, l := range s.m.LogFor(seat, s.turnFrom[seat]) {
		events = append(events, l.Text)
	}
	_, h := s.Size()
	lines := render.Screen(render.Turn{View: s.m.View(seat), Prompt: p, Events: events}, h, s.style())
	s.printf("\n%s\n", strings.Join(lines, "\n"))
	s.turnFrom[seat] = s.m.LogLen()
	s.shown = s.m.LogLen()
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
