package board

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

type cellKind uint8

const (
	cellOutside cellKind = iota
	cellCorridor
	cellRoom
	cellBlock
)

type cell struct {
	kind    cellKind
	area    int  // room index for room cells, block index for blocks, else -1
	door    bool // a room square entered from its entry square
	entry   int  // a door's entry square
	passage bool
	start   string // the token that starts here
}

// area is a room or a walled block.
type area struct {
	Name, Label string
	Color       int
	cells       []int
	doors       []int // door cells
	entries     []int // the squares outside the doors, each once, in map order
	passage     int   // the room a secret passage leads to, or -1
	slots       []int // cells where tokens in the room are drawn
	labelAt     map[int]rune
}

// Token is a piece on the board. Make one with Board.AddToken; the board
// keeps where it is.
type Token struct {
	Name  string
	Label string // the name people read; the Name if empty
	Glyph string // the one character that draws it; the Name's first letter if empty
	Color int    // a 256-colour background; white if negative
	// Seat is the seat whose token it is (0: nobody's): that seat's
	// screen centres on it when the board does not fit.
	Seat int

	sq   int // the square it stands on, or -1
	room int // the room it is in, or -1
}

// Board is a board of squares and rooms with tokens on it.
type Board struct {
	Name, Title string // Name keys the board in a view; Title is drawn above it
	W, H        int    // squares across and down
	Shown       bool   // the board appears in seat views

	*geometry // the map: shared by every copy (Again), never changed once parsed

	tokens     []*Token
	tokenIdx   map[string]int
	occ        []int // 1 + index of the token on each square; 0 when free
	posVersion int   // counts the moves of tokens

	drawing // sidebars, highlights and the drawings cached (view.go)

	static    map[string]any // StaticData
	dataCache map[string]any // Data, at posVersion dataPos
	dataPos   int
}

// geometry is what Parse reads off the map, and what it works out from
// it once: the squares, rooms and blocks, the ways between them and the
// distances. Nothing changes it after Parse, so boards share it.
type geometry struct {
	cells       []cell
	rooms       []*area
	blocks      []*area
	roomIdx     map[string]int
	starts      map[string]int
	entryRooms  [][]int    // rooms entered from each square
	roomDist    [][]int    // see computeDistances
	next        [3][][]int // by StepMode and square: the squares one step away (computeSteps)
	squareNames []string   // by square: "f7"
}

// Again returns a board with b's map, as Parse made it: none of the
// tokens, marks, sidebars or names given since. The map is shared, not
// copied, so a game that makes the same board every match parses it once.
func (b *Board) Again() *Board {
	n := &Board{Name: "board", Shown: true, W: b.W, H: b.H, geometry: b.geometry, tokenIdx: map[string]int{}}
	n.occ = make([]int, len(b.cells))
	n.drawing.init()
	return n
}

func (b *Board) sq(x, y int) int     { return y*b.W + x }
func (b *Board) xy(c int) (int, int) { return c % b.W, c / b.W }
func (b *Board) walkable(c int) bool { return b.cells[c].kind == cellCorridor }

// RoomPlace is the place of room r (rooms are numbered in map order from 0).
func (b *Board) RoomPlace(r int) int { return len(b.cells) + r }

// IsRoom reports whether place p is a room rather than a square.
func (b *Board) IsRoom(p int) bool { return p >= len(b.cells) }

// RoomOf is the room that place p is, and whether it is one.
func (b *Board) RoomOf(p int) (r int, ok bool) {
	if !b.IsRoom(p) {
		return -1, false
	}
	return p - len(b.cells), true
}

// Walkable reports whether place p is a corridor square, one a token may
// stand on.
func (b *Board) Walkable(p int) bool { return !b.IsRoom(p) && b.walkable(p) }

// SquareName names square c: column letter and row number, "f7".
func (b *Board) SquareName(c int) string { return b.squareNames[c] }

// nameSquares names every square once, for SquareName.
func (b *Board) nameSquares() {
	b.squareNames = make([]string, len(b.cells))
	for c := range b.cells {
		x, y := b.xy(c)
		b.squareNames[c] = string(rune('a'+x)) + strconv.Itoa(y+1)
	}
}

// LastSquare is the name of the bottom-right square, for messages that
// say which squares there are ("a1 to x25").
func (b *Board) LastSquare() string { return b.SquareName(len(b.cells) - 1) }

