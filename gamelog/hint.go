package gamelog

import "sync/atomic"

// Hint remembers how long the last finished game's log grew, so that the
// next game of the same script makes its log that long at once rather
// than growing it by doubling (each doubling copies everything written so
// far: a few per cent of a random game's time). It changes only
// capacities, never what a log holds. A Hint may be used by many
// goroutines at once.
type Hint struct {
	lines, parts, args, refs atomic.Int64
}

// maxHint bounds a hinted capacity, so that one freak game cannot make
// every later log start huge.
const maxHint = 1 << 16

// Note remembers l's sizes as the next logs' hint.
func (h *Hint) Note(l *Log) {
	h.lines.Store(int64(min(len(l.lines), maxHint)))
	h.parts.Store(int64(min(len(l.parts), maxHint)))
	h.args.Store(int64(min(len(l.args), maxHint)))
	h.refs.Store(int64(min(len(l.cardRefs), maxHint)))
}

// Apply gives l, empty, the hinted capacities.
func (h *Hint) Apply(l *Log) {
	l.lines = make([]Line, 0, h.lines.Load())
	l.parts = make([]lineParts, 0, h.parts.Load())
	l.args = make([]Arg, 0, h.args.Load())
	l.cardRefs = make([]int, 0, h.refs.Load())
}

// Caps returns the capacities of l's lines and arguments (for tests of
// a Hint).
func (l *Log) Caps() (lines, args int) { return cap(l.lines), cap(l.args) }

// Sizes returns how many lines and arguments l holds (for tests of a
// Hint).
func (l *Log) Sizes() (lines, args int) { return len(l.lines), len(l.args) }
