package repl

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/tabletop/tabletop/interp"
)

// Why a line of the log came: the rule of the script that wrote it. The
// engine keeps, for each line, the place in the script of the innermost
// frame of the script's own code that wrote it (interp.Match.LogPlace);
// why shows that file:line, the lines around it and the rulebook section
// the script cites there. It shows the script's source, which is public,
// and nothing of the state; and only for a line the viewing seat may read:
// lines are numbered as log numbers them, among the seat's own.

// whyContext is how many lines of the script why shows above and below
// the line that wrote a log line.
const whyContext = 3

// readable lists the indexes in the whole log of the lines the viewing
// seat may read, in order: its log's line N is the match's line
// readable()[N-1].
func (s *Session) readable() []int {
	var idx []int
	for i := 0; i < s.m.LogLen(); i++ {
		if to := s.m.LogTo(i); to == interp.AllSeats || to.Has(s.viewer) {
			idx = append(idx, i)
		}
	}
	return idx
}

// why shows the rule that wrote line n of the viewing seat's log (as log
// numbers them), or its last line.
func (s *Session) why(n int, hasN bool) {
	idx := s.readable()
	switch {
	case len(idx) == 0:
		s.tell("The log is empty: there is no line to explain.")
		return
	case hasN && n > len(idx):
		s.tell(fmt.Sprintf("There is no line %d: the log has %d lines (log numbers them).", n, len(idx)))
		return
	case !hasN:
		n = len(idx)
	}
	i := idx[n-1]
	line := s.m.LogFor(s.viewer, i)[0]
	s.tell(fmt.Sprintf("Line %d: %s", n, line.Text))
	place, ok := s.m.LogPlace(i)
	if !ok {
		s.tell(s.notWritten(line))
		return
	}
	src, ok := s.m.Engine.SourceLines(place.File)
	if !ok || place.Line > len(src) {
		s.tell(fmt.Sprintf("%s:%d wrote it (its text is not at hand).", place.File, place.Line))
		return
	}
	head := fmt.Sprintf("%s:%d", place.File, place.Line)
	if c := citation(src, place.Line, place.Func); c != "" {
		head += " " + c
	}
	s.tell(head)
	s.printLines(s.sourceExcerpt(src, place.Line))
}

// notWritten says where a line no line of the script wrote came from.
func (s *Session) notWritten(l interp.LogLine) string {
	for seat := 1; seat <= s.m.Players(); seat++ {
		if l.Names == interp.SeatSet(0).With(seat) && strings.HasPrefix(l.Text, s.m.SeatLabel(seat)+" says: ") {
			return fmt.Sprintf("No rule wrote it: %s said it at the table (say).", s.m.SeatLabel(seat))
		}
	}
	for _, tb := range s.m.Takebacks() {
		if l.Text == s.m.TakebackText(tb) && tb.How == interp.Reloaded {
			return "No rule wrote it: tabletop did, to tell of a change of the rules (reload)."
		}
		if l.Text == s.m.TakebackText(tb) {
			return "No rule wrote it: tabletop did, to tell of a takeback (undo)."
		}
	}
	return "The script wrote it from a place tabletop cannot tell (a method called through pcall itself)."
}

// sourceExcerpt is the lines of src around line (1-based), numbered, the
// line itself marked, each cut to the screen's width.
func (s *Session) sourceExcerpt(src []string, line int) []string {
	from, to := max(1, line-whyContext), min(len(src), line+whyContext)
	width := len(fmt.Sprint(to))
	st := s.style()
	var out []string
	for l := from; l <= to; l++ {
		mark := " "
		if l == line {
			mark = ">"
		}
		out = append(out, st.Cut(strings.TrimRight(fmt.Sprintf("%s %*d  %s", mark, width, l, src[l-1]), " ")))
	}
	return out
}

// A citation of the rulebook in a comment: a section in brackets, as
// "[Scoring]", "[Twist #2]", "[1.1 Card Play]" (two letters at least, so
// an index such as t[1] or [N] is not one).
var citationRE = regexp.MustCompile(`\[([A-Z0-9][^\[\]]*)\]`)

// citation is the rulebook citation nearest above line within its
// function: the bracketed sections of the nearest comment, searching up
// from the line to the function's first line (fn; 0 for a file's main
// chunk, searched up to the nearest blank line) and on through the
// comments right above the function. "" when there is none.
func citation(src []string, line, fn int) string {
	stop := fn
	for l := line; l >= 1; l-- {
		text := src[l-1]
		if fn == 0 && strings.TrimSpace(text) == "" {
			return ""
		}
		if c := cited(text); c != "" {
			return c
		}
		if l <= stop {
			break
		}
	}
	for l := stop - 1; l >= 1 && isComment(src[l-1]); l-- {
		if c := cited(src[l-1]); c != "" {
			return c
		}
	}
	return ""
}

// cited returns the citations in the comment of a line of Lua, joined by
// spaces ("[Scoring] [Twist #2]"), or "".
func cited(line string) string {
	i := strings.Index(line, "--")
	if i < 0 {
		return ""
	}
	var out []string
	for _, m := range citationRE.FindAllStringSubmatch(line[i+2:], -1) {
		letters := 0
		for _, r := range m[1] {
			if 'A' <= r && r <= 'Z' || 'a' <= r && r <= 'z' {
				letters++
			}
		}
		if letters >= 2 {
			out = append(out, m[0])
		}
	}
	return strings.Join(out, " ")
}

// isComment reports whether a line of Lua holds only a comment.
func isComment(line string) bool { return strings.HasPrefix(strings.TrimSpace(line), "--") }
