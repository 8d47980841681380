package command

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseCommands(t *testing.T) {
	tests := []struct {
		in   string
		want Line
	}{
		{"help", Line{Command: CmdHelp}},
		{"HELP", Line{Command: CmdHelp}},
		{"help undo", Line{Command: CmdHelp, Topic: "undo"}},
		{"  Help   Save  ", Line{Command: CmdHelp, Topic: "Save"}},
		{"view", Line{Command: CmdView}},
		{"legal", Line{Command: CmdLegal}},
		{"legal Tea 5+", Line{Command: CmdLegal, Words: []string{"Tea", "5+"}}},
		{"rules", Line{Command: CmdRules}},
		{"rules S1", Line{Command: CmdRules, Topic: "S1"}},
		{"rules taking tricks", Line{Command: CmdRules, Topic: "taking tricks"}},
		{"log", Line{Command: CmdLog}},
		{"log 20", Line{Command: CmdLog, N: 20, HasN: true}},
		{"step", Line{Command: CmdStep}},
		{"Step 3", Line{Command: CmdStep, N: 3, HasN: true}},
		{"run", Line{Command: CmdRun}},
		{"undo", Line{Command: CmdUndo}},
		{"undo 2", Line{Command: CmdUndo, N: 2, HasN: true}},
		{"redo", Line{Command: CmdRedo}},
		{"REDO 007", Line{Command: CmdRedo, N: 7, HasN: true}},
		{"save game.json", Line{Command: CmdSave, Path: "game.json"}},
		{"save games/poker-2_final.json", Line{Command: CmdSave, Path: "games/poker-2_final.json"}},
		{"save ../saves/x", Line{Command: CmdSave, Path: "../saves/x"}},
		{"save /tmp/a", Line{Command: CmdSave, Path: "/tmp/a"}},
		{"save mygame", Line{Command: CmdSave, Path: "mygame"}},
		{"save 42", Line{Command: CmdSave, Path: "42"}},
		{`save "My Games/poker night.json"`, Line{Command: CmdSave, Path: "My Games/poker night.json"}},
		{`save "say \"hi\" \\ \n"`, Line{Command: CmdSave, Path: `say "hi" \ \n`}},
		{"load game.json", Line{Command: CmdLoad, Path: "game.json"}},
		{"Load jeux/partie-été.json", Line{Command: CmdLoad, Path: "jeux/partie-été.json"}},
		{"seat 2", Line{Command: CmdSeat, N: 2, HasN: true}},
		{"bot", Line{Command: CmdBot}},
		{"bot 3", Line{Command: CmdBot, N: 3, HasN: true}},
		{"bot greedy", Line{Command: CmdBot, Name: "greedy"}},
		{"bot 3 mcts-200", Line{Command: CmdBot, N: 3, HasN: true, Name: "mcts-200"}},
		{"bot 1 help", Line{Command: CmdBot, N: 1, HasN: true, Name: "help"}},
		{"human", Line{Command: CmdHuman}},
		{"human 4", Line{Command: CmdHuman, N: 4, HasN: true}},
		{"notes", Line{Command: CmdNotes}},
		{"say hello", Line{Command: CmdSay, Text: "hello"}},
		{"say  gg, well played!  (50% luck) ;-) ", Line{Command: CmdSay, Text: "gg, well played!  (50% luck) ;-)"}},
		{`SAY "unterminated and {weird} chars € \ |`, Line{Command: CmdSay, Text: `"unterminated and {weird} chars € \ |`}},
		{"say help", Line{Command: CmdSay, Text: "help"}},
		{"say 3", Line{Command: CmdSay, Text: "3"}},
		{"quit", Line{Command: CmdQuit}},
		{"exit", Line{Command: CmdQuit}},
		{"Exit", Line{Command: CmdQuit}},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		tt.want.Raw = tt.in
		if !reflect.DeepEqual(*got, tt.want) {
			t.Errorf("Parse(%q)\n got %+v\nwant %+v", tt.in, *got, tt.want)
		}
	}
}

