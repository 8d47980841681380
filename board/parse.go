package board

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
)

// LegendEntry says what one map character stands for.
type LegendEntry struct {
	Kind  string // outside (or wall), corridor, start, room, door, passage or block
	Name  string // the room or block; a door's room; a start's token
	Label string // rooms and blocks: the text drawn inside; the Name if empty
	Color int    // rooms and blocks: a 256-colour background; -1 for the default
}

// Error is a malformed map or legend. Line and Col are 1-based positions
// in the map text; Line is 0 for a problem of the legend alone.
type Error struct {
	Line, Col int
	Msg       string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return "board legend: " + e.Msg
	}
	return fmt.Sprintf("board map line %d, column %d: %s", e.Line, e.Col, e.Msg)
}

// Parse builds a board from a map and its legend (see the package
// comment). The board is named "board" and shown; it has no tokens yet.
func Parse(text string, legend map[rune]LegendEntry) (*Board, error) {
	rows, err := mapRows(text)
	if err != nil {
		return nil, err
	}
	p := &parser{rows: rows, legend: legend, blockIdx: map[string]int{}, passages: map[rune][]int{}}
	if p.rooms, err = legendRooms(legend); err != nil {
		return nil, err
	}
	p.b = &Board{Name: "board", Shown: true, W: len(rows[0]), H: len(rows), tokenIdx: map[string]int{},
		geometry: &geometry{roomIdx: map[string]int{}, starts: map[string]int{}}}
	p.b.drawing.init()
	for _, step := range []func() error{p.readCells, p.passageRooms, p.collectCells, p.joinPassages, p.openDoors, p.checkAreas} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	b := p.b
	b.occ = make([]int, len(b.cells))
	b.nameSquares()
	b.computeSteps()
	b.computeDistances()
	b.layout()
	return b, nil
}

// mapRows splits the map into rows of characters, checking its size: at
// least one square, at most 26 across (the letters a to z) and 99 down,
// every line as wide as the first. Blank lines at the end are dropped.
func mapRows(text string) ([][]rune, error) {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) == 0 {
		return nil, &Error{Line: 1, Col: 1, Msg: "the map is empty"}
	}
	rows := make([][]rune, len(lines))
	for i, l := range lines {
		rows[i] = []rune(l)
	}
	w, h := len(rows[0]), len(rows)
	switch {
	case w == 0:
		return nil, &Error{Line: 1, Col: 1, Msg: "the first line of the map is empty"}
	case w > 26:
		return nil, &Error{Line: 1, Col: 27, Msg: fmt.Sprintf("the map is %d squares wide; squares are named by the letters a to z, so 26 at most", w)}
	case h > 99:
		return nil, &Error{Line: 100, Col: 1, Msg: fmt.Sprintf("the map is %d lines tall; 99 at most", h)}
	}
	for y, r := range rows {
		if len(r) != w {
			return nil, &Error{Line: y + 1, Col: min(len(r), w) + 1, Msg: fmt.Sprintf("this line is %d squares wide, but the first line is %d", len(r), w)}
		}
	}
	return rows, nil
}

// legendRooms checks the legend's kinds and names, and returns its rooms
// by name, so that a door can name one. When two characters stand for the
// same room, a door takes the lower character's entry: a room's label and
// colour come from the first of its squares read.
func legendRooms(legend map[rune]LegendEntry) (map[string]LegendEntry, error) {
	rooms := map[string]LegendEntry{}
	for _, ch := range slices.Sorted(maps.Keys(legend)) {
		e := legend[ch]
		switch e.Kind {
		case "outside", "wall", "corridor", "passage":
		case "room", "block", "start":
			if e.Name == "" {
				return nil, &Error{Msg: fmt.Sprintf("%q: a %s needs a name", string(ch), e.Kind)}
			}
			if _, seen := rooms[e.Name]; e.Kind == "room" && !seen {
				rooms[e.Name] = e
			}
		case "door":
			if e.Name == "" {
				return nil, &Error{Msg: fmt.Sprintf("%q: a door needs the name of its room: { door = \"kitchen\" }", string(ch))}
			}
		default:
			return nil, &Error{Msg: fmt.Sprintf("%q stands for %q, which is not one of outside, corridor, start, room, door, passage, block", string(ch), e.Kind)}
		}
	}
	return rooms, nil
}

