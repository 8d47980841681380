package interp

import (
	"reflect"
	"strings"
	"testing"
)

// testLegend: # outside, . corridor, R/S rooms with doors r/s, * passage,
// = a block, 1 and 2 start squares.
func testLegend() map[rune]LegendEntry {
	return map[rune]LegendEntry{
		'#': {Kind: "outside"},
		'.': {Kind: "corridor"},
		'*': {Kind: "passage"},
		'=': {Kind: "block", Name: "vault", Label: "Vault", Color: -1},
		'R': {Kind: "room", Name: "red", Label: "Red Room", Color: -1},
		'r': {Kind: "door", Name: "red"},
		'S': {Kind: "room", Name: "sun", Label: "Sun Room", Color: -1},
		's': {Kind: "door", Name: "sun"},
		'1': {Kind: "start", Name: "ann"},
		'2': {Kind: "start", Name: "bob"},
	}
}

// testMap: two rooms joined by a passage, whose doors open onto the same
// square d2; a corridor loop below them.
const testMap = `*RR#S*
RRr.sS
RRR.SS
#....#
#.##.#
#1..2#
`

func mustBoard(t *testing.T, text string) *Board {
	t.Helper()
	b, err := ParseBoard(text, testLegend())
	if err != nil {
		t.Fatalf("ParseBoard: %v", err)
	}
	return b
}

// legendFor is testLegend less the rooms the map does not draw (a room in
// the legend but not on the map is an error of its own), plus extra.
func legendFor(text string, extra map[rune]LegendEntry) map[rune]LegendEntry {
	legend := testLegend()
	for _, pair := range []string{"Rr", "Ss"} {
		if !strings.ContainsAny(text, pair) {
			delete(legend, rune(pair[0]))
			delete(legend, rune(pair[1]))
		}
	}
	for k, v := range extra {
		legend[k] = v
	}
	return legend
}

