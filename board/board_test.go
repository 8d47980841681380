package board

import (
	"fmt"
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

func mustBoard(t testing.TB, text string) *Board {
	t.Helper()
	b, err := Parse(text, legendFor(text, nil))
	if err != nil {
		t.Fatalf("Parse: %v", err)
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

// place reads a place name, failing the test if it is not one.
func place(t testing.TB, b *Board, name string) int {
	t.Helper()
	p, ok := b.ParsePlace(name)
	if !ok {
		t.Fatalf("bad place %q", name)
	}
	return p
}

// addTokens puts tokens on b, "name@place" each, and returns them.
func addTokens(t testing.TB, b *Board, specs ...string) []*Token {
	t.Helper()
	var out []*Token
	for _, s := range specs {
		name, at, _ := strings.Cut(s, "@")
		tok, err := b.NewToken(name, "", "")
		if err != nil {
			t.Fatal(err)
		}
		if err := b.AddToken(tok, place(t, b, at)); err != nil {
			t.Fatal(err)
		}
		out = append(out, tok)
	}
	return out
}

// names is places by name, joined by spaces.
func names(b *Board, places []int) string {
	out := make([]string, len(places))
	for i, p := range places {
		out[i] = b.PlaceName(p)
	}
	return strings.Join(out, " ")
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, text string
		legend     map[rune]LegendEntry // extra entries
		want       string
	}{
		{"empty", "\n\n", nil, "board map line 1, column 1: the map is empty"},
		{"first line empty", "\n..\n", nil, "board map line 1, column 1: the first line of the map is empty"},
		{"ragged line", "....\n...\n", nil, "board map line 2, column 4: this line is 3 squares wide, but the first line is 4"},
		{"unknown character", ".?..\n", nil, `board map line 1, column 2: "?" is not in the legend`},
		{"too wide", strings.Repeat(".", 27) + "\n", nil, "board map line 1, column 27: the map is 27 squares wide"},
		{"too tall", strings.Repeat(".\n", 100), nil, "board map line 100, column 1: the map is 100 lines tall; 99 at most"},
		{"door onto two squares", "RR.\nRr.\nR.#\n", nil, "board map line 2, column 2: this door of the red touches 2 corridor squares; a door must open onto exactly one"},
		{"door onto nothing", "RRR\nRrR\nRRR\n", nil, "board map line 2, column 2: this door of the red opens onto no corridor square"},
		{"door of an unknown room", ".x\n", map[rune]LegendEntry{'x': {Kind: "door", Name: "attic"}}, `board map line 1, column 2: this door opens into "attic", but the legend has no room of that name`},
		{"door away from its room", "RRr\n##.\n##s\nSS#\n", nil, "board map line 3, column 3: this door of the sun is not next to any square of the sun"},
		{"room without a door", "RR.\nRR.\n", nil, "board map line 1, column 1: the red has no door"},
		{"room in two pieces", "Rr.R\n", nil, "board map line 1, column 4: the red is drawn in two separate pieces (its first square is at line 1, column 1)"},
		{"block in two pieces", "=.=\n", nil, "board map line 1, column 3: the vault is drawn in two separate pieces"},
		{"passage drawn once", "*Rr.\n", nil, `board map line 1, column 1: passage "*" is drawn only once`},
		{"passage drawn three times", "*Rr.sS*\n*RR.SSS\n", nil, `board map line 2, column 1: passage "*" is drawn 3 times`},
		{"passage outside a room", "*.Rr.\n", nil, "board map line 1, column 1: a passage must be drawn inside a room"},
		{"passage between two rooms", "R*S\nr.s\n", nil, "board map line 1, column 2: this passage touches two rooms, the red and the sun"},
		{"passage into the same room", "*RR*\nRrRR\n#.##\n", nil, `board map line 1, column 4: both ends of passage "*" are in the red`},
		{"second passage of a room", "*R+.TT\nRr..t+\n......\nSs....\n*S....\n", map[rune]LegendEntry{'+': {Kind: "passage"}, 'T': {Kind: "room", Name: "tea"}, 't': {Kind: "door", Name: "tea"}}, "board map line 1, column 3: the red already has a secret passage"},
		{"second start", "1..1\n", nil, "board map line 1, column 4: ann has a second start square (the first is at line 1, column 1)"},
		{"legend room missing from the map", "..\n", map[rune]LegendEntry{'A': {Kind: "room", Name: "attic"}}, `board legend: room "attic" is in the legend but not on the map`},
		{"legend of an unknown kind", "..\n", map[rune]LegendEntry{'A': {Kind: "garden", Name: "x"}}, `board legend: "A" stands for "garden"`},
		{"legend room without a name", "..\n", map[rune]LegendEntry{'A': {Kind: "room"}}, `board legend: "A": a room needs a name`},
		{"legend door without a room", "..\n", map[rune]LegendEntry{'A': {Kind: "door"}}, `board legend: "A": a door needs the name of its room`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(tt.text, legendFor(tt.text, tt.legend))
			if err == nil {
				t.Fatalf("no error; want %q", tt.want)
			}
			if !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error %q\nwant prefix %q", err.Error(), tt.want)
			}
		})
	}
}

