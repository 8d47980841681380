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
	depth, run, line := 0, 0, 1
	operand := false // the previous token ends an operand (so '-' is binary)
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\n':
			line++
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
			continue
		case c == '-' && i+1 < len(src) && src[i+1] == '-': // comment
			i += 2
			if n := longBracket(src[i:]); n > 0 {
				i, line = skipLong(src, i, n, line)
			} else {
				for i < len(src) && src[i] != '\n' {
					i++
				}
			}
			continue
		case c == '"' || c == '\'':
			i, line = skipString(src, i, line)
			operand = true
			continue
		case c == '[' && longBracket(src[i:]) > 0:
			i, line = skipLong(src, i, longBracket(src[i:]), line)
			operand = true
			continue
		case isNameStart(c) || isDigit(c) || (c == '.' && i+1 < len(src) && isDigit(src[i+1])):
			j := i
			for j < len(src) && (isNameStart(src[j]) || isDigit(src[j]) || src[j] == '.' && isDigit(src[i])) {
				j++
			}
			word := src[i:j]
			i = j
			operand = true
			switch string(word) {
			case "function", "if", "do", "repeat":
				depth++
				run, operand = 0, false
			case "end", "until":
				depth--
				run, operand = 0, string(word) == "end"
			case "not":
				run++
				operand = false
			case "and", "or", "then", "else", "elseif", "local", "return", "while", "for", "in", "break":
				run, operand = 0, false
			}
		default:
			i++
			switch c {
			case '(', '[', '{':
				depth++
				run, operand = 0, false
			case ')', ']', '}':
				depth--
				run, operand = 0, true
			case '^', '#':
				run++
				operand = false
			case '.':
				if i < len(src) && src[i] == '.' {
					i++
					if i < len(src) && src[i] == '.' { // '...'
						i++
						operand = true
						break
					}
					run++
				}
				operand = false
			case '-':
				if !operand {
					run++
				}
				operand = false
			case ',', ';', '=', '<', '>', '~':
				run, operand = 0, false
			default:
				operand = false
			}
		}
		if depth+run > maxPressure {
			return &Error{Chunk: name, Line: line, Msg: "chunk has too many syntax levels"}
		}
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
