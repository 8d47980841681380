package board

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// drawing is what a board keeps for drawing itself: the sidebars and
// highlights scripts set, and the drawings made, cached by what they
// depend on — the map by token positions and marked places, the sidebars
// by what changed in them.
type drawing struct {
	sidebar   map[int][]string // by seat; 0 for every seat
	highlight map[int][]int    // places marked for one seat; 0 for every seat
	// sideFn draws a sidebar for each seat, in place of the seats' own.
	sideFn func(seat int) ([]string, error)

	pubVersion  int         // counts changes of what every seat sees
	seatVersion map[int]int // counts changes of what one seat sees
	mapCache    map[string]*renderedLines
	mapCachePos int
	pubSide     *renderedLines
	pubSideKey  [2]int
	seatSide    map[int]*renderedLines
	views       map[int]*viewCache
}

type renderedLines struct {
	version      int
	plain, color []string
}

type viewCache struct {
	key          [3]int
	hl           string
	lines, color []string
}

func (d *drawing) init() {
	d.sidebar, d.highlight = map[int][]string{}, map[int][]int{}
}

// SetSidebar sets the lines drawn beside the map for seat (0: for every
// seat); nil clears them.
func (b *Board) SetSidebar(seat int, lines []string) {
	b.sidebar[seat] = lines
	b.touch(seat)
}

// SetSidebarFunc has fn draw the sidebar of each seat as its view is
// drawn, in place of the lines set for single seats; nil stops it. An
// error from fn leaves the sidebar empty (the caller reports it, see
// SidebarFunc).
func (b *Board) SetSidebarFunc(fn func(seat int) ([]string, error)) {
	b.sideFn = fn
	b.touch(0)
}

// SidebarFunc is the function set by SetSidebarFunc, or nil.
func (b *Board) SidebarFunc() func(seat int) ([]string, error) { return b.sideFn }

// Highlight marks places in seat's drawing (0: in every seat's): squares,
// and rooms, whose doors are marked. nil clears the marks.
func (b *Board) Highlight(seat int, places []int) {
	b.highlight[seat] = places
	b.touch(seat)
}

// touch notes a change of the sidebar or highlights of seat (0: all).
func (b *Board) touch(seat int) {
	if seat == 0 {
		b.pubVersion++
		return
	}
	if b.seatVersion == nil {
		b.seatVersion = map[int]int{}
	}
	b.seatVersion[seat]++
}

// View is the board drawn for one seat.
type View struct {
	// Lines is the map with the sidebar beside it; Color the same with
	// ANSI 256-colour codes.
	Lines, Color []string
	// Map and Side are the parts of Lines for a screen too small for all
	// of it: the map alone (its column header first) and the sidebar
	// every seat sees.
	Map, MapColor   []string
	Side, SideColor []string
	// Focus lists the lines of Map the seat most needs to see: its marked
	// squares, else its tokens.
	Focus []int
}

// View draws the board for seat (0: a spectator).
func (b *Board) View(seat int) View {
	if b.views == nil {
		b.views = map[int]*viewCache{}
	}
	m, hl := b.mapLines(seat)
	key := [3]int{b.posVersion, b.pubVersion, b.seatVersion[seat]}
	c := b.views[seat]
	if c == nil || c.key != key || c.hl != hl || b.sideFn != nil {
		pub, priv := b.publicSide(), b.privateSide(seat)
		c = &viewCache{key: key, hl: hl, lines: b.assemble(m.plain, pub.plain, priv.plain), color: b.assemble(m.color, pub.color, priv.color)}
		b.views[seat] = c
	}
	pub := b.publicSide()
	return View{Lines: c.lines, Color: c.color, Map: m.plain, MapColor: m.color,
		Side: pub.plain, SideColor: pub.color, Focus: b.focus(seat)}
}

// publicSidebar is drawn beside the map for every seat: the tokens, the
// passages and the script's lines for everyone.
func (b *Board) publicSidebar(color bool) [][]canvasCell {
	var out [][]canvasCell
	if len(b.tokens) > 0 {
		out = append(out, textCells("Tokens", style{fg: -1, bg: -1, bold: color}))
		for _, t := range b.tokens {
			where := "off the board"
			if p := b.Where(t); p >= 0 {
				where = b.PlaceName(p)
				if b.IsRoom(p) {
					where = b.rooms[t.room].Label
				}
			}
			st := noStyle
			if color {
				st = b.tokenStyle(t)
			}
			label := t.Label
			for utf8.RuneCountInString(label) < 18 {
				label += " "
			}
			out = append(out, append(textCells(t.Glyph, st), textCells(" "+label+" "+where, noStyle)...))
		}
	}
	var pass []string
	for r, room := range b.rooms {
		if room.passage > r {
			pass = append(pass, "   "+room.Label+" - "+b.rooms[room.passage].Label)
		}
	}
	if len(pass) > 0 {
		st := noStyle
		if color {
			st = style{fg: 231, bg: 237, bold: true}
		}
		out = append(out, nil, append(textCells("<>", st), textCells(" secret passages:", noStyle)...))
		for _, p := range pass {
			out = append(out, textCells(p, noStyle))
		}
	}
	if lines := b.sidebar[0]; len(lines) > 0 {
		out = append(out, nil)
		for _, l := range lines {
			out = append(out, textCells(l, noStyle))
		}
	}
	return out
}

