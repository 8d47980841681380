package command

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Normalize puts a move token in the form matching compares: upper case,
// suit symbols ♣♦♥♠ as C D H S, and a card with rank T (ten) written with
// rank 10. So "j♣" becomes "JC", "t♦" becomes "10D" and "bet" becomes "BET".
func Normalize(token string) string {
	var b strings.Builder
	for _, r := range token {
		switch r {
		case '♣':
			r = 'C'
		case '♦':
			r = 'D'
		case '♥':
			r = 'H'
		case '♠':
			r = 'S'
		default:
			r = unicode.ToUpper(r)
		}
		b.WriteRune(r)
	}
	s := b.String()
	if len(s) == 2 && s[0] == 'T' && strings.IndexByte("CDHS", s[1]) >= 0 {
		s = "10" + s[1:]
	}
	return s
}

var cardRE = regexp.MustCompile(`^(?:10|[2-9JQKA])[CDHS]$`)

// IsCard reports whether token is a playing card in the notation moves use:
// a rank 2-10, J, Q, K or A (T for 10 too) and a suit C, D, H or S (or
// ♣♦♥♠), in either case.
func IsCard(token string) bool { return cardRE.MatchString(Normalize(token)) }

// option is a legal option split into tokens, canonical and normalised.
type option struct {
	canon []string
	norm  []string
}

// Match resolves a typed move against the legal options of the current
// prompt and returns the index of the chosen option.
//
// Options are canonical texts made of space-separated tokens, such as
// "play JC" or "bet umbrella 5+ double". The input is tokenised as a move
// and both sides are normalised (see Normalize), so matching ignores case
// and suit symbols.
//
// A bare number N picks options[N-1], unless some option is exactly that
// number, in which case the literal wins. Otherwise the input's tokens are
// compared position by position with each option's: an input token must
// equal the option's token or be a prefix of it, and equality beats prefix
// (if any option has the very token typed, options that only extend it
// drop out). A prefix must stand for only one distinct token at its
// position, or the input is ambiguous. The input may stop short of an
// option's last tokens; it then matches the option with exactly as many
// tokens, if there is one, or else the only option left.
//
// Every failure is an *Error pointing at the offending token and saying
// what would have been accepted there.
func Match(input string, options []string) (int, error) {
	toks, err := lexMove(input)
	if err != nil {
		return -1, err
	}
	if len(options) == 0 {
		return -1, &Error{Input: input, Col: 1, Msg: "there are no legal moves right now", Quiet: "There are no legal moves right now"}
	}
	opts := optionTokens(options)
	if len(toks) == 0 {
		first := distinct(opts, allIndexes(len(opts)), 0)
		return -1, &Error{Input: input, Col: 1, Expected: first,
			Msg:   fmt.Sprintf("empty move at column 1: expected one of %s", list(first)),
			Quiet: fmt.Sprintf("An empty move: expected one of %s", list(first))}
	}
	if len(toks) == 1 && isDigits(toks[0].Text) {
		return pickNumber(input, toks[0], opts)
	}
	cands := allIndexes(len(opts))
	for i, tok := range toks {
		if cands, err = narrow(input, tok, i, opts, cands); err != nil {
			return -1, err
		}
	}
	return ranOut(input, toks, opts, cands)
}

// optionTokens splits each option into its tokens, as written and
// normalised.
func optionTokens(options []string) []option {
	opts := make([]option, len(options))
	for i, text := range options {
		canon := strings.Fields(text)
		norm := make([]string, len(canon))
		for j, t := range canon {
			norm[j] = Normalize(t)
		}
		opts[i] = option{canon: canon, norm: norm}
	}
	return opts
}

// narrow keeps the candidates whose i-th token the input token tok
// matches: those equal to it if any, else those it is a prefix of, as long
// as the prefix stands for one token only.
func narrow(input string, tok Token, i int, opts []option, cands []int) ([]int, error) {
	in := Normalize(tok.Text)
	var longEnough []int
	for _, c := range cands {
		if len(opts[c].norm) > i {
			longEnough = append(longEnough, c)
		}
	}
	if len(longEnough) == 0 {
		return nil, &Error{Input: input, Col: tok.Col,
			Msg: fmt.Sprintf("unexpected %s at column %d: '%s' is already a complete move",
				quoteToken(tok.Text), tok.Col, strings.Join(opts[cands[0]].canon, " ")),
			Quiet: fmt.Sprintf("Word %d is one too many: the move was complete before it", i+1)}
	}
	var exact, prefix []int
	for _, c := range longEnough {
		switch o := opts[c].norm[i]; {
		case o == in:
			exact = append(exact, c)
		case isPrefix(in, o):
			prefix = append(prefix, c)
		}
	}
	switch {
	case len(exact) > 0:
		return exact, nil
	case len(prefix) > 0:
		if could := distinct(opts, prefix, i); len(could) > 1 {
			slices.SortFunc(could, func(a, b string) int { return strings.Compare(Normalize(a), Normalize(b)) })
			return nil, &Error{Input: input, Col: tok.Col, Expected: could,
				Msg:   fmt.Sprintf("ambiguous %s at column %d: could be %s", quoteToken(tok.Text), tok.Col, list(could)),
				Quiet: fmt.Sprintf("Word %d is the start of more than one word of a move: type more of it (legal lists the moves)", i+1)}
		}
		return prefix, nil
	}
	return nil, noMatch(input, tok, i, opts[cands[0]], distinct(opts, longEnough, i))
}