func TestParse(t *testing.T) {
	b := mustBoard(t, testMap)
	if b.W != 6 || b.H != 6 || b.Name != "board" || !b.Shown {
		t.Fatalf("size %dx%d, name %q, shown %v; want 6x6, board, shown", b.W, b.H, b.Name, b.Shown)
	}
	var rooms []string
	for r := range b.RoomCount() {
		rooms = append(rooms, b.RoomName(r)+"/"+b.RoomLabel(r))
	}
	if !reflect.DeepEqual(rooms, []string{"red/Red Room", "sun/Sun Room"}) {
		t.Errorf("rooms %v", rooms)
	}
	if b.Passage(0) != 1 || b.Passage(1) != 0 {
		t.Errorf("passages: red→%d, sun→%d; want 1, 0", b.Passage(0), b.Passage(1))
	}
	if got := names(b, b.Entries(0)); got != "d2" {
		t.Errorf("red entries %q, want d2", got)
	}
	if c, ok := b.Start("bob"); !ok || b.SquareName(c) != "e6" {
		t.Errorf("bob starts on %s, want e6", b.SquareName(c))
	}
	if _, ok := b.Start("cat"); ok {
		t.Error("cat has a start square")
	}
	if b.LastSquare() != "f6" {
		t.Errorf("last square %s", b.LastSquare())
	}
}

func TestPlaces(t *testing.T) {
	b := mustBoard(t, testMap)
	for _, tt := range []struct {
		name       string
		want       string // the place's name; "" if it is not one
		room, walk bool
	}{
		{"sun", "sun", true, false},
		{"red", "red", true, false},
		{"a1", "a1", false, false},
		{"D2", "d2", false, true},
		{"f6", "f6", false, false},
		{"b6", "b6", false, true},
		{"Sun", "", false, false},
		{"a0", "", false, false},
		{"g1", "", false, false},
		{"a7", "", false, false},
		{"z9", "", false, false},
		{"a", "", false, false},
		{"aa1", "", false, false},
		{"a01", "", false, false},
		{"a+1", "", false, false},
		{"a-1", "", false, false},
	} {
		p, ok := b.ParsePlace(tt.name)
		if !ok {
			if tt.want != "" {
				t.Errorf("ParsePlace(%q) failed, want %s", tt.name, tt.want)
			}
			continue
		}
		if tt.want == "" {
			t.Errorf("ParsePlace(%q) = %s, want no place", tt.name, b.PlaceName(p))
			continue
		}
		if b.PlaceName(p) != tt.want || b.IsRoom(p) != tt.room || b.Walkable(p) != tt.walk {
			t.Errorf("%q: %s, room %v, walkable %v; want %s, %v, %v", tt.name, b.PlaceName(p), b.IsRoom(p), b.Walkable(p), tt.want, tt.room, tt.walk)
		}
	}
}