func TestParseMoves(t *testing.T) {
	tests := []struct {
		in     string
		move   []Token
		number int
	}{
		{"play JC", []Token{{"play", 1}, {"JC", 6}}, 0},
		{"play 10♣", []Token{{"play", 1}, {"10♣", 6}}, 0},
		{"p j♣", []Token{{"p", 1}, {"j♣", 3}}, 0},
		{"play TC", []Token{{"play", 1}, {"TC", 6}}, 0},
		{"play 7d", []Token{{"play", 1}, {"7d", 6}}, 0},
		{"bet umbrella 5+ double", []Token{{"bet", 1}, {"umbrella", 5}, {"5+", 14}, {"double", 17}}, 0},
		{"raise 2-", []Token{{"raise", 1}, {"2-", 7}}, 0},
		{"move kitchen", []Token{{"move", 1}, {"kitchen", 6}}, 0},
		{"f7", []Token{{"f7", 1}}, 0},
		{"vote yes 2", []Token{{"vote", 1}, {"yes", 6}, {"2", 10}}, 0},
		{"take o'brien's_hat", []Token{{"take", 1}, {"o'brien's_hat", 6}}, 0},
		{"♠♠ ♥", []Token{{"♠♠", 1}, {"♥", 4}}, 0},
		{"jouer été", []Token{{"jouer", 1}, {"été", 7}}, 0},
		{"\tplay\t\tQH ", []Token{{"play", 2}, {"QH", 8}}, 0},
		{"3", []Token{{"3", 1}}, 3},
		{" 12 ", []Token{{"12", 2}}, 12},
		{"0", []Token{{"0", 1}}, 0},
		{"3 2", []Token{{"3", 1}, {"2", 3}}, 0},
		// Words that merely start with a keyword are moves.
		{"helpme", []Token{{"helpme", 1}}, 0},
		{"say-so", []Token{{"say-so", 1}}, 0},
		{"running", []Token{{"running", 1}}, 0},
		{"bots 2", []Token{{"bots", 1}, {"2", 6}}, 0},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if got.Command != "" || !slices.Equal(got.Move, tt.move) || got.Number != tt.number || got.Raw != tt.in {
			t.Errorf("Parse(%q) = %+v, want move %v number %d", tt.in, *got, tt.move, tt.number)
		}
	}
}

func TestParseBlank(t *testing.T) {
	for _, in := range []string{"", "   ", "\t \u00a0"} {
		got, err := Parse(in)
		if err != nil || got.Command != "" || got.Move != nil || got.Raw != in {
			t.Errorf("Parse(%q) = %+v, %v; want a blank line", in, got, err)
		}
	}
}

// checkError asserts that err is an *Error at col whose message starts with
// msg, and that it renders as message, input and caret.
func checkError(t *testing.T, what, in string, err error, col int, msg string) *Error {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Errorf("%s(%q): got error %v (%T), want an *Error", what, in, err, err)
		return nil
	}
	if e.Col != col {
		t.Errorf("%s(%q): column %d, want %d (%s)", what, in, e.Col, col, e.Msg)
	}
	if !strings.HasPrefix(e.Msg, msg) {
		t.Errorf("%s(%q): message\n  %s\nwant it to start with\n  %s", what, in, e.Msg, msg)
	}
	if e.Input != in {
		t.Errorf("%s(%q): Input = %q", what, in, e.Input)
	}
	lines := strings.Split(e.Error(), "\n")
	if len(lines) != 3 {
		t.Fatalf("%s(%q): Error() has %d lines:\n%s", what, in, len(lines), e.Error())
	}
	if lines[0] != e.Msg {
		t.Errorf("%s(%q): first line %q, want the message", what, in, lines[0])
	}
	if utf8.RuneCountInString(lines[1]) != utf8.RuneCountInString(in)+2 || !strings.HasPrefix(lines[1], "  ") {
		t.Errorf("%s(%q): second line %q should be the input indented by two", what, in, lines[1])
	}
	if caret := "  " + strings.Repeat(" ", col-1) + "^"; lines[2] != caret {
		t.Errorf("%s(%q): caret line %q, want %q", what, in, lines[2], caret)
	}
	return e
}

