package printable

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// IsControl reports whether r is a control character: C0, DEL or C1.
// Such characters break lines or reach a terminal as commands, so a save
// never writes them as they are.
func IsControl(r rune) bool {
	return r < 0x20 || (r >= 0x7f && r <= 0x9f)
}

// Escape writes s for a version 2 save: a backslash before every
// backslash, control characters as \n, \r, \t, \xHH (C0, DEL) or \uHHHH
// (C1), and each character of seps as \xHH. Everything else, non-ASCII
// letters and card suits included, is written as it is.
func Escape(s, seps string) string {
	if strings.IndexFunc(s, func(r rune) bool { return r == '\\' || IsControl(r) || strings.ContainsRune(seps, r) }) < 0 {
		return s
	}
	var b strings.Builder
	for i, w := 0, 0; i < len(s); i += w {
		r, n := utf8.DecodeRuneInString(s[i:])
		w = n
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteByte(s[i]) // not UTF-8: kept as it is, it forges nothing
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x80 && (IsControl(r) || strings.ContainsRune(seps, r)):
			fmt.Fprintf(&b, `\x%02x`, r)
		case IsControl(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+n])
		}
	}
	return b.String()
}

// Unescape reads a text Escape wrote.
func Unescape(s string) (string, error) {
	if !strings.Contains(s, `\`) {
		return s, nil
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		if i+1 == len(s) {
			return "", fmt.Errorf("a text ends with a lone backslash (write \\\\ for one)")
		}
		i++
		switch c := s[i]; c {
		case '\\':
			b.WriteByte('\\')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'x', 'u':
			digits := 2
			if c == 'u' {
				digits = 4
			}
			if i+1+digits > len(s) {
				return "", fmt.Errorf("\\%c needs %d hex digits", c, digits)
			}
			n, err := strconv.ParseUint(s[i+1:i+1+digits], 16, 32)
			if err != nil {
				return "", fmt.Errorf("\\%c needs %d hex digits, not %q", c, digits, s[i+1:i+1+digits])
			}
			b.WriteRune(rune(n))
			i += digits
		default:
			return "", fmt.Errorf("unknown escape \\%c (known: \\\\ \\n \\r \\t \\xHH \\uHHHH)", c)
		}
	}
	return b.String(), nil
}
