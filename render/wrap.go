package render

import (
	"bytes"
	"io"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// The one wrapping rule for what tabletop prints to a terminal: a line
// longer than the width breaks between words (at spaces only: "-292.75",
// "kitchen-garden" and "8H," stay whole), and the lines it continues on
// are indented. A word longer than a whole line (a path) breaks after its
// last "/" that fits, else where the line ends. Style.Wrap lays out text
// that must be counted in lines (a turn's screen); Writer wraps whatever
// else is printed, a line at a time, by the same rule.

// minWrap is the narrowest a continued line gets, whatever its indent.
const minWrap = 10

// wrapText word-wraps one line of text (no newlines) to width, the lines
// after the first indented by indent. Width 0 or less: no wrapping.
func wrapText(text string, width int, indent string) []string {
	if width <= 0 || ansi.StringWidth(text) <= width {
		return []string{strings.ReplaceAll(text, nbspace, " ")}
	}
	if ansi.StringWidth(indent) > width-minWrap {
		indent = strings.Repeat(" ", max(0, width-minWrap))
	}
	var out []string
	var line strings.Builder
	col, room := 0, width
	newLine := func() {
		out = append(out, line.String())
		line.Reset()
		line.WriteString(indent)
		col, room = 0, width-ansi.StringWidth(indent)
	}
	for _, tok := range splitSpaces(text) {
		lead, word := tok.lead, tok.word
		ww := ansi.StringWidth(word)
		if col > 0 && col+len(lead)+ww > room {
			newLine()
			lead = ""
		}
		line.WriteString(lead)
		col += len(lead)
		for col+ww > room { // longer than a whole line
			head, rest := breakWord(word, room-col)
			line.WriteString(head)
			newLine()
			word, ww = rest, ansi.StringWidth(rest)
		}
		line.WriteString(word)
		col += ww
	}
	if s := line.String(); strings.TrimSpace(s) != "" || len(out) == 0 {
		out = append(out, s)
	}
	for i, l := range out {
		out[i] = strings.ReplaceAll(l, nbspace, " ") // it held a move together; now it is a space
	}
	return out
}

// nbspace is the no-break space: words joined by it are not broken apart.
const nbspace = "\u00a0"

// token is a word and the spaces before it.
type token struct{ lead, word string }

// splitSpaces cuts text into words at its ASCII spaces, keeping the
// spaces before each word (so a line that needs no break keeps its
// columns). No-break spaces (U+00A0) are part of words (and print as
// spaces), and a separator is part of the word before it.
func splitSpaces(text string) []token {
	var out []token
	for text != "" {
		i := 0
		for i < len(text) && text[i] == ' ' {
			i++
		}
		j := strings.IndexByte(text[i:], ' ')
		if j < 0 {
			j = len(text) - i
		}
		word := text[i : i+j]
		if len(out) > 0 && isSeparator(word) {
			// "a | b" breaks after the "|", never before it
			out[len(out)-1].word += text[:i] + word
		} else {
			out = append(out, token{lead: text[:i], word: word})
		}
		text = text[i+j:]
	}
	return out
}

// isSeparator reports whether a word only separates others ("|", "·",
// "—"): a line does not start with it.
func isSeparator(word string) bool { return word == "|" || word == "·" || word == "—" }

// breakWord cuts a word too long for n columns: after its last "/" within
// them when it has one (a path), else at n.
func breakWord(word string, n int) (string, string) {
	n = max(n, 1)
	plain := ansi.Strip(word)
	if plain == word {
		cut := ansi.Cut(word, 0, n)
		if i := strings.LastIndexByte(cut, '/'); i > 0 {
			return word[:i+1], word[i+1:]
		}
	}
	w := ansi.StringWidth(word)
	return ansi.Cut(word, 0, n), ansi.Cut(word, n, w)
}

// Writer word-wraps every line written through it to a terminal's width,
// by the rule above: a line's continuations are indented two spaces more
// than the line. What is written without a newline yet waits for the rest
// of its line, except what takes no room (a clear-screen sequence), which
// goes through at once; Flush writes a waiting part line as it is.
type Writer struct {
	w     io.Writer
	width func() int
	line  []byte // the start of the line being written, held back
}

// NewWriter wraps what is written to w at the width that width gives
// when each line is complete (0: no wrapping).
func NewWriter(w io.Writer, width func() int) *Writer {
	return &Writer{w: w, width: width}
}

// Write implements io.Writer.
func (w *Writer) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			w.line = append(w.line, p...)
			if ansi.StringWidth(string(w.line)) == 0 {
				return n, w.Flush()
			}
			return n, nil
		}
		w.line = append(w.line, p[:i]...)
		p = p[i+1:]
		text := string(w.line)
		w.line = w.line[:0]
		lead := text[:len(text)-len(strings.TrimLeft(text, " "))]
		lines := wrapText(text, w.width(), lead+"  ")
		if _, err := io.WriteString(w.w, strings.Join(lines, "\n")+"\n"); err != nil {
			return n - len(p), err
		}
	}
	return n, nil
}

// Flush writes the part of a line that waits for its end.
func (w *Writer) Flush() error {
	if len(w.line) == 0 {
		return nil
	}
	_, err := w.w.Write(w.line)
	w.line = w.line[:0]
	return err
}

// Underlying is the writer w writes to.
func (w *Writer) Underlying() io.Writer { return w.w }
