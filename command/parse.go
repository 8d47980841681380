package command

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Line is one parsed line: either a REPL command (Command != "") or a move
// (Command == "", Move non-empty). A blank line has neither.
type Line struct {
	// Raw is the line as typed.
	Raw string
	// Command is the lower-cased command keyword ("exit" is reported as
	// "quit"; see the Cmd constants), or "" for a move.
	Command string

	// N is the number argument of log, step, undo, redo, seat, bot and
	// human; HasN says whether one was given (it is always given for seat).
	N    int
	HasN bool
	// Path is the FILE of save and load, unquoted if it was quoted.
	Path string
	// Name is the optional bot name of bot.
	Name string
	// Topic is the optional topic of help and of rules (its words joined
	// by spaces).
	Topic string
	// Words are the optional words of legal.
	Words []string
	// Text is the message of say: the rest of the line, verbatim, from its
	// first non-blank character to its last.
	Text string

	// Move holds the tokens of a move, as typed.
	Move []Token
	// Number is N when the move is a bare positive number N (the Nth legal
	// move); Move then holds that one token. It is 0 otherwise.
	Number int
}

// Token is one token of a move as typed.
type Token struct {
	Text string // as typed, not normalised
	Col  int    // 1-based column of its first rune in the input
}

// Parse parses one typed line. A line whose first word is a command keyword
// (case-insensitively) is that command, and its arguments must fit it;
// anything else is a move. A move is a sequence of tokens made of letters,
// digits, + - ' _ and the suit symbols ♣♦♥♠. Every error is an *Error.
func Parse(input string) (*Line, error) {
	line := &Line{Raw: input}
	if strings.TrimFunc(input, isSpace) == "" {
		return line, nil
	}
	ast, err := lineParser.ParseString("", input)
	if err != nil {
		return nil, parseError(input, err, true)
	}
	switch {
	case ast.Help != nil:
		line.Command = CmdHelp
		if ast.Help.Topic != nil {
			line.Topic = ast.Help.Topic.Value
		}
	case ast.Legal != nil:
		line.Command = CmdLegal
		for _, w := range ast.Legal.Words {
			line.Words = append(line.Words, w.Text)
		}
	case ast.Rules != nil:
		line.Command = CmdRules
		var words []string
		for _, w := range ast.Rules.Words {
			words = append(words, w.Text)
		}
		line.Topic = strings.Join(words, " ")
	case ast.Bare != nil:
		line.Command = canonical(ast.Bare.Keyword)
	case ast.Count != nil:
		line.Command = canonical(ast.Count.Keyword)
		err = line.setN(ast.Count.N, input)
	case ast.File != nil:
		line.Command = canonical(ast.File.Keyword)
		line.Path, err = path(ast.File.File, input, line.Command)
	case ast.Seat != nil:
		line.Command = CmdSeat
		err = line.setN(ast.Seat.N, input)
	case ast.Bot != nil:
		line.Command = CmdBot
		err = line.setN(ast.Bot.N, input)
		if ast.Bot.Name != nil {
			line.Name = ast.Bot.Name.Value
		}
	case ast.Human != nil:
		line.Command = CmdHuman
		err = line.setN(ast.Human.N, input)
	case ast.Say != nil:
		line.Command = CmdSay
		line.Text = strings.TrimRightFunc(input[ast.Say.Words[0].Pos.Offset:], isSpace)
	case ast.Move != nil:
		line.Move = tokens(ast.Move.Tokens, input)
		if len(line.Move) == 1 {
			if n, err := strconv.Atoi(line.Move[0].Text); err == nil && n > 0 {
				line.Number = n
			}
		}
	}
	if err != nil {
		return nil, err
	}
	return line, nil
}

// canonical maps a keyword as typed to its Line.Command.
func canonical(word string) string {
	k, _ := lookupKeyword(word)
	return k.Name
}

// setN stores an optional number argument, which must be a positive int.
func (l *Line) setN(arg *intArg, input string) error {
	if arg == nil {
		return nil
	}
	n, err := strconv.Atoi(arg.Value)
	if err != nil || n < 1 {
		k, _ := lookupKeyword(l.Command)
		return &Error{
			Input: input,
			Col:   column(input, arg.Pos.Offset),
			Msg: fmt.Sprintf("'%s' is not a positive number at column %d: usage: %s",
				arg.Value, column(input, arg.Pos.Offset), k.Usage()),
		}
	}
	l.N, l.HasN = n, true
	return nil
}

// path checks and unquotes the FILE argument of save or load.
func path(arg *fileArg, input, command string) (string, error) {
	k, _ := lookupKeyword(command)
	col := column(input, arg.Pos.Offset)
	if strings.HasPrefix(arg.Value, `"`) {
		p := unquote(arg.Value)
		if p == "" {
			return "", &Error{Input: input, Col: col,
				Msg: fmt.Sprintf("empty file name at column %d: usage: %s", col, k.Usage())}
		}
		return p, nil
	}
	for i, r := range arg.Value {
		if !isPathRune(r) {
			c := column(input, arg.Pos.Offset+i)
			return "", &Error{Input: input, Col: c,
				Msg: fmt.Sprintf("invalid character %s in file name at column %d: "+
					"use letters, digits, / . - _ or a \"quoted string\"", quoteRune(r), c)}
		}
	}
	return arg.Value, nil
}