func TestRoomDistance(t *testing.T) {
	b := mustBoard(t, testMap)
	addTokens(t, b, "x@d3") // tokens do not count
	for _, tt := range []struct {
		from, room string
		want       int
	}{
		// From b6 up to b4, along to d4, up to d2, and the step in.
		{"b6", "red", 7},
		{"b6", "sun", 7},
		{"d2", "red", 1},
		{"d4", "sun", 3},
		{"e6", "red", 6},
		{"red", "red", 0},
		{"red", "sun", 2}, // out onto d2, into the sun room
		{"a1", "red", -1}, // not a corridor square
		{"f6", "sun", -1},
	} {
		if got := b.RoomDistance(place(t, b, tt.from), place(t, b, tt.room)-b.W*b.H); got != tt.want {
			t.Errorf("RoomDistance(%s, %s) = %d, want %d", tt.from, tt.room, got, tt.want)
		}
	}
	// A room with no way to it.
	cut := mustBoard(t, "RR#.\nRr#.\n#.#.\n")
	if d := cut.RoomDistance(place(t, cut, "d3"), 0); d != -1 {
		t.Errorf("distance across a wall %d, want -1", d)
	}
}

func TestReachable(t *testing.T) {
	tests := []struct {
		name   string
		text   string   // the map; testMap if empty
		tokens []string // name@place; the first moves
		steps  int
		mode   StepMode
		exact  bool
		want   string
	}{
		{"one step", "", []string{"x@b6"}, 1, StepOrthogonal, true, "b5 c6"},
		{"exactly two", "", []string{"x@b6"}, 2, StepOrthogonal, true, "b4 d6"},
		{"no square twice", "", []string{"x@c4"}, 4, StepOrthogonal, true, "red sun c6 e6"},
		{"at most two", "", []string{"x@b6"}, 2, StepOrthogonal, false, "b4 b5 c6 d6"},
		{"at most, into a room with a step to spare", "", []string{"x@d4"}, 3, StepOrthogonal, false, "red sun d2 d3 b4 c4 e4 b5 e5 e6"},
		{"at most, out of a room", "", []string{"x@red"}, 2, StepOrthogonal, false, "sun d2 d3"},
		{"into both rooms with points to spare", "", []string{"x@d4"}, 5, StepOrthogonal, true, "red sun c6"},
		{"a door needs a step more than its square", "", []string{"x@d4"}, 2, StepOrthogonal, true, "d2 b4 e5"},
		{"never onto an occupied square", "", []string{"x@b6", "y@b5"}, 2, StepOrthogonal, true, "d6"},
		{"never through an occupied square", "", []string{"x@c4", "y@d3"}, 3, StepOrthogonal, true, "e5 b6"},
		{"blocked in", "", []string{"x@b6", "y@b5", "z@c6"}, 3, StepOrthogonal, true, ""},
		{"out of a room by its door, into the other", "", []string{"x@red"}, 2, StepOrthogonal, true, "sun d3"},
		{"out of a room: one step", "", []string{"x@red"}, 1, StepOrthogonal, true, "d2"},
		{"a room whose door is blocked", "", []string{"x@red", "y@d2"}, 3, StepOrthogonal, true, ""},
		{"others in the room do not block", "", []string{"x@red", "y@red"}, 1, StepOrthogonal, true, "d2"},
		{"diagonal steps", "", []string{"x@c4"}, 1, StepDiagonal, true, "d3 b5"},
		{"diagonal steps past a wall", "", []string{"x@b5"}, 1, StepDiagonal, true, "c4 c6"},
		{"diagonal steps do not cut corners", ".#\n#.\n", []string{"x@a1"}, 1, StepDiagonal, true, ""},
		{"king steps do not cut corners either", ".#\n#.\n", []string{"x@a1"}, 2, StepKing, true, ""},
		{"king steps", "", []string{"x@c4"}, 1, StepKing, true, "d3 b4 d4 b5"},
		{"diagonal out of a room", "", []string{"x@sun"}, 2, StepDiagonal, true, "red"},
		{"no steps", "", []string{"x@b6"}, 0, StepOrthogonal, true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := tt.text
			if text == "" {
				text = testMap
			}
			b := mustBoard(t, text)
			toks := addTokens(t, b, tt.tokens...)
			if g := names(b, b.Reachable(toks[0], tt.steps, tt.mode, tt.exact)); g != tt.want {
				t.Errorf("reachable = %q, want %q", g, tt.want)
			}
			// A board made Again on the map, after the first has its
			// tokens: it starts without them, and moves alike.
			again := b.Again()
			toks = addTokens(t, again, tt.tokens...)
			if g := names(again, again.Reachable(toks[0], tt.steps, tt.mode, tt.exact)); g != tt.want {
				t.Errorf("on a board made again, reachable = %q, want %q", g, tt.want)
			}
		})
	}
	t.Run("off the board", func(t *testing.T) {
		b := mustBoard(t, testMap)
		tok, _ := b.NewToken("x", "", "")
		if err := b.AddToken(tok, -1); err != nil {
			t.Fatal(err)
		}
		if got := b.Reachable(tok, 3, StepOrthogonal, true); got != nil {
			t.Errorf("a token off the board reaches %q", names(b, got))
		}
	})
}