func TestParseErrors(t *testing.T) {
	const moveChars = "a move may contain only letters, digits, + - ' _ and ♣♦♥♠"
	tests := []struct {
		in  string
		col int
		msg string
	}{
		// Characters a move may not contain, wherever they are.
		{"play J%", 7, "invalid character '%' at column 7: " + moveChars},
		{"% play", 1, "invalid character '%' at column 1"},
		{"play 10♣ 7♦ ?", 13, "invalid character '?' at column 13"},
		{"play e.g", 7, "invalid character '.' at column 7"},
		{"x/y", 2, "invalid character '/' at column 2"},
		{`play "JC"`, 6, `invalid character '"' at column 6`},
		{"play\tJC;", 8, "invalid character ';' at column 8"},
		{"♣♣ é€", 5, "invalid character '€' at column 5"},
		{"play\xffJC", 5, "invalid byte 0xff at column 5"},
		{"move\x00", 5, `invalid character '\x00' at column 5`},
		// Commands with arguments that do not fit.
		{"log x", 5, "unexpected 'x' at column 5: usage: log [N]"},
		{"log 3 4", 7, "unexpected '4' at column 7: usage: log [N]"},
		{"log 0", 5, "'0' is not a positive number at column 5: usage: log [N]"},
		{"undo -1", 6, "unexpected '-1' at column 6: usage: undo [N]"},
		{"step 99999999999999999999", 6, "'99999999999999999999' is not a positive number at column 6"},
		{"redo 1.5", 6, "unexpected '1.5' at column 6: usage: redo [N]"},
		{"seat", 5, "incomplete command 'seat' at column 5: usage: seat N"},
		{"seat x", 6, "unexpected 'x' at column 6: usage: seat N"},
		{"seat 0", 6, "'0' is not a positive number at column 6: usage: seat N"},
		{"seat 1 2", 8, "unexpected '2' at column 8: usage: seat N"},
		{"bot 2 3", 7, "unexpected '3' at column 7: usage: bot [N] [NAME]"},
		{"bot mcts 2", 10, "unexpected '2' at column 10: usage: bot [N] [NAME]"},
		{"bot 0 x", 5, "'0' is not a positive number at column 5: usage: bot [N] [NAME]"},
		{"human me", 7, "unexpected 'me' at column 7: usage: human [N]"},
		{"save", 5, "incomplete command 'save' at column 5: usage: save FILE"},
		{"load  ", 7, "incomplete command 'load' at column 7: usage: load FILE"},
		{"save a b", 8, "unexpected 'b' at column 8: usage: save FILE"},
		{"save a|b", 7, "unexpected '|' at column 7: usage: save FILE"},
		{"save a+b.json", 7, "invalid character '+' in file name at column 7"},
		{`save ""`, 6, "empty file name at column 6: usage: save FILE"},
		{`save "open`, 6, `unexpected '"' at column 6: usage: save FILE`},
		{"say", 4, "incomplete command 'say' at column 4: usage: say TEXT…"},
		{"say   ", 7, "incomplete command 'say' at column 7"},
		{"help me please", 9, "unexpected 'please' at column 9: usage: help [TOPIC]"},
		{"help 3", 6, "unexpected '3' at column 6: usage: help [TOPIC]"},
		{"view all", 6, "unexpected 'all' at column 6: usage: view"},
		{"legal tea.x", 7, "unexpected 'tea.x' at column 7: usage: legal [WORD…]"},
		{"run fast", 5, "unexpected 'fast' at column 5: usage: run"},
		{"notes x", 7, "unexpected 'x' at column 7: usage: notes"},
		{"quit now", 6, "unexpected 'now' at column 6: usage: quit"},
		{"EXIT now", 6, "unexpected 'now' at column 6: usage: exit"},
		{"Seat ♣", 6, "unexpected '♣' at column 6: usage: seat N"},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in)
		if err == nil {
			t.Errorf("Parse(%q) = %+v, want an error", tt.in, *got)
			continue
		}
		checkError(t, "Parse", tt.in, err, tt.col, tt.msg)
	}
}

