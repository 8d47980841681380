package luahost

import (
	"math"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// Numbers as Lua 5.1 writes and reads them. The reference leans on the C
// library for both (printf's "%.14g", strtod, strtoul) and on C's casts
// from double to integer; these functions do what glibc and gcc do on
// x86-64 Linux, which is where the reference outputs come from.

// NumberString writes a number as Lua 5.1's tostring does ("%.14g"):
// 0.1+0.2 is "0.3", 2^53 is "9.007199254741e+15", 1/0 is "inf", -0 is "-0".
func NumberString(f float64) string {
	if i := int64(f); float64(i) == f && i > -1e14 && i < 1e14 && (i != 0 || !math.Signbit(f)) {
		return strconv.FormatInt(i, 10)
	}
	var buf [32]byte
	return string(appendNumber(buf[:0], f))
}

// appendNumber appends NumberString(f) to b.
func appendNumber(b []byte, f float64) []byte {
	if i := int64(f); float64(i) == f && i > -1e14 && i < 1e14 && (i != 0 || !math.Signbit(f)) {
		return strconv.AppendInt(b, i, 10)
	}
	if math.IsInf(f, 0) || math.IsNaN(f) {
		if math.Signbit(f) {
			b = append(b, '-')
		}
		return append(b, nonFinite(f, false)...)
	}
	if math.Signbit(f) {
		b = append(b, '-')
		f = -f
	}
	return appendG(b, f, 14, false)
}

// nonFinite is printf's text for inf and nan, without the sign (glibc
// writes the sign of a NaN too: 0/0 is "-nan" on x86-64).
func nonFinite(f float64, upper bool) string {
	switch {
	case math.IsNaN(f) && upper:
		return "NAN"
	case math.IsNaN(f):
		return "nan"
	case upper:
		return "INF"
	}
	return "inf"
}

// appendG appends a finite f >= 0 as printf's %.<prec>g (%#.<prec>g when
// alt is set) does: %e when the exponent is below -4 or not below the
// precision, %f otherwise, trailing zeros removed unless alt. Go's %g with
// a precision is C's without '#' (checked on millions of values).
func appendG(b []byte, f float64, prec int, alt bool) []byte {
	if prec == 0 {
		prec = 1
	}
	if !alt {
		return strconv.AppendFloat(b, f, 'g', prec, 64)
	}
	start := len(b)
	b = strconv.AppendFloat(b, f, 'e', prec-1, 64)
	if x := exponentOf(b[start:]); x >= -4 && x < prec {
		b = strconv.AppendFloat(b[:start], f, 'f', prec-1-x, 64)
	}
	if !hasDot(b[start:]) {
		b = insertDot(b, start)
	}
	return b
}

// exponentOf reads the exponent of a number in %e form.
func exponentOf(e []byte) int {
	i := strings.LastIndexByte(string(e), 'e')
	x, _ := strconv.Atoi(string(e[i+1:]))
	return x
}

func hasDot(b []byte) bool {
	for _, c := range b {
		if c == '.' {
			return true
		}
	}
	return false
}

// insertDot puts a decimal point after the digits of the number starting
// at b[start:] (before any exponent): what '#' does at precision 0.
func insertDot(b []byte, start int) []byte {
	i := start
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	b = append(b, 0)
	copy(b[i+1:], b[i:])
	b[i] = '.'
	return b
}

// cInt64 is C's (long)d on x86-64: a value out of range, or NaN, gives
// the "integer indefinite" value, the smallest long. lua_tointeger and
// luaL_checkinteger convert this way.
func cInt64(f float64) int64 {
	if f >= -0x1p63 && f < 0x1p63 {
		return int64(f)
	}
	return math.MinInt64
}

// cInt is C's (int)d on x86-64 (string.format's %c).
func cInt(f float64) int32 {
	if f > -0x1p31-1 && f < 0x1p31 {
		return int32(f)
	}
	return math.MinInt32
}

// cUint64 is C's (unsigned long)d as gcc compiles it on x86-64: below
// 2^63 (and for NaN) through the signed conversion, at or above it by
// subtracting 2^63 first. string.format's %o, %u, %x and %X convert so.
func cUint64(f float64) uint64 {
	if !(f >= 0x1p63) {
		return uint64(cInt64(f))
	}
	return uint64(cInt64(f-0x1p63)) ^ (1 << 63)
}

// checkIntOf is luaL_checkint's conversion: to long, then to int.
func checkIntOf(f float64) int { return int(int32(cInt64(f))) }

func isSpace(c byte) bool { return c == ' ' || (c >= '\t' && c <= '\r') }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// digitValue is the value of c as a digit in bases up to 36, or 99.
func digitValue(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 10
	}
	return 99
}

// ToNumber is Lua 5.1's lua_tonumber: a number, or a string that reads as
// one (luaO_str2d: " 0x10 " is 16, "010" is 10, "0b11" is not a number).
// Arithmetic and the numeric for loop convert their operands so.
func ToNumber(v lua.LValue) (float64, bool) { return toNumber(v) }

// Mod is Lua 5.1's a % b (luai_nummod): a - floor(a/b)*b, with the
// rounding that brings (1 % 0.1 is 0, not fmod's 0.1; 5 % math.huge is
// nan). The product is rounded before the subtraction, as gcc compiles the
// reference for x86-64: Go may otherwise fuse the two into one operation.
func Mod(a, b float64) float64 { return a - float64(math.Floor(a/b)*b) }

