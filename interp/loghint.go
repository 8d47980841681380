package interp

import "sync/atomic"

// logHint remembers how long the last finished game's log grew, so that
// the next match of the same engine makes its log that long at once
// rather than growing it by doubling (each doubling copies everything
// written so far: a few per cent of a random game's time). It changes
// only capacities, never what a match does.
type logHint struct {
	lines, parts, args, refs atomic.Int64
}

// maxHint bounds a hinted capacity, so that one freak game cannot make
// every later match start with a huge log.
const maxHint = 1 << 16

// note remembers m's log sizes as the next matches' hint.
func (h *logHint) note(m *Match) {
	h.lines.Store(int64(min(len(m.log), maxHint)))
	h.parts.Store(int64(min(len(m.logParts), maxHint)))
	h.args.Store(int64(min(len(m.logArgs), maxHint)))
	h.refs.Store(int64(min(len(m.cardRefs), maxHint)))
}

// apply gives m's log the hinted capacities.
func (h *logHint) apply(m *Match) {
	m.log = make([]LogLine, 0, h.lines.Load())
	m.logParts = make([]logParts, 0, h.parts.Load())
	m.logArgs = make([]logArg, 0, h.args.Load())
	m.cardRefs = make([]int, 0, h.refs.Load())
}