func TestErrorRendering(t *testing.T) {
	e := &Error{Input: "play\tJX", Col: 6, Msg: "unknown card 'JX' at column 6: expected a rank 2-10,J,Q,K,A and a suit C,D,H,S"}
	want := "unknown card 'JX' at column 6: expected a rank 2-10,J,Q,K,A and a suit C,D,H,S\n" +
		"  play JX\n" +
		"       ^"
	if e.Error() != want {
		t.Errorf("Error() =\n%s\nwant\n%s", e.Error(), want)
	}
}

var (
	hand    = []string{"play 2C", "play JC", "play 5H"}
	handEtc = []string{"play 2C", "play JC", "play 5H", "pass"}
	votes   = []string{"vote yes 1", "vote yes 2", "vote yes 3", "vote yes 4", "vote no"}
	bets    = []string{"bet umbrella 5+", "bet umbrella 5+ double", "bet umbrella 2-", "bet sun 5+", "pass"}
	rooms   = []string{"move kitchen", "move kitchen-garden", "move hall", "stay"}
	tens    = []string{"play 10H", "play 10HX", "play TC", "play 9S"}
	chess   = []string{"e4", "e3", "d4", "Nf3", "Nc3"}
	numbers = []string{"2", "3", "5"}
)

func TestMatch(t *testing.T) {
	tests := []struct {
		in      string
		options []string
		want    int
	}{
		// Exact, case-insensitive, normalised.
		{"play JC", hand, 1},
		{"PLAY jc", hand, 1},
		{"play j♣", hand, 1},
		{"play J♣", hand, 1},
		{"play 5♥", hand, 2},
		{"play th", tens, 0},
		{"play T♥", tens, 0},
		{"play 10c", tens, 2},
		{"play tc", tens, 2},
		{"play T♣", tens, 2},
		{"e4", chess, 0},
		{"nf3", chess, 3},
		// Prefixes.
		{"pl jc", hand, 1},
		{"p 2", hand, 0},
		{"pa", handEtc, 3},
		{"pl j", handEtc, 1},
		{"v n", votes, 4},
		{"vote y 3", votes, 2},
		{"b s", bets, 3},
		{"b u 2", bets, 2},
		{"bet umbrella 5+ d", bets, 1},
		{"m h", rooms, 2},
		{"s", rooms, 3},
		{"play t", []string{"play 10H", "play 9S"}, 0},
		{"n", []string{"noop"}, 0},
		// Exact beats prefix at each position.
		{"play 10H", tens, 0},
		{"play 10hx", tens, 1},
		{"move kitchen", rooms, 0},
		{"m kitchen", rooms, 0},
		{"m kitchen-", rooms, 1},
		{"e3", chess, 1},
		// Trailing tokens may be omitted when one option is left, and an
		// option ending where the input ends wins.
		{"bet umbrella 5+", bets, 0},
		{"bet umb 5+", bets, 0},
		{"bet sun", bets, 3},
		{"b sun", bets, 3},
		{"pass", bets, 4},
		{"play", []string{"play JC"}, 0},
		// Bare numbers.
		{"1", hand, 0},
		{"3", hand, 2},
		{" 2 ", votes, 1},
		{"05", votes, 4},
		{"5", numbers, 2},
		{"3", numbers, 1},
		{"1", numbers, 0},
		// The same option listed twice.
		{"play JC", []string{"play JC", "play JC"}, 0},
		{"pl", []string{"play JC", "play JC"}, 0},
		// A move whose first word is a command keyword is still a move here.
		{"run", []string{"run", "hide"}, 0},
	}
	for _, tt := range tests {
		got, err := Match(tt.in, tt.options)
		if err != nil {
			t.Errorf("Match(%q, %q): %v", tt.in, tt.options, err)
			continue
		}
		if got != tt.want {
			t.Errorf("Match(%q, %q) = %d (%q), want %d (%q)", tt.in, tt.options, got, tt.options[got], tt.want, tt.options[tt.want])
		}
	}
}

