package luahost

import (
	"errors"
	"strconv"
	"strings"
)

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
