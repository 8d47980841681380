package render

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/tabletop/tabletop/interp"
)

// minBoard is the fewest lines a board gets on a screen: its column
// header, a few rows and the line saying which rows they are.
const minBoard = 6

// boardLines draws the board-like objects of a view in at most avail
// lines: whole when they fit, else (a board with a map) the rows around
// what the seat most needs to see, with the public lines beside them.
func boardLines(extras []interp.ExtraView, avail int, st Style) []string {
	var out []string
	for _, x := range extras {
		lines := x.Lines
		if st.Color() && x.Color != nil {
			lines = x.Color
		}
		whole := lines
		if x.Title != "" {
			whole = append([]string{x.Title}, lines...)
		}
		switch {
		case len(whole) <= avail-len(out) && fits(lines, st.Width):
			for _, l := range whole {
				out = append(out, st.Degrade(l))
			}
		case len(x.Map) > 0 && avail-len(out) >= minBoard:
			out = append(out, window(x, avail-len(out), st)...)
		default:
			out = append(out, st.Faint(fmt.Sprintf("(%s: view shows it)", name(x))))
		}
	}
	return out
}

func name(x interp.ExtraView) string {
	if x.Title != "" {
		return x.Title
	}
	return x.Name
}

func fits(lines []string, width int) bool {
	if width <= 0 {
		return true
	}
	for _, l := range lines {
		if ansi.StringWidth(l) > width {
			return false
		}
	}
	return true
}

// window draws n lines of a board: the map's column header, the rows
// around the seat's focus (its marked squares, else its token; the
// middle of the map without either), the public lines beside them, and
// a last line saying which rows these are.
func window(x interp.ExtraView, n int, st Style) []string {
	rows, side := x.Map, x.Side
	if st.Color() && x.MapColor != nil {
		rows, side = x.MapColor, x.SideColor
	}
	k := min(n-2, len(rows)-1) // map rows shown
	first := pickWindow(x.Focus, len(rows)-1, k)
	out := []string{rows[0]}
	out = append(out, rows[first:first+k]...)
	width := 0
	for _, l := range out {
		width = max(width, ansi.StringWidth(l))
	}
	for i := range out {
		line := out[i]
		if i >= 1 && i-1 < len(side) {
			line += strings.Repeat(" ", width-ansi.StringWidth(line)) + "  " + side[i-1]
		}
		out[i] = st.Cut(st.Degrade(line))
	}
	note := fmt.Sprintf("%s, rows %d-%d of %d (view shows it all)", name(x), first, first+k-1, len(rows)-1)
	return append(out, st.Faint(st.Cut(note)))
}

// pickWindow returns the first of k map rows (1 to total) to show so that
// the focus rows are in sight, centred on them.
func pickWindow(focus []int, total, k int) int {
	lo, hi := total/2, total/2
	if len(focus) > 0 {
		lo, hi = focus[0], focus[0]
		for _, f := range focus {
			lo, hi = min(lo, f), max(hi, f)
		}
	}
	first := (lo+hi)/2 - (k-1)/2
	if hi-lo+1 <= k {
		first = min(max(first, hi-k+1), lo)
	}
	return min(max(first, 1), total-k+1)
}