func TestParseBoardErrors(t *testing.T) {
	tests := []struct {
		name, text string
		legend     map[rune]LegendEntry // extra entries
		want       string
	}{
		{"empty", "\n\n", nil, "board map line 1, column 1: the map is empty"},
		{"ragged line", "....\n...\n", nil, "board map line 2, column 4: this line is 3 squares wide, but the first line is 4"},
		{"unknown character", ".?..\n", nil, `board map line 1, column 2: "?" is not in the legend`},
		{"too wide", strings.Repeat(".", 27) + "\n", nil, "board map line 1, column 27: the map is 27 squares wide"},
		{"door onto two squares", "RR.\nRr.\nR.#\n", nil, "board map line 2, column 2: this door of the red touches 2 corridor squares; a door must open onto exactly one"},
		{"door onto nothing", "RRR\nRrR\nRRR\n", nil, "board map line 2, column 2: this door of the red opens onto no corridor square"},
		{"door of an unknown room", ".x\n", map[rune]LegendEntry{'x': {Kind: "door", Name: "attic"}}, `board map line 1, column 2: this door opens into "attic", but the legend has no room of that name`},
		{"door away from its room", "RRr\n##.\n##s\nSS#\n", nil, "board map line 3, column 3: this door of the sun is not next to any square of the sun"},
		{"room without a door", "RR.\nRR.\n", nil, "board map line 1, column 1: the red has no door"},
		{"room in two pieces", "Rr.R\n", nil, "board map line 1, column 4: the red is drawn in two separate pieces (its first square is at line 1, column 1)"},
		{"passage drawn once", "*Rr.\n", nil, `board map line 1, column 1: passage "*" is drawn only once`},
		{"passage drawn three times", "*Rr.sS*\n*RR.SSS\n", nil, `board map line 2, column 1: passage "*" is drawn 3 times`},
		{"passage outside a room", "*.Rr.\n", nil, "board map line 1, column 1: a passage must be drawn inside a room"},
		{"passage between two rooms", "R*S\nr.s\n", nil, "board map line 1, column 2: this passage touches two rooms, the red and the sun"},
		{"passage into the same room", "*RR*\nRrRR\n#.##\n", nil, `board map line 1, column 4: both ends of passage "*" are in the red`},
		{"second start", "1..1\n", nil, "board map line 1, column 4: ann has a second start square (the first is at line 1, column 1)"},
		{"legend room missing from the map", "..\n", map[rune]LegendEntry{'A': {Kind: "room", Name: "attic"}}, `board legend: room "attic" is in the legend but not on the map`},
		{"legend of an unknown kind", "..\n", map[rune]LegendEntry{'A': {Kind: "garden", Name: "x"}}, `board legend: "A" stands for "garden"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			legend := legendFor(tt.text, tt.legend)
			_, err := ParseBoard(tt.text, legend)
			if err == nil {
				t.Fatalf("no error; want %q", tt.want)
			}
			if !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error %q\nwant prefix %q", err.Error(), tt.want)
			}
		})
	}
}

func TestParseBoard(t *testing.T) {
	b := mustBoard(t, testMap)
	if b.W != 6 || b.H != 6 {
		t.Fatalf("size %dx%d, want 6x6", b.W, b.H)
	}
	var names []string
	for _, r := range b.rooms {
		names = append(names, r.Name)
	}
	if !reflect.DeepEqual(names, []string{"red", "sun"}) {
		t.Errorf("rooms %v", names)
	}
	red, sun := b.rooms[0], b.rooms[1]
	if red.passage != 1 || sun.passage != 0 {
		t.Errorf("passages: red→%d, sun→%d; want 1, 0", red.passage, sun.passage)
	}
	if got := b.SquareName(red.entries[0]); got != "d2" || len(red.entries) != 1 {
		t.Errorf("red entries %v", red.entries)
	}
	if got := b.SquareName(b.starts["bob"]); got != "e6" {
		t.Errorf("bob starts on %s, want e6", got)
	}
	if p, ok := b.place("sun"); !ok || b.PlaceName(p) != "sun" {
		t.Errorf("place(sun) = %d, %v", p, ok)
	}
	for _, bad := range []string{"a0", "g1", "a7", "z9", "a", "aa1", "a01", "a+1"} {
		if c := b.parseSquare(bad); c >= 0 {
			t.Errorf("parseSquare(%q) = %d, want -1", bad, c)
		}
	}
	// Distances ignore tokens: from b6 up to b4, along to d4, up to d2,
	// and the step in.
	if d := b.RoomDistance(b.starts["ann"], 0); d != 7 {
		t.Errorf("distance ann→red = %d, want 7", d)
	}
	if d := b.RoomDistance(b.roomPlace(0), 1); d != 2 {
		t.Errorf("distance red→sun = %d, want 2 (out onto d2, into the sun room)", d)
	}
}

func TestReachable(t *testing.T) {
	type tok struct{ name, at string }
	tests := []struct {
		name   string
		text   string // the map; testMap if empty
		tokens []tok  // the first moves
		steps  int
		mode   StepMode
		exact  bool
		want   string
	}{
		{"one step", "", []tok{{"x", "b6"}}, 1, StepOrthogonal, true, "b5 c6"},
		{"exactly two", "", []tok{{"x", "b6"}}, 2, StepOrthogonal, true, "b4 d6"},
		{"no square twice", "", []tok{{"x", "c4"}}, 4, StepOrthogonal, true, "red sun c6 e6"},
		{"at most two", "", []tok{{"x", "b6"}}, 2, StepOrthogonal, false, "b4 b5 c6 d6"},
		{"into both rooms with points to spare", "", []tok{{"x", "d4"}}, 5, StepOrthogonal, true, "red sun c6"},
		{"a door needs a step more than its square", "", []tok{{"x", "d4"}}, 2, StepOrthogonal, true, "d2 b4 e5"},
		{"never onto an occupied square", "", []tok{{"x", "b6"}, {"y", "b5"}}, 2, StepOrthogonal, true, "d6"},
		{"never through an occupied square", "", []tok{{"x", "c4"}, {"y", "d3"}}, 3, StepOrthogonal, true, "e5 b6"},
		{"blocked in", "", []tok{{"x", "b6"}, {"y", "b5"}, {"z", "c6"}}, 3, StepOrthogonal, true, ""},
		{"out of a room by its door, into the other", "", []tok{{"x", "red"}}, 2, StepOrthogonal, true, "sun d3"},
		{"out of a room: one step", "", []tok{{"x", "red"}}, 1, StepOrthogonal, true, "d2"},
		{"a room whose door is blocked", "", []tok{{"x", "red"}, {"y", "d2"}}, 3, StepOrthogonal, true, ""},
		{"diagonal steps", "", []tok{{"x", "c4"}}, 1, StepDiagonal, true, "d3 b5"},
		{"diagonal steps past a wall", "", []tok{{"x", "b5"}}, 1, StepDiagonal, true, "c4 c6"},
		{"diagonal steps do not cut corners", ".#\n#.\n", []tok{{"x", "a1"}}, 1, StepDiagonal, true, ""},
		{"king steps do not cut corners either", ".#\n#.\n", []tok{{"x", "a1"}}, 2, StepKing, true, ""},
		{"king steps", "", []tok{{"x", "c4"}}, 1, StepKing, true, "d3 b4 d4 b5"},
		{"diagonal out of a room", "", []tok{{"x", "sun"}}, 2, StepDiagonal, true, "red"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := tt.text
			if text == "" {
				text = testMap
			}
			b, err := ParseBoard(text, legendFor(text, nil))
			if err != nil {
				t.Fatal(err)
			}
			var first *boardToken
			for i, tk := range tt.tokens {
				tok := &boardToken{Name: tk.name, sq: -1, room: -1}
				b.tokenIdx[tk.name] = i
				b.tokens = append(b.tokens, tok)
				p, ok := b.place(tk.at)
				if !ok {
					t.Fatalf("bad place %q", tk.at)
				}
				b.put(tok, p)
				if first == nil {
					first = tok
				}
			}
			var got []string
			for _, p := range b.Reachable(first, tt.steps, tt.mode, tt.exact) {
				got = append(got, b.PlaceName(p))
			}
			if g := strings.Join(got, " "); g != tt.want {
				t.Errorf("reachable = %q, want %q", g, tt.want)
			}
		})
	}
}

func TestPath(t *testing.T) {
	b := mustBoard(t, testMap)
	x := &boardToken{Name: "x", sq: -1, room: -1}
	b.tokenIdx["x"] = 0
	b.tokens = append(b.tokens, x)
	b.put(x, b.starts["ann"])
	names := func(ps []int) string {
		var out []string
		for _, p := range ps {
			out = append(out, b.PlaceName(p))
		}
		return strings.Join(out, " ")
	}
	if got := names(b.Path(x, b.roomPlace(1), StepOrthogonal)); got != "b5 b4 c4 d4 d3 d2 sun" {
		t.Errorf("path to the sun room: %q", got)
	}
	y := &boardToken{Name: "y", sq: -1, room: -1}
	b.tokenIdx["y"] = 1
	b.tokens = append(b.tokens, y)
	b.put(y, b.sq(3, 2)) // d3: the only way to the doors
	if p := b.Path(x, b.roomPlace(0), StepOrthogonal); p != nil {
		t.Errorf("path through an occupied square: %v", names(p))
	}
	if got := names(b.Path(x, b.sq(4, 5), StepOrthogonal)); got != "c6 d6 e6" {
		t.Errorf("path to e6: %q", got)
	}
}

func TestBoardRendering(t *testing.T) {
	b := mustBoard(t, testMap)
	x := &boardToken{Name: "ann", Label: "Ann", Glyph: "A", Color: 196, sq: -1, room: -1}
	b.tokenIdx["ann"] = 0
	b.tokens = append(b.tokens, x)
	b.put(x, b.starts["ann"])
	b.sidebar[0] = []string{"for everyone"}
	b.sidebar[2] = []string{"for seat two"}
	v, ok := b.ExtraView(2)
	if !ok {
		t.Fatal("the board is hidden")
	}
	text := strings.Join(v.Lines, "\n")
	for _, want := range []string{"    a b c d e f", "  6   A . . .", "<>", "[]", "A Ann", "for everyone", "for seat two", "Red Room - Sun Room"} {
		if !strings.Contains(text, want) {
			t.Errorf("plain view lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "\x1b[") {
		t.Error("plain lines hold escape codes")
	}
	if v0, _ := b.ExtraView(1); strings.Contains(strings.Join(v0.Lines, "\n"), "for seat two") {
		t.Error("seat 1 sees seat 2's sidebar")
	}
	if len(v.Color) != len(v.Lines) || !strings.Contains(strings.Join(v.Color, "\n"), "\x1b[48;5;196m") {
		t.Error("coloured lines lack the token's colour")
	}
	tokens := v.Data["tokens"].(map[string]any)
	if tokens["ann"] != "b6" {
		t.Errorf("data tokens %v", tokens)
	}
	dist := v.Data["distance"].(map[string]any)["red"].(map[string]any)
	if dist["b6"] != 7 || dist["sun"] != 2 || dist["red"] != 0 {
		t.Errorf("data distance to red: b6 %v, sun %v, red %v", dist["b6"], dist["sun"], dist["red"])
	}
	// Moving the token shows in the next view.
	b.put(x, b.roomPlace(1))
	v, _ = b.ExtraView(2)
	if !strings.Contains(strings.Join(v.Lines, "\n"), "A Ann                Sun Room") {
		t.Errorf("moved token not shown:\n%s", strings.Join(v.Lines, "\n"))
	}
}

func TestWrapWords(t *testing.T) {
	for _, tt := range []struct {
		text  string
		width int
		want  []string
	}{
		{"SENIOR COMMON ROOM", 12, []string{"SENIOR", "COMMON ROOM"}},
		{"THE BAR", 10, []string{"THE BAR"}},
		{"REFECTORY", 8, []string{"REFECTORY"}},
		{"", 8, nil},
	} {
		if got := wrapWords(tt.text, tt.width); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("wrapWords(%q, %d) = %q, want %q", tt.text, tt.width, got, tt.want)
		}
	}
}

// The Lua methods, through a script.
const boardScript = `
local Game = { players = { 1, 1 } }
local MAP = [[
*RR#S*
RRr.sS
RRR.SS
#....#
#.##.#
#1..2#
]]
function Game.play(t)
  local b = t:board { map = MAP, title = "Test", legend = {
    ["#"] = "outside", ["."] = "corridor", ["*"] = "passage",
    R = { room = "red", label = "Red Room" }, r = { door = "red" },
    S = { room = "sun", label = "Sun Room", color = "navy" }, s = { door = "sun" },
    ["1"] = { start = "ann" }, ["2"] = { start = "bob" },
  } }
  b:token { name = "ann", glyph = "A", color = "red" }
  b:token { name = "bob", label = "Bob" }
  b:token { name = "cat", at = "sun" }
  assert(b:where("ann") == "b6")
  local w, kind = b:where("cat")
  assert(w == "sun" and kind == "room", tostring(w))
  assert(b:room_of("cat") == "sun" and b:room_of("ann") == nil)
  assert(b:occupant("e6") == "bob")
  assert(table.concat(b:reachable("ann", 2), " ") == "b4 d6")
  assert(table.concat(b:reachable("ann", 2, { exact = false }), " ") == "b4 b5 c6 d6")
  assert(table.concat(b:reachable("cat", 1, { mode = "diagonal" }), " ") == "d2")
  assert(b:passage("red") == "sun" and b:passage("sun") == "red")
  assert(table.concat(b:rooms(), " ") == "red sun")
  assert(table.concat(b:entries("red"), " ") == "d2")
  assert(b:distance("ann", "red") == 7 and b:distance("sun", "red") == 2)
  assert(table.concat(b:path("ann", "red"), " ") == "b5 b4 c4 d4 d3 d2 red")
  assert(b:label("sun") == "Sun Room" and b:label("bob") == "Bob")
  assert(table.concat(b:tokens(), " ") == "ann bob cat")
  b:move("ann", "b4", 2)
  assert(b:where("ann") == "b4")
  local ok, err = pcall(function() b:move("ann", "red", 1) end)
  assert(not ok and err:find("cannot reach red with 1"), err)
  ok, err = pcall(function() b:place("ann", "e6") end)
  assert(not ok and err:find("occupied by bob"), err)
  ok, err = pcall(function() b:place("ann", "a1") end)
  assert(not ok and err:find("not a corridor square"), err)
  ok, err = pcall(function() b:place("ann", "z99") end)
  assert(not ok and err:find("neither a room nor a square"), err)
  ok, err = pcall(function() b:where("dog") end)
  assert(not ok and err:find("no token"), err)
  b:place("bob", nil)
  assert(b:where("bob") == nil)
  b:highlight({ "d6" }, 1)
  b:sidebar({ "note" }, 1)
  assert(b:text(1):find("note"))
  ok, err = pcall(function() t:board { map = "..\n.?\n", legend = { ["."] = "corridor" } } end)
  assert(not ok and err:find("board map line 2, column 2"), err)
  t:ask(1, { "end" })
  return { winners = { 1 } }
end
return Game
`

func TestBoardLua(t *testing.T) {
	_, m := startMatch(t, "board_test.lua", boardScript, Config{Players: 1})
	if m.Err() != nil {
		t.Fatal(m.Err())
	}
	v := m.View(1)
	if len(v.Extras) != 1 || v.Extras[0].Name != "board" || v.Extras[0].Title != "Test" {
		t.Fatalf("extras %+v", v.Extras)
	}
	text := v.Text()
	if !strings.Contains(text, "+ ") || !strings.Contains(text, "note") {
		t.Errorf("seat 1's view lacks its highlight or note:\n%s", text)
	}
	if err := m.Apply(1, "end"); err != nil || !m.Done() {
		t.Fatalf("end: %v", err)
	}
}

func TestBoardMapErrorNamesTheScript(t *testing.T) {
	src := `local G = { players = { 1, 1 } }
function G.play(t)
  t:board { map = "..\n.x\n", legend = { ["."] = "corridor" } }
end
return G`
	e, err := LoadSource("bad.lua", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = e.NewMatch(Config{Players: 1})
	if err == nil || !strings.Contains(err.Error(), "bad.lua:3:") || !strings.Contains(err.Error(), `board map line 2, column 2: "x" is not in the legend`) {
		t.Errorf("error %v", err)
	}
}

// BenchmarkReachable: a throw of six in the open, the worst case for
// exact throws (every square's neighbours free).
func BenchmarkReachable(b *testing.B) {
	row := strings.Repeat(".", 24) + "\n"
	board, err := ParseBoard(strings.Repeat(row, 25), map[rune]LegendEntry{'.': {Kind: "corridor"}})
	if err != nil {
		b.Fatal(err)
	}
	tok := &boardToken{Name: "x", sq: -1, room: -1}
	board.tokenIdx["x"] = 0
	board.tokens = append(board.tokens, tok)
	board.put(tok, board.sq(12, 12))
	for _, bc := range []struct {
		name  string
		mode  StepMode
		exact bool
	}{{"exact", StepOrthogonal, true}, {"at-most", StepOrthogonal, false}, {"king-exact", StepKing, true}} {
		b.Run(bc.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				board.Reachable(tok, 6, bc.mode, bc.exact)
			}
		})
	}
}
