package interp

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Texts a script writes reach a person's terminal, a save file and other
// seats' screens, so the engine keeps them printable: a newline must not
// forge a line, an escape sequence must not reach the terminal raw.
//
// Option texts are what people type and saves record: one that is too long
// or has a control character is the script's bug, and t:ask refuses it
// with the script's line. Log lines, labels and titles are shown, never
// typed: control characters are dropped from them (a tab becomes a space).
// Notes and the about text may have several lines, so they keep newlines.

// MaxOptionBytes is the longest option text a prompt may offer.
const MaxOptionBytes = 4 << 10

// optionTextProblem says what is wrong with an option text, or "".
func optionTextProblem(s string) string {
	if len(s) > MaxOptionBytes {
		return fmt.Sprintf("is %d bytes long, over the limit of %d", len(s), MaxOptionBytes)
	}
	if plainASCII(s) {
		return "" // the common case: one scan
	}
	if !utf8.ValidString(s) {
		return "is not valid UTF-8"
	}
	for _, r := range s {
		if isControl(r) {
			return fmt.Sprintf("has a control character (%q): an option is one line of plain text", r)
		}
	}
	return ""
}

// printableLine returns s with control characters removed, tabs and
// newlines made spaces, and invalid UTF-8 replaced.
func printableLine(s string) string { return printable(s, false) }

// printableBlock is printableLine keeping newlines.
func printableBlock(s string) string { return printable(s, true) }

func printable(s string, keepNewlines bool) string {
	if plainASCII(s) {
		return s // the common case costs one scan and no allocation
	}
	clean := utf8.ValidString(s)
	if clean {
		for i := 0; i < len(s); i++ {
			if c := s[i]; c < 0x20 || c == 0x7f || c == 0xc2 {
				clean = false
				break
			}
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		switch {
		case r == '\n' && keepNewlines:
			b.WriteRune(r)
		case r == '\t' || r == '\n':
			b.WriteByte(' ')
		case isControl(r):
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// plainASCII reports whether s is printable ASCII only (spaces, letters,
// digits, punctuation): valid UTF-8 without a control character.
func plainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}