// parser holds what Parse has read so far.
type parser struct {
	b        *Board
	rows     [][]rune
	legend   map[rune]LegendEntry
	rooms    map[string]LegendEntry // the legend's rooms, by name
	blockIdx map[string]int
	// passages lists the squares of each passage character; passageOrder
	// the characters in the order they are first met.
	passages     map[rune][]int
	passageOrder []rune
}

// errAt is an error at square c.
func (p *parser) errAt(c int, format string, args ...any) error {
	x, y := p.b.xy(c)
	return &Error{Line: y + 1, Col: x + 1, Msg: fmt.Sprintf(format, args...)}
}

// area returns the index of e's room or block in list, adding it the
// first time.
func (p *parser) area(list *[]*area, idx map[string]int, e LegendEntry) int {
	if i, ok := idx[e.Name]; ok {
		return i
	}
	a := &area{Name: e.Name, Label: e.Label, Color: e.Color, passage: -1}
	if a.Label == "" {
		a.Label = e.Name
	}
	*list = append(*list, a)
	idx[e.Name] = len(*list) - 1
	return len(*list) - 1
}

// readCells reads every square of the map through the legend.
func (p *parser) readCells() error {
	b := p.b
	b.cells = make([]cell, b.W*b.H)
	for y, r := range p.rows {
		for x, ch := range r {
			c := b.sq(x, y)
			cl, err := p.readCell(c, ch)
			if err != nil {
				return err
			}
			b.cells[c] = cl
		}
	}
	return nil
}

// readCell reads square c, drawn as ch.
func (p *parser) readCell(c int, ch rune) (cell, error) {
	b := p.b
	cl := cell{area: -1, entry: -1}
	e, ok := p.legend[ch]
	if !ok {
		return cl, p.errAt(c, "%q is not in the legend", string(ch))
	}
	switch e.Kind {
	case "outside", "wall":
	case "corridor":
		cl.kind = cellCorridor
	case "start":
		cl.kind = cellCorridor
		cl.start = e.Name
		if prev, dup := b.starts[e.Name]; dup {
			px, py := b.xy(prev)
			return cl, p.errAt(c, "%s has a second start square (the first is at line %d, column %d)", e.Name, py+1, px+1)
		}
		b.starts[e.Name] = c
	case "room":
		cl.kind = cellRoom
		cl.area = p.area(&b.rooms, b.roomIdx, e)
	case "door":
		room, ok := p.rooms[e.Name]
		if !ok {
			return cl, p.errAt(c, "this door opens into %q, but the legend has no room of that name", e.Name)
		}
		cl.kind, cl.door = cellRoom, true
		cl.area = p.area(&b.rooms, b.roomIdx, room)
	case "passage":
		cl.kind, cl.passage = cellRoom, true
		if _, seen := p.passages[ch]; !seen {
			p.passageOrder = append(p.passageOrder, ch)
		}
		p.passages[ch] = append(p.passages[ch], c)
	case "block":
		cl.kind = cellBlock
		cl.area = p.area(&b.blocks, p.blockIdx, e)
	}
	return cl, nil
}

// passageRooms finds the room each passage square lies in: its
// neighbours say.
func (p *parser) passageRooms() error {
	b := p.b
	for _, ch := range p.passageOrder {
		for _, c := range p.passages[ch] {
			room := -1
			for _, n := range b.orthogonal(c) {
				nc := b.cells[n]
				if nc.kind != cellRoom || nc.area < 0 {
					continue
				}
				if room >= 0 && nc.area != room {
					return p.errAt(c, "this passage touches two rooms, the %s and the %s", b.rooms[room].Name, b.rooms[nc.area].Name)
				}
				room = nc.area
			}
			if room < 0 {
				return p.errAt(c, "a passage must be drawn inside a room, next to its squares")
			}
			b.cells[c].area = room
			b.rooms[room].cells = append(b.rooms[room].cells, c)
		}
	}
	return nil
}

// collectCells lists each room's and block's squares, in reading order.
func (p *parser) collectCells() error {
	b := p.b
	for c, cl := range b.cells {
		switch {
		case cl.kind == cellRoom && !cl.passage:
			b.rooms[cl.area].cells = append(b.rooms[cl.area].cells, c)
		case cl.kind == cellBlock:
			b.blocks[cl.area].cells = append(b.blocks[cl.area].cells, c)
		}
	}
	for _, a := range b.rooms {
		sort.Ints(a.cells)
	}
	return nil
}