// str2number converts a string to a number as Lua 5.1 does (luaO_str2d):
// strtod, with strtoul for what strtod leaves at an 'x', and nothing but
// spaces after. Like the reference, which sees a C string, it stops at a
// zero byte.
func str2number(s string) (float64, bool) {
	if i := strings.IndexByte(s, 0); i >= 0 {
		s = s[:i]
	}
	f, n := strtod(s)
	if n == 0 {
		return 0, false
	}
	if n < len(s) && s[n]|0x20 == 'x' {
		var u uint64
		u, n = strtoul(s, 16)
		f = float64(u)
	}
	for n < len(s) && isSpace(s[n]) {
		n++
	}
	return f, n == len(s)
}

// strtod reads a number at the start of s as glibc's strtod does (leading
// spaces, a sign, then inf, infinity, nan, nan(chars), a hexadecimal or a
// decimal number) and returns it with the bytes read, 0 if none.
func strtod(s string) (float64, int) {
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	sign := 1.0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		if s[i] == '-' {
			sign = -1
		}
		i++
	}
	rest := strings.ToLower(s[i:min(len(s), i+8)])
	switch {
	case strings.HasPrefix(rest, "infinity"):
		return math.Inf(int(sign)), i + 8
	case strings.HasPrefix(rest, "inf"):
		return math.Inf(int(sign)), i + 3
	case strings.HasPrefix(rest, "nan"):
		return math.Copysign(math.NaN(), sign), nanEnd(s, i+3)
	case strings.HasPrefix(rest, "0x"):
		if f, n := strtodHex(s[i:]); n > 0 {
			return sign * f, i + n
		}
		return sign * 0, i + 1 // "0x" without digits reads as 0
	}
	f, n := strtodDecimal(s[i:])
	if n == 0 {
		return 0, 0
	}
	return sign * f, i + n
}

// nanEnd skips the optional "(chars)" after "nan".
func nanEnd(s string, i int) int {
	if i >= len(s) || s[i] != '(' {
		return i
	}
	for j := i + 1; j < len(s); j++ {
		c := s[j]
		if c == ')' {
			return j + 1
		}
		if !(digitValue(c) < 36 || c == '_') {
			break
		}
	}
	return i
}

// scanDigits returns the end of the digits (in base 10 or 16) at s[i:].
func scanDigits(s string, i, base int) int {
	for i < len(s) && digitValue(s[i]) < base {
		i++
	}
	return i
}

// scanMantissa reads digits, a point and digits; it returns the end and
// whether any digit was read.
func scanMantissa(s string, i, base int) (int, bool) {
	j := scanDigits(s, i, base)
	digits := j > i
	if j < len(s) && s[j] == '.' {
		k := scanDigits(s, j+1, base)
		digits = digits || k > j+1
		j = k
	}
	return j, digits
}

// scanExponent reads an exponent marked by c (e or p) at s[i:], if there is
// a complete one, and returns its end (i if none).
func scanExponent(s string, i int, c byte) int {
	if i >= len(s) || s[i]|0x20 != c {
		return i
	}
	j := i + 1
	if j < len(s) && (s[j] == '+' || s[j] == '-') {
		j++
	}
	if k := scanDigits(s, j, 10); k > j {
		return k
	}
	return i
}

func strtodDecimal(s string) (float64, int) {
	end, ok := scanMantissa(s, 0, 10)
	if !ok {
		return 0, 0
	}
	end = scanExponent(s, end, 'e')
	f, _ := strconv.ParseFloat(s[:end], 64) // out of range gives ±Inf or 0, as strtod does
	return f, end
}

// strtodHex reads "0x" and a hexadecimal mantissa with an optional binary
// exponent; 0 bytes if no digit follows the "0x".
func strtodHex(s string) (float64, int) {
	end, ok := scanMantissa(s, 2, 16)
	if !ok {
		return 0, 0
	}
	withExp := scanExponent(s, end, 'p')
	text := s[:withExp]
	if withExp == end {
		text += "p0" // Go wants the exponent
	}
	f, _ := strconv.ParseFloat(text, 64)
	return f, withExp
}

// strtoul reads an unsigned long in the given base as glibc's strtoul
// does: spaces, a sign (a minus negates modulo 2^64), for base 16 an
// optional 0x, digits; too large a value gives the largest. It returns
// the value and the bytes read, 0 if no digit.
func strtoul(s string, base int) (uint64, int) {
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	neg := false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	if base == 16 && i+2 < len(s) && s[i] == '0' && s[i+1]|0x20 == 'x' && digitValue(s[i+2]) < 16 {
		i += 2
	}
	start := i
	var v uint64
	overflow := false
	for ; i < len(s); i++ {
		d := uint64(digitValue(s[i]))
		if d >= uint64(base) {
			break
		}
		if v > (math.MaxUint64-d)/uint64(base) {
			overflow = true
		}
		v = v*uint64(base) + d
	}
	switch {
	case i == start:
		return 0, 0
	case overflow:
		return math.MaxUint64, i
	case neg:
		return -v, i
	}
	return v, i
}
