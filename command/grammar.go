package command

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// moveChars is the alphabet of a move token, as a regular-expression class
// body: letters, digits, plus, minus, the four suit symbols, apostrophe and
// underscore.
const moveChars = `\p{L}0-9_'+\-♣♦♥♠`

// lineLexer splits a typed line into tokens. The rules are tried in order,
// and the first one that matches wins.
//
// Word and Int are the move tokens. Word needs at least one non-digit, so a
// run of digits such as "3" is an Int while "10♣", "5+" and "7d" are Words.
// Path (a Word with a '.' or '/' in it) and String only make sense as command
// arguments; Invalid catches any other single character, so that lexing
// never fails and the text of "say" can hold anything. The parser reports
// an Invalid token, or a Path or String inside a move, as an illegal
// character at its column.
var lineLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "String", Pattern: `"(?:[^"\\\n]|\\.)*"`},
	{Name: "Path", Pattern: `[` + moveChars + `]*[./][` + moveChars + `./]*`},
	{Name: "Word", Pattern: `[0-9]*[\p{L}_'+\-♣♦♥♠][` + moveChars + `]*`},
	{Name: "Int", Pattern: `[0-9]+`},
	{Name: "Whitespace", Pattern: `[\t\n\v\f\r \x{85}\p{Z}]+`},
	{Name: "Invalid", Pattern: `(?s).`},
})

// lineAST is the grammar of one line: a REPL command or a move. A move may
// not start with a command keyword, so that a command with bad arguments is
// reported as such instead of being taken for a move.
type lineAST struct {
	Help  *helpAST  `parser:"  @@"`
	Legal *legalAST `parser:"| @@"`
	Rules *rulesAST `parser:"| @@"`
	Bare  *bareAST  `parser:"| @@"`
	Count *countAST `parser:"| @@"`
	File  *fileAST  `parser:"| @@"`
	Seat  *seatAST  `parser:"| @@"`
	Bot   *botAST   `parser:"| @@"`
	Human *humanAST `parser:"| @@"`
	Say   *sayAST   `parser:"| @@"`
	Move  *moveAST  `parser:"| @@"`
}

type helpAST struct {
	Keyword string   `parser:"@'help'"`
	Topic   *wordArg `parser:"@@?"`
}

type legalAST struct {
	Keyword string     `parser:"@'legal'"`
	Words   []*moveTok `parser:"@@*"`
}

type rulesAST struct {
	Keyword string     `parser:"@'rules'"`
	Words   []*moveTok `parser:"@@*"`
}

type bareAST struct {
	Keyword string `parser:"@('view' | 'run' | 'notes' | 'quit' | 'exit')"`
}

type countAST struct {
	Keyword string  `parser:"@('log' | 'step' | 'undo' | 'redo')"`
	N       *intArg `parser:"@@?"`
}

type fileAST struct {
	Keyword string   `parser:"@('save' | 'load')"`
	File    *fileArg `parser:"@@"`
}

type seatAST struct {
	Keyword string  `parser:"@'seat'"`
	N       *intArg `parser:"@@"`
}

type botAST struct {
	Keyword string   `parser:"@'bot'"`
	N       *intArg  `parser:"@@?"`
	Name    *wordArg `parser:"@@?"`
}

type humanAST struct {
	Keyword string  `parser:"@'human'"`
	N       *intArg `parser:"@@?"`
}

type sayAST struct {
	Keyword string    `parser:"@'say'"`
	Words   []*anyArg `parser:"@@+"`
}

// moveAST is a move: one or more move tokens, not starting with a command
// keyword. The keyword list must stay in step with the commands table.
type moveAST struct {
	Tokens []*moveTok `parser:"(?! 'help' | 'view' | 'legal' | 'rules' | 'log' | 'step' | 'run' | 'undo' | 'redo' | 'save' | 'load' | 'seat' | 'bot' | 'human' | 'notes' | 'say' | 'quit' | 'exit') @@+"`
}

// moveOnlyAST is the grammar Match uses: a move whose first token may be
// anything, since by then the caller has decided the line is a move.
type moveOnlyAST struct {
	Tokens []*moveTok `parser:"@@*"`
}

type moveTok struct {
	Pos  lexer.Position
	Text string `parser:"@(Word | Int)"`
}

type intArg struct {
	Pos   lexer.Position
	Value string `parser:"@Int"`
}

type wordArg struct {
	Pos   lexer.Position
	Value string `parser:"@Word"`
}

type fileArg struct {
	Pos   lexer.Position
	Value string `parser:"@(String | Path | Word | Int)"`
}

type anyArg struct {
	Pos   lexer.Position
	Value string `parser:"@(String | Path | Word | Int | Invalid)"`
}

var (
	lineParser = participle.MustBuild[lineAST](
		participle.Lexer(lineLexer),
		participle.Elide("Whitespace"),
		participle.CaseInsensitive("Word"),
	)
	moveParser = participle.MustBuild[moveOnlyAST](
		participle.Lexer(lineLexer),
		participle.Elide("Whitespace"),
	)
)