func TestPath(t *testing.T) {
	tests := []struct {
		name   string
		tokens []string // name@place; the first moves
		to     string
		mode   StepMode
		want   string // "" for no path
	}{
		{"into a room", []string{"x@b6"}, "sun", StepOrthogonal, "b5 b4 c4 d4 d3 d2 sun"},
		{"to a square", []string{"x@b6"}, "e6", StepOrthogonal, "c6 d6 e6"},
		{"around a token", []string{"x@b6", "y@c6"}, "d6", StepOrthogonal, "b5 b4 c4 d4 e4 e5 e6 d6"},
		{"through an occupied square", []string{"x@b6", "y@d3"}, "red", StepOrthogonal, ""},
		{"onto an occupied square", []string{"x@b6", "y@d6"}, "d6", StepOrthogonal, ""},
		{"out of a room", []string{"x@red"}, "d4", StepOrthogonal, "d2 d3 d4"},
		{"room to room", []string{"x@red"}, "sun", StepOrthogonal, "d2 sun"},
		{"already there", []string{"x@b6"}, "b6", StepOrthogonal, ""},
		{"king steps", []string{"x@b6"}, "e4", StepKing, "b5 c4 d4 e4"},
		{"diagonal steps", []string{"x@c4"}, "e4", StepDiagonal, "d3 e4"},
		{"diagonal steps cannot reach", []string{"x@c4"}, "e6", StepDiagonal, ""},
		{"to a wall", []string{"x@b6"}, "a1", StepOrthogonal, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := mustBoard(t, testMap)
			toks := addTokens(t, b, tt.tokens...)
			if got := names(b, b.Path(toks[0], place(t, b, tt.to), tt.mode)); got != tt.want {
				t.Errorf("path to %s = %q, want %q", tt.to, got, tt.want)
			}
		})
	}
}

