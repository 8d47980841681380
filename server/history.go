package server

import (
	"fmt"

	"github.com/tabletop/tabletop/interp"
)

// The log a frame replays. A connection's first frame (and the frame
// after an undo) carries the seat's last log lines only — at most
// maxLogLines, and no more than maxLogBytes of text — so that a table
// with thousands of lines said does not send megabytes to every page that
// reconnects. The page asks for earlier lines when its reader wants them
// ({"type":"history","before":N}), a window of the same size at a time.
// The text box's `log` is held to the same size.
const (
	maxLogLines = 200
	maxLogBytes = 64 << 10
)

// window is where the window of items ending before end starts: at most
// maxLogLines items and maxLogBytes of their sizes, but at least one.
func window(end int, size func(i int) int) int {
	from, total := end, 0
	for from > 0 && end-from < maxLogLines {
		total += size(from-1) + 32 // and its JSON
		if total > maxLogBytes && from < end {
			break
		}
		from--
	}
	return from
}

// logWindow is window over a seat's log lines.
func logWindow(lines []interp.LogLine, end int) int {
	return window(end, func(i int) int { return len(lines[i].Text) })
}

// historyFrame answers a page's request for the log lines of its seat
// before line before: {"type":"history","from":N,"log":[…]}, the window
// of lines ending there.
func (t *Table) historyFrame(seat int, before *int) ([]byte, error) {
	if err := t.usable(); err != nil {
		return nil, err
	}
	lines := t.m.LogFor(seat, 0)
	if before == nil || *before < 0 || *before > len(lines) {
		return nil, fmt.Errorf("a history message needs \"before\", a line of your log (0 to %d)", len(lines))
	}
	from := logWindow(lines, *before)
	return mustJSON(map[string]any{"type": "history", "from": from, "log": logLinesJSON(lines[from:*before])}), nil
}

// capLines keeps the last lines of a command's reply that fit a window,
// saying how many were left out.
func capLines(lines []string) []string {
	from := window(len(lines), func(i int) int { return len(lines[i]) })
	if from == 0 {
		return lines
	}
	note := fmt.Sprintf("(%d earlier lines left out: the log beside the table shows them)", from)
	return append([]string{note}, lines[from:]...)
}
