package command

import (
	"strings"
	"unicode"
)

// Error is a problem with a typed line, located at a column of it. Parse,
// Match and their helpers return every failure as an *Error.
type Error struct {
	// Input is the line as typed.
	Input string
	// Col is the 1-based column, counted in runes, of the offending token;
	// len([]rune(Input))+1 means "at the end of the line".
	Col int
	// Msg is the one-line explanation, e.g.
	// "unknown move 'foo' at column 1: expected one of play, pass".
	Msg string
	// Expected lists what would have been accepted at Col, when that is a
	// short list of tokens (all of them; Msg shows at most maxListed).
	Expected []string
	// Quiet says what is wrong without a word of the input, nor anything
	// that shows what it was (the option it began, the tokens that could
	// follow it): for a secret choice, whose line is not echoed either.
	Quiet string
}

// Secret renders the error for a line typed in secret: Quiet, without the
// input or a caret.
func (e *Error) Secret() string {
	if e.Quiet == "" {
		return "That is neither one of your choices nor a command (what you typed is not shown: the choice is secret; legal lists the choices)."
	}
	return e.Quiet + " (what you typed is not shown: the choice is secret)."
}

// Error renders the message, then the input and a caret under column Col,
// each of the last two lines indented by two spaces:
//
//	unknown move 'foo' at column 1: expected one of play
//	  foo
//	  ^
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Msg)
	b.WriteString("\n  ")
	// Tabs, newlines and other control characters would spoil the caret's
	// alignment, so they are shown as spaces: one rune, one column.
	for _, r := range e.Input {
		if unicode.IsSpace(r) || unicode.IsControl(r) {
			r = ' '
		}
		b.WriteRune(r)
	}
	b.WriteString("\n  ")
	b.WriteString(strings.Repeat(" ", max(e.Col-1, 0)))
	b.WriteString("^")
	return b.String()
}

// maxListed is how many expected tokens an error message lists before it
// gives up with "…".
const maxListed = 12

// list joins tokens with ", ", showing at most maxListed of them.
func list(tokens []string) string {
	if len(tokens) > maxListed {
		return strings.Join(tokens[:maxListed], ", ") + ", …"
	}
	return strings.Join(tokens, ", ")
}
