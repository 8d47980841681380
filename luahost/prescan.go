package luahost

import (
	"bytes"
	"fmt"
)

// maxPressure bounds how deep gopher-lua's parser stack may grow. The
// parser (goyacc) keeps every open bracket, block, unary operator and
// pending operand of a right-associative chain ('..', '^') on its stack,
// and a 200k-term '..' chain takes it seconds and hundreds of megabytes.
// Lua 5.1 refuses such chunks anyway (about 200 syntax levels), so the
// bound is far above anything 5.1 accepts.
const maxPressure = 1000

// prescan reads the chunk's tokens once, before gopher-lua's parser sees
// them, and refuses the chunk, with the line, where gopher-lua would go
// wrong:
//
//   - it estimates the largest parser stack the chunk needs (open
//     brackets and blocks, plus the run of right-associative and unary
//     operators pending at that depth) and refuses a chunk past
//     maxPressure. It is an estimate for safety, not a parser: the exact
//     limits are checkSize's.
//   - it reads every numeral as Lua 5.1's lexer does (see numeral), and
//     refuses a malformed one as 5.1 does.
//
// It returns the source gopher-lua should parse: src itself, or a copy in
// which numerals gopher-lua's lexer would cut short stand in for the
// originals (see numerals), and the numerals those stand for.
//
// The scan is the compile pass's first budget: every step moves forward
// in the source (a step that does not is refused as an internal error at
// its line), so it takes at most one step per byte, and everything after
// it works on a tree whose size checkSize bounds.
func prescan(src []byte, name string) ([]byte, numerals, error) {
	s := pressure{src: src, line: 1, name: name, stmtStart: true}
	for s.i < len(src) {
		start := s.i
		if s.gap() || s.literal() {
			// skipped
		} else if c := src[s.i]; isDigit(c) || (c == '.' && s.i+1 < len(src) && isDigit(src[s.i+1])) {
			if err := s.numeral(); err != nil {
				return nil, nil, err
			}
		} else if isNameStart(c) {
			s.word()
		} else if err := s.punct(); err != nil {
			return nil, nil, err
		}
		if s.i <= start { // a bug of ours: never loop in place
			return nil, nil, &Error{Chunk: name, Line: s.line, Msg: fmt.Sprintf("internal error: the compile pass cannot read the chunk at %q", clip(src[start:], 10))}
		}
		if s.depth+s.run > maxPressure {
			return nil, nil, &Error{Chunk: name, Line: s.line, Msg: "chunk has too many syntax levels"}
		}
	}
	return s.stand.apply(src, name)
}

// clip is at most n bytes of b.
func clip(b []byte, n int) []byte {
	if len(b) > n {
		return b[:n]
	}
	return b
}

// pressure is prescan's place in the source and its estimate there.
type pressure struct {
	src        []byte
	name       string
	i, line    int
	stand      standIns // numerals gopher-lua would misread
	depth, run int      // open brackets and blocks; pending operators at that depth
	operand    bool     // the previous token ends an operand (so '-' is binary)
	// stmtStart: the previous token leaves a statement to come (the
	// chunk's start, ';', do, then, else, repeat, a function's
	// parameters), where Lua 5.1, unlike gopher-lua, refuses a ';'.
	stmtStart bool
	params    int // 1: after 'function', before its '('; 2: in its parameters
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
	s.operand, s.stmtStart = true, false
	return true
}

// word reads a name or keyword: block keywords open and close a level,
// 'not' is a pending unary operator, and other keywords end a run.
func (s *pressure) word() {
	src, j := s.src, s.i
	for j < len(src) && (isNameStart(src[j]) || isDigit(src[j])) {
		j++
	}
	word := string(src[s.i:j])
	s.i = j
	s.operand = true
	s.stmtStart = word == "do" || word == "then" || word == "else" || word == "repeat"
	if word == "function" {
		s.params = 1
	}
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
// comparisons end a run. A ';' where 5.1 expects a statement is refused
// as 5.1 refuses it.
func (s *pressure) punct() error {
	src, c := s.src, s.src[s.i]
	s.i++
	stmtStart := s.stmtStart
	s.stmtStart = false
	switch c {
	case '(', '[', '{':
		s.depth++
		s.run, s.operand = 0, false
		if c == '(' && s.params == 1 {
			s.params = 2
		}
	case ')', ']', '}':
		s.depth--
		s.run, s.operand = 0, true
		if c == ')' && s.params == 2 {
			s.params, s.stmtStart = 0, true
		}
	case '^', '#':
		s.run++
		s.operand = false
	case '.':
		if s.i < len(src) && src[s.i] == '.' {
			s.i++
			if s.i < len(src) && src[s.i] == '.' { // '...'
				s.i++
				s.operand = true
				return nil
			}
			s.run++
		}
		s.operand = false
	case '-':
		if !s.operand {
			s.run++
		}
		s.operand = false
	case ';':
		if stmtStart {
			return &Error{Chunk: s.name, Line: s.line, Msg: "unexpected symbol near ';'"}
		}
		s.run, s.operand, s.stmtStart = 0, false, true
	case ',', '=', '<', '>', '~':
		s.run, s.operand = 0, false
	default:
		s.operand = false
	}
	return nil
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
