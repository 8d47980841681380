package interp

// The board primitive: a grid of squares drawn as an ASCII map, with rooms
// entered through doors, start squares, secret passages between rooms and
// walled blocks, and named tokens standing on squares or in rooms. The
// rules that are the same for every race-around-the-house game live here,
// in Go: parsing the map, placing tokens, occupancy, the destinations of a
// die roll, passages and path search. A script makes one with
//
//	local board = t:board { map = MAP, legend = { ["."] = "corridor", ... } }
//
// and uses small methods on it (board:reachable(token, steps), board:move,
// board:where, ...). The board appears in every seat's view: plain lines,
// ANSI-coloured lines for a terminal, and data for bots.
//
// The map is one character per square, every line as wide as the first.
// The legend says what each character stands for:
//
//	"outside" (or "wall")   not part of the board
//	"corridor"              a square a token may stand on
//	{ start = "token" }     a corridor square where that token starts
//	{ room = "name", label = "Text", color = ... }
//	                        a square inside a room
//	{ door = "name" }       a square of that room through which it is
//	                        entered: it must touch exactly one corridor
//	                        square, the door's entry square
//	"passage"               a square of a room holding a secret passage;
//	                        each passage character is drawn in exactly two
//	                        rooms, which it joins
//	{ block = "name", label = "Text", color = ... }
//	                        a walled area no token enters (an envelope)
//
// Squares are named by column letter and row number from the top left:
// "a1", "f7". Places are squares or rooms, named by the room's name.

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	lua "github.com/yuin/gopher-lua"
)

// LegendEntry says what one map character stands for.
type LegendEntry struct {
	Kind  string // outside, corridor, start, room, door, passage or block
	Name  string // the room or block; a door's room; a start's token
	Label string // rooms and blocks: the text drawn inside
	Color int    // rooms and blocks: a 256-colour background; -1 for the default
}

// BoardError is a malformed map or legend. Line and Col are 1-based
// positions in the map text; Line is 0 for a problem of the legend alone.
type BoardError struct {
	Line, Col int
	Msg       string
}

func (e *BoardError) Error() string {
	if e.Line == 0 {
		return "board legend: " + e.Msg
	}
	return fmt.Sprintf("board map line %d, column %d: %s", e.Line, e.Col, e.Msg)
}

type cellKind uint8

const (
	cellOutside cellKind = iota
	cellCorridor
	cellRoom
	cellBlock
)

type boardCell struct {
	kind    cellKind
	area    int  // room index for room cells, block index for blocks, else -1
	door    bool // a room square entered from its entry square
	entry   int  // a door's entry square
	passage bool
	start   string // the token that starts here
}

// boardArea is a room or a walled block.
type boardArea struct {
	Name, Label string
	Color       int
	cells       []int
	doors       []int // door cells
	entries     []int // the squares outside the doors, each once, in map order
	passage     int   // the room a secret passage leads to, or -1
	slots       []int // cells where tokens in the room are drawn
	labelAt     map[int]rune
}

type boardToken struct {
	Name, Label, Glyph string
	Color              int
	seat               int // the seat whose token it is, or 0
	sq                 int // the square it stands on, or -1
	room               int // the room it is in, or -1
}

// StepMode is how a token steps from square to square.
type StepMode int

const (
	// StepOrthogonal steps go up, down, left or right (the usual rule).
	StepOrthogonal StepMode = iota
	// StepDiagonal steps go diagonally only. Doors are still crossed
	// straight, from the entry square.
	StepDiagonal
	// StepKing steps go to any of the eight neighbours.
	StepKing
)

var stepModeNames = map[string]StepMode{"orthogonal": StepOrthogonal, "diagonal": StepDiagonal, "king": StepKing, "any": StepKing}

// Board is a board of squares and rooms with tokens on it.
type Board struct {
	Name, Title string
	W, H        int
	// Shown boards appear in seat views.
	Shown bool

	cells      []boardCell
	rooms      []*boardArea
	blocks     []*boardArea
	roomIdx    map[string]int
	starts     map[string]int
	entryRooms [][]int // rooms entered from each square
	tokens     []*boardToken
	tokenIdx   map[string]int
	occ        []int // 1 + index of the token on each square; 0 when free
	roomDist   [][]int
	static     map[string]any   // staticData
	sidebar    map[int][]string // by seat; 0 for every seat
	highlight  map[int][]int    // squares marked for one seat
	// sideFn draws a sidebar for each seat (board:sidebar(function));
	// sideRoot is the script's function, which the match keeps alive.
	sideFn   func(seat int) ([]string, error)
	sideRoot lua.LValue

	// Rendering is cached: the map by token positions and highlighted
	// squares, the sidebar by what changed in it.
	posVersion, pubVersion int
	seatVersion            map[int]int
	mapCache               map[string]*renderedLines
	mapCachePos            int
	pubSide                *renderedLines
	pubSideKey             [2]int
	seatSide               map[int]*renderedLines
	views                  map[int]*boardViewCache
	dataCache              map[string]any
	dataPos                int
}

type renderedLines struct {
	version      int
	plain, color []string
}

type boardViewCache struct {
	key          [4]int
	hl           string
	lines, color []string
}

func (b *Board) sq(x, y int) int        { return y*b.W + x }
func (b *Board) xy(c int) (int, int)    { return c % b.W, c / b.W }
func (b *Board) walkable(c int) bool    { return b.cells[c].kind == cellCorridor }
func (b *Board) roomPlace(r int) int    { return len(b.cells) + r }
func (b *Board) isRoomPlace(p int) bool { return p >= len(b.cells) }

// SquareName names square c: column letter and row number, "f7".
func (b *Board) SquareName(c int) string {
	x, y := b.xy(c)
	return string(rune('a'+x)) + strconv.Itoa(y+1)
}

// PlaceName names a place: a square or a room.
func (b *Board) PlaceName(p int) string {
	if b.isRoomPlace(p) {
		return b.rooms[p-len(b.cells)].Name
	}
	return b.SquareName(p)
}

// parseSquare reads a square name such as "f7"; -1 if it is not one.
func (b *Board) parseSquare(s string) int {
	if len(s) < 2 || s[0] < 'a' || s[0] > 'z' {
		return -1
	}
	x := int(s[0] - 'a')
	y, err := strconv.Atoi(s[1:])
	if err != nil || s[1] == '0' || s[1] == '+' || s[1] == '-' || x >= b.W || y < 1 || y > b.H {
		return -1
	}
	return b.sq(x, y-1)
}

