package printable

import (
	"io"
	"strings"
)

// Writer returns a writer for a script's print output where it reaches a
// person: what it is given, without control characters (tabs and
// newlines kept) and invisible ones, like every text a script shows. The
// script's print itself writes what Lua 5.1's does, zeros and all; this is
// the terminal's side of it.
func Writer(w io.Writer) io.Writer { return printWriter{w} }

type printWriter struct{ w io.Writer }

func (p printWriter) Write(b []byte) (int, error) {
	s := string(b)
	if strings.IndexFunc(s, func(r rune) bool { return (r < 0x20 || r >= 0x7f) && r != '\t' && r != '\n' }) >= 0 {
		parts := strings.Split(s, "\t") // print's separators, kept
		for i := range parts {
			parts[i] = Block(parts[i])
		}
		s = strings.Join(parts, "\t")
	}
	if _, err := io.WriteString(p.w, s); err != nil {
		return 0, err
	}
	return len(b), nil
}
