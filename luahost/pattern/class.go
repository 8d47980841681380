package pattern

// The character classes of the C locale, which is the one lua5.1 runs in:
// only ASCII letters are letters.
const (
	cAlpha = 1 << iota
	cCntrl
	cDigit
	cLower
	cPunct
	cSpace
	cUpper
	cXDigit
)

var classOf = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		var bits uint8
		switch {
		case c >= 'a' && c <= 'z':
			bits |= cAlpha | cLower
		case c >= 'A' && c <= 'Z':
			bits |= cAlpha | cUpper
		case c >= '0' && c <= '9':
			bits |= cDigit
		}
		if c < 32 || c == 127 {
			bits |= cCntrl
		}
		if c > 32 && c < 127 && bits&(cAlpha|cDigit) == 0 {
			bits |= cPunct
		}
		if c == ' ' || (c >= '\t' && c <= '\r') {
			bits |= cSpace
		}
		if bits&cDigit != 0 || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') {
			bits |= cXDigit
		}
		t[c] = bits
	}
	return t
}()

func isDigit(c byte) bool { return classOf[c]&cDigit != 0 }

// matchClass reports whether c is in the class %cl; for a cl that names no
// class, whether c is cl itself (%. is a literal dot).
func matchClass(c, cl byte) bool {
	var bits uint8
	switch cl | 0x20 {
	case 'a':
		bits = cAlpha
	case 'c':
		bits = cCntrl
	case 'd':
		bits = cDigit
	case 'l':
		bits = cLower
	case 'p':
		bits = cPunct
	case 's':
		bits = cSpace
	case 'u':
		bits = cUpper
	case 'w':
		bits = cAlpha | cDigit
	case 'x':
		bits = cXDigit
	case 'z':
		if cl == 'z' {
			return c == 0
		}
		return c != 0
	default:
		return cl == c
	}
	in := classOf[c]&bits != 0
	if classOf[cl]&cUpper != 0 {
		return !in
	}
	return in
}
