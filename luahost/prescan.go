package luahost

import "bytes"

// maxPressure bounds how deep gopher-lua's parser stack may grow. The
// parser (goyacc) keeps every open bracket, block, unary operator and
// pending operand of a right-associative chain ('..', '^') on its stack,
// and a 200k-term '..' chain takes it seconds and hundreds of megabytes.
// Lua 5.1 refuses such chunks anyway (about 200 syntax levels), so the
// bound is far above anything 5.1 accepts.
const maxPressure = 1000

// prescan estimates, in one pass over the source's tokens, the largest
// parser stack the chunk needs (open brackets and blocks, plus the run of
// right-associative and unary operators pending at that depth), and
// refuses the chunk, with the line, if it passes maxPressure. It is an
// estimate for safety, not a parser: the exact limits are checkSize's.
func prescan(src []byte, name string) error {
	s := pressure{src: src, line: 1}
	for s.i < len(src) {
		if s.gap() || s.literal() {
			continue
		}
		if c := src[s.i]; isNameStart(c) || isDigit(c) || (c == '.' && s.i+1 < len(src) && isDigit(src[s.i+1])) {
			s.word()
		} else {
			s.punct()
		}
		if s.depth+s.run > maxPressure {
			return &Error{Chunk: name, Line: s.line, Msg: "chunk has too many syntax levels"}
		}
	}
	return nil
}

// pressure is prescan's place in the source and its estimate there.
type pressure struct {
	src        []byte
	i, line    int
	depth, run int  // open brackets and blocks; pending operators at that depth
	operand    bool // the previous token ends an operand (so '-' is binary)
}

// gap skips white space or a comment at s.i, reporting whether it did.
func (s *pressure) gap() bool {
	src, c := s.src, s.src[s.i]
	switch {
	case c == '\n':
		s.line++
		s.i++
	case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
		s.i++
	case c == '-' && s.i+1 < len(src) && src[s.i+1] == '-':
		s.i += 2
		if n := longBracket(src[s.i:]); n > 0 {
			s.i, s.line = skipLong(src, s.i, n, s.line)
		} else {
			for s.i < len(src) && src[s.i] != '\n' {
				s.i++
			}
		}
	default:
		return false
	}
	return true
}

// literal skips a string at s.i, reporting whether it did.
func (s *pressure) literal() bool {
	src, c := s.src, s.src[s.i]
	switch {
	case c == '"' || c == '\'':
		s.i, s.line = skipString(src, s.i, s.line)
	case c == '[' && longBracket(src[s.i:]) > 0:
		s.i, s.line = skipLong(src, s.i, longBracket(src[s.i:]), s.line)
	default:
		return false
	}
	s.operand = true
	return true
}

// word reads a name, keyword or number: block keywords open and close a
// level, 'not' is a pending unary operator, and other keywords end a run.
func (s *pressure) word() {
	src, j := s.src, s.i
	for j < len(src) && (isNameStart(src[j]) || isDigit(src[j]) || src[j] == '.' && isDigit(src[s.i])) {
		j++
	}
	word := string(src[s.i:j])
	s.i = j
	s.operand = true
	switch word {
	case "function", "if", "do", "repeat":
		s.depth++
		s.run, s.operand = 0, false
	case "end", "until":
		s.depth--
		s.run, s.operand = 0, word == "end"
	case "not":
		s.run++
		s.operand = false
	case "and", "or", "then", "else", "elseif", "local", "return", "while", "for", "in", "break":
		s.run, s.operand = 0, false
	}
}

// punct reads one punctuation token: brackets open and close a level;
// '^', '#', '..' and unary '-' are pending operators; separators and
// comparisons end a run.
func (s *pressure) punct() {
	src, c := s.src, s.src[s.i]
	s.i++
	switch c {
	case '(', '[', '{':
		s.depth++
		s.run, s.operand = 0, false
	case ')', ']', '}':
		s.depth--
		s.run, s.operand = 0, true
	case '^', '#':
		s.run++
		s.operand = false
	case '.':
		if s.i < len(src) && src[s.i] == '.' {
			s.i++
			if s.i < len(src) && src[s.i] == '.' { // '...'
				s.i++
				s.operand = true
				return
			}
			s.run++
		}
		s.operand = false
	case '-':
		if !s.operand {
			s.run++
		}
		s.operand = false
	case ',', ';', '=', '<', '>', '~':
		s.run, s.operand = 0, false
	default:
		s.operand = false
	}
}

func isNameStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// longBracket returns the length of the long bracket opening s ("[[",
// "[==["), or 0.
func longBracket(s []byte) int {
	if len(s) == 0 || s[0] != '[' {
		return 0
	}
	n := 1
	for n < len(s) && s[n] == '=' {
		n++
	}
	if n < len(s) && s[n] == '[' {
		return n + 1
	}
	return 0
}

// skipLong skips the long string or comment opening at src[i] with a
// bracket of n bytes, counting lines.
func skipLong(src []byte, i, n, line int) (int, int) {
	closing := append([]byte{']'}, bytes.Repeat([]byte{'='}, n-2)...)
	closing = append(closing, ']')
	rest := src[i+n:]
	end := bytes.Index(rest, closing)
	if end < 0 {
		return len(src), line + bytes.Count(rest, []byte{'\n'})
	}
	return i + n + end + len(closing), line + bytes.Count(rest[:end], []byte{'\n'})
}

// skipString skips the quoted string starting at src[i].
func skipString(src []byte, i, line int) (int, int) {
	quote := src[i]
	for i++; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
			if i < len(src) && src[i] == '\n' {
				line++
			}
		case '\n':
			return i, line // unfinished: the parser will say so
		case quote:
			return i + 1, line
		}
	}
	return i, line
}