// PlaceName names a place: a square or a room.
func (b *Board) PlaceName(p int) string {
	if r, ok := b.RoomOf(p); ok {
		return b.rooms[r].Name
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

// ParsePlace reads a place name: a room's name, or a square's in either
// case ("f7", "F7").
func (b *Board) ParsePlace(s string) (int, bool) {
	if r, ok := b.roomIdx[s]; ok {
		return b.RoomPlace(r), true
	}
	if c := b.parseSquare(strings.ToLower(s)); c >= 0 {
		return c, true
	}
	return 0, false
}

// Rooms ---------------------------------------------------------------------

// RoomCount is the number of rooms; rooms are numbered 0.. in map order
// (the order their first squares are read in).
func (b *Board) RoomCount() int { return len(b.rooms) }

// RoomNamed is the room of that name.
func (b *Board) RoomNamed(name string) (r int, ok bool) {
	r, ok = b.roomIdx[name]
	return r, ok
}

// RoomName is room r's name, the one scripts and places use.
func (b *Board) RoomName(r int) string { return b.rooms[r].Name }

// RoomLabel is the text drawn inside room r (its name if the legend gives
// none).
func (b *Board) RoomLabel(r int) string { return b.rooms[r].Label }

// Passage is the room that room r's secret passage leads to, or -1.
func (b *Board) Passage(r int) int { return b.rooms[r].passage }

// Entries lists the squares outside room r's doors, in map order. The
// list is the board's: do not change it.
func (b *Board) Entries(r int) []int { return b.rooms[r].entries }

// Start is the square where the named token starts, if the map has one.
func (b *Board) Start(token string) (int, bool) {
	c, ok := b.starts[token]
	return c, ok
}

// Tokens ----------------------------------------------------------------------

// NewToken makes a token for this board, not yet on it: Label defaults to
// the name, Glyph to the name's first letter in upper case, Color to the
// default (-1). It fails if the name is empty or taken, or if the glyph is
// not one character.
func (b *Board) NewToken(name, label, glyph string) (*Token, error) {
	if name == "" {
		return nil, fmt.Errorf("a token needs a name")
	}
	if _, dup := b.tokenIdx[name]; dup {
		return nil, fmt.Errorf("the board already has a token %q", name)
	}
	t := &Token{Name: name, Label: label, Glyph: glyph, Color: -1, sq: -1, room: -1}
	if t.Label == "" {
		t.Label = name
	}
	if t.Glyph == "" {
		t.Glyph = strings.ToUpper(name[:1])
	}
	if utf8.RuneCountInString(t.Glyph) != 1 {
		return nil, fmt.Errorf("a token's glyph is one character")
	}
	return t, nil
}

// AddToken puts token t, made by NewToken, on the board at place at (-1:
// off the board); a negative Color becomes white. It fails, changing
// nothing, if the name has been taken since or if at is a square t cannot
// stand on.
func (b *Board) AddToken(t *Token, at int) error {
	if _, dup := b.tokenIdx[t.Name]; dup {
		return fmt.Errorf("the board already has a token %q", t.Name)
	}
	if at >= 0 && !b.IsRoom(at) && (!b.walkable(at) || b.occ[at] != 0) {
		return fmt.Errorf("token %s cannot stand on %s", t.Name, b.PlaceName(at))
	}
	if t.Color < 0 {
		t.Color = 231
	}
	t.sq, t.room = -1, -1
	b.tokenIdx[t.Name] = len(b.tokens)
	b.tokens = append(b.tokens, t)
	b.Put(t, at)
	return nil
}

// Token is the token of that name.
func (b *Board) Token(name string) (*Token, bool) {
	i, ok := b.tokenIdx[name]
	if !ok {
		return nil, false
	}
	return b.tokens[i], true
}

// Tokens lists the tokens in the order they were added. The list is the
// board's: do not change it.
func (b *Board) Tokens() []*Token { return b.tokens }

// Where is the place token t is, or -1 when it is off the board.
func (b *Board) Where(t *Token) int {
	switch {
	case t.room >= 0:
		return b.RoomPlace(t.room)
	case t.sq >= 0:
		return t.sq
	}
	return -1
}

// Occupant is the token standing on place p, or nil when p is a free
// square or a room.
func (b *Board) Occupant(p int) *Token {
	if b.IsRoom(p) || b.occ[p] == 0 {
		return nil
	}
	return b.tokens[b.occ[p]-1]
}

// Put moves token t to place p (-1: off the board), whatever the distance.
// The caller checks that a square is a free corridor square (Walkable,
// Occupant).
func (b *Board) Put(t *Token, p int) {
	b.posVersion++
	if t.sq >= 0 {
		b.occ[t.sq] = 0
	}
	t.sq, t.room = -1, -1
	switch {
	case p < 0:
	case b.IsRoom(p):
		t.room = p - len(b.cells)
	default:
		t.sq = p
		b.occ[p] = b.tokenIdx[t.Name] + 1
	}
}

// PositionVersion counts the moves of tokens (every Put): what was worked
// out from the positions at one count holds until it changes.
func (b *Board) PositionVersion() int { return b.posVersion }