// renderRows turns canvas rows into text lines.
func renderRows(rows [][]canvasCell, color bool) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = canvasText(r, color)
	}
	return out
}

// mapLines is the map as seat sees it (with its highlighted squares),
// plain and coloured, from the cache when nothing moved.
func (b *Board) mapLines(seat int) (*renderedLines, string) {
	marked := map[int]bool{}
	var key strings.Builder
	for _, s := range []int{0, seat} {
		if s == 0 && seat != 0 || s == seat {
			for _, c := range b.highlight[s] {
				if !marked[c] {
					marked[c] = true
					key.WriteString(strconv.Itoa(c))
					key.WriteByte(',')
				}
			}
		}
	}
	if b.mapCache == nil || b.mapCachePos != b.posVersion {
		b.mapCache, b.mapCachePos = map[string]*renderedLines{}, b.posVersion
	}
	k := key.String()
	if r, ok := b.mapCache[k]; ok {
		return r, k
	}
	r := &renderedLines{plain: renderRows(b.render(marked, false), false), color: renderRows(b.render(marked, true), true)}
	b.mapCache[k] = r
	return r, k
}

// publicSide is the sidebar every seat sees, drawn plain and coloured.
func (b *Board) publicSide() *renderedLines {
	key := [2]int{b.posVersion, b.pubVersion}
	if b.pubSide == nil || b.pubSideKey != key {
		b.pubSide = &renderedLines{plain: renderRows(b.publicSidebar(false), false), color: renderRows(b.publicSidebar(true), true)}
		b.pubSideKey = key
	}
	return b.pubSide
}

// privateSide is the sidebar for seat alone: the sidebar function's
// lines, or the lines set for the seat.
func (b *Board) privateSide(seat int) *renderedLines {
	if b.sideFn != nil {
		lines, _ := b.sideFn(seat)
		var rows [][]canvasCell
		for _, l := range lines {
			rows = append(rows, textCells(l, noStyle))
		}
		return &renderedLines{plain: renderRows(rows, false), color: renderRows(rows, true)}
	}
	if seat <= 0 || len(b.sidebar[seat]) == 0 {
		return &renderedLines{}
	}
	if b.seatSide == nil {
		b.seatSide = map[int]*renderedLines{}
	}
	r := b.seatSide[seat]
	if r == nil || r.version != b.seatVersion[seat] {
		var rows [][]canvasCell
		for _, l := range b.sidebar[seat] {
			rows = append(rows, textCells(l, noStyle))
		}
		r = &renderedLines{version: b.seatVersion[seat], plain: renderRows(rows, false), color: renderRows(rows, true)}
		b.seatSide[seat] = r
	}
	return r
}

// assemble puts the sidebar lines beside the map lines.
func (b *Board) assemble(mapRows []string, side ...[]string) []string {
	var all []string
	for _, part := range side {
		if len(part) == 0 {
			continue
		}
		if len(all) > 0 {
			all = append(all, "")
		}
		all = append(all, part...)
	}
	pad := strings.Repeat(" ", 4+2*b.W)
	n := max(len(mapRows), len(all)+1)
	out := make([]string, n)
	for i := 0; i < n; i++ {
		line := pad
		if i < len(mapRows) {
			line = mapRows[i]
		}
		if i >= 1 && i-1 < len(all) && all[i-1] != "" {
			line += "  " + all[i-1]
		}
		out[i] = strings.TrimRight(line, " ")
	}
	return out
}

// lines renders the board for seat: the map with the sidebar beside it.
func (b *Board) lines(seat int, color bool) []string {
	m, _ := b.mapLines(seat)
	pub, priv := b.publicSide(), b.privateSide(seat)
	if color {
		return b.assemble(m.color, pub.color, priv.color)
	}
	return b.assemble(m.plain, pub.plain, priv.plain)
}

// Text renders the board as plain text for seat (0: a spectator).
func (b *Board) Text(seat int) string { return strings.Join(b.lines(seat, false), "\n") + "\n" }

// focus lists the map lines (0 is the column header, 1 the first row) a
// seat should see when the screen is too small for the whole map: where
// its highlighted squares are, else where its tokens stand.
func (b *Board) focus(seat int) []int {
	var rows []int
	for _, c := range b.highlight[seat] {
		rows = append(rows, b.placeRow(c))
	}
	if len(rows) > 0 {
		return rows
	}
	for _, t := range b.tokens {
		if t.Seat == seat && seat > 0 {
			if p := b.Where(t); p >= 0 {
				rows = append(rows, b.placeRow(p))
			}
		}
	}
	return rows
}

// placeRow is the map line of a place: a square's row, or the middle row
// of a room.
func (b *Board) placeRow(p int) int {
	if !b.IsRoom(p) {
		_, y := b.xy(p)
		return y + 1
	}
	r, _ := b.RoomOf(p)
	cells := b.rooms[r].cells
	if len(cells) == 0 {
		return 1
	}
	_, y0 := b.xy(cells[0])
	_, y1 := b.xy(cells[len(cells)-1])
	return (y0+y1)/2 + 1
}
