package luahost

import (
	"math"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// string.format as Lua 5.1 does it: each item goes to C's sprintf, with the
// reference's limits (at most five flags, two digits of width and two of
// precision) and its quirks: %s of a string of 100 bytes or more without a
// precision is copied whole, any other item stops at a zero byte (C's
// strlen), %q quotes for Lua, %c of 0 adds nothing. The conversions follow
// glibc's printf on x86-64, including the C casts from double to integer.

// fmtSpec is one item's flags, width and precision.
type fmtSpec struct {
	minus, plus, space, alt, zero bool
	width                         int
	prec                          int // -1: none
	hasDot                        bool
}

const formatFlags = "-+ #0"

func strFormat(L *lua.LState) int {
	top := L.GetTop()
	f := checkString(L, 1)
	limit := maxString(L)
	out := make([]byte, 0, len(f)+16)
	arg := 1
	for i := 0; i < len(f); {
		if c := f[i]; c != '%' {
			out = append(out, c)
			i++
			continue
		}
		if i++; i < len(f) && f[i] == '%' {
			out = append(out, '%')
			i++
			continue
		}
		if arg++; arg > top {
			argError(L, arg, "no value")
		}
		var sp fmtSpec
		i = scanFormat(L, f, i, &sp)
		var conv byte
		if i < len(f) {
			conv = f[i]
		}
		i++
		out = formatItem(L, out, &sp, conv, arg)
		if int64(len(out)) > limit {
			tooLong(L, "string.format", int64(len(out)))
		}
	}
	newString(L, "string.format", int64(len(out)))
	L.Push(lua.LString(out))
	return 1
}

// scanFormat reads an item's flags, width and precision from f[i:] and
// returns where its conversion character is.
func scanFormat(L *lua.LState, f string, i int, sp *fmtSpec) int {
	at := func(i int) byte {
		if i < len(f) {
			return f[i]
		}
		return 0
	}
	start := i
	for c := at(i); c != 0 && strings.IndexByte(formatFlags, c) >= 0; c = at(i) {
		switch c {
		case '-':
			sp.minus = true
		case '+':
			sp.plus = true
		case ' ':
			sp.space = true
		case '#':
			sp.alt = true
		case '0':
			sp.zero = true
		}
		i++
	}
	if i-start > len(formatFlags) {
		raise(L, "invalid format (repeated flags)")
	}
	digits := func() int {
		n := 0
		for k := 0; k < 2 && isDigit(at(i)); k++ {
			n = n*10 + int(at(i)-'0')
			i++
		}
		return n
	}
	sp.width, sp.prec = digits(), -1
	if at(i) == '.' {
		i++
		sp.hasDot = true
		sp.prec = digits()
	}
	if isDigit(at(i)) {
		raise(L, "invalid format (width or precision too long)")
	}
	return i
}

// formatItem appends the item with conversion conv of argument arg.
func formatItem(L *lua.LState, out []byte, sp *fmtSpec, conv byte, arg int) []byte {
	start := len(out)
	switch conv {
	case 'c':
		out = sp.pad(out, "", "", []byte{byte(cInt(checkNumber(L, arg)))}, false)
	case 'd', 'i':
		out = sp.formatInt(out, cInt64(checkNumber(L, arg)))
	case 'o', 'u', 'x', 'X':
		out = sp.formatUint(out, cUint64(checkNumber(L, arg)), conv)
	case 'e', 'E', 'f', 'g', 'G':
		out = sp.formatFloat(out, checkNumber(L, arg), conv)
	case 'q':
		return appendQuoted(out, checkString(L, arg))
	case 's':
		s := checkString(L, arg)
		if !sp.hasDot && len(s) >= 100 {
			return append(out, s...) // copied whole, zeros and all
		}
		if z := strings.IndexByte(s, 0); z >= 0 {
			s = s[:z]
		}
		if sp.prec >= 0 && len(s) > sp.prec {
			s = s[:sp.prec]
		}
		out = sp.pad(out, "", "", []byte(s), false)
	default:
		if conv == 0 { // the reference's message loses the zero byte
			raise(L, "invalid option '%%' to 'format'")
		}
		raise(L, "invalid option '%%%c' to 'format'", conv)
	}
	for k := start; k < len(out); k++ { // C's strlen
		if out[k] == 0 {
			return out[:k]
		}
	}
	return out
}

// pad appends sign, prefix and body, padded to the width: with spaces on
// the left, on the right for '-', or with zeros after the sign and prefix
// for '0' where zeroOK.
func (sp *fmtSpec) pad(out []byte, sign, prefix string, body []byte, zeroOK bool) []byte {
	fill := sp.width - len(sign) - len(prefix) - len(body)
	switch {
	case fill <= 0:
		out = append(append(append(out, sign...), prefix...), body...)
	case sp.minus:
		out = append(append(append(out, sign...), prefix...), body...)
		out = appendRepeat(out, ' ', fill)
	case sp.zero && zeroOK:
		out = appendRepeat(append(append(out, sign...), prefix...), '0', fill)
		out = append(out, body...)
	default:
		out = appendRepeat(out, ' ', fill)
		out = append(append(append(out, sign...), prefix...), body...)
	}
	return out
}

func appendRepeat(out []byte, c byte, n int) []byte {
	for ; n > 0; n-- {
		out = append(out, c)
	}
	return out
}

// sign is the sign printf writes for a number: '-', or '+' or ' ' by flag.
func (sp *fmtSpec) sign(neg bool) string {
	switch {
	case neg:
		return "-"
	case sp.plus:
		return "+"
	case sp.space:
		return " "
	}
	return ""
}

// precise applies an integer conversion's precision: the least number of
// digits, and none at all for zero at precision 0.
func (sp *fmtSpec) precise(digits []byte, zero bool) []byte {
	if sp.prec == 0 && zero {
		return digits[:0]
	}
	if n := sp.prec - len(digits); n > 0 {
		digits = append(appendRepeat(make([]byte, 0, sp.prec), '0', n), digits...)
	}
	return digits
}

func (sp *fmtSpec) formatInt(out []byte, v int64) []byte {
	u := uint64(v)
	if v < 0 {
		u = -u
	}
	var buf [24]byte
	digits := sp.precise(strconv.AppendUint(buf[:0], u, 10), u == 0)
	return sp.pad(out, sp.sign(v < 0), "", digits, sp.prec < 0)
}

func (sp *fmtSpec) formatUint(out []byte, u uint64, conv byte) []byte {
	base := 16
	switch conv {
	case 'o':
		base = 8
	case 'u':
		base = 10
	}
	var buf [24]byte
	digits := sp.precise(strconv.AppendUint(buf[:0], u, base), u == 0)
	prefix := ""
	switch {
	case conv == 'X':
		for i, c := range digits {
			if c >= 'a' {
				digits[i] = c - 'a' + 'A'
			}
		}
		if sp.alt && u != 0 {
			prefix = "0X"
		}
	case conv == 'x' && sp.alt && u != 0:
		prefix = "0x"
	case conv == 'o' && sp.alt && (len(digits) == 0 || digits[0] != '0'):
		digits = append([]byte{'0'}, digits...)
	}
	return sp.pad(out, "", prefix, digits, sp.prec < 0)
}

func (sp *fmtSpec) formatFloat(out []byte, f float64, conv byte) []byte {
	upper := conv == 'E' || conv == 'G'
	sign := sp.sign(math.Signbit(f))
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return sp.pad(out, sign, "", []byte(nonFinite(f, upper)), false)
	}
	f = math.Abs(f)
	prec := sp.prec
	if prec < 0 {
		prec = 6
	}
	var body []byte
	switch conv {
	case 'f':
		body = strconv.AppendFloat(nil, f, 'f', prec, 64)
		if sp.alt && prec == 0 {
			body = append(body, '.')
		}
	case 'e', 'E':
		body = strconv.AppendFloat(nil, f, 'e', prec, 64)
		if sp.alt && prec == 0 {
			body = insertDot(body, 0)
		}
	default:
		body = appendG(nil, f, prec, sp.alt)
	}
	if upper {
		for i, c := range body {
			if c == 'e' {
				body[i] = 'E'
			}
		}
	}
	return sp.pad(out, sign, "", body, true)
}

// appendQuoted appends s quoted so that Lua reads it back (%q).
func appendQuoted(out []byte, s string) []byte {
	out = append(out, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\\', '\n':
			out = append(out, '\\', c)
		case '\r':
			out = append(out, '\\', 'r')
		case 0:
			out = append(out, '\\', '0', '0', '0')
		default:
			out = append(out, c)
		}
	}
	return append(out, '"')
}
