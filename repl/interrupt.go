package repl

import (
	"context"
	"errors"
	"io"
	"strings"
)

// Ctrl-C and Ctrl-D on a terminal. While a command runs (run, step, the
// bots' moves) the terminal turns Ctrl-C into a signal, which the program
// passes to Interrupt; at the prompt the line editor reads it as a key
// (ErrInterrupt), and so does the privacy screen.

// execInterruptible runs a line in a context that Interrupt cancels.
// secret says it was typed for a secret choice.
func (s *Session) execInterruptible(ctx context.Context, line string, secret bool) bool {
	s.saidStop = false
	s.secretLine = secret
	defer func() { s.secretLine = false }()
	cctx, cancel := context.WithCancel(ctx)
	s.mu.Lock()
	s.cancel = cancel
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.cancel = nil
		s.mu.Unlock()
		cancel()
	}()
	return s.Exec(cctx, line)
}

// Interrupt stops the command running (run, step, the bots' moves): the
// session goes back to the prompt. It reports whether a command was
// running. It may be called from another goroutine (a signal handler).
func (s *Session) Interrupt() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cancel == nil {
		return false
	}
	s.cancel()
	return true
}

// howToQuit says how to leave, and that the game is kept.
func (s *Session) howToQuit() string {
	msg := "(To leave the game type quit, or press Ctrl-C again or Ctrl-D"
	if s.Autosave != nil && !s.m.Done() {
		msg += "; it is autosaved, and " + s.Autosave.ResumeHint() + " goes on with it"
	}
	return msg + ".)"
}

// confirmQuit asks whether to leave; Ctrl-D or y says yes.
func (s *Session) confirmQuit() bool {
	q := "Leave the game? (y/n) "
	if s.Autosave == nil && !s.m.Done() {
		q = "Leave the game? It is not saved (save FILE keeps it). (y/n) "
	}
	s.ctrlC = 0
	answer, err := s.readLine(q, false)
	if errors.Is(err, io.EOF) || err == nil && strings.HasPrefix(strings.ToLower(strings.TrimSpace(answer)), "y") {
		return true
	}
	s.printf("The game goes on.\n")
	return false
}

// stopped says, once a command, that Ctrl-C stopped the moves.
func (s *Session) stopped() {
	if !s.saidStop {
		s.saidStop = true
		s.printf("\nStopped (Ctrl-C).\n")
	}
}
