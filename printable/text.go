package printable

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// MaxOptionBytes is the longest option text a prompt may offer.
const MaxOptionBytes = 4 << 10

// OptionProblem says what is wrong with an option text, or "".
func OptionProblem(s string) string {
	_, problem, _ := Option(s)
	return problem
}

// Option returns the option text s as a prompt offers it — without
// invisible characters, with every kind of space a plain one — or what is
// wrong with it. plain says that the text is printable ASCII without
// leading, trailing or doubled spaces: two plain texts look alike only
// when they are equal.
func Option(s string) (text, problem string, plain bool) {
	if len(s) > MaxOptionBytes {
		return s, fmt.Sprintf("is %d bytes long, over the limit of %d", len(s), MaxOptionBytes), false
	}
	if ascii, plain := plainOption(s); ascii {
		return s, "", plain // the common case: one scan
	}
	if !utf8.ValidString(s) {
		return s, "is not valid UTF-8", false
	}
	changed := false
	for _, r := range s {
		if IsControl(r) || isLineBreak(r) {
			return s, fmt.Sprintf("has a control character (%q): an option is one line of plain text", r), false
		}
		changed = changed || invisible(r) || r != ' ' && unicode.Is(unicode.Zs, r)
	}
	if !changed {
		return s, "", false
	}
	text = strings.Map(func(r rune) rune {
		if r != ' ' && unicode.Is(unicode.Zs, r) {
			return ' '
		}
		return r
	}, dropInvisible(s))
	return text, "", false
}

// plainOption reports whether s is printable ASCII and, if so, whether
// it is plain: without a space at its start or end or two in a row
// ("wait" and "wait " look the same).
func plainOption(s string) (ascii, plain bool) {
	odd, last := false, -2 // last: where the last space was
	for i := 0; i < len(s); i++ {
		switch optionBytes[s[i]] {
		case plainByte:
		case spaceByte:
			odd = odd || last == i-1
			last = i
		default:
			return false, false
		}
	}
	n := len(s)
	return true, !odd && (n == 0 || s[0] != ' ' && s[n-1] != ' ')
}

// optionBytes sorts the bytes of an option text for plainOption: one
// lookup a byte, as cheap as plainASCII's test.
var optionBytes = func() (t [256]uint8) {
	for c := range t {
		if c < 0x20 || c >= 0x7f {
			t[c] = otherByte
		}
	}
	t[' '] = spaceByte
	return t
}()

const (
	plainByte = iota
	spaceByte
	otherByte
)

// Line returns s with control characters removed, tabs and
// newlines made spaces, and invalid UTF-8 replaced.
func Line(s string) string { return printable(s, false) }

// Block is Line keeping newlines.
func Block(s string) string { return printable(s, true) }

