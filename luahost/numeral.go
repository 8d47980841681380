package luahost

import (
	"errors"
	"math"
	"strconv"
	"strings"
)

// FormatNumber writes n as Lua 5.1 converts a number to a string
// (LUAI_NUMFFORMAT, "%.14g" through the C library): 14 significant
// digits, "1e+15" for large numbers, "inf", "-inf", "nan" and "-nan".
func FormatNumber(n float64) string {
	if n == math.Trunc(n) && math.Abs(n) < 1e14 { // the common case: exact
		if n == 0 && math.Signbit(n) {
			return "-0"
		}
		return strconv.FormatInt(int64(n), 10)
	}
	switch {
	case math.IsInf(n, 1):
		return "inf"
	case math.IsInf(n, -1):
		return "-inf"
	case n != n:
		if math.Signbit(n) {
			return "-nan"
		}
		return "nan"
	}
	// Go's %g with a precision is C's: the same switch to an exponent at
	// the precision, trailing zeros dropped, at least two exponent digits.
	return strconv.FormatFloat(n, 'g', 14, 64)
}

// parseNumeral reads a number literal of the source as Lua 5.1's lexer
// does (strtod, and hexadecimal integers of any length).
func parseNumeral(s string) (float64, bool) {
	if strings.ContainsAny(s, "_pPnN") { // no Go-only digit separators, hex floats, inf or nan
		return 0, false
	}
	if len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		if strings.Contains(s, ".") {
			return 0, false
		}
		s += "p0" // Go reads hexadecimal only as a float with an exponent
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, false
	}
	return f, true
}