// joinPassages joins the two rooms each passage is drawn in.
func (p *parser) joinPassages() error {
	b := p.b
	for _, ch := range p.passageOrder {
		ends := p.passages[ch]
		switch len(ends) {
		case 2:
		case 1:
			return p.errAt(ends[0], "passage %q is drawn only once; a passage joins two rooms, so draw it once in each", string(ch))
		default:
			return p.errAt(ends[2], "passage %q is drawn %d times; a passage joins two rooms, so draw it once in each", string(ch), len(ends))
		}
		r1, r2 := b.cells[ends[0]].area, b.cells[ends[1]].area
		if r1 == r2 {
			return p.errAt(ends[1], "both ends of passage %q are in the %s", string(ch), b.rooms[r1].Name)
		}
		for i, r := range []int{r1, r2} {
			if b.rooms[r].passage >= 0 {
				return p.errAt(ends[i], "the %s already has a secret passage", b.rooms[r].Name)
			}
		}
		b.rooms[r1].passage, b.rooms[r2].passage = r2, r1
	}
	return nil
}

// openDoors finds each door's entry square: a door opens onto exactly one
// corridor square, and (unless its room is the door alone) lies next to
// another square of its room.
func (p *parser) openDoors() error {
	b := p.b
	b.entryRooms = make([][]int, len(b.cells))
	for c, cl := range b.cells {
		if !cl.door {
			continue
		}
		room := b.rooms[cl.area]
		var entries []int
		inside := false
		for _, n := range b.orthogonal(c) {
			if b.walkable(n) {
				entries = append(entries, n)
			}
			if b.cells[n].kind == cellRoom && b.cells[n].area == cl.area {
				inside = true
			}
		}
		switch {
		case len(entries) == 0:
			return p.errAt(c, "this door of the %s opens onto no corridor square", room.Name)
		case len(entries) > 1:
			return p.errAt(c, "this door of the %s touches %d corridor squares; a door must open onto exactly one", room.Name, len(entries))
		case !inside && len(room.cells) > 1:
			return p.errAt(c, "this door of the %s is not next to any square of the %s", room.Name, room.Name)
		}
		e := entries[0]
		b.cells[c].entry = e
		room.doors = append(room.doors, c)
		if !slices.Contains(room.entries, e) {
			room.entries = append(room.entries, e)
		}
		if !slices.Contains(b.entryRooms[e], cl.area) {
			b.entryRooms[e] = append(b.entryRooms[e], cl.area)
		}
	}
	return nil
}

// checkAreas checks that rooms and blocks are each in one piece, that
// every room has a door, and that every room of the legend is drawn.
func (p *parser) checkAreas() error {
	b := p.b
	for _, list := range [][]*area{b.rooms, b.blocks} {
		for _, a := range list {
			if c := b.disconnected(a); c >= 0 {
				fx, fy := b.xy(a.cells[0])
				return p.errAt(c, "the %s is drawn in two separate pieces (its first square is at line %d, column %d)", a.Name, fy+1, fx+1)
			}
		}
	}
	for _, a := range b.rooms {
		if len(a.doors) == 0 {
			return p.errAt(a.cells[0], "the %s has no door", a.Name)
		}
	}
	var missing []string
	for name := range p.rooms {
		if _, ok := b.roomIdx[name]; !ok {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return &Error{Msg: fmt.Sprintf("room %q is in the legend but not on the map", missing[0])}
	}
	return nil
}

// disconnected returns a cell of a that is not joined to its first cell,
// or -1.
func (b *Board) disconnected(a *area) int {
	if len(a.cells) == 0 {
		return -1
	}
	in := map[int]bool{}
	for _, c := range a.cells {
		in[c] = false
	}
	queue := []int{a.cells[0]}
	in[a.cells[0]] = true
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, n := range b.orthogonal(c) {
			if seen, ok := in[n]; ok && !seen {
				in[n] = true
				queue = append(queue, n)
			}
		}
	}
	for _, c := range a.cells {
		if !in[c] {
			return c
		}
	}
	return -1
}