func printable(s string, keepNewlines bool) string {
	if plainASCII(s) {
		return s // the common case costs one scan and no allocation
	}
	clean := utf8.ValidString(s)
	for _, r := range s {
		if !clean {
			break
		}
		clean = !IsControl(r) && !isLineBreak(r) && !invisible(r)
	}
	if clean {
		return s
	}
	var b strings.Builder
	for _, r := range dropInvisible(strings.ToValidUTF8(s, "\uFFFD")) {
		switch {
		case (r == '\n' || isLineBreak(r)) && keepNewlines:
			b.WriteByte('\n')
		case r == '\t' || r == '\n' || isLineBreak(r):
			b.WriteByte(' ')
		case IsControl(r):
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// isLineBreak reports whether r is Unicode's line or paragraph separator,
// which a terminal or a browser may break a line at.
func isLineBreak(r rune) bool { return r == 0x2028 || r == 0x2029 }

// invisible reports whether r shows nothing yet can change how a text
// reads: Unicode's default ignorable code points — zero-width spaces,
// joiners and non-joiners, the bidirectional controls (U+202A-U+202E,
// U+2066-U+2069, the marks U+200E, U+200F, U+061C), the word joiner,
// the byte-order mark, soft hyphens, variation selectors, tags, Hangul
// fillers — the format characters (Cf) and the rest of that property. A
// space of another width is visible, and is not one.
func invisible(r rune) bool {
	switch {
	case r < 0xAD, r > 0xAD && r < 0x34F, r >= 0x2070 && r < 0x3164, r > 0x3164 && r < 0xFE00:
		return false // quickly: Latin, Greek, Cyrillic, symbols, suits, CJK
	}
	return unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Variation_Selector, r) ||
		unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r)
}

// dropInvisible returns s without its invisible characters, but for those
// that are part of an emoji: a zero-width joiner between two pictographs
// (👨‍👩‍👧 is one picture), a variation selector after a pictograph or a
// keycap's character, the tags of a subdivision flag.
func dropInvisible(s string) string {
	var b strings.Builder
	prev := rune(0) // the last character kept
	for i, r := range s {
		if !invisible(r) {
			b.WriteRune(r)
			prev = r
			continue
		}
		keep := false
		switch {
		case r == 0x200D: // zero-width joiner
			next, _ := utf8.DecodeRuneInString(s[i+len("\u200d"):])
			keep = (pictograph(prev) || prev == 0xFE0F) && pictograph(next)
		case r == 0xFE0E || r == 0xFE0F: // text or emoji presentation
			keep = pictograph(prev) || prev >= '0' && prev <= '9' || prev == '#' || prev == '*'
		case r >= 0xE0020 && r <= 0xE007F: // tags of a flag
			keep = prev == 0x1F3F4 || prev >= 0xE0020 && prev <= 0xE007F
		}
		if keep {
			b.WriteRune(r)
			prev = r
		}
	}
	return b.String()
}

// pictograph reports whether r is a pictograph that joins into emoji
// sequences (roughly Unicode's Extended_Pictographic).
func pictograph(r rune) bool {
	switch {
	case r >= 0x1F000 && r <= 0x1FAFF, r >= 0x2600 && r <= 0x27BF, r >= 0x2300 && r <= 0x23FF,
		r >= 0x2B00 && r <= 0x2BFF, r >= 0x2190 && r <= 0x21FF, r >= 0x25A0 && r <= 0x25FF:
		return true
	}
	return r == 0xA9 || r == 0xAE || r == 0x203C || r == 0x2049 || r == 0x2122 || r == 0x2139
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

// Lookalike returns the positions of two texts of a prompt that a person
// could not tell apart, or -1, -1. Plain texts look alike only when equal,
// which the duplicate check finds; the others are compared by what they
// look like (skeleton).
func Lookalike(texts []string, plain []bool) (int, int) {
	var skel []string
	for i, t := range texts {
		if !plain[i] {
			if skel == nil {
				skel = append([]string(nil), texts...)
			}
			skel[i] = skeleton(t)
		}
	}
	if skel == nil {
		return -1, -1
	}
	seen := make(map[string]int, len(skel))
	for i, s := range skel {
		if j, ok := seen[s]; ok {
			return j, i
		}
		seen[s] = i
	}
	return -1, -1
}

// skeleton is what a text looks like: its compatibility normal form
// (full-width letters, ligatures and styled letters as plain ones, a
// letter and its combining accent as the accented letter), without
// invisible characters, with the Greek and Cyrillic letters that look like
// Latin ones as those, and with its spaces single and trimmed.
func skeleton(s string) string {
	s = norm.NFKC.String(strings.Map(func(r rune) rune {
		if invisible(r) {
			return -1
		}
		return r
	}, s))
	var b strings.Builder
	space := false
	for _, r := range s {
		if unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		if l, ok := latinLookalike[r]; ok {
			r = l
		}
		b.WriteRune(r)
	}
	return b.String()
}

// latinLookalike maps the Greek and Cyrillic letters drawn like a Latin
// letter in common fonts to that letter.
var latinLookalike = map[rune]rune{
	// Cyrillic
	'а': 'a', 'в': 'b', 'е': 'e', 'о': 'o', 'р': 'p', 'с': 'c', 'у': 'y', 'х': 'x', 'ѕ': 's', 'і': 'i',
	'ј': 'j', 'ԁ': 'd', 'һ': 'h', 'ԛ': 'q', 'ԝ': 'w', 'ӏ': 'l', 'ү': 'y',
	'А': 'A', 'В': 'B', 'Е': 'E', 'К': 'K', 'М': 'M', 'Н': 'H', 'О': 'O', 'Р': 'P', 'С': 'C', 'Т': 'T',
	'Х': 'X', 'У': 'Y', 'Ѕ': 'S', 'І': 'I', 'Ј': 'J', 'Ԁ': 'D', 'Ԛ': 'Q', 'Ԝ': 'W', 'Ӏ': 'I', 'Ү': 'Y',
	// Greek
	'ο': 'o', 'ν': 'v', 'ρ': 'p', 'ι': 'i', 'κ': 'k', 'α': 'a', 'υ': 'u',
	'Α': 'A', 'Β': 'B', 'Ε': 'E', 'Ζ': 'Z', 'Η': 'H', 'Ι': 'I', 'Κ': 'K', 'Μ': 'M', 'Ν': 'N', 'Ο': 'O',
	'Ρ': 'P', 'Τ': 'T', 'Υ': 'Y', 'Χ': 'X',
}

func Number(f float64) string {
	if f == float64(int64(f)) {
		return strconv.FormatInt(int64(f), 10)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// ExpandTabs replaces the tabs of a line by spaces up to the next fourth
// column, as a script's source is shown (Line would make each tab one
// space, and the script's indentation would be lost).
func ExpandTabs(line string) string {
	if !strings.Contains(line, "\t") {
		return line
	}
	var b strings.Builder
	col := 0
	for _, r := range line {
		if r == '\t' {
			n := 4 - col%4
			b.WriteString(strings.Repeat(" ", n))
			col += n
			continue
		}
		b.WriteRune(r)
		col++
	}
	return b.String()
}