// ranOut resolves the candidates left when the input ran out: an option
// that ends here wins; otherwise all the options left must be one and the
// same, or the input is incomplete.
func ranOut(input string, toks []Token, opts []option, cands []int) (int, error) {
	n := len(toks)
	for _, c := range cands {
		if len(opts[c].norm) == n {
			return c, nil
		}
	}
	if sameOptions(opts, cands) {
		return cands[0], nil
	}
	next := distinct(opts, cands, n)
	last := toks[n-1]
	col := min(last.Col+len([]rune(last.Text))+1, len([]rune(input))+1)
	typed := strings.Join(opts[cands[0]].canon[:n], " ")
	return -1, &Error{Input: input, Col: col, Expected: next,
		Msg:   fmt.Sprintf("'%s' is incomplete: expected one of %s at column %d", typed, list(next), col),
		Quiet: fmt.Sprintf("The move stops after word %d: type the rest of it (legal lists the moves)", n)}
}

// isPrefix reports whether the normalised input token in is a prefix of
// the normalised option token o. A lone "T" is a prefix of the tens, which
// Normalize spells "10C" and so on.
func isPrefix(in, o string) bool {
	return strings.HasPrefix(o, in) || in == "T" && strings.HasPrefix(o, "10") && cardRE.MatchString(o)
}

// noMatch explains why token tok, at position i of the move, matches none
// of the expected tokens there. opt is one of the options still possible;
// its first i tokens are the ones typed so far.
func noMatch(input string, tok Token, i int, opt option, expected []string) *Error {
	in := Normalize(tok.Text)
	allCards := true
	for _, e := range expected {
		allCards = allCards && IsCard(e)
	}
	e := &Error{Input: input, Col: tok.Col, Expected: expected,
		Quiet: fmt.Sprintf("Word %d fits no legal move (legal lists them)", i+1)}
	switch {
	case allCards && !cardRE.MatchString(in):
		e.Msg = fmt.Sprintf("unknown card %s at column %d: expected a rank 2-10,J,Q,K,A and a suit C,D,H,S",
			quoteToken(in), tok.Col)
	case allCards:
		e.Msg = fmt.Sprintf("%s is not a legal move here (column %d): expected one of %s",
			quoteToken(in), tok.Col, list(expected))
	case i == 0:
		e.Msg = fmt.Sprintf("unknown move %s at column %d: expected one of %s",
			quoteToken(tok.Text), tok.Col, list(expected))
	default:
		e.Msg = fmt.Sprintf("%s is not legal after '%s' (column %d): expected one of %s",
			quoteToken(tok.Text), strings.Join(opt.canon[:i], " "), tok.Col, list(expected))
	}
	return e
}

// pickNumber resolves a bare number: a literal option of that number, or
// else the option with that 1-based index.
func pickNumber(input string, tok Token, opts []option) (int, error) {
	in := Normalize(tok.Text)
	for i, o := range opts {
		if len(o.norm) == 1 && o.norm[0] == in {
			return i, nil
		}
	}
	n, err := strconv.Atoi(tok.Text)
	if err == nil && n >= 1 && n <= len(opts) {
		return n - 1, nil
	}
	msg := fmt.Sprintf("there is no move %s (column %d): expected a number from 1 to %d",
		tok.Text, tok.Col, len(opts))
	if len(opts) == 1 {
		msg = fmt.Sprintf("there is no move %s (column %d): the only move is 1", tok.Text, tok.Col)
	}
	quiet := fmt.Sprintf("No move has that number: expected a number from 1 to %d", len(opts))
	return -1, &Error{Input: input, Col: tok.Col, Msg: msg, Quiet: quiet}
}

// lexMove tokenises input as a move, whatever its first word.
func lexMove(input string) ([]Token, error) {
	ast, err := moveParser.ParseString("", input)
	if err != nil {
		return nil, parseError(input, err, false)
	}
	return tokens(ast.Tokens, input), nil
}

// distinct returns the canonical tokens at position i of the given options,
// once each by normalised value, in the order the options come.
func distinct(opts []option, idx []int, i int) []string {
	var out []string
	seen := map[string]bool{}
	for _, c := range idx {
		if len(opts[c].norm) <= i || seen[opts[c].norm[i]] {
			continue
		}
		seen[opts[c].norm[i]] = true
		out = append(out, opts[c].canon[i])
	}
	return out
}

// sameOptions reports whether the given options all have the same
// normalised tokens, that is, are one option listed more than once.
func sameOptions(opts []option, idx []int) bool {
	for _, c := range idx[1:] {
		if !slices.Equal(opts[c].norm, opts[idx[0]].norm) {
			return false
		}
	}
	return true
}

func allIndexes(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}
