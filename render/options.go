package render

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// listAll is the most options listed one per line; longer lists are
// grouped by their first words.
const listAll = 16

// Options lists legal moves for the legal command, as lines: see
// OptionList.
func Options(opts []string, idx []int, st Style) []string {
	var out []string
	for _, e := range OptionList(opts, idx, st) {
		out = append(out, e.Lines...)
	}
	return out
}

// Entry is a move of a list of legal moves, or a group of them: the
// numbers of its first and last moves (as a person types them, from 1),
// and the lines that show them.
type Entry struct {
	First, Last int
	Lines       []string
}

// OptionList lists legal moves for the legal command: numbered one per
// line when there are few or the style has no width (a file or a pipe,
// read by scripts), else grouped: each run of moves that share their
// first words on lines of its own, those words first, then the rest of
// each move after its number, in columns:
//
//	bet tea         34. 1-          35. 1- double   36. 2-   …
//
// Every move shown has its number beside it, and the numbers go up the
// list as it is read. idx are the positions in the prompt's options of the
// moves listed (nil: all of them).
func OptionList(opts []string, idx []int, st Style) []Entry {
	if idx == nil {
		idx = make([]int, len(opts))
		for i := range idx {
			idx[i] = i
		}
	}
	var out []Entry
	if len(idx) <= listAll || st.Width <= 0 {
		for _, i := range idx {
			out = append(out, Entry{First: i + 1, Last: i + 1, Lines: []string{fmt.Sprintf("%4d. %s", i+1, opts[i])}})
		}
		return out
	}
	groups := groupOptions(opts, idx, st.Width)
	kw := keyWidth(groups, st.Width)
	for _, g := range groups {
		out = append(out, Entry{First: g.idx[0] + 1, Last: g.idx[len(g.idx)-1] + 1, Lines: g.lines(kw, st.Width)})
	}
	return out
}

// Pages cuts a list into pages of at most height lines, keeping each
// entry on one page when it fits one (height 0 or less: one page).
func Pages(list []Entry, height int) [][]Entry {
	if height <= 0 {
		return [][]Entry{list}
	}
	var pages [][]Entry
	var page []Entry
	used := 0
	for _, e := range list {
		if used > 0 && used+len(e.Lines) > height {
			pages, page, used = append(pages, page), nil, 0
		}
		for len(e.Lines) > height { // taller than a page: its lines go on
			pages = append(pages, []Entry{{First: e.First, Last: e.Last, Lines: e.Lines[:height]}})
			e.Lines = e.Lines[height:]
		}
		page = append(page, e)
		used += len(e.Lines)
	}
	if len(page) > 0 || len(pages) == 0 {
		pages = append(pages, page)
	}
	return pages
}

// group is a run of moves, one after the other in the list, that share
// their first words (key); tails are the rest of each.
type group struct {
	key   string
	idx   []int
	tails []string
}

// columnGap is the room between the columns of a group's moves.
const columnGap = 2

// cells are the group's moves as they are shown: the number, then the
// rest of the move.
func (g group) cells() []string {
	w := len(fmt.Sprint(g.idx[len(g.idx)-1] + 1))
	out := make([]string, len(g.idx))
	for k, i := range g.idx {
		out[k] = strings.TrimRight(fmt.Sprintf("%*d. %s", w, i+1, g.tails[k]), " ")
	}
	return out
}

// layout says how the group's cells go in columns after a key column of
// width kw: the width of a column and how many there are.
func (g group) layout(kw, width int) (cw, cols int) {
	for _, c := range g.cells() {
		cw = max(cw, ansi.StringWidth(c))
	}
	return cw, max(1, (width-kw)/(cw+columnGap))
}

// height is how many lines the group takes.
func (g group) height(kw, width int) int {
	_, cols := g.layout(kw, width)
	n := (len(g.idx) + cols - 1) / cols
	if ansi.StringWidth(g.key) > kw {
		n++ // the key on a line of its own
	}
	return n
}

// lines lays the group out: its key in a column kw wide (on a line of its
// own when longer), then its cells, row by row.
func (g group) lines(kw, width int) []string {
	cw, cols := g.layout(kw, width)
	cells := g.cells()
	var out []string
	pad := strings.Repeat(" ", kw+columnGap)
	first := g.key + strings.Repeat(" ", max(0, kw-ansi.StringWidth(g.key))) + strings.Repeat(" ", columnGap)
	if ansi.StringWidth(g.key) > kw {
		out = append(out, g.key)
		first = pad
	}
	for k := 0; k < len(cells); k += cols {
		var b strings.Builder
		if k == 0 {
			b.WriteString(first)
		} else {
			b.WriteString(pad)
		}
		for j, c := range cells[k:min(k+cols, len(cells))] {
			if j > 0 {
				b.WriteString(strings.Repeat(" ", columnGap))
			}
			b.WriteString(c + strings.Repeat(" ", cw-ansi.StringWidth(c)))
		}
		out = append(out, strings.TrimRight(b.String(), " "))
	}
	return out
}

// keyWidth is the width of the key column: the longest key, up to a third
// of the width.
func keyWidth(groups []group, width int) int {
	kw := 0
	for _, g := range groups {
		kw = max(kw, ansi.StringWidth(g.key))
	}
	return min(kw, width/3)
}

// groupOptions groups moves by their first word, or by more of their
// words when the groups by more take no more lines.
func groupOptions(opts []string, idx []int, width int) []group {
	var out []group
	for _, g := range groupBy(opts, idx, 1) {
		out = append(out, splitGroup(opts, g, 1, width)...)
	}
	return out
}

// maxKeyWords is the most words a group's key has.
const maxKeyWords = 4

func splitGroup(opts []string, g group, words, width int) []group {
	if words >= maxKeyWords || len(g.idx) == 1 {
		return []group{g}
	}
	subs := groupBy(opts, g.idx, words+1)
	if len(subs) == 1 && subs[0].key == g.key {
		return []group{g} // every move ends here
	}
	var split []group
	for _, sub := range subs {
		split = append(split, splitGroup(opts, sub, words+1, width)...)
	}
	if linesOf(split, width) <= linesOf([]group{g}, width) {
		return split // as short, or shorter: the longer keys say more
	}
	return []group{g}
}

// linesOf is how many lines groups take with a key column of their own.
func linesOf(groups []group, width int) int {
	kw, n := keyWidth(groups, width), 0
	for _, g := range groups {
		n += g.height(kw, width)
	}
	return n
}

// groupBy groups moves by their first n words: each group is a run of
// moves that follow each other in the list and share those words. A move
// of n words or fewer is a group of its own, its key all of it.
func groupBy(opts []string, idx []int, n int) []group {
	var out []group
	for _, i := range idx {
		f := strings.Fields(opts[i])
		m := min(n, len(f))
		key, tail := strings.Join(f[:m], " "), strings.Join(f[m:], " ")
		if last := len(out) - 1; last < 0 || out[last].key != key || tail == "" || out[last].tails[0] == "" {
			out = append(out, group{key: key})
		}
		g := &out[len(out)-1]
		g.idx = append(g.idx, i)
		g.tails = append(g.tails, tail)
	}
	return out
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
