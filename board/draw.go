package board

import (
	"strconv"
	"strings"
)

// style is how a canvas cell is drawn in colour.
type style struct {
	fg, bg int // 256-colour numbers; -1 for the terminal's default
	bold   bool
}

// canvasCell is one character of a drawing; a square is two.
type canvasCell struct {
	ch rune
	st style
}

var noStyle = style{fg: -1, bg: -1}

const (
	colCorridorA = 180
	colCorridorB = 223
	colStart     = 216
	colHighlight = 114
	colDoor      = 222
)

// defaultRoomColors are the room backgrounds when the legend gives none.
var defaultRoomColors = []int{24, 53, 22, 94, 17, 58, 89, 23, 60, 130}

// areaColor is the background of area a, the i-th room or block.
func (b *Board) areaColor(a *area, i int, block bool) int {
	if a.Color >= 0 {
		return a.Color
	}
	if block {
		return 52
	}
	return defaultRoomColors[i%len(defaultRoomColors)]
}

// render draws the map as canvas rows (with the column header), marking
// the squares in marked.
func (b *Board) render(marked map[int]bool, color bool) [][]canvasCell {
	rows := make([][]canvasCell, b.H+1)
	head := make([]canvasCell, 0, 4+2*b.W)
	for _, r := range "    " {
		head = append(head, canvasCell{r, noStyle})
	}
	for x := 0; x < b.W; x++ {
		head = append(head, canvasCell{rune('a' + x), noStyle}, canvasCell{' ', noStyle})
	}
	rows[0] = head
	inRoom := make([][]*Token, len(b.rooms))
	for _, t := range b.tokens {
		if t.room >= 0 {
			inRoom[t.room] = append(inRoom[t.room], t)
		}
	}
	tokenAt := map[int]*Token{}
	for r, list := range inRoom {
		slots := b.rooms[r].slots
		for i, t := range list {
			if i < len(slots) {
				tokenAt[slots[i]] = t
			}
		}
	}
	for y := 0; y < b.H; y++ {
		row := make([]canvasCell, 0, 4+2*b.W)
		label := strconv.Itoa(y + 1)
		for len(label) < 3 {
			label = " " + label
		}
		for _, r := range label + " " {
			row = append(row, canvasCell{r, noStyle})
		}
		for x := 0; x < b.W; x++ {
			l, r := b.drawCell(b.sq(x, y), color, marked, tokenAt)
			row = append(row, l, r)
		}
		rows[y+1] = row
	}
	return rows
}

// tokenStyle draws token t: black on its colour.
func (b *Board) tokenStyle(t *Token) style {
	return style{fg: 16, bg: t.Color, bold: true}
}

// pair is the two canvas cells that draw s, two runes, in style st.
func pair(s string, st style) (canvasCell, canvasCell) {
	rs := []rune(s)
	return canvasCell{rs[0], st}, canvasCell{rs[1], st}
}

// styled is st when drawing in colour, else no style at all.
func styled(color bool, st style) style {
	if color {
		return st
	}
	return noStyle
}

// markStyle draws a marked square (a destination of a throw).
var markStyle = style{fg: 22, bg: colHighlight, bold: true}

// drawCell returns the two characters that draw square c; tokenAt holds
// the tokens drawn inside rooms, by square.
func (b *Board) drawCell(c int, color bool, marked map[int]bool, tokenAt map[int]*Token) (canvasCell, canvasCell) {
	switch b.cells[c].kind {
	case cellOutside:
		return pair("  ", noStyle)
	case cellCorridor:
		return b.drawCorridor(c, color, marked)
	}
	return b.drawArea(c, color, marked, tokenAt)
}

// drawCorridor draws corridor square c: the token on it, its mark, or the
// square itself (chequered in colour, start squares apart).
func (b *Board) drawCorridor(c int, color bool, marked map[int]bool) (canvasCell, canvasCell) {
	if t := b.occ[c]; t > 0 {
		tok := b.tokens[t-1]
		return pair(tok.Glyph+" ", styled(color, b.tokenStyle(tok)))
	}
	if marked[c] {
		return pair("+ ", styled(color, markStyle))
	}
	if !color {
		return pair(". ", noStyle)
	}
	x, y := b.xy(c)
	bg := colCorridorA
	if (x+y)%2 == 1 {
		bg = colCorridorB
	}
	if b.cells[c].start != "" {
		bg = colStart
	}
	return pair("  ", style{fg: -1, bg: bg})
}

