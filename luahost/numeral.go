package luahost

import (
	"bytes"
	"fmt"
	"strconv"
)

// Numerals as Lua 5.1 reads them.
//
// Lua 5.1's lexer (llex.c, read_numeral) takes as one token digits and
// points, an exponent mark with its sign, then any letters, digits and
// underscores, and converts the whole token with luaO_str2d: strtod,
// which also reads hexadecimal, with a binary exponent (0x1p4 is 16). A
// token it cannot read whole is "malformed" (1..2, 3e, 0x1p-4, 08x).
// gopher-lua's lexer reads numerals its own way: it stops a hexadecimal
// numeral at the 'p', so 0x1p4 is 0x1 followed by a name. The prescan
// reads every numeral as 5.1 does and refuses a malformed one; where
// gopher-lua would read a valid numeral differently, the source gopher-lua
// parses has a stand-in of the same length, a plain hexadecimal numeral
// no numeral of the chunk is written as, and the rewrite pass gives the
// stand-in the original's value (see numerals).

// numerals maps the stand-ins of a chunk to the values of the numerals
// they stand for.
type numerals map[string]float64

// value is what numeral text, as gopher-lua's lexer gives it, stands for.
func (ns numerals) value(text string) (float64, bool) {
	if f, ok := ns[text]; ok {
		return f, true
	}
	return parseNumeral(text)
}

// parseNumeral reads a numeral as Lua 5.1's luaO_str2d does. It is used
// on numerals gopher-lua's lexer read (the prescan made sure it read them
// as 5.1 does) and on the texts the rewrite pass writes (numberText).
func parseNumeral(s string) (float64, bool) { return str2number(s) }

// numberText writes f as a numeral gopher-lua's compiler reads back
// exactly (strconv.ParseFloat, after it tries ParseInt): "16", "1e+21",
// "+Inf". Not for NaN, nor for -0, which ParseInt would read as 0.
func numberText(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// numeral reads the numeral at s.i as Lua 5.1's lexer does, refuses it if
// 5.1 would, and records a stand-in if gopher-lua would read it otherwise.
func (s *pressure) numeral() error {
	src, start := s.src, s.i
	j := start
	for j < len(src) && (isDigit(src[j]) || src[j] == '.') {
		j++
	}
	if j < len(src) && src[j]|0x20 == 'e' {
		j++
		if j < len(src) && (src[j] == '+' || src[j] == '-') {
			j++
		}
	}
	for j < len(src) && (isNameStart(src[j]) || isDigit(src[j])) {
		j++
	}
	text := string(src[start:j])
	s.i, s.operand, s.stmtStart = j, true, false
	f, ok := str2number(text)
	if !ok {
		return &Error{Chunk: s.name, Line: s.line, Msg: fmt.Sprintf("malformed number near '%s'", clipText(text))}
	}
	if isHexNumeral(text) {
		s.stand.seen(text)
	}
	if gopherNumeralLen(src[start:]) != len(text) {
		s.stand.add(start, text, s.line, f)
	}
	return nil
}

// clipText shortens an absurdly long token for a message.
func clipText(s string) string {
	if len(s) > 80 {
		return s[:80] + "..."
	}
	return s
}

func isHexNumeral(s string) bool { return len(s) > 1 && s[0] == '0' && s[1]|0x20 == 'x' }

func isHexDigit(c byte) bool { return digitValue(c) < 16 }

// gopherNumeralLen is how many bytes at the start of b gopher-lua 1.1.2's
// lexer (parse/lexer.go, scanNumber) takes as one numeral: "0x" and
// hexadecimal digits; or digits, a point and digits, then an 'e', a sign,
// any one character and digits.
func gopherNumeralLen(b []byte) int {
	at := func(j int) byte {
		if j < len(b) {
			return b[j]
		}
		return 0
	}
	if b[0] == '0' && at(1)|0x20 == 'x' {
		j := 2
		for isHexDigit(at(j)) {
			j++
		}
		return j
	}
	j := 1
	for isDigit(at(j)) {
		j++
	}
	if at(j) == '.' {
		j++
		for isDigit(at(j)) {
			j++
		}
	}
	if at(j)|0x20 == 'e' {
		j++
		if c := at(j); c == '+' || c == '-' {
			j++
		}
		j++ // whatever comes next
		for isDigit(at(j)) {
			j++
		}
	}
	return min(j, len(b))
}

// standIns are the numerals of a chunk that gopher-lua would misread.
type standIns struct {
	at  []standIn
	hex map[string]bool // every hexadecimal numeral of the chunk, as written
}

type standIn struct {
	pos, line int
	text      string
	value     float64
}

func (st *standIns) seen(text string) {
	if st.hex == nil {
		st.hex = map[string]bool{}
	}
	st.hex[text] = true
}

func (st *standIns) add(pos int, text string, line int, value float64) {
	st.at = append(st.at, standIn{pos: pos, line: line, text: text, value: value})
}

// apply returns src with each misread numeral replaced by its stand-in:
// "0x" and hexadecimal digits, as long as the original (every numeral
// gopher-lua misreads is a hexadecimal one of five bytes or more), and
// written as no numeral of the chunk is. The same text gets the same
// stand-in, so there are far fewer texts than stand-ins of each length.
func (st *standIns) apply(src []byte, name string) ([]byte, numerals, error) {
	if len(st.at) == 0 {
		return src, nil, nil
	}
	out := bytes.Clone(src)
	nums := numerals{}
	chosen := map[string]string{}
	next := map[int]int{} // the next candidate of each width
	for _, a := range st.at {
		in, ok := chosen[a.text]
		for width := len(a.text) - 2; !ok; {
			in = fmt.Sprintf("0x%0*X", width, next[width])
			next[width]++
			if width < 1 || len(in) > len(a.text) {
				return nil, nil, &Error{Chunk: name, Line: a.line, Msg: fmt.Sprintf("too many different numerals like '%s' in one chunk", clipText(a.text))}
			}
			ok = !st.hex[in]
		}
		chosen[a.text] = in
		nums[in] = a.value
		copy(out[a.pos:], in)
	}
	return out, nums, nil
}