// place reads a place name: a room's name or a square's.
func (b *Board) place(s string) (int, bool) {
	if r, ok := b.roomIdx[s]; ok {
		return b.roomPlace(r), true
	}
	if c := b.parseSquare(strings.ToLower(s)); c >= 0 {
		return c, true
	}
	return 0, false
}

// ParseBoard builds a board from a map and its legend.
func ParseBoard(text string, legend map[rune]LegendEntry) (*Board, error) {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) == 0 {
		return nil, &BoardError{Line: 1, Col: 1, Msg: "the map is empty"}
	}
	rows := make([][]rune, len(lines))
	for i, l := range lines {
		rows[i] = []rune(l)
	}
	b := &Board{Name: "board", Shown: true, W: len(rows[0]), H: len(rows),
		roomIdx: map[string]int{}, starts: map[string]int{}, tokenIdx: map[string]int{},
		sidebar: map[int][]string{}, highlight: map[int][]int{}}
	if b.W == 0 {
		return nil, &BoardError{Line: 1, Col: 1, Msg: "the first line of the map is empty"}
	}
	if b.W > 26 {
		return nil, &BoardError{Line: 1, Col: 27, Msg: fmt.Sprintf("the map is %d squares wide; squares are named by the letters a to z, so 26 at most", b.W)}
	}
	if b.H > 99 {
		return nil, &BoardError{Line: 100, Col: 1, Msg: fmt.Sprintf("the map is %d lines tall; 99 at most", b.H)}
	}
	for y, r := range rows {
		if len(r) != b.W {
			return nil, &BoardError{Line: y + 1, Col: min(len(r), b.W) + 1, Msg: fmt.Sprintf("this line is %d squares wide, but the first line is %d", len(r), b.W)}
		}
	}
	// The legend's rooms, so that a door can name one.
	declared := map[string]bool{}
	for ch, e := range legend {
		switch e.Kind {
		case "outside", "wall", "corridor", "passage":
		case "room", "block", "start":
			if e.Name == "" {
				return nil, &BoardError{Msg: fmt.Sprintf("%q: a %s needs a name", string(ch), e.Kind)}
			}
			if e.Kind == "room" {
				declared[e.Name] = true
			}
		case "door":
			if e.Name == "" {
				return nil, &BoardError{Msg: fmt.Sprintf("%q: a door needs the name of its room: { door = \"kitchen\" }", string(ch))}
			}
		default:
			return nil, &BoardError{Msg: fmt.Sprintf("%q stands for %q, which is not one of outside, corridor, start, room, door, passage, block", string(ch), e.Kind)}
		}
	}
	blockIdx := map[string]int{}
	area := func(list *[]*boardArea, idx map[string]int, e LegendEntry) int {
		if i, ok := idx[e.Name]; ok {
			return i
		}
		a := &boardArea{Name: e.Name, Label: e.Label, Color: e.Color, passage: -1}
		if a.Label == "" {
			a.Label = e.Name
		}
		*list = append(*list, a)
		idx[e.Name] = len(*list) - 1
		return len(*list) - 1
	}
	at := func(c int, format string, args ...any) error {
		x, y := b.xy(c)
		return &BoardError{Line: y + 1, Col: x + 1, Msg: fmt.Sprintf(format, args...)}
	}
	b.cells = make([]boardCell, b.W*b.H)
	var passageOrder []rune
	passages := map[rune][]int{}
	for y, r := range rows {
		for x, ch := range r {
			c := b.sq(x, y)
			cell := boardCell{area: -1, entry: -1}
			e, ok := legend[ch]
			if !ok {
				return nil, at(c, "%q is not in the legend", string(ch))
			}
			switch e.Kind {
			case "outside", "wall":
			case "corridor":
				cell.kind = cellCorridor
			case "start":
				cell.kind = cellCorridor
				cell.start = e.Name
				if prev, dup := b.starts[e.Name]; dup {
					px, py := b.xy(prev)
					return nil, at(c, "%s has a second start square (the first is at line %d, column %d)", e.Name, py+1, px+1)
				}
				b.starts[e.Name] = c
			case "room":
				cell.kind = cellRoom
				cell.area = area(&b.rooms, b.roomIdx, e)
			case "door":
				if !declared[e.Name] {
					return nil, at(c, "this door opens into %q, but the legend has no room of that name", e.Name)
				}
				cell.kind = cellRoom
				cell.door = true
				var room LegendEntry
				for _, d := range legend {
					if d.Kind == "room" && d.Name == e.Name {
						room = d
						break
					}
				}
				cell.area = area(&b.rooms, b.roomIdx, room)
			case "passage":
				cell.kind = cellRoom
				cell.passage = true
				if _, seen := passages[ch]; !seen {
					passageOrder = append(passageOrder, ch)
				}
				passages[ch] = append(passages[ch], c)
			case "block":
				cell.kind = cellBlock
				cell.area = area(&b.blocks, blockIdx, e)
			}
			b.cells[c] = cell
		}
	}
	// Which room each passage square lies in: its neighbours say.
	for _, ch := range passageOrder {
		for _, c := range passages[ch] {
			room := -1
			for _, n := range b.orthogonal(c) {
				nc := b.cells[n]
				if nc.kind != cellRoom || nc.area < 0 {
					continue
				}
				if room >= 0 && nc.area != room {
					return nil, at(c, "this passage touches two rooms, the %s and the %s", b.rooms[room].Name, b.rooms[nc.area].Name)
				}
				room = nc.area
			}
			if room < 0 {
				return nil, at(c, "a passage must be drawn inside a room, next to its squares")
			}
			b.cells[c].area = room
			b.rooms[room].cells = append(b.rooms[room].cells, c)
		}
	}
	for c, cell := range b.cells {
		switch {
		case cell.kind == cellRoom && !cell.passage:
			b.rooms[cell.area].cells = append(b.rooms[cell.area].cells, c)
		case cell.kind == cellBlock:
			b.blocks[cell.area].cells = append(b.blocks[cell.area].cells, c)
		}
	}
	for _, a := range b.rooms {
		sort.Ints(a.cells)
	}
	for _, ch := range passageOrder {
		ends := passages[ch]
		if len(ends) != 2 {
			c := ends[0]
			if len(ends) > 2 {
				c = ends[2]
			}
			if len(ends) == 1 {
				return nil, at(c, "passage %q is drawn only once; a passage joins two rooms, so draw it once in each", string(ch))
			}
			return nil, at(c, "passage %q is drawn %d times; a passage joins two rooms, so draw it once in each", string(ch), len(ends))
		}
		r1, r2 := b.cells[ends[0]].area, b.cells[ends[1]].area
		if r1 == r2 {
			return nil, at(ends[1], "both ends of passage %q are in the %s", string(ch), b.rooms[r1].Name)
		}
		for i, r := range []int{r1, r2} {
			if b.rooms[r].passage >= 0 {
				return nil, at(ends[i], "the %s already has a secret passage", b.rooms[r].Name)
			}
		}
		b.rooms[r1].passage, b.rooms[r2].passage = r2, r1
	}
	// Doors open onto exactly one corridor square.
	b.entryRooms = make([][]int, len(b.cells))
	for c, cell := range b.cells {
		if !cell.door {
			continue
		}
		room := b.rooms[cell.area]
		var entries []int
		inside := false
		for _, n := range b.orthogonal(c) {
			if b.walkable(n) {
				entries = append(entries, n)
			}
			if b.cells[n].kind == cellRoom && b.cells[n].area == cell.area {
				inside = true
			}
		}
		switch {
		case len(entries) == 0:
			return nil, at(c, "this door of the %s opens onto no corridor square", room.Name)
		case len(entries) > 1:
			return nil, at(c, "this door of the %s touches %d corridor squares; a door must open onto exactly one", room.Name, len(entries))
		case !inside && len(room.cells) > 1:
			return nil, at(c, "this door of the %s is not next to any square of the %s", room.Name, room.Name)
		}
		b.cells[c].entry = entries[0]
		room.doors = append(room.doors, c)
		if !containsInt(room.entries, entries[0]) {
			room.entries = append(room.entries, entries[0])
		}
		if !containsInt(b.entryRooms[entries[0]], cell.area) {
			b.entryRooms[entries[0]] = append(b.entryRooms[entries[0]], cell.area)
		}
	}
	// Rooms and blocks are all in one piece; rooms have doors.
	for _, list := range [][]*boardArea{b.rooms, b.blocks} {
		for _, a := range list {
			if c := b.disconnected(a); c >= 0 {
				fx, fy := b.xy(a.cells[0])
				return nil, at(c, "the %s is drawn in two separate pieces (its first square is at line %d, column %d)", a.Name, fy+1, fx+1)
			}
		}
	}
	for _, a := range b.rooms {
		if len(a.doors) == 0 {
			return nil, at(a.cells[0], "the %s has no door", a.Name)
		}
	}
	var missing []string
	for name := range declared {
		if _, ok := b.roomIdx[name]; !ok {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return nil, &BoardError{Msg: fmt.Sprintf("room %q is in the legend but not on the map", missing[0])}
	}
	b.occ = make([]int, len(b.cells))
	b.computeDistances()
	b.layout()
	return b, nil
}

