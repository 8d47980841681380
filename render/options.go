package render

import (
	"fmt"
	"strings"
)

// listAll is the most options listed one per line; longer lists are
// grouped by their first words.
const listAll = 16

// Options lists legal moves for the legal command: numbered one per line
// when there are few or the style has no width (a file or a pipe, read by
// scripts), else grouped, one line per group of moves that share their
// first words ("bet tea: 1- 2- 3- 4- 5+ 6+ 7+ 8+ [double]"), with the
// numbers each group covers. idx are the positions in the prompt's
// options of the moves listed (nil: all of them).
func Options(opts []string, idx []int, st Style) []string {
	if idx == nil {
		idx = make([]int, len(opts))
		for i := range idx {
			idx[i] = i
		}
	}
	if len(idx) <= listAll || st.Width <= 0 {
		out := make([]string, len(idx))
		for k, i := range idx {
			out[k] = fmt.Sprintf("%4d. %s", i+1, opts[i])
		}
		return out
	}
	var out []string
	for _, g := range groupOptions(opts, idx, st.Width) {
		out = append(out, st.Wrap(fmt.Sprintf("%9s  %s", g.numbers(), g.text()), strings.Repeat(" ", 13))...)
	}
	return out
}

// group is a run of moves sharing their first words.
type group struct {
	key   string
	idx   []int
	tails []string
}

func (g group) numbers() string {
	first, last := g.idx[0], g.idx[len(g.idx)-1]
	switch {
	case len(g.idx) == 1:
		return fmt.Sprintf("%d.", first+1)
	case last-first == len(g.idx)-1:
		return fmt.Sprintf("%d-%d.", first+1, last+1)
	}
	return fmt.Sprintf("%d….", first+1)
}

func (g group) text() string {
	if len(g.tails) == 1 && g.tails[0] == "" {
		return g.key
	}
	items := append([]string(nil), foldSuffix(g.tails)...)
	sep := "  "
	for i, it := range items {
		if strings.Contains(it, " ") {
			sep = " · "
			// a move is not wrapped across lines: no-break spaces inside it
			items[i] = strings.ReplaceAll(it, " ", "\u00a0")
		}
	}
	return g.key + ": " + strings.Join(items, sep)
}

// groupOptions groups moves by their first word, or by their first two
// or three words when a group by fewer would not fit on a line.
func groupOptions(opts []string, idx []int, width int) []group {
	if width <= 0 {
		width = 80
	}
	var out []group
	for _, g := range groupBy(opts, idx, 1) {
		out = append(out, splitGroup(opts, g, 1, width)...)
	}
	return out
}

func splitGroup(opts []string, g group, words, width int) []group {
	if words >= 3 || len(g.text())+12 <= width {
		return []group{g}
	}
	for _, t := range g.tails {
		if !strings.Contains(t, " ") {
			return []group{g} // some move ends here: no finer grouping
		}
	}
	var out []group
	for _, sub := range groupBy(opts, g.idx, words+1) {
		out = append(out, splitGroup(opts, sub, words+1, width)...)
	}
	return out
}

// groupBy groups moves by their first n words, in order of first
// appearance.
func groupBy(opts []string, idx []int, n int) []group {
	var out []group
	at := map[string]int{}
	for _, i := range idx {
		f := strings.Fields(opts[i])
		k := min(n, len(f))
		key, tail := strings.Join(f[:k], " "), strings.Join(f[k:], " ")
		j, ok := at[key]
		if !ok {
			j = len(out)
			at[key] = j
			out = append(out, group{key: key})
		}
		out[j].idx = append(out[j].idx, i)
		out[j].tails = append(out[j].tails, tail)
	}
	return out
}

// foldSuffix writes "1- 1-_double 2- 2-_double" as "1- 2- [double]" when
// every tail comes with and without the same last word.
func foldSuffix(tails []string) []string {
	if len(tails) < 4 || len(tails)%2 != 0 {
		return tails
	}
	has := map[string]bool{}
	for _, t := range tails {
		has[t] = true
	}
	var word string
	var bases []string
	for _, t := range tails {
		i := strings.LastIndexByte(t, ' ')
		if i < 0 {
			bases = append(bases, t)
			continue
		}
		if w := t[i+1:]; word == "" || w == word {
			word = w
			if !has[t[:i]] {
				return tails
			}
			continue
		}
		return tails
	}
	if word == "" || len(bases)*2 != len(tails) {
		return tails
	}
	return append(bases, "["+word+"]")
}

// Filter returns the positions of the options that match every word: each
// word is the start of one of the option's words, in any case ("tea"
// finds "bet tea 5+", "d" finds "bet tea 5+ double").
func Filter(opts []string, words []string) []int {
	var out []int
	for i, o := range opts {
		if matchesAll(strings.Fields(strings.ToLower(o)), words) {
			out = append(out, i)
		}
	}
	return out
}

func matchesAll(tokens, words []string) bool {
	for _, w := range words {
		w = strings.ToLower(w)
		found := false
		for _, t := range tokens {
			if strings.HasPrefix(t, w) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}
