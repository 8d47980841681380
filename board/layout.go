package board

import (
	"strings"
	"unicode/utf8"
)

// layout chooses where each room's label and the tokens in it are drawn.
func (b *Board) layout() {
	for _, list := range [][]*area{b.rooms, b.blocks} {
		for _, a := range list {
			b.layoutArea(a)
		}
	}
}

// sameArea reports whether square (x, y) is on the board and in the same
// area as square c.
func (b *Board) sameArea(c, x, y int) bool {
	if x < 0 || y < 0 || x >= b.W || y >= b.H {
		return false
	}
	n := b.cells[b.sq(x, y)]
	return n.kind == b.cells[c].kind && n.area == b.cells[c].area
}

// interior reports whether cell c of an area has area cells all round it.
func (b *Board) interior(c int) bool {
	x, y := b.xy(c)
	return b.sameArea(c, x-1, y) && b.sameArea(c, x+1, y) && b.sameArea(c, x, y-1) && b.sameArea(c, x, y+1)
}

// layoutArea lays out area a: its label, upper case and word-wrapped,
// centred on its middle row, and the slots for tokens in it.
func (b *Board) layoutArea(a *area) {
	minY, maxY := b.H, -1
	for _, c := range a.cells {
		_, y := b.xy(c)
		minY, maxY = min(minY, y), max(maxY, y)
	}
	midY := (minY + maxY) / 2
	used := b.placeLabel(a, midY)
	// Token slots: free inner squares, below the label first.
	var below, above []int
	for _, c := range a.cells {
		if !b.interior(c) || used[c] || b.cells[c].passage || b.cells[c].door {
			continue
		}
		if _, y := b.xy(c); y > midY {
			below = append(below, c)
		} else {
			above = append(above, c)
		}
	}
	a.slots = append(below, above...)
}

// placeLabel fills a.labelAt, by canvas column (two a square), with the
// label's lines centred on row midY, and returns the squares they use.
func (b *Board) placeLabel(a *area, midY int) map[int]bool {
	a.labelAt = map[int]rune{}
	_, width := b.labelRow(a, midY)
	lines := wrapWords(strings.ToUpper(a.Label), width-2)
	top := midY - (len(lines)-1)/2
	used := map[int]bool{}
	for i, line := range lines {
		first, n := b.labelRow(a, top+i)
		if n <= 0 {
			continue
		}
		runes := []rune(line)
		if len(runes) > n {
			runes = runes[:n]
		}
		start := first + (n-len(runes))/2
		for j, ch := range runes {
			a.labelAt[start+j] = ch
		}
		for pos := first; pos < first+n; pos++ {
			used[pos/2] = true
		}
	}
	return used
}

// labelRow is the run of canvas columns a label may use on row y of area
// a: the first run of its squares with the area above and below them,
// less the walls at either end.
func (b *Board) labelRow(a *area, y int) (first, n int) {
	var row []int
	for _, c := range a.cells {
		x, cy := b.xy(c)
		if cy == y && b.sameArea(c, x, y-1) && b.sameArea(c, x, y+1) && !b.cells[c].passage && !b.cells[c].door {
			if len(row) > 0 && row[len(row)-1] != c-1 {
				if len(row) >= 2 {
					break
				}
				row = row[:0]
			}
			row = append(row, c)
		}
	}
	if len(row) == 0 {
		return 0, 0
	}
	first, n = 2*row[0], 2*len(row)
	if x, _ := b.xy(row[0]); !b.sameArea(row[0], x-1, y) {
		first, n = first+1, n-1
	}
	last := row[len(row)-1]
	if x, _ := b.xy(last); !b.sameArea(last, x+1, y) {
		n--
	}
	return first, n
}

// wrapWords splits text into lines of at most width runes, at spaces.
func wrapWords(text string, width int) []string {
	words := strings.Fields(text)
	if width <= 0 || len(words) == 0 {
		return nil
	}
	var lines []string
	cur := ""
	for _, w := range words {
		switch {
		case cur == "":
			cur = w
		case utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(w) <= width:
			cur += " " + w
		default:
			lines = append(lines, cur)
			cur = w
		}
	}
	return append(lines, cur)
}