func containsInt(list []int, v int) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// disconnected returns a cell of a that is not joined to its first cell,
// or -1.
func (b *Board) disconnected(a *boardArea) int {
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

var (
	orthoDirs = [4][2]int{{0, -1}, {-1, 0}, {1, 0}, {0, 1}}
	diagDirs  = [4][2]int{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}}
)

// orthogonal lists the cells beside c, in reading order.
func (b *Board) orthogonal(c int) []int {
	x, y := b.xy(c)
	out := make([]int, 0, 4)
	for _, d := range orthoDirs {
		nx, ny := x+d[0], y+d[1]
		if nx >= 0 && ny >= 0 && nx < b.W && ny < b.H {
			out = append(out, b.sq(nx, ny))
		}
	}
	return out
}

// steps appends to buf the squares a token may step to from square c in
// one step of the given mode, ignoring tokens. A diagonal step may not cut
// a corner between two squares that are not corridor.
func (b *Board) steps(buf []int, c int, mode StepMode) []int {
	x, y := b.xy(c)
	if mode != StepDiagonal {
		for _, d := range orthoDirs {
			nx, ny := x+d[0], y+d[1]
			if nx >= 0 && ny >= 0 && nx < b.W && ny < b.H && b.walkable(b.sq(nx, ny)) {
				buf = append(buf, b.sq(nx, ny))
			}
		}
	}
	if mode != StepOrthogonal {
		for _, d := range diagDirs {
			nx, ny := x+d[0], y+d[1]
			if nx < 0 || ny < 0 || nx >= b.W || ny >= b.H || !b.walkable(b.sq(nx, ny)) {
				continue
			}
			if !b.walkable(b.sq(nx, y)) && !b.walkable(b.sq(x, ny)) {
				continue
			}
			buf = append(buf, b.sq(nx, ny))
		}
	}
	return buf
}

// computeDistances fills roomDist[r][c]: the fewest orthogonal steps from
// square c into room r, ignoring tokens (-1: no way).
func (b *Board) computeDistances() {
	b.roomDist = make([][]int, len(b.rooms))
	for r, room := range b.rooms {
		d := make([]int, len(b.cells))
		for i := range d {
			d[i] = -1
		}
		queue := make([]int, 0, len(b.cells))
		for _, e := range room.entries {
			d[e] = 1
			queue = append(queue, e)
		}
		var buf []int
		for len(queue) > 0 {
			c := queue[0]
			queue = queue[1:]
			buf = b.steps(buf[:0], c, StepOrthogonal)
			for _, n := range buf {
				if d[n] < 0 {
					d[n] = d[c] + 1
					queue = append(queue, n)
				}
			}
		}
		b.roomDist[r] = d
	}
}

// RoomDistance is the fewest orthogonal steps from place p into room r,
// ignoring tokens: 0 from r itself, -1 when there is no way.
func (b *Board) RoomDistance(p, r int) int {
	if !b.isRoomPlace(p) {
		return b.roomDist[r][p]
	}
	from := p - len(b.cells)
	if from == r {
		return 0
	}
	best := -1
	for _, e := range b.rooms[from].entries {
		if d := b.roomDist[r][e]; d >= 0 && (best < 0 || d+1 < best) {
			best = d + 1
		}
	}
	return best
}

// tokenPlace is where token t is, or -1 when it is off the board.
func (b *Board) tokenPlace(t *boardToken) int {
	switch {
	case t.room >= 0:
		return b.roomPlace(t.room)
	case t.sq >= 0:
		return t.sq
	}
	return -1
}

