package interp

import (
	"fmt"
)

// CheckSecrecy verifies that nothing a seat may read names a card the seat
// may not see: no log line written so far did (each is judged when it was
// written), and no extra object that shows cards (a CardShower) shows one
// now. Zones need no check: a view lists only the cards its seat may see.
func (m *Match) CheckSecrecy() error {
	if leaks := m.log.Leaks(); len(leaks) > 0 {
		return fmt.Errorf("%s", leaks[0])
	}
	return m.State.CheckShown()
}

// Leaks lists what a seat could read that it may not see: the log lines
// that named such a card when they were written, or else an extra object
// that shows one now (see CheckSecrecy). Empty when all is well.
func (m *Match) Leaks() []string {
	out := append([]string(nil), m.log.Leaks()...)
	if len(out) == 0 {
		if err := m.CheckSecrecy(); err != nil {
			out = append(out, err.Error())
		}
	}
	return out
}

// CheckResult verifies a finished game's result: its winners are seats,
// and when the game keeps a score pad, the scores are the first pad's
// totals.
func (m *Match) CheckResult() error {
	if !m.done {
		return nil
	}
	return m.State.CheckResult(m.result)
}