func TestTokens(t *testing.T) {
	b := mustBoard(t, testMap)
	ann, err := b.NewToken("ann", "", "")
	if err != nil {
		t.Fatal(err)
	}
	if ann.Label != "ann" || ann.Glyph != "A" || ann.Color != -1 {
		t.Errorf("defaults %+v", ann)
	}
	start, _ := b.Start("ann")
	if err := b.AddToken(ann, start); err != nil {
		t.Fatal(err)
	}
	if ann.Color != 231 || b.Occupant(start) != ann || b.PlaceName(b.Where(ann)) != "b6" {
		t.Errorf("ann: colour %d, on %s", ann.Color, b.PlaceName(b.Where(ann)))
	}
	for _, tt := range []struct {
		name, glyph string
		at          string // "" for off the board
		want        string
	}{
		{"", "", "", "a token needs a name"},
		{"ann", "", "", `the board already has a token "ann"`},
		{"bob", "BB", "", "a token's glyph is one character"},
		{"bob", "", "b6", "token bob cannot stand on b6"},
		{"bob", "", "a1", "token bob cannot stand on a1"},
	} {
		before := len(b.Tokens())
		tok, err := b.NewToken(tt.name, "", tt.glyph)
		if err == nil {
			at := -1
			if tt.at != "" {
				at = place(t, b, tt.at)
			}
			err = b.AddToken(tok, at)
		}
		if err == nil || err.Error() != tt.want {
			t.Errorf("token %q at %q: error %v, want %q", tt.name, tt.at, err, tt.want)
		}
		if len(b.Tokens()) != before {
			t.Errorf("token %q at %q: a failed token was added", tt.name, tt.at)
		}
	}
	bob := addTokens(t, b, "bob@sun")[0]
	if r, ok := b.RoomOf(b.Where(bob)); !ok || b.RoomName(r) != "sun" || b.Occupant(b.Where(bob)) != nil {
		t.Errorf("bob in %v", b.PlaceName(b.Where(bob)))
	}
	v := b.PositionVersion()
	b.Put(ann, -1)
	if b.Where(ann) != -1 || b.Occupant(start) != nil || b.PositionVersion() == v {
		t.Errorf("ann taken off the board: at %d, b6 held by %v, version %d→%d", b.Where(ann), b.Occupant(start), v, b.PositionVersion())
	}
	if tok, ok := b.Token("bob"); !ok || tok != bob {
		t.Error("Token(bob)")
	}
	if got := []string{b.Tokens()[0].Name, b.Tokens()[1].Name}; !reflect.DeepEqual(got, []string{"ann", "bob"}) {
		t.Errorf("tokens %v", got)
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
		{"A B", 0, nil},
	} {
		if got := wrapWords(tt.text, tt.width); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("wrapWords(%q, %d) = %q, want %q", tt.text, tt.width, got, tt.want)
		}
	}
}

// The map of the package comment: every claim made there holds.
func ExampleParse() {
	const house = `*KK#BB*
KKk.bBB
###.#==
#1...==
#...2##`
	b, err := Parse(house, map[rune]LegendEntry{
		'#': {Kind: "outside"}, '.': {Kind: "corridor"}, '*': {Kind: "passage"},
		'K': {Kind: "room", Name: "kitchen", Color: -1}, 'k': {Kind: "door", Name: "kitchen"},
		'B': {Kind: "room", Name: "ballroom", Color: -1}, 'b': {Kind: "door", Name: "ballroom"},
		'=': {Kind: "block", Name: "envelope", Color: -1},
		'1': {Kind: "start", Name: "plum"}, '2': {Kind: "start", Name: "peacock"},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	plum, _ := b.NewToken("plum", "Professor Plum", "")
	start, _ := b.Start("plum")
	_ = b.AddToken(plum, start)
	kitchen, _ := b.ParsePlace("kitchen")
	for steps := 1; steps <= 5; steps++ {
		fmt.Println(steps, names(b, b.Reachable(plum, steps, StepOrthogonal, true)))
	}
	fmt.Println("path:", names(b, b.Path(plum, kitchen, StepOrthogonal)))
	fmt.Println("passage:", b.RoomName(b.Passage(0)))
	// Output:
	// 1 c4 b5
	// 2 d4 c5
	// 3 d3 c4 e4 b5 d5
	// 4 d2 d4 c5 e5
	// 5 kitchen ballroom d3 c4 e4 b5 d5
	// path: c4 d4 d3 d2 kitchen
	// passage: ballroom
}

// BenchmarkReachable: a throw of six in the open, the worst case for
// exact throws (every square's neighbours free).
func BenchmarkReachable(b *testing.B) {
	row := strings.Repeat(".", 24) + "\n"
	board, err := Parse(strings.Repeat(row, 25), map[rune]LegendEntry{'.': {Kind: "corridor"}})
	if err != nil {
		b.Fatal(err)
	}
	tok := addTokens(b, board, "x@m13")[0]
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