// Reachable lists the places token t may move to with a throw of steps:
// squares reached by exactly that many steps, never onto or through an
// occupied square nor onto a square twice (exact), or by at most that many
// (!exact); and rooms entered through a door on the way, which ends the
// move (the points left are lost). A token in a room leaves it by any of
// its doors, the step onto the entry square counting one, and may not come
// back into it in the same move. Rooms come first, in map order, then
// squares in reading order.
func (b *Board) Reachable(t *boardToken, steps int, mode StepMode, exact bool) []int {
	from := b.tokenPlace(t)
	if from < 0 || steps < 1 {
		return nil
	}
	found := make([]bool, len(b.cells)+len(b.rooms))
	startRoom := -1
	if b.isRoomPlace(from) {
		startRoom = from - len(b.cells)
	}
	if exact {
		visited := make([]bool, len(b.cells))
		bufs := make([][]int, steps+1)
		var walk func(c, used int)
		walk = func(c, used int) {
			if used == steps {
				found[c] = true
				return
			}
			for _, r := range b.entryRooms[c] {
				if r != startRoom {
					found[b.roomPlace(r)] = true
				}
			}
			bufs[used] = b.steps(bufs[used][:0], c, mode)
			for _, n := range bufs[used] {
				if !visited[n] && b.occ[n] == 0 {
					visited[n] = true
					walk(n, used+1)
					visited[n] = false
				}
			}
		}
		if startRoom >= 0 {
			for _, e := range b.rooms[startRoom].entries {
				if b.occ[e] == 0 {
					visited[e] = true
					walk(e, 1)
					visited[e] = false
				}
			}
		} else {
			visited[from] = true
			walk(from, 0)
		}
	} else {
		dist := b.bfs(from, mode)
		for c, d := range dist {
			if d < 0 || d > steps {
				continue
			}
			if d >= 1 && c != from {
				found[c] = true
			}
			if d < steps {
				for _, r := range b.entryRooms[c] {
					if r != startRoom {
						found[b.roomPlace(r)] = true
					}
				}
			}
		}
	}
	var out []int
	for r := range b.rooms {
		if found[b.roomPlace(r)] {
			out = append(out, b.roomPlace(r))
		}
	}
	for c := range b.cells {
		if found[c] {
			out = append(out, c)
		}
	}
	return out
}

// bfs returns the fewest steps from place from to every square, never
// onto or through an occupied square (-1: unreachable).
func (b *Board) bfs(from int, mode StepMode) []int {
	dist, _ := b.bfsParents(from, mode)
	return dist
}

func (b *Board) bfsParents(from int, mode StepMode) (dist, parent []int) {
	dist = make([]int, len(b.cells))
	parent = make([]int, len(b.cells))
	for i := range dist {
		dist[i], parent[i] = -1, -1
	}
	queue := make([]int, 0, len(b.cells))
	if b.isRoomPlace(from) {
		for _, e := range b.rooms[from-len(b.cells)].entries {
			if b.occ[e] == 0 {
				dist[e] = 1
				queue = append(queue, e)
			}
		}
	} else {
		dist[from] = 0
		queue = append(queue, from)
	}
	var buf []int
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		buf = b.steps(buf[:0], c, mode)
		for _, n := range buf {
			if dist[n] < 0 && b.occ[n] == 0 {
				dist[n] = dist[c] + 1
				parent[n] = c
				queue = append(queue, n)
			}
		}
	}
	return dist, parent
}

// Path is a shortest way for token t to place to, never through occupied
// squares: the places stepped on, ending with to; nil if there is none.
func (b *Board) Path(t *boardToken, to int, mode StepMode) []int {
	from := b.tokenPlace(t)
	if from < 0 || from == to {
		return nil
	}
	dist, parent := b.bfsParents(from, mode)
	end := -1
	if b.isRoomPlace(to) {
		for _, e := range b.rooms[to-len(b.cells)].entries {
			if dist[e] >= 0 && (end < 0 || dist[e] < dist[end]) {
				end = e
			}
		}
	} else if dist[to] >= 0 {
		end = to
	}
	if end < 0 {
		return nil
	}
	var rev []int
	for c := end; c >= 0 && c != from; c = parent[c] {
		rev = append(rev, c)
	}
	out := make([]int, 0, len(rev)+1)
	for i := len(rev) - 1; i >= 0; i-- {
		out = append(out, rev[i])
	}
	if b.isRoomPlace(to) {
		out = append(out, to)
	}
	return out
}

// put moves token t to place p (-1: off the board). The caller checks
// that a square is free.
func (b *Board) put(t *boardToken, p int) {
	b.posVersion++
	if t.sq >= 0 {
		b.occ[t.sq] = 0
	}
	t.sq, t.room = -1, -1
	switch {
	case p < 0:
	case b.isRoomPlace(p):
		t.room = p - len(b.cells)
	default:
		t.sq = p
		b.occ[p] = b.tokenIdx[t.Name] + 1
	}
}

// layout chooses where each room's label and the tokens in it are drawn.
func (b *Board) layout() {
	for _, list := range [][]*boardArea{b.rooms, b.blocks} {
		for _, a := range list {
			b.layoutArea(a)
		}
	}
}

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

