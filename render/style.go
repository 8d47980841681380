package render

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
)

// Style is how lines are drawn: the width to wrap them to (0: no wrapping)
// and the terminal's colour profile (termenv.Ascii: no colour at all).
type Style struct {
	Width   int
	Profile termenv.Profile
}

// Plain is the style of a file or a pipe: no wrapping, no colour.
var Plain = Style{Profile: termenv.Ascii}

// Color reports whether the style draws colours.
func (st Style) Color() bool { return st.Profile != termenv.Ascii }

// Wrap word-wraps text to the style's width by the one wrapping rule
// (wrap.go); the lines after the first are indented by indent. Newlines
// in text start new lines.
func (st Style) Wrap(text, indent string) []string {
	var out []string
	for _, para := range strings.Split(text, "\n") {
		out = append(out, wrapText(para, st.Width, indent)...)
	}
	return out
}

// Cut shortens a line to the style's width, keeping colour sequences.
func (st Style) Cut(line string) string {
	if st.Width <= 0 || ansi.StringWidth(line) <= st.Width {
		return line
	}
	return ansi.Truncate(line, st.Width, "…")
}

// Bold draws s in bold when the style has colour.
func (st Style) Bold(s string) string {
	if !st.Color() {
		return s
	}
	return termenv.String(s).Bold().String()
}

// Reverse draws s in reverse video when the style has colour.
func (st Style) Reverse(s string) string {
	if !st.Color() {
		return s
	}
	return termenv.String(s).Reverse().String()
}

// Faint draws s faint when the style has colour.
func (st Style) Faint(s string) string {
	if !st.Color() {
		return s
	}
	return termenv.String(s).Faint().String()
}

// sgr256 matches a 256-colour foreground or background sequence.
var sgr256 = regexp.MustCompile(`\x1b\[(38|48);5;(\d+)m`)

// Degrade rewrites the 256-colour sequences in line (as boards draw them)
// for the style's profile: the nearest of 16 colours on a basic terminal,
// none without colour.
func (st Style) Degrade(line string) string {
	switch st.Profile {
	case termenv.TrueColor, termenv.ANSI256:
		return line
	case termenv.Ascii:
		return ansi.Strip(line)
	}
	return sgr256.ReplaceAllStringFunc(line, func(seq string) string {
		m := sgr256.FindStringSubmatch(seq)
		n, _ := strconv.Atoi(m[2])
		c := st.Profile.Color(strconv.Itoa(n))
		if c == nil {
			return ""
		}
		return "\x1b[" + c.Sequence(m[1] == "48") + "m"
	})
}