// unquote strips the double quotes of a String token and undoes the escapes
// \" and \\; any other backslash is kept as it is.
func unquote(s string) string {
	s = s[1 : len(s)-1]
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isPathRune(r rune) bool {
	return unicode.IsLetter(r) || ('0' <= r && r <= '9') || strings.ContainsRune("/.-_", r)
}

// isMoveRune reports whether r may appear in a move token.
func isMoveRune(r rune) bool {
	return unicode.IsLetter(r) || ('0' <= r && r <= '9') || strings.ContainsRune("+-'_♣♦♥♠", r)
}

func isSpace(r rune) bool { return unicode.IsSpace(r) || unicode.In(r, unicode.Z) }

// tokens converts parsed move tokens to Tokens with rune columns.
func tokens(toks []*moveTok, input string) []Token {
	out := make([]Token, len(toks))
	for i, t := range toks {
		out[i] = Token{Text: t.Text, Col: column(input, t.Pos.Offset)}
	}
	return out
}

// column converts a byte offset into input to a 1-based rune column.
func column(input string, offset int) int {
	offset = min(max(offset, 0), len(input))
	return utf8.RuneCountInString(input[:offset]) + 1
}

// quoteRune shows a rune in an error message: printable runes between
// single quotes, others as Go escapes.
func quoteRune(r rune) string {
	if r == utf8.RuneError || !unicode.IsPrint(r) {
		return strconv.QuoteRune(r)
	}
	return "'" + string(r) + "'"
}

const moveAlphabet = "a move may contain only letters, digits, + - ' _ and ♣♦♥♠"

// parseError converts an error from participle into an *Error that points
// at the offending token. commands says whether the line may be a REPL
// command (Parse) or must be a move (Match).
func parseError(input string, err error, commands bool) *Error {
	offset := 0
	var perr participle.Error
	if errors.As(err, &perr) {
		offset = perr.Position().Offset
	}
	offset = min(max(offset, 0), len(input))
	toks := lexAll(input)
	var bad *lexer.Token // the token at the error, nil at the end of input
	for i := range toks {
		if toks[i].Pos.Offset == offset {
			bad = &toks[i]
			break
		}
	}
	col := column(input, offset)

	if commands && len(toks) > 0 {
		if k, ok := lookupKeyword(toks[0].Value); ok && toks[0].Type == wordType {
			usage := k.Usage()
			if typed := lower(toks[0].Value); typed != k.Name { // an alias
				usage = typed + strings.TrimPrefix(usage, k.Name)
			}
			if bad == nil {
				return &Error{Input: input, Col: col,
					Msg: fmt.Sprintf("incomplete command '%s' at column %d: usage: %s", k.Name, col, usage)}
			}
			return &Error{Input: input, Col: col,
				Msg: fmt.Sprintf("unexpected %s at column %d: usage: %s", quoteToken(bad.Value), col, usage)}
		}
	}
	if bad == nil {
		return &Error{Input: input, Col: col, Msg: fmt.Sprintf("unexpected end of line at column %d", col)}
	}
	// In a move, the only tokens that can stop the parser are those holding
	// a character a move may not contain: point at that character.
	for i, r := range bad.Value {
		if r == utf8.RuneError && !strings.HasPrefix(bad.Value[i:], string(utf8.RuneError)) {
			c := column(input, offset+i)
			return &Error{Input: input, Col: c,
				Msg:   fmt.Sprintf("invalid byte %#x at column %d: the line is not UTF-8 text", bad.Value[i], c),
				Quiet: "The line is not UTF-8 text"}
		}
		if !isMoveRune(r) {
			c := column(input, offset+i)
			return &Error{Input: input, Col: c,
				Msg:   fmt.Sprintf("invalid character %s at column %d: %s", quoteRune(r), c, moveAlphabet),
				Quiet: "The line holds a character no move has: " + moveAlphabet}
		}
	}
	return &Error{Input: input, Col: col,
		Msg: fmt.Sprintf("unexpected %s at column %d", quoteToken(bad.Value), col)}
}

// quoteToken shows a token in an error message.
func quoteToken(s string) string {
	for _, r := range s {
		if r == utf8.RuneError || !unicode.IsPrint(r) {
			return strconv.Quote(s)
		}
	}
	return "'" + s + "'"
}

var wordType = lineLexer.Symbols()["Word"]

// lexAll returns the non-blank tokens of input. The lexer cannot fail: any
// character it does not otherwise know is an Invalid token.
func lexAll(input string) []lexer.Token {
	lex, err := lineLexer.LexString("", input)
	if err != nil {
		return nil
	}
	ws := lineLexer.Symbols()["Whitespace"]
	var out []lexer.Token
	for {
		t, err := lex.Next()
		if err != nil || t.EOF() {
			return out
		}
		if t.Type != ws {
			out = append(out, t)
		}
	}
}

func lower(s string) string { return strings.ToLower(s) }
