package command

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// checkFuzzError asserts that a rejected input yields an *Error whose column
// lies within the input or just past its end.
func checkFuzzError(t *testing.T, input string, err error) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("%q: error %v is a %T, want *Error", input, err, err)
	}
	if n := utf8.RuneCountInString(input); e.Col < 1 || e.Col > n+1 {
		t.Fatalf("%q: column %d outside 1..%d: %s", input, e.Col, n+1, e.Msg)
	}
	if e.Input != input || e.Msg == "" || strings.Count(e.Error(), "\n") != 2 {
		t.Fatalf("%q: malformed error %#v", input, e)
	}
}

func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		// card games
		"play J♣", "play 10♣", "p j♣", "play TC", "play 7d", "discard 3♥ 4♥", "pass",
		// betting games
		"bet umbrella 5+ double", "raise 2-", "bet 20", "fold", "call",
		// board games
		"move kitchen", "f7", "e2-e4", "Nf3", "place worker o'brien_farm",
		// picking by number
		"3", " 12 ", "0",
		// commands
		"help", "help undo", "log 20", "step", "run", "undo 2", "redo", "view", "legal", "notes",
		"save games/poker-1.json", `load "My Games/night 1.json"`, "seat 2", "bot 3 mcts-200",
		"human", "say gg, well played! (50% luck)", "quit", "EXIT",
		// mistakes
		"play J%", "seat", "log 0", "save a+b", `save "open`, "x.y", "play\xffJC", "say",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		line, err := Parse(input)
		if err != nil {
			if line != nil {
				t.Fatalf("%q: both a line and an error", input)
			}
			checkFuzzError(t, input, err)
			return
		}
		if line.Raw != input {
			t.Fatalf("%q: Raw = %q", input, line.Raw)
		}
		if line.Command != "" {
			if _, ok := lookupKeyword(line.Command); !ok {
				t.Fatalf("%q: unknown command %q", input, line.Command)
			}
			if len(line.Move) != 0 || line.Number != 0 {
				t.Fatalf("%q: a command with a move: %+v", input, line)
			}
			if line.HasN != (line.N > 0) {
				t.Fatalf("%q: N = %d but HasN = %v", input, line.N, line.HasN)
			}
			if line.Command == CmdSay && (line.Text == "" || !strings.Contains(input, line.Text)) {
				t.Fatalf("%q: say text %q is not part of the input", input, line.Text)
			}
			return
		}
		// A move's tokens are the input's runes at their columns.
		runes := []rune(input)
		for _, tok := range line.Move {
			n := utf8.RuneCountInString(tok.Text)
			if tok.Col < 1 || tok.Col-1+n > len(runes) || string(runes[tok.Col-1:tok.Col-1+n]) != tok.Text {
				t.Fatalf("%q: token %+v is not at its column", input, tok)
			}
			for _, r := range tok.Text {
				if !isMoveRune(r) {
					t.Fatalf("%q: token %q holds %q", input, tok.Text, r)
				}
			}
		}
		if line.Number < 0 || line.Number > 0 && len(line.Move) != 1 {
			t.Fatalf("%q: Number %d with move %v", input, line.Number, line.Move)
		}
	})
}

// fuzzOptions is the separator of the options in FuzzMatch's second input.
const fuzzOptions = "\n"

func FuzzMatch(f *testing.F) {
	seeds := []struct{ input, options []string }{
		{[]string{"play JC", "p j♣", "play jx", "play 7d", "pl", "2", "9", "play TC"},
			[]string{"play 2C", "play JC", "play 5H", "play 10D", "pass"}},
		{[]string{"bet umbrella 5+", "b u 5+ d", "bet sun", "b", "bet umbrella 7+"},
			[]string{"bet umbrella 5+", "bet umbrella 5+ double", "bet umbrella 2-", "bet sun 5+", "pass"}},
		{[]string{"vote yes", "v n", "vote yes 3", "vote maybe", "5"},
			[]string{"vote yes 1", "vote yes 2", "vote yes 3", "vote yes 4", "vote no"}},
		{[]string{"move kitchen", "m k", "m hall", "stay", "m kitchen-"},
			[]string{"move kitchen", "move kitchen-garden", "move hall", "stay"}},
		{[]string{"e4", "nf3", "e", "Qh5#", "0-0"},
			[]string{"e4", "e3", "d4", "Nf3", "Nc3", "0-0"}},
		{[]string{"3", "2", "1"}, []string{"2", "3", "5"}},
		{[]string{"play JC", ""}, nil},
	}
	for _, s := range seeds {
		for _, in := range s.input {
			f.Add(in, strings.Join(s.options, fuzzOptions))
		}
	}
	f.Fuzz(func(t *testing.T, input, joined string) {
		var options []string
		if joined != "" {
			options = strings.Split(joined, fuzzOptions)
		}
		i, err := Match(input, options)
		if err != nil {
			if i != -1 {
				t.Fatalf("%q: index %d with an error", input, i)
			}
			checkFuzzError(t, input, err)
		} else if i < 0 || i >= len(options) {
			t.Fatalf("%q: index %d out of range for %d options", input, i, len(options))
		}
		// Every option that can be typed matches itself, or an option
		// equal to it once normalised.
		for k, opt := range options {
			toks, err := lexMove(opt)
			if err != nil || len(toks) == 0 {
				continue
			}
			j, err := Match(opt, options)
			if err != nil {
				t.Fatalf("option %q does not match itself: %v", opt, err)
			}
			if !slices.Equal(normalizeAll(options[j]), normalizeAll(opt)) {
				t.Fatalf("option %d %q matched option %d %q", k, opt, j, options[j])
			}
		}
		for _, c := range Complete(input, options) {
			if !slices.Contains(options, c) && !slices.Contains(keywordNames(), c) && !strings.HasPrefix(c, "help ") {
				t.Fatalf("Complete(%q) offered %q", input, c)
			}
		}
	})
}

func normalizeAll(option string) []string {
	var out []string
	for _, t := range strings.Fields(option) {
		out = append(out, Normalize(t))
	}
	return out
}