// drawArea draws square c of a room or block: a token in the room, a door
// (marked when the room is a destination), a passage, or the area's walls
// with its label over them.
func (b *Board) drawArea(c int, color bool, marked map[int]bool, tokenAt map[int]*Token) (canvasCell, canvasCell) {
	cl := b.cells[c]
	var a *area
	if cl.kind == cellRoom {
		a = b.rooms[cl.area]
	} else {
		a = b.blocks[cl.area]
	}
	bg := b.areaColor(a, cl.area, cl.kind == cellBlock)
	if t := tokenAt[c]; t != nil {
		return pair(t.Glyph+" ", styled(color, b.tokenStyle(t)))
	}
	if cl.door {
		if marked[b.RoomPlace(cl.area)] {
			return pair("++", styled(color, markStyle))
		}
		if !color {
			return pair("[]", noStyle)
		}
		return pair("  ", style{fg: -1, bg: colDoor})
	}
	if cl.passage {
		return pair("<>", styled(color, style{fg: 231, bg: bg, bold: true}))
	}
	l, r := b.wall(c, color, styled(color, style{fg: 250, bg: bg}))
	lst := styled(color, style{fg: 231, bg: bg, bold: true})
	if ch, ok := a.labelAt[2*c]; ok {
		l = canvasCell{ch, lst}
	}
	if ch, ok := a.labelAt[2*c+1]; ok {
		r = canvasCell{ch, lst}
	}
	return l, r
}

// wall draws area square c in style st: the edges of the area as a box
// (ASCII in plain text, box-drawing characters in colour), blank inside.
func (b *Board) wall(c int, color bool, st style) (canvasCell, canvasCell) {
	x, y := b.xy(c)
	same := func(dx, dy int) bool { return b.sameArea(c, x+dx, y+dy) }
	up, down, left, right := !same(0, -1), !same(0, 1), !same(-1, 0), !same(1, 0)
	box := asciiBox
	if color {
		box = unicodeBox
	}
	edgeChar := func(side int) rune { // side -1: left char, +1: right char
		vertical := left
		if side > 0 {
			vertical = right
		}
		switch {
		case vertical && up:
			return box.corner(side, -1)
		case vertical && down:
			return box.corner(side, 1)
		case vertical:
			return box.v
		case up || down:
			return box.h
		}
		// Inner corners, where the wall turns.
		switch {
		case same(side, 0) && same(0, -1) && !same(side, -1):
			return box.corner(-side, 1)
		case same(side, 0) && same(0, 1) && !same(side, 1):
			return box.corner(-side, -1)
		}
		return ' '
	}
	return canvasCell{edgeChar(-1), st}, canvasCell{edgeChar(1), st}
}

type boxGlyphs struct {
	h, v           rune
	tl, tr, bl, br rune
}

var (
	asciiBox   = boxGlyphs{h: '-', v: '|', tl: '+', tr: '+', bl: '+', br: '+'}
	unicodeBox = boxGlyphs{h: '─', v: '│', tl: '┌', tr: '┐', bl: '└', br: '┘'}
)

// corner is the corner glyph on side (-1 left, +1 right) at the top (-1)
// or bottom (+1) of an area.
func (g boxGlyphs) corner(side, vert int) rune {
	switch {
	case side < 0 && vert < 0:
		return g.tl
	case side > 0 && vert < 0:
		return g.tr
	case side < 0:
		return g.bl
	}
	return g.br
}

// textCells is s as a row of canvas cells in style st.
func textCells(s string, st style) []canvasCell {
	row := make([]canvasCell, 0, len(s))
	for _, r := range s {
		row = append(row, canvasCell{r, st})
	}
	return row
}

// canvasText turns a row of cells into text, with ANSI colours if color.
// Trailing blanks are kept: the caller trims the whole line.
func canvasText(row []canvasCell, color bool) string {
	var sb strings.Builder
	sb.Grow(len(row) * 2)
	if !color {
		for _, c := range row {
			sb.WriteRune(c.ch)
		}
		return sb.String()
	}
	cur := noStyle
	for _, c := range row {
		if c.st != cur {
			sb.WriteString("\x1b[0m")
			if c.st.bold {
				sb.WriteString("\x1b[1m")
			}
			if c.st.fg >= 0 {
				sb.WriteString("\x1b[38;5;")
				sb.WriteString(strconv.Itoa(c.st.fg))
				sb.WriteByte('m')
			}
			if c.st.bg >= 0 {
				sb.WriteString("\x1b[48;5;")
				sb.WriteString(strconv.Itoa(c.st.bg))
				sb.WriteByte('m')
			}
			cur = c.st
		}
		sb.WriteRune(c.ch)
	}
	if cur != noStyle {
		sb.WriteString("\x1b[0m")
	}
	return sb.String()
}

// colorNames are the colours a legend or a token may name.
var colorNames = map[string]int{
	"black": 16, "red": 196, "green": 40, "yellow": 226, "blue": 33, "magenta": 201, "cyan": 51,
	"white": 231, "grey": 245, "gray": 245, "orange": 208, "purple": 135, "brown": 130, "pink": 218,
	"scarlet": 160, "plum": 97, "mustard": 178, "peacock": 31, "olive": 100, "navy": 18, "teal": 30,
}

// ColorNamed is the 256-colour number of a colour's name ("navy",
// "Mustard").
func ColorNamed(name string) (int, bool) {
	n, ok := colorNames[strings.ToLower(name)]
	return n, ok
}
