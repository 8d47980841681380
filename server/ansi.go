package server

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// run is a stretch of a board line in one style: its text, foreground
// and background colours (#rrggbb, or "" for the page's own) and
// boldness. Boards come from the engine coloured for a terminal (SGR
// escape sequences, 256 colours); the page draws the same colours.
type run struct {
	T    string `json:"t"`
	F    string `json:"f,omitempty"`
	B    string `json:"b,omitempty"`
	Bold bool   `json:"bold,omitempty"`
}

// runs splits a line coloured with SGR sequences into runs. Any other
// escape sequence is dropped, and so are control characters.
func runs(line string) []run {
	var out []run
	var cur run
	var text strings.Builder
	flush := func() {
		if text.Len() > 0 {
			cur.T = text.String()
			out = append(out, cur)
			text.Reset()
		}
	}
	for i := 0; i < len(line); i++ {
		ch := line[i]
		if ch == 0x1b && i+1 < len(line) && line[i+1] == '[' {
			j := i + 2
			for j < len(line) && (line[j] >= '0' && line[j] <= '9' || line[j] == ';') {
				j++
			}
			if j < len(line) && line[j] == 'm' {
				flush()
				next := applySGR(cur, line[i+2:j])
				cur = run{F: next.F, B: next.B, Bold: next.Bold}
			}
			i = j
			continue
		}
		if ch < 0x20 || ch == 0x7f {
			continue
		}
		text.WriteByte(ch)
	}
	flush()
	return out
}

// splitRuns cuts a line of runs at column col: the runs before it and
// those from it on (a run across it is cut in two).
func splitRuns(line []run, col int) (left, right []run) {
	at := 0
	for i, r := range line {
		w := ansi.StringWidth(r.T)
		switch {
		case at+w <= col:
			left = append(left, r)
		case at >= col:
			return left, append(right, line[i:]...)
		default:
			k := 0 // bytes of r.T before col
			for c := at; c < col && k < len(r.T); {
				_, size := utf8.DecodeRuneInString(r.T[k:])
				c += ansi.StringWidth(r.T[k : k+size])
				k += size
			}
			a, b := r, r
			a.T, b.T = r.T[:k], r.T[k:]
			left = append(left, a)
			if b.T != "" {
				right = append(right, b)
			}
		}
		at += w
	}
	return left, right
}

// applySGR applies the parameters of one SGR sequence to a style.
func applySGR(st run, params string) run {
	ps := strings.Split(params, ";")
	for k := 0; k < len(ps); k++ {
		n, _ := strconv.Atoi(ps[k])
		switch {
		case n == 0:
			st = run{}
		case n == 1:
			st.Bold = true
		case n == 22:
			st.Bold = false
		case n >= 30 && n <= 37:
			st.F = color256(n - 30)
		case n >= 90 && n <= 97:
			st.F = color256(n - 90 + 8)
		case n >= 40 && n <= 47:
			st.B = color256(n - 40)
		case n >= 100 && n <= 107:
			st.B = color256(n - 100 + 8)
		case n == 39:
			st.F = ""
		case n == 49:
			st.B = ""
		case (n == 38 || n == 48) && k+2 < len(ps) && ps[k+1] == "5":
			c, _ := strconv.Atoi(ps[k+2])
			if n == 38 {
				st.F = color256(c)
			} else {
				st.B = color256(c)
			}
			k += 2
		case (n == 38 || n == 48) && k+4 < len(ps) && ps[k+1] == "2":
			r, _ := strconv.Atoi(ps[k+2])
			g, _ := strconv.Atoi(ps[k+3])
			b, _ := strconv.Atoi(ps[k+4])
			c := fmt.Sprintf("#%02x%02x%02x", r&255, g&255, b&255)
			if n == 38 {
				st.F = c
			} else {
				st.B = c
			}
			k += 4
		}
	}
	return st
}

// basic16 are the first 16 colours of the xterm palette.
var basic16 = [16]string{
	"#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
	"#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff",
}

// color256 is colour n of the xterm 256-colour palette.
func color256(n int) string {
	switch {
	case n < 0 || n > 255:
		return ""
	case n < 16:
		return basic16[n]
	case n < 232:
		n -= 16
		level := func(v int) int {
			if v == 0 {
				return 0
			}
			return 55 + 40*v
		}
		return fmt.Sprintf("#%02x%02x%02x", level(n/36), level(n/6%6), level(n%6))
	}
	g := 8 + 10*(n-232)
	return fmt.Sprintf("#%02x%02x%02x", g, g, g)
}