func (b *Board) layoutArea(a *boardArea) {
	a.labelAt = map[int]rune{}
	minY, maxY := b.H, -1
	for _, c := range a.cells {
		_, y := b.xy(c)
		minY, maxY = min(minY, y), max(maxY, y)
	}
	// labelRow is the run of characters a label may use on row y: the
	// area's squares with the area above and below them, less the walls.
	labelRow := func(y int) (first, n int) {
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
	midY := (minY + maxY) / 2
	_, width := labelRow(midY)
	lines := wrapWords(strings.ToUpper(a.Label), width-2)
	top := midY - (len(lines)-1)/2
	used := map[int]bool{}
	for i, line := range lines {
		first, n := labelRow(top + i)
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

// Rendering ------------------------------------------------------------------

type boardStyle struct {
	fg, bg int // 256-colour numbers; -1 for the terminal's default
	bold   bool
}

type canvasCell struct {
	ch rune
	st boardStyle
}

var noStyle = boardStyle{fg: -1, bg: -1}

const (
	colCorridorA = 180
	colCorridorB = 223
	colStart     = 216
	colHighlight = 114
	colDoor      = 222
	colDim       = 240
)

// defaultRoomColors are the room backgrounds when the legend gives none.
var defaultRoomColors = []int{24, 53, 22, 94, 17, 58, 89, 23, 60, 130}

func (b *Board) areaColor(a *boardArea, i int, block bool) int {
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
	inRoom := make([][]*boardToken, len(b.rooms))
	for _, t := range b.tokens {
		if t.room >= 0 {
			inRoom[t.room] = append(inRoom[t.room], t)
		}
	}
	tokenAt := map[int]*boardToken{}
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

func (b *Board) tokenStyle(t *boardToken) boardStyle {
	return boardStyle{fg: 16, bg: t.Color, bold: true}
}

// drawCell returns the two characters that draw square c.
func (b *Board) drawCell(c int, color bool, marked map[int]bool, tokenAt map[int]*boardToken) (canvasCell, canvasCell) {
	cell := b.cells[c]
	x, y := b.xy(c)
	pair := func(s string, st boardStyle) (canvasCell, canvasCell) {
		rs := []rune(s)
		return canvasCell{rs[0], st}, canvasCell{rs[1], st}
	}
	switch cell.kind {
	case cellOutside:
		return pair("  ", noStyle)
	case cellCorridor:
		bg := colCorridorA
		if (x+y)%2 == 1 {
			bg = colCorridorB
		}
		if cell.start != "" {
			bg = colStart
		}
		if t := b.occ[c]; t > 0 {
			tok := b.tokens[t-1]
			if !color {
				return pair(tok.Glyph+" ", noStyle)
			}
			return pair(tok.Glyph+" ", b.tokenStyle(tok))
		}
		if marked[c] {
			if !color {
				return pair("+ ", noStyle)
			}
			return pair("+ ", boardStyle{fg: 22, bg: colHighlight, bold: true})
		}
		if !color {
			return pair(". ", noStyle)
		}
		return pair("  ", boardStyle{fg: -1, bg: bg})
	}
	var a *boardArea
	bg := 0
	if cell.kind == cellRoom {
		a = b.rooms[cell.area]
		bg = b.areaColor(a, cell.area, false)
	} else {
		a = b.blocks[cell.area]
		bg = b.areaColor(a, cell.area, true)
	}
	st := boardStyle{fg: 250, bg: bg}
	if !color {
		st = noStyle
	}
	if t := tokenAt[c]; t != nil {
		if !color {
			return pair(t.Glyph+" ", noStyle)
		}
		return pair(t.Glyph+" ", b.tokenStyle(t))
	}
	if cell.door {
		if marked[b.roomPlace(cell.area)] {
			if !color {
				return pair("++", noStyle)
			}
			return pair("++", boardStyle{fg: 22, bg: colHighlight, bold: true})
		}
		if !color {
			return pair("[]", noStyle)
		}
		return pair("  ", boardStyle{fg: -1, bg: colDoor})
	}
	if cell.passage {
		if !color {
			return pair("<>", noStyle)
		}
		return pair("<>", boardStyle{fg: 231, bg: bg, bold: true})
	}
	// Walls: the edges of the area, as a box.
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
	l, r := canvasCell{edgeChar(-1), st}, canvasCell{edgeChar(1), st}
	lst := st
	if color {
		lst = boardStyle{fg: 231, bg: bg, bold: true}
	}
	if ch, ok := a.labelAt[2*c]; ok {
		l = canvasCell{ch, lst}
	}
	if ch, ok := a.labelAt[2*c+1]; ok {
		r = canvasCell{ch, lst}
	}
	return l, r
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

func textCells(s string, st boardStyle) []canvasCell {
	row := make([]canvasCell, 0, len(s))
	for _, r := range s {
		row = append(row, canvasCell{r, st})
	}
	return row
}

// publicSidebar is drawn beside the map for every seat: the tokens, the
// passages and the script's lines for everyone.
func (b *Board) publicSidebar(color bool) [][]canvasCell {
	var out [][]canvasCell
	if len(b.tokens) > 0 {
		out = append(out, textCells("Tokens", boardStyle{fg: -1, bg: -1, bold: color}))
		for _, t := range b.tokens {
			where := "off the board"
			if p := b.tokenPlace(t); p >= 0 {
				where = b.PlaceName(p)
				if b.isRoomPlace(p) {
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
			st = boardStyle{fg: 231, bg: 237, bold: true}
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

func (b *Board) publicSide() *renderedLines {
	key := [2]int{b.posVersion, b.pubVersion}
	if b.pubSide == nil || b.pubSideKey != key {
		b.pubSide = &renderedLines{plain: renderRows(b.publicSidebar(false), false), color: renderRows(b.publicSidebar(true), true)}
		b.pubSideKey = key
	}
	return b.pubSide
}

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

// Text renders the board as plain text for seat (0: a spectator).
func (b *Board) Text(seat int) string { return strings.Join(b.lines(seat, false), "\n") + "\n" }

// ExtraView implements Extra: the map with the tokens, coloured and plain,
// and for bots the positions, rooms, passages and distances.
func (b *Board) ExtraView(seat int) (ExtraView, bool) {
	if !b.Shown {
		return ExtraView{}, false
	}
	if b.views == nil {
		b.views = map[int]*boardViewCache{}
	}
	m, hl := b.mapLines(seat)
	key := [4]int{b.posVersion, b.pubVersion, b.seatVersion[seat], 0}
	c := b.views[seat]
	if c == nil || c.key != key || c.hl != hl || b.sideFn != nil {
		pub, priv := b.publicSide(), b.privateSide(seat)
		c = &boardViewCache{key: key, hl: hl, lines: b.assemble(m.plain, pub.plain, priv.plain), color: b.assemble(m.color, pub.color, priv.color)}
		b.views[seat] = c
	}
	pub := b.publicSide()
	return ExtraView{Name: b.Name, Title: b.Title, Lines: c.lines, Color: c.color, Data: b.data(),
		Map: m.plain, MapColor: m.color, Side: pub.plain, SideColor: pub.color, Focus: b.focus(seat)}, true
}

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
		if t.seat == seat && seat > 0 {
			if p := b.tokenPlace(t); p >= 0 {
				rows = append(rows, b.placeRow(p))
			}
		}
	}
	return rows
}

// placeRow is the map line of a place: a square's row, or the middle row
// of a room.
func (b *Board) placeRow(p int) int {
	if !b.isRoomPlace(p) {
		_, y := b.xy(p)
		return y + 1
	}
	cells := b.rooms[p-len(b.cells)].cells
	if len(cells) == 0 {
		return 1
	}
	_, y0 := b.xy(cells[0])
	_, y1 := b.xy(cells[len(cells)-1])
	return (y0+y1)/2 + 1
}

// data is the board for bots:
//
//	tokens    = { name = place }          where each token is
//	rooms     = { names in map order }
//	labels    = { room = label }
//	passages  = { room = room }
//	entries   = { room = { squares outside its doors } }
//	distance  = { room = { place = steps } } fewest steps into the room
//	            from each square and room, ignoring tokens
//	width, height
func (b *Board) data() map[string]any {
	if b.dataCache != nil && b.dataPos == b.posVersion {
		return b.dataCache
	}
	d := map[string]any{"tokens": b.tokenPlaces()}
	for k, v := range b.staticData() {
		d[k] = v
	}
	b.dataCache, b.dataPos = d, b.posVersion
	return d
}

// tokenPlaces is where each token on the board stands: token → place.
func (b *Board) tokenPlaces() map[string]any {
	tokens := make(map[string]any, len(b.tokens))
	for _, t := range b.tokens {
		if p := b.tokenPlace(t); p >= 0 {
			tokens[t.Name] = b.PlaceName(p)
		}
	}
	return tokens
}

// staticData is the part of data that never changes: all of it but the
// tokens. A bot's view converts it once a game.
func (b *Board) staticData() map[string]any {
	if b.static != nil {
		return b.static
	}
	dist := make(map[string]any, len(b.rooms))
	for r, room := range b.rooms {
		m := map[string]any{}
		for c := range b.cells {
			if d := b.roomDist[r][c]; d >= 0 && b.walkable(c) {
				m[b.SquareName(c)] = d
			}
		}
		for o := range b.rooms {
			if d := b.RoomDistance(b.roomPlace(o), r); d >= 0 {
				m[b.rooms[o].Name] = d
			}
		}
		dist[room.Name] = m
	}
	rooms := make([]any, len(b.rooms))
	labels, passages, entries := map[string]any{}, map[string]any{}, map[string]any{}
	for r, room := range b.rooms {
		rooms[r] = room.Name
		labels[room.Name] = room.Label
		if room.passage >= 0 {
			passages[room.Name] = b.rooms[room.passage].Name
		}
		es := make([]any, len(room.entries))
		for i, e := range room.entries {
			es[i] = b.SquareName(e)
		}
		entries[room.Name] = es
	}
	b.static = map[string]any{
		"width": b.W, "height": b.H, "rooms": rooms, "labels": labels,
		"passages": passages, "entries": entries, "distance": dist,
	}
	return b.static
}

// The Lua binding ------------------------------------------------------------

// luaBoard implements t:board{map=, legend=, name=, title=, shown=}.
func (m *Match) luaBoard(L *lua.LState) int {
	spec := L.CheckTable(2)
	text, ok := spec.RawGetString("map").(lua.LString)
	if !ok {
		L.ArgError(2, "a board needs map = \"...\" (the map drawn one character a square)")
	}
	lt, ok := spec.RawGetString("legend").(*lua.LTable)
	if !ok {
		L.ArgError(2, "a board needs legend = { [char] = what it stands for }")
	}
	legend := map[rune]LegendEntry{}
	var lerr string
	lt.ForEach(func(k, v lua.LValue) {
		if lerr != "" {
			return
		}
		ks, ok := k.(lua.LString)
		if !ok || utf8.RuneCountInString(string(ks)) != 1 {
			lerr = fmt.Sprintf("legend keys are single characters, not %s", k.String())
			return
		}
		ch, _ := utf8.DecodeRuneInString(string(ks))
		e, err := legendEntry(v)
		if err != "" {
			lerr = fmt.Sprintf("%q: %s", string(ks), err)
			return
		}
		legend[ch] = e
	})
	if lerr != "" {
		L.RaiseError("board legend: %s", lerr)
	}
	b, err := ParseBoard(string(text), legend)
	if err != nil {
		L.RaiseError("%s", err.Error())
	}
	if n := lua.LVAsString(spec.RawGetString("name")); n != "" {
		b.Name = n
	}
	b.Title = printableLine(lua.LVAsString(spec.RawGetString("title")))
	if s, ok := spec.RawGetString("shown").(lua.LBool); ok {
		b.Shown = bool(s)
	}
	m.extras = append(m.extras, b)
	L.Push(newObject(L, b, m.boardMethods(L)))
	return 1
}

// legendEntry reads one legend value: a kind's name or a table.
func legendEntry(v lua.LValue) (LegendEntry, string) {
	e := LegendEntry{Color: -1}
	switch x := v.(type) {
	case lua.LString:
		e.Kind = string(x)
		switch e.Kind {
		case "outside", "wall", "corridor", "passage":
			return e, ""
		}
		return e, fmt.Sprintf("%q is not outside, corridor, passage, or a table {room=}, {door=}, {start=}, {block=}", e.Kind)
	case *lua.LTable:
		for _, kind := range []string{"room", "door", "start", "block"} {
			if n, ok := x.RawGetString(kind).(lua.LString); ok {
				e.Kind, e.Name = kind, string(n)
				break
			}
		}
		if e.Kind == "" {
			return e, "a table entry needs room=, door=, start= or block= and a name"
		}
		e.Label = printableLine(lua.LVAsString(x.RawGetString("label")))
		if c, ok := colorValue(x.RawGetString("color")); ok {
			e.Color = c
		} else {
			return e, "color must be a colour name or a number 0-255"
		}
		return e, ""
	}
	return e, "must be a string or a table"
}

var colorNames = map[string]int{
	"black": 16, "red": 196, "green": 40, "yellow": 226, "blue": 33, "magenta": 201, "cyan": 51,
	"white": 231, "grey": 245, "gray": 245, "orange": 208, "purple": 135, "brown": 130, "pink": 218,
	"scarlet": 160, "plum": 97, "mustard": 178, "peacock": 31, "olive": 100, "navy": 18, "teal": 30,
}

// colorValue reads a colour: nil (default, -1), a name or a number.
func colorValue(v lua.LValue) (int, bool) {
	switch c := v.(type) {
	case *lua.LNilType:
		return -1, true
	case lua.LNumber:
		if c >= 0 && c <= 255 && float64(c) == float64(int(c)) {
			return int(c), true
		}
	case lua.LString:
		n, ok := colorNames[strings.ToLower(string(c))]
		return n, ok
	}
	return 0, false
}

func (m *Match) checkBoard(L *lua.LState) *Board {
	return checkObject[*Board](L, 1, "a board expected (call it with a colon: board:where(...))")
}

func checkToken(L *lua.LState, b *Board, n int) *boardToken {
	name := L.CheckString(n)
	i, ok := b.tokenIdx[name]
	if !ok {
		L.ArgError(n, fmt.Sprintf("the board has no token %q", name))
	}
	return b.tokens[i]
}

func checkPlace(L *lua.LState, b *Board, n int) int {
	name := L.CheckString(n)
	p, ok := b.place(name)
	if !ok {
		L.ArgError(n, fmt.Sprintf("%q is neither a room nor a square of the board (squares are a1 to %s)", name, b.SquareName(len(b.cells)-1)))
	}
	return p
}

// checkMode reads an options table {mode = "orthogonal"|"diagonal"|"king",
// exact = true|false} at stack index n.
func checkMode(L *lua.LState, n int) (StepMode, bool) {
	mode, exact := StepOrthogonal, true
	opts, ok := L.Get(n).(*lua.LTable)
	if !ok {
		if L.Get(n) != lua.LNil {
			L.ArgError(n, "options must be a table {mode = ..., exact = ...}")
		}
		return mode, exact
	}
	if s, ok := opts.RawGetString("mode").(lua.LString); ok {
		m, found := stepModeNames[string(s)]
		if !found {
			L.ArgError(n, fmt.Sprintf("mode %q: use orthogonal, diagonal or king", string(s)))
		}
		mode = m
	}
	if e, ok := opts.RawGetString("exact").(lua.LBool); ok {
		exact = bool(e)
	}
	return mode, exact
}

// placeOf reads a token, room or square name as a place.
func placeOf(L *lua.LState, b *Board, n int) int {
	name := L.CheckString(n)
	if i, ok := b.tokenIdx[name]; ok {
		p := b.tokenPlace(b.tokens[i])
		if p < 0 {
			L.ArgError(n, fmt.Sprintf("token %q is not on the board", name))
		}
		return p
	}
	return checkPlace(L, b, n)
}

func pushNames(L *lua.LState, b *Board, places []int) {
	t := L.CreateTable(len(places), 0)
	for i, p := range places {
		t.RawSetInt(i+1, lua.LString(b.PlaceName(p)))
	}
	L.Push(t)
}

func (m *Match) boardMethods(L *lua.LState) *lua.LTable {
	mt, def := m.methodTable(L, "board")
	mt.RawSetString("__tostring", L.NewFunction(func(L *lua.LState) int {
		b := m.checkBoard(L)
		L.Push(lua.LString(fmt.Sprintf("board %s (%dx%d)", b.Name, b.W, b.H)))
		return 1
	}))

	// token{name=, label=, glyph=, color=, at=}: a new token, on its
	// start square unless at names another place; returns its name.
	def("token", func(L *lua.LState) int {
		b := m.checkBoard(L)
		spec := L.CheckTable(2)
		name := lua.LVAsString(spec.RawGetString("name"))
		if name == "" {
			L.ArgError(2, "a token needs a name")
		}
		if _, dup := b.tokenIdx[name]; dup {
			L.ArgError(2, fmt.Sprintf("the board already has a token %q", name))
		}
		t := &boardToken{Name: name, sq: -1, room: -1}
		t.Label = printableLine(lua.LVAsString(spec.RawGetString("label")))
		if t.Label == "" {
			t.Label = name
		}
		t.Glyph = lua.LVAsString(spec.RawGetString("glyph"))
		if t.Glyph == "" {
			t.Glyph = strings.ToUpper(name[:1])
		}
		if utf8.RuneCountInString(t.Glyph) != 1 {
			L.ArgError(2, "a token's glyph is one character")
		}
		c, ok := colorValue(spec.RawGetString("color"))
		if !ok {
			L.ArgError(2, "color must be a colour name or a number 0-255")
		}
		if c < 0 {
			c = 231
		}
		t.Color = c
		if sv, ok := spec.RawGetString("seat").(lua.LNumber); ok {
			if t.seat = int(sv); float64(t.seat) != float64(sv) || t.seat < 1 || t.seat > len(m.Seats) {
				L.ArgError(2, fmt.Sprintf("seat = %v: a seat number 1..%d expected", sv, len(m.Seats)))
			}
		}
		b.tokenIdx[name] = len(b.tokens)
		b.tokens = append(b.tokens, t)
		p := -1
		if at, ok := spec.RawGetString("at").(lua.LString); ok {
			q, found := b.place(string(at))
			if !found {
				L.ArgError(2, fmt.Sprintf("at = %q is not a room or square", string(at)))
			}
			p = q
		} else if s, ok := b.starts[name]; ok {
			p = s
		}
		if p >= 0 && !b.isRoomPlace(p) && (!b.walkable(p) || b.occ[p] != 0) {
			L.ArgError(2, fmt.Sprintf("token %s cannot stand on %s", name, b.PlaceName(p)))
		}
		b.put(t, p)
		L.Push(lua.LString(name))
		return 1
	})
	// set_owner(token, seat): the token is seat's (nil: nobody's), so
	// that seat's screen centres on it when the board does not fit.
	def("set_owner", func(L *lua.LState) int {
		b := m.checkBoard(L)
		t := checkToken(L, b, 2)
		t.seat = 0
		if L.Get(3) != lua.LNil {
			t.seat = m.checkSeat(L, 3)
		}
		return 0
	})
	// place(token, where): puts a token in a room or on a free square
	// (nil: off the board), whatever the distance.
	def("place", func(L *lua.LState) int {
		b := m.checkBoard(L)
		t := checkToken(L, b, 2)
		if L.Get(3) == lua.LNil {
			b.put(t, -1)
			return 0
		}
		p := checkPlace(L, b, 3)
		if !b.isRoomPlace(p) {
			if !b.walkable(p) {
				L.ArgError(3, fmt.Sprintf("%s is not a corridor square", b.PlaceName(p)))
			}
			if o := b.occ[p]; o != 0 && b.tokens[o-1] != t {
				L.ArgError(3, fmt.Sprintf("%s is occupied by %s", b.PlaceName(p), b.tokens[o-1].Name))
			}
		}
		b.put(t, p)
		return 0
	})
	// where(token): the room or square it is on, and "room" or "square";
	// nil when it is off the board.
	def("where", func(L *lua.LState) int {
		b := m.checkBoard(L)
		t := checkToken(L, b, 2)
		p := b.tokenPlace(t)
		if p < 0 {
			L.Push(lua.LNil)
			return 1
		}
		L.Push(lua.LString(b.PlaceName(p)))
		if b.isRoomPlace(p) {
			L.Push(lua.LString("room"))
		} else {
			L.Push(lua.LString("square"))
		}
		return 2
	})
	// room_of(token): the room it is in, or nil.
	def("room_of", func(L *lua.LState) int {
		b := m.checkBoard(L)
		t := checkToken(L, b, 2)
		if t.room < 0 {
			L.Push(lua.LNil)
		} else {
			L.Push(lua.LString(b.rooms[t.room].Name))
		}
		return 1
	})
	// occupant(square): the token on it, or nil.
	def("occupant", func(L *lua.LState) int {
		b := m.checkBoard(L)
		p := checkPlace(L, b, 2)
		if b.isRoomPlace(p) || b.occ[p] == 0 {
			L.Push(lua.LNil)
		} else {
			L.Push(lua.LString(b.tokens[b.occ[p]-1].Name))
		}
		return 1
	})
	// reachable(token, steps [, {mode=, exact=}]): the places a throw of
	// steps takes the token to: rooms first, then squares ("f7").
	def("reachable", func(L *lua.LState) int {
		b := m.checkBoard(L)
		t := checkToken(L, b, 2)
		steps := L.CheckInt(3)
		mode, exact := checkMode(L, 4)
		if steps > 40 {
			L.ArgError(3, "at most 40 steps")
		}
		pushNames(L, b, b.Reachable(t, steps, mode, exact))
		return 1
	})
	// move(token, dest [, steps [, opts]]): moves the token; with steps,
	// only to a place reachable with that throw.
	def("move", func(L *lua.LState) int {
		b := m.checkBoard(L)
		t := checkToken(L, b, 2)
		p := checkPlace(L, b, 3)
		if L.Get(4) != lua.LNil {
			steps := L.CheckInt(4)
			mode, exact := checkMode(L, 5)
			if !containsInt(b.Reachable(t, steps, mode, exact), p) {
				L.RaiseError("board:move: %s cannot reach %s with %d", t.Name, b.PlaceName(p), steps)
			}
		} else if !b.isRoomPlace(p) && (!b.walkable(p) || (b.occ[p] != 0 && b.tokens[b.occ[p]-1] != t)) {
			L.ArgError(3, fmt.Sprintf("%s is not a free corridor square", b.PlaceName(p)))
		}
		b.put(t, p)
		return 0
	})
	// path(token, dest [, opts]): a shortest way there around the tokens,
	// as the places stepped on; nil if there is none.
	def("path", func(L *lua.LState) int {
		b := m.checkBoard(L)
		t := checkToken(L, b, 2)
		p := checkPlace(L, b, 3)
		mode, _ := checkMode(L, 4)
		path := b.Path(t, p, mode)
		if path == nil {
			L.Push(lua.LNil)
			return 1
		}
		pushNames(L, b, path)
		return 1
	})
	// distance(from, room): the fewest orthogonal steps from a token,
	// square or room into the room, ignoring tokens; nil if none.
	def("distance", func(L *lua.LState) int {
		b := m.checkBoard(L)
		from := placeOf(L, b, 2)
		to := checkPlace(L, b, 3)
		if !b.isRoomPlace(to) {
			L.ArgError(3, "distance is measured into a room")
		}
		d := b.RoomDistance(from, to-len(b.cells))
		if d < 0 {
			L.Push(lua.LNil)
		} else {
			L.Push(lua.LNumber(d))
		}
		return 1
	})
	// passage(room): the room its secret passage leads to, or nil.
	def("passage", func(L *lua.LState) int {
		b := m.checkBoard(L)
		name := L.CheckString(2)
		r, ok := b.roomIdx[name]
		if !ok {
			L.ArgError(2, fmt.Sprintf("the board has no room %q", name))
		}
		if p := b.rooms[r].passage; p >= 0 {
			L.Push(lua.LString(b.rooms[p].Name))
		} else {
			L.Push(lua.LNil)
		}
		return 1
	})
	// rooms(): the room names in map order.
	def("rooms", func(L *lua.LState) int {
		b := m.checkBoard(L)
		t := L.CreateTable(len(b.rooms), 0)
		for i, r := range b.rooms {
			t.RawSetInt(i+1, lua.LString(r.Name))
		}
		L.Push(t)
		return 1
	})
	// entries(room): the squares outside its doors.
	def("entries", func(L *lua.LState) int {
		b := m.checkBoard(L)
		p := checkPlace(L, b, 2)
		if !b.isRoomPlace(p) {
			L.ArgError(2, "a room expected")
		}
		pushNames(L, b, b.rooms[p-len(b.cells)].entries)
		return 1
	})
	// label(name): the label of a room or token.
	def("label", func(L *lua.LState) int {
		b := m.checkBoard(L)
		name := L.CheckString(2)
		if r, ok := b.roomIdx[name]; ok {
			L.Push(lua.LString(b.rooms[r].Label))
		} else if i, ok := b.tokenIdx[name]; ok {
			L.Push(lua.LString(b.tokens[i].Label))
		} else {
			L.Push(lua.LNil)
		}
		return 1
	})
	// tokens(): the token names in the order they were made.
	def("tokens", func(L *lua.LState) int {
		b := m.checkBoard(L)
		t := L.CreateTable(len(b.tokens), 0)
		for i, tok := range b.tokens {
			t.RawSetInt(i+1, lua.LString(tok.Name))
		}
		L.Push(t)
		return 1
	})
	// sidebar(lines [, seat]): text drawn beside the map, for every seat
	// or for one seat only (a notepad); nil clears it. lines may be a
	// function(seat) returning them, drawn for each seat as its view is
	// drawn (draw.go); it replaces the seats' own sidebars.
	def("sidebar", func(L *lua.LState) int {
		b := m.checkBoard(L)
		seat := 0
		if L.Get(3) != lua.LNil {
			seat = m.checkSeat(L, 3)
		}
		if fn, ok := L.Get(2).(*lua.LFunction); ok {
			if seat != 0 {
				L.ArgError(3, "a sidebar function is drawn for every seat (it is given the seat): leave the seat out")
			}
			b.sideRoot = fn
			b.sideFn = func(seat int) ([]string, error) { return m.drawLines(fn, seat) }
			b.touch(0)
			return 0
		}
		if L.Get(2) == lua.LNil && seat == 0 {
			b.sideFn, b.sideRoot = nil, nil
		}
		var lines []string
		switch v := L.Get(2).(type) {
		case lua.LString:
			lines = strings.Split(strings.TrimRight(string(v), "\n"), "\n")
		case *lua.LTable:
			for i := 1; i <= v.Len(); i++ {
				lines = append(lines, lua.LVAsString(v.RawGetInt(i)))
			}
		case *lua.LNilType:
		default:
			L.ArgError(2, "a list of lines, a string or nil expected")
		}
		b.sidebar[seat] = lines
		b.touch(seat)
		return 0
	})
	// highlight(places [, seat]): marks squares, and the doors of rooms (the
	// destinations of a throw), in one seat's view; nil clears.
	def("highlight", func(L *lua.LState) int {
		b := m.checkBoard(L)
		seat := 0
		if L.Get(3) != lua.LNil {
			seat = m.checkSeat(L, 3)
		}
		var marks []int
		if list, ok := L.Get(2).(*lua.LTable); ok {
			for i := 1; i <= list.Len(); i++ {
				if p, ok := b.place(lua.LVAsString(list.RawGetInt(i))); ok {
					marks = append(marks, p)
				}
			}
		}
		b.highlight[seat] = marks
		b.touch(seat)
		return 0
	})
	// text([seat]): the board as plain text.
	def("text", func(L *lua.LState) int {
		b := m.checkBoard(L)
		L.Push(lua.LString(b.Text(L.OptInt(2, 0))))
		return 1
	})
	return mt
}