func TestMatchErrors(t *testing.T) {
	many := []string{}
	for _, c := range strings.Fields("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2D") {
		many = append(many, "play "+c)
	}
	tests := []struct {
		in       string
		options  []string
		col      int
		msg      string
		expected []string
	}{
		{"play JX", hand, 6,
			"unknown card 'JX' at column 6: expected a rank 2-10,J,Q,K,A and a suit C,D,H,S",
			[]string{"2C", "JC", "5H"}},
		{"play j♣x", hand, 6, "unknown card 'JCX' at column 6", []string{"2C", "JC", "5H"}},
		{"play 1C", hand, 6, "unknown card '1C' at column 6", []string{"2C", "JC", "5H"}},
		{"play 7d", hand, 6,
			"'7D' is not a legal move here (column 6): expected one of 2C, JC, 5H",
			[]string{"2C", "JC", "5H"}},
		{"play 7♦", hand, 6, "'7D' is not a legal move here (column 6)", []string{"2C", "JC", "5H"}},
		{"play t♦", []string{"play 10H", "play TC", "play 9S"}, 6, "'10D' is not a legal move here (column 6): expected one of 10H, TC, 9S", nil},
		{"play t♦", tens, 6, "'t♦' is not legal after 'play' (column 6): expected one of 10H, 10HX, TC, 9S", nil},
		{"play t", tens, 6, "ambiguous 't' at column 6: could be TC, 10H", []string{"TC", "10H"}},
		{"foo", []string{"play JC"}, 1, "unknown move 'foo' at column 1: expected one of play", []string{"play"}},
		{"foo", handEtc, 1, "unknown move 'foo' at column 1: expected one of play, pass", []string{"play", "pass"}},
		{"p", handEtc, 1, "ambiguous 'p' at column 1: could be pass, play", []string{"pass", "play"}},
		{"  p 2c", handEtc, 3, "ambiguous 'p' at column 3: could be pass, play", nil},
		{"m kitchen-x", rooms, 3, "'kitchen-x' is not legal after 'move' (column 3): expected one of kitchen, kitchen-garden, hall", nil},
		{"vote yes", votes, 9, "'vote yes' is incomplete: expected one of 1, 2, 3, 4 at column 9", []string{"1", "2", "3", "4"}},
		{"vote yes ", votes, 10, "'vote yes' is incomplete: expected one of 1, 2, 3, 4 at column 10", []string{"1", "2", "3", "4"}},
		{"v y   ", votes, 5, "'vote yes' is incomplete: expected one of 1, 2, 3, 4 at column 5", nil},
		{"vote", votes, 5, "'vote' is incomplete: expected one of yes, no at column 5", []string{"yes", "no"}},
		{"vote maybe", votes, 6, "'maybe' is not legal after 'vote' (column 6): expected one of yes, no", []string{"yes", "no"}},
		{"bet umbrella 7+", bets, 14, "'7+' is not legal after 'bet umbrella' (column 14): expected one of 5+, 2-", nil},
		{"play JC now", hand, 9, "unexpected 'now' at column 9: 'play JC' is already a complete move", nil},
		{"pass 2", bets, 6, "unexpected '2' at column 6: 'pass' is already a complete move", nil},
		{"b", bets, 2, "'bet' is incomplete: expected one of umbrella, sun at column 2", nil},
		{"e", chess, 1, "ambiguous 'e' at column 1: could be e3, e4", nil},
		{"n", chess, 1, "ambiguous 'n' at column 1: could be Nc3, Nf3", nil},
		// Bare numbers out of range.
		{"4", hand, 1, "there is no move 4 (column 1): expected a number from 1 to 3", nil},
		{"0", hand, 1, "there is no move 0 (column 1)", nil},
		{" 99999999999999999999", hand, 2, "there is no move 99999999999999999999 (column 2)", nil},
		{"2", []string{"pass"}, 1, "there is no move 2 (column 1): the only move is 1", nil},
		// Nothing to match.
		{"", hand, 1, "empty move at column 1: expected one of play", []string{"play"}},
		{"  ", handEtc, 1, "empty move at column 1: expected one of play, pass", nil},
		{"play JC", nil, 1, "there are no legal moves right now", nil},
		// The lexer's complaints.
		{"play J%", hand, 7, "invalid character '%' at column 7", nil},
		{"play 10♣.", hand, 9, "invalid character '.' at column 9", nil},
		// A long list of expectations is cut short.
		{"play XX", many, 6, "unknown card 'XX' at column 6", nil},
		{"play 2H", many, 6, "'2H' is not a legal move here (column 6): expected one of 2C, 3C, 4C, 5C, 6C, 7C, 8C, 9C, 10C, JC, QC, KC, …", nil},
	}
	for _, tt := range tests {
		got, err := Match(tt.in, tt.options)
		if err == nil {
			t.Errorf("Match(%q, %q) = %d, want an error", tt.in, tt.options, got)
			continue
		}
		if got != -1 {
			t.Errorf("Match(%q, %q) = %d with an error, want -1", tt.in, tt.options, got)
		}
		e := checkError(t, "Match", tt.in, err, tt.col, tt.msg)
		if e != nil && tt.expected != nil && !slices.Equal(e.Expected, tt.expected) {
			t.Errorf("Match(%q): Expected = %q, want %q", tt.in, e.Expected, tt.expected)
		}
	}
}

