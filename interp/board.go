package interp

// The Lua binding of boards: t:board makes one from a map and a legend
// (package board parses, moves and draws it), and a board object has the
// methods listed in boardClass. A script writes
//
//	local board = t:board { map = MAP, legend = { ["."] = "corridor", ... } }
//	board:token { name = "plum", color = "plum" }
//	local places = board:reachable("plum", t:roll(2))
//
// Places reach scripts by name ("f7", "kitchen"); steps are given as an
// options table { mode = "orthogonal"|"diagonal"|"king", exact = bool }.

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/tabletop/tabletop/printable"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/board"
)

// Board is a board in a match: the board itself, with what the match
// keeps for it — the script's sidebar function and the data bots see.
type Board struct {
	*board.Board
	// sideRoot is the script's sidebar function, which the match keeps
	// alive (and counts in its memory).
	sideRoot lua.LValue

	staticN int // the values of its static data (dataValues), counted once
}

// staticCount is how many values the board's static data holds.
func (b *Board) staticCount() int {
	if b.staticN == 0 {
		b.staticN = dataValues(b.StaticData())
	}
	return b.staticN
}

// ExtraView implements Extra: the map with the tokens, coloured and plain,
// and for bots the positions, rooms, passages and distances.
func (b *Board) ExtraView(seat int) (ExtraView, bool) {
	if !b.Shown {
		return ExtraView{}, false
	}
	v := b.View(seat)
	return ExtraView{Name: b.Name, Title: b.Title, Lines: v.Lines, Color: v.Color, Data: b.Data(),
		Map: v.Map, MapColor: v.MapColor, Side: v.Side, SideColor: v.SideColor, Focus: v.Focus}, true
}

// Making a board -----------------------------------------------------------

// luaBoard implements t:board{map=, legend=, name=, title=, shown=}.
func (m *Match) luaBoard(L *lua.LState) int {
	spec := checkSpec(L, 2, "a board's spec", "map", "legend", "name", "title", "shown")
	text, ok := spec.RawGetString("map").(lua.LString)
	if !ok {
		L.ArgError(2, "a board needs map = \"...\" (the map drawn one character a square)")
	}
	lt, ok := spec.RawGetString("legend").(*lua.LTable)
	if !ok {
		L.ArgError(2, "a board needs legend = { [char] = what it stands for }")
	}
	legend, lerr := readLegend(lt)
	if lerr != "" {
		L.RaiseError("board legend: %s", lerr)
	}
	bb, err := m.Engine.boards.Parse(string(text), legend)
	if err != nil {
		L.RaiseError("%s", err.Error())
	}
	a := argAt(L, 2)
	if n := a.str(spec, "name", ""); n != "" {
		bb.Name = n
	}
	bb.Title = printable.Line(a.str(spec, "title", ""))
	bb.Shown = a.boolean(spec, "shown", bb.Shown)
	b := &Board{Board: bb}
	// What making the board cost and what it keeps, whether or not its
	// map was parsed before: the same for this match whatever other
	// matches did.
	m.meter.Work(L, b.Work())
	m.meter.Charge(L, boardBytes(b))
	m.Extras = append(m.Extras, b)
	L.Push(newObject(L, b, m.boardMethodTable(L)))
	return 1
}

