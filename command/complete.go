package command

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Complete returns the full-line completions of a partly typed line, for
// tab completion (it fits github.com/peterh/liner's SetCompleter):
//
//   - the legal options whose tokens extend the typed tokens, each typed
//     token being a prefix of the option's token at its position once both
//     are normalised (so "p j♣" completes to "play JC");
//   - while the first word is still being typed, the command keywords it
//     begins (so "he" completes to "help");
//   - after "help ", the keywords as help topics.
//
// Options come first, in their own order, then commands; there are no
// duplicates. A line ending in a blank asks for the next token, so
// "bet umbrella 5+ " offers "bet umbrella 5+ double" but not
// "bet umbrella 5+".
func Complete(line string, options []string) []string {
	typed := strings.Fields(line)
	last, _ := utf8.DecodeLastRuneInString(line)
	if line == "" || unicode.IsSpace(last) {
		typed = append(typed, "") // the token to complete is still empty
	}
	for i, t := range typed {
		typed[i] = Normalize(t)
	}

	var out []string
	seen := map[string]bool{}
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, opt := range options {
		if extends(strings.Fields(opt), typed) {
			add(opt)
		}
	}
	switch n := len(typed); {
	case n == 1:
		for _, name := range keywordNames() {
			if strings.HasPrefix(name, lower(typed[0])) {
				add(name)
			}
		}
	case n == 2 && lower(typed[0]) == CmdHelp:
		for _, k := range keywords {
			if strings.HasPrefix(k.Name, lower(typed[1])) {
				add(CmdHelp + " " + k.Name)
			}
		}
	}
	return out
}

// extends reports whether every normalised typed token is a prefix of the
// option's normalised token at the same position.
func extends(opt, typed []string) bool {
	if len(opt) < len(typed) {
		return false
	}
	for i, t := range typed {
		if !isPrefix(t, Normalize(opt[i])) {
			return false
		}
	}
	return true
}

// keywordNames lists the command words, aliases included.
func keywordNames() []string {
	var names []string
	for _, k := range keywords {
		names = append(names, k.Name)
		for alias, name := range aliases {
			if name == k.Name {
				names = append(names, alias)
			}
		}
	}
	return names
}