func TestNormalize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"j♣", "JC"}, {"10♦", "10D"}, {"q♥", "QH"}, {"a♠", "AS"},
		{"TC", "10C"}, {"t♠", "10S"}, {"th", "10H"},
		{"T", "T"}, {"TCX", "TCX"}, {"take", "TAKE"}, {"7d", "7D"},
		{"5+", "5+"}, {"été", "ÉTÉ"}, {"", ""},
	}
	for _, tt := range tests {
		if got := Normalize(tt.in); got != tt.want {
			t.Errorf("Normalize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	for _, card := range []string{"2C", "10♣", "jd", "Q♥", "KS", "as", "TC", "t♦"} {
		if !IsCard(card) {
			t.Errorf("IsCard(%q) = false", card)
		}
	}
	for _, notCard := range []string{"1C", "11C", "JX", "J", "C", "10", "JCC", "play", "", "0S"} {
		if IsCard(notCard) {
			t.Errorf("IsCard(%q) = true", notCard)
		}
	}
}

func TestComplete(t *testing.T) {
	tests := []struct {
		line    string
		options []string
		want    []string
	}{
		{"pl", hand, []string{"play 2C", "play JC", "play 5H"}},
		{"play j", hand, []string{"play JC"}},
		{"p j♣", hand, []string{"play JC"}},
		{"PLAY 5", hand, []string{"play 5H"}},
		{"play x", hand, nil},
		{"play JC ", hand, nil},
		{"play JC", hand, []string{"play JC"}},
		{"p", handEtc, []string{"play 2C", "play JC", "play 5H", "pass"}},
		{"pa", handEtc, []string{"pass"}},
		{"bet umbrella 5+", bets, []string{"bet umbrella 5+", "bet umbrella 5+ double"}},
		{"bet umbrella 5+ ", bets, []string{"bet umbrella 5+ double"}},
		{"v y ", votes, []string{"vote yes 1", "vote yes 2", "vote yes 3", "vote yes 4"}},
		{"play t", tens, []string{"play 10H", "play TC"}},
		{"play th", tens, []string{"play 10H", "play 10HX"}},
		{"play 9", tens, []string{"play 9S"}},
		{"play 10", tens, []string{"play 10H", "play 10HX", "play TC"}},
		// Command keywords complete the first word, after the options.
		{"he", hand, []string{"help"}},
		{"s", rooms, []string{"stay", "step", "save", "seat", "say"}},
		{"S", rooms, []string{"stay", "step", "save", "seat", "say"}},
		{"e", []string{"e4"}, []string{"e4", "exit"}},
		{"qu", nil, []string{"quit"}},
		{"r", nil, []string{"rules", "run", "redo"}},
		{"help s", nil, []string{"help step", "help save", "help seat", "help say"}},
		{"HELP ", nil, helpTopics()},
		{"", []string{"pass"}, append([]string{"pass"}, keywordNames()...)},
		{"undo ", hand, nil},
		{"zzz", hand, nil},
		// Duplicated options appear once.
		{"p", []string{"pass", "pass"}, []string{"pass"}},
	}
	for _, tt := range tests {
		got := Complete(tt.line, tt.options)
		if !slices.Equal(got, tt.want) {
			t.Errorf("Complete(%q, %q) = %q, want %q", tt.line, tt.options, got, tt.want)
		}
	}
}

// helpTopics is every "help KEYWORD" line.
func helpTopics() []string {
	var out []string
	for _, k := range Keywords() {
		out = append(out, "help "+k.Name)
	}
	return out
}

func TestKeywords(t *testing.T) {
	ks := Keywords()
	if len(ks) != 17 {
		t.Errorf("Keywords() has %d entries, want 17", len(ks))
	}
	for _, k := range ks {
		if k.Name == "" || k.Help == "" {
			t.Errorf("keyword %+v lacks a name or help", k)
		}
		// Every keyword, typed with its usage's arguments filled in, parses
		// as that command; and as the first word of a would-be move it is
		// never taken for a move.
		line := k.Name
		switch k.Args {
		case "N", "[N]":
			line += " 1"
		case "[N] [NAME]":
			line += " 1 random"
		case "FILE":
			line += " x.json"
		case "[TOPIC]", "[WORD…]":
			line += " undo"
		case "TEXT…":
			line += " hello there"
		}
		got, err := Parse(strings.ToUpper(line[:1]) + line[1:])
		if err != nil || got.Command != k.Name {
			t.Errorf("Parse(%q) = %+v, %v; want command %q", line, got, err, k.Name)
		}
		if got, err := Parse(k.Name + " ?"); err == nil && got.Command == "" {
			t.Errorf("Parse(%q) is a move", k.Name+" ?")
		}
	}
	ks[0].Name = "changed"
	if Keywords()[0].Name == "changed" {
		t.Error("Keywords() returns the package's own slice")
	}
	if got := (Keyword{Name: "undo", Args: "[N]"}).Usage(); got != "undo [N]" {
		t.Errorf("Usage() = %q", got)
	}
	if got := (Keyword{Name: "run"}).Usage(); got != "run" {
		t.Errorf("Usage() = %q", got)
	}
}

// A secret choice's error says what is wrong without a word of what was
// typed, nor what it began: not the input, its tokens, the option it
// matched so far, nor the words that could follow.
func TestSecretErrorsQuoteNothing(t *testing.T) {
	ballot := []string{"vote yonder", "vote yeti", "vote nay"}
	for _, in := range []string{
		"yodel 2", "vote yonder loudly", "vote y", "vote", "vote zebra", "7", "yodel#", "",
		"play 2x", "play QC", "play 2C now",
	} {
		opts := ballot
		if strings.HasPrefix(in, "play") {
			opts = hand
		}
		_, err := Match(in, opts)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Match(%q): %v, want an *Error", in, err)
			continue
		}
		got := e.Secret()
		if !strings.Contains(got, "the choice is secret") {
			t.Errorf("Match(%q).Secret() = %q", in, got)
		}
		low := strings.ToLower(got)
		for _, w := range append(strings.Fields(strings.ToLower(in)), "yonder", "yeti", "2c", "qc", "^") {
			if len(w) > 1 && strings.Trim(w, "0123456789") != "" && strings.Contains(low, w) && !(in == "" && strings.HasPrefix(w, "vote")) {
				t.Errorf("Match(%q).Secret() = %q: it shows %q", in, got, w)
			}
		}
	}
}