// readLegend reads a legend table: single characters to what they stand
// for. The error is the first bad entry met.
func readLegend(lt *lua.LTable) (map[rune]board.LegendEntry, string) {
	legend := map[rune]board.LegendEntry{}
	var lerr string
	lt.ForEach(func(k, v lua.LValue) {
		if lerr != "" {
			return
		}
		ks, ok := k.(lua.LString)
		if !ok || utf8.RuneCountInString(string(ks)) != 1 {
			lerr = fmt.Sprintf("legend keys are single characters, not %s", valueText(k))
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
	return legend, lerr
}

// legendEntry reads one legend value: a kind's name or a table.
func legendEntry(v lua.LValue) (board.LegendEntry, string) {
	e := board.LegendEntry{Color: -1}
	switch x := v.(type) {
	case lua.LString:
		e.Kind = string(x)
		switch e.Kind {
		case "outside", "wall", "corridor", "passage":
			return e, ""
		}
		return e, fmt.Sprintf("%q is not outside, corridor, passage, or a table {room=}, {door=}, {start=}, {block=}", e.Kind)
	case *lua.LTable:
		if bad := unknownKey(x, "room", "door", "start", "block", "label", "color"); bad != "" {
			return e, "a table entry has no field " + bad + " (its fields: room, door, start, block, label, color)"
		}
		for _, kind := range []string{"room", "door", "start", "block"} {
			if n, ok := x.RawGetString(kind).(lua.LString); ok {
				e.Kind, e.Name = kind, string(n)
				break
			}
		}
		if e.Kind == "" {
			return e, "a table entry needs room=, door=, start= or block= and a name"
		}
		e.Label = printable.Line(lua.LVAsString(x.RawGetString("label")))
		if c, ok := colorValue(x.RawGetString("color")); ok {
			e.Color = c
		} else {
			return e, "color must be a colour name or a number 0-255"
		}
		return e, ""
	}
	return e, "must be a string or a table"
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
		return board.ColorNamed(string(c))
	}
	return 0, false
}

// Arguments -------------------------------------------------------------------

func (m *Match) checkBoard(L *lua.LState) *Board {
	return checkObject[*Board](L, 1, "a board expected (call it with a colon: board:where(...))")
}

func checkToken(L *lua.LState, b *Board, n int) *board.Token {
	name := L.CheckString(n)
	t, ok := b.Token(name)
	if !ok {
		L.ArgError(n, fmt.Sprintf("the board has no token %q", name))
	}
	return t
}

func checkPlace(L *lua.LState, b *Board, n int) int {
	name := L.CheckString(n)
	p, ok := b.ParsePlace(name)
	if !ok {
		L.ArgError(n, fmt.Sprintf("%q is neither a room nor a square of the board (squares are a1 to %s)", name, b.LastSquare()))
	}
	return p
}

// checkRoom reads a room's name at stack index n: the room's number.
func checkRoom(L *lua.LState, b *Board, n int) int {
	p := checkPlace(L, b, n)
	r, ok := b.RoomOf(p)
	if !ok {
		L.ArgError(n, "a room expected")
	}
	return r
}

// checkMode reads an options table {mode = "orthogonal"|"diagonal"|"king",
// exact = true|false} at stack index n.
func checkMode(L *lua.LState, n int) (board.StepMode, bool) {
	mode, exact := board.StepOrthogonal, true
	if L.Get(n) == lua.LNil {
		return mode, exact
	}
	opts := checkSpec(L, n, "the options", "mode", "exact")
	a := argAt(L, n)
	if s := a.str(opts, "mode", ""); s != "" {
		m, found := board.StepModes[s]
		if !found {
			L.ArgError(n, fmt.Sprintf("mode %q: use orthogonal, diagonal or king", s))
		}
		mode = m
	}
	return mode, a.boolean(opts, "exact", exact)
}

// placeOf reads a token, room or square name as a place.
func placeOf(L *lua.LState, b *Board, n int) int {
	name := L.CheckString(n)
	if t, ok := b.Token(name); ok {
		p := b.Where(t)
		if p < 0 {
			L.ArgError(n, fmt.Sprintf("token %q is not on the board", name))
		}
		return p
	}
	return checkPlace(L, b, n)
}

// optSeat reads an optional seat at stack index n: 0 when it is nil.
func (m *Match) optSeat(L *lua.LState, n int) int {
	if L.Get(n) == lua.LNil {
		return 0
	}
	return m.checkSeat(L, n)
}

func pushNames(L *lua.LState, b *Board, places []int) {
	t := L.CreateTable(len(places), 0)
	for i, p := range places {
		t.RawSetInt(i+1, lua.LString(b.PlaceName(p)))
	}
	L.Push(t)
}

// pushName pushes name, or nil when ok is false.
func pushName(L *lua.LState, name string, ok bool) int {
	if ok {
		L.Push(lua.LString(name))
	} else {
		L.Push(lua.LNil)
	}
	return 1
}

// The methods -------------------------------------------------------------------

// boardMethod is a board method given its board, checked.
type boardMethod func(m *Match, L *lua.LState, b *Board) int

// onBoard makes a board method a method of boardClass: it checks the
// board first.
func onBoard(fn boardMethod) func(*Match, *lua.LState) int {
	return func(m *Match, L *lua.LState) int { return fn(m, L, m.checkBoard(L)) }
}

// boardClass is a board: its map, its tokens and how they move.
var boardClass = class{lua: "board", meta: "Board", methods: []method{
	// Tokens.
	{"token", changes, onBoard((*Match).boardToken)},
	{"set_owner", changes, onBoard((*Match).boardSetOwner)},
	{"place", changes, onBoard((*Match).boardPlace)},
	{"where", reads, onBoard((*Match).boardWhere)},
	{"room_of", reads, onBoard((*Match).boardRoomOf)},
	{"occupant", reads, onBoard((*Match).boardOccupant)},

	// Moves.
	{"reachable", reads, onBoard((*Match).boardReachable)},
	{"move", changes, onBoard((*Match).boardMove)},
	{"path", reads, onBoard((*Match).boardPath)},
	{"distance", reads, onBoard((*Match).boardDistance)},
	{"passage", reads, onBoard((*Match).boardPassage)},

	// The map.
	{"rooms", reads, onBoard((*Match).boardRooms)},
	{"entries", reads, onBoard((*Match).boardEntries)},
	{"label", reads, onBoard((*Match).boardLabel)},
	{"tokens", reads, onBoard((*Match).boardTokens)},

	// Drawing.
	{"sidebar", changes, onBoard((*Match).boardSidebar)},
	{"highlight", changes, onBoard((*Match).boardHighlight)},
	{"text", reads, onBoard((*Match).boardText)},
}}

// boardMethodTable is the metatable of a board object.
func (m *Match) boardMethodTable(L *lua.LState) *lua.LTable {
	mt := boardClass.metatable(m)
	mt.RawSetString("__tostring", L.NewFunction(boardString))
	return mt
}

// boardString implements tostring(board).
func boardString(L *lua.LState) int {
	b := matchOf(L).checkBoard(L)
	L.Push(lua.LString(fmt.Sprintf("board %s (%dx%d)", b.Name, b.W, b.H)))
	return 1
}

// token{name=, label=, glyph=, color=, seat=, at=}: a new token, on its
// start square unless at names another place; returns its name.
func (m *Match) boardToken(L *lua.LState, b *Board) int {
	spec := checkSpec(L, 2, "a token's spec", "name", "label", "glyph", "color", "seat", "at")
	a := argAt(L, 2)
	t, err := b.NewToken(a.str(spec, "name", ""), printable.Line(a.str(spec, "label", "")), a.str(spec, "glyph", ""))
	if err != nil {
		L.ArgError(2, err.Error())
	}
	c, ok := colorValue(spec.RawGetString("color"))
	if !ok {
		L.ArgError(2, "color must be a colour name or a number 0-255")
	}
	t.Color = c
	if spec.RawGetString("seat") != lua.LNil {
		if t.Seat = a.integer(spec, "seat", 0); t.Seat < 1 || t.Seat > len(m.Seats) {
			L.ArgError(2, fmt.Sprintf("seat = %d: a seat number 1..%d expected", t.Seat, len(m.Seats)))
		}
	}
	p := -1
	if at := a.str(spec, "at", ""); at != "" {
		q, found := b.ParsePlace(at)
		if !found {
			L.ArgError(2, fmt.Sprintf("at = %q is not a room or square", at))
		}
		p = q
	} else if s, ok := b.Start(t.Name); ok {
		p = s
	}
	m.meter.Charge(L, 128+int64(len(t.Name)+len(t.Label)+len(t.Glyph)))
	if err := b.AddToken(t, p); err != nil {
		L.ArgError(2, err.Error())
	}
	L.Push(lua.LString(t.Name))
	return 1
}

// set_owner(token, seat): the token is seat's (nil: nobody's), so that
// seat's screen centres on it when the board does not fit.
func (m *Match) boardSetOwner(L *lua.LState, b *Board) int {
	t := checkToken(L, b, 2)
	t.Seat = m.optSeat(L, 3)
	return 0
}

// place(token, where): puts a token in a room or on a free square (nil:
// off the board), whatever the distance.
func (m *Match) boardPlace(L *lua.LState, b *Board) int {
	t := checkToken(L, b, 2)
	if L.Get(3) == lua.LNil {
		b.Put(t, -1)
		return 0
	}
	p := checkPlace(L, b, 3)
	if !b.IsRoom(p) {
		if !b.Walkable(p) {
			L.ArgError(3, fmt.Sprintf("%s is not a corridor square", b.PlaceName(p)))
		}
		if o := b.Occupant(p); o != nil && o != t {
			L.ArgError(3, fmt.Sprintf("%s is occupied by %s", b.PlaceName(p), o.Name))
		}
	}
	b.Put(t, p)
	return 0
}

// where(token): the room or square it is on, and "room" or "square"; nil
// when it is off the board.
func (m *Match) boardWhere(L *lua.LState, b *Board) int {
	p := b.Where(checkToken(L, b, 2))
	if p < 0 {
		L.Push(lua.LNil)
		return 1
	}
	L.Push(lua.LString(b.PlaceName(p)))
	if b.IsRoom(p) {
		L.Push(lua.LString("room"))
	} else {
		L.Push(lua.LString("square"))
	}
	return 2
}

// room_of(token): the room it is in, or nil.
func (m *Match) boardRoomOf(L *lua.LState, b *Board) int {
	r, ok := b.RoomOf(b.Where(checkToken(L, b, 2)))
	if !ok {
		return pushName(L, "", false)
	}
	return pushName(L, b.RoomName(r), true)
}

// occupant(square): the token on it, or nil.
func (m *Match) boardOccupant(L *lua.LState, b *Board) int {
	t := b.Occupant(checkPlace(L, b, 2))
	if t == nil {
		return pushName(L, "", false)
	}
	return pushName(L, t.Name, true)
}

// reachable(token, steps [, {mode=, exact=}]): the places a throw of
// steps takes the token to: rooms first, then squares ("f7").
func (m *Match) boardReachable(L *lua.LState, b *Board) int {
	t := checkToken(L, b, 2)
	steps := L.CheckInt(3)
	mode, exact := checkMode(L, 4)
	if steps > 40 {
		L.ArgError(3, "at most 40 steps")
	}
	pushNames(L, b, b.Reachable(t, steps, mode, exact))
	return 1
}

// move(token, dest [, steps [, opts]]): moves the token; with steps, only
// to a place reachable with that throw.
func (m *Match) boardMove(L *lua.LState, b *Board) int {
	t := checkToken(L, b, 2)
	p := checkPlace(L, b, 3)
	if L.Get(4) != lua.LNil {
		steps := L.CheckInt(4)
		mode, exact := checkMode(L, 5)
		if !slices.Contains(b.Reachable(t, steps, mode, exact), p) {
			L.RaiseError("board:move: %s cannot reach %s with %d", t.Name, b.PlaceName(p), steps)
		}
	} else if o := b.Occupant(p); !b.IsRoom(p) && (!b.Walkable(p) || o != nil && o != t) {
		L.ArgError(3, fmt.Sprintf("%s is not a free corridor square", b.PlaceName(p)))
	}
	b.Put(t, p)
	return 0
}

// path(token, dest [, opts]): a shortest way there around the tokens, as
// the places stepped on; nil if there is none.
func (m *Match) boardPath(L *lua.LState, b *Board) int {
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
}

// distance(from, room): the fewest orthogonal steps from a token, square
// or room into the room, ignoring tokens; nil if none.
func (m *Match) boardDistance(L *lua.LState, b *Board) int {
	from := placeOf(L, b, 2)
	to, ok := b.RoomOf(checkPlace(L, b, 3))
	if !ok {
		L.ArgError(3, "distance is measured into a room")
	}
	if d := b.RoomDistance(from, to); d >= 0 {
		L.Push(lua.LNumber(d))
	} else {
		L.Push(lua.LNil)
	}
	return 1
}

// passage(room): the room its secret passage leads to, or nil.
func (m *Match) boardPassage(L *lua.LState, b *Board) int {
	name := L.CheckString(2)
	r, ok := b.RoomNamed(name)
	if !ok {
		L.ArgError(2, fmt.Sprintf("the board has no room %q", name))
	}
	p := b.Passage(r)
	if p < 0 {
		return pushName(L, "", false)
	}
	return pushName(L, b.RoomName(p), true)
}

// rooms(): the room names in map order.
func (m *Match) boardRooms(L *lua.LState, b *Board) int {
	t := L.CreateTable(b.RoomCount(), 0)
	for r := range b.RoomCount() {
		t.RawSetInt(r+1, lua.LString(b.RoomName(r)))
	}
	L.Push(t)
	return 1
}

// entries(room): the squares outside its doors.
func (m *Match) boardEntries(L *lua.LState, b *Board) int {
	pushNames(L, b, b.Entries(checkRoom(L, b, 2)))
	return 1
}

// label(name): the label of a room or token, or nil.
func (m *Match) boardLabel(L *lua.LState, b *Board) int {
	name := L.CheckString(2)
	if r, ok := b.RoomNamed(name); ok {
		return pushName(L, b.RoomLabel(r), true)
	}
	if t, ok := b.Token(name); ok {
		return pushName(L, t.Label, true)
	}
	return pushName(L, "", false)
}

// tokens(): the token names in the order they were made.
func (m *Match) boardTokens(L *lua.LState, b *Board) int {
	tokens := b.Tokens()
	t := L.CreateTable(len(tokens), 0)
	for i, tok := range tokens {
		t.RawSetInt(i+1, lua.LString(tok.Name))
	}
	L.Push(t)
	return 1
}

// sidebar(lines [, seat]): text drawn beside the map, for every seat or
// for one seat only (a notepad); nil clears it. lines may be a
// function(seat) returning them, drawn for each seat as its view is drawn
// (draw.go); it replaces the seats' own sidebars.
func (m *Match) boardSidebar(L *lua.LState, b *Board) int {
	seat := m.optSeat(L, 3)
	if fn, ok := L.Get(2).(*lua.LFunction); ok {
		if seat != 0 {
			L.ArgError(3, "a sidebar function is drawn for every seat (it is given the seat): leave the seat out")
		}
		b.sideRoot = fn
		b.SetSidebarFunc(func(seat int) ([]string, error) { return m.drawLines(fn, seat) })
		return 0
	}
	var lines []string
	switch v := L.Get(2).(type) {
	case lua.LString:
		lines = strings.Split(strings.TrimRight(string(v), "\n"), "\n")
	case *lua.LTable:
		m.meter.Work(L, int64(v.Len()))
		for i := 1; i <= v.Len(); i++ {
			lines = append(lines, lua.LVAsString(v.RawGetInt(i)))
		}
	case *lua.LNilType:
		if seat == 0 {
			b.sideRoot = nil
			b.SetSidebarFunc(nil)
		}
	default:
		L.ArgError(2, "a list of lines, a string or nil expected")
	}
	var size int64
	for _, l := range lines {
		size += textBytes + int64(len(l))
	}
	m.meter.Charge(L, size)
	b.SetSidebar(seat, lines)
	return 0
}

// highlight(places [, seat]): marks squares, and the doors of rooms (the
// destinations of a throw), in one seat's view; nil clears.
func (m *Match) boardHighlight(L *lua.LState, b *Board) int {
	seat := m.optSeat(L, 3)
	var marks []int
	if list, ok := L.Get(2).(*lua.LTable); ok {
		m.meter.Work(L, int64(list.Len()))
		m.meter.Charge(L, 8*int64(list.Len()))
		for i := 1; i <= list.Len(); i++ {
			if p, ok := b.ParsePlace(lua.LVAsString(list.RawGetInt(i))); ok {
				marks = append(marks, p)
			}
		}
	}
	b.Highlight(seat, marks)
	return 0
}

// text([seat]): the board as plain text.
func (m *Match) boardText(L *lua.LState, b *Board) int {
	L.Push(lua.LString(b.Text(L.OptInt(2, 0))))
	return 1
}
