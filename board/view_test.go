package board

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// hallMap: a room whose label wraps, a block, and a token in the room.
const hallMap = `RRRRRRR..
RRRRRRr..
RRRRRRR..
.........
==...1...
==.......
`

// dumpViews is everything a board draws for seats 0, 1 and 2.
func dumpViews(b *Board) string {
	var sb strings.Builder
	for seat := 0; seat <= 2; seat++ {
		v := b.View(seat)
		fmt.Fprintf(&sb, "== seat %d: lines\n%s\n", seat, strings.Join(v.Lines, "\n"))
		fmt.Fprintf(&sb, "== seat %d: colour\n%q\n", seat, v.Color)
		fmt.Fprintf(&sb, "== seat %d: map\n%s\n", seat, strings.Join(v.Map, "\n"))
		fmt.Fprintf(&sb, "== seat %d: map colour\n%q\n", seat, v.MapColor)
		fmt.Fprintf(&sb, "== seat %d: side\n%s\n%q\n", seat, strings.Join(v.Side, "\n"), v.SideColor)
		fmt.Fprintf(&sb, "== seat %d: focus %v\n", seat, v.Focus)
		fmt.Fprintf(&sb, "== seat %d: text\n%s", seat, b.Text(seat))
	}
	return sb.String()
}

// token adds a token with everything given.
func token(t *testing.T, b *Board, name, label, glyph string, color, seat int, at string) *Token {
	t.Helper()
	tok, err := b.NewToken(name, label, glyph)
	if err != nil {
		t.Fatal(err)
	}
	tok.Color, tok.Seat = color, seat
	p := -1
	if at != "" {
		p = place(t, b, at)
	}
	if err := b.AddToken(tok, p); err != nil {
		t.Fatal(err)
	}
	return tok
}

// TestViewsGolden draws two boards for a spectator and two seats, plain
// and coloured, with tokens on squares, in rooms and off the board, marks
// and sidebars for everyone and for one seat (testdata/views.golden; go
// test -update rewrites it).
func TestViewsGolden(t *testing.T) {
	b := mustBoard(t, testMap)
	token(t, b, "ann", "Ann", "A", 196, 1, "b6")
	token(t, b, "bob", "Bob", "B", 33, 2, "sun")
	token(t, b, "cat", "Cat", "C", 231, 0, "sun")
	token(t, b, "dog", "Dog", "D", 231, 0, "")
	b.SetSidebar(0, []string{"for everyone"})
	b.SetSidebar(2, []string{"for seat two", "second line"})
	b.Highlight(2, []int{place(t, b, "d6"), place(t, b, "red")})
	b.Highlight(0, []int{place(t, b, "c6")})
	got := dumpViews(b)
	hall, err := Parse(hallMap, map[rune]LegendEntry{
		'R': {Kind: "room", Name: "scr", Label: "Senior Common Room", Color: -1}, 'r': {Kind: "door", Name: "scr"},
		'.': {Kind: "corridor"}, '=': {Kind: "block", Name: "envelope", Color: 52}, '1': {Kind: "start", Name: "ann"},
	})
	if err != nil {
		t.Fatal(err)
	}
	token(t, hall, "ann", "Ann", "A", 196, 1, "f5")
	token(t, hall, "bob", "Bob", "B", 33, 2, "scr")
	got += dumpViews(hall)

	path := filepath.Join("testdata", "views.golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("views differ from %s (go test -update rewrites it):\n%s", path, firstDiff(got, string(want)))
	}
}

// firstDiff shows the first line where got and want part.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d:\n got %q\nwant %q", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf("%d lines, want %d", len(g), len(w))
}

// The cached drawings follow every change: a move, a mark, a sidebar.
func TestViewFollowsChanges(t *testing.T) {
	b := mustBoard(t, testMap)
	ann := token(t, b, "ann", "Ann", "A", 196, 1, "b6")
	text := func(seat int) string { return strings.Join(b.View(seat).Lines, "\n") }
	before := text(1)
	if !strings.Contains(before, "A Ann                b6") || strings.Contains(before, "\x1b[") {
		t.Fatalf("first view:\n%s", before)
	}
	b.Put(ann, b.RoomPlace(1))
	if got := text(1); !strings.Contains(got, "A Ann                Sun Room") {
		t.Errorf("moved token not shown:\n%s", got)
	}
	b.Highlight(1, []int{place(t, b, "d4")})
	if got := text(1); !strings.Contains(got, "  4   . . + .") {
		t.Errorf("mark not shown:\n%s", got)
	}
	if got := text(2); strings.Contains(got, "+") && strings.Contains(got, "  4   . . + .") {
		t.Errorf("seat 2 sees seat 1's mark:\n%s", got)
	}
	b.SetSidebar(1, []string{"a note"})
	if got := text(1); !strings.Contains(got, "a note") {
		t.Errorf("sidebar not shown:\n%s", got)
	}
	if got := text(2); strings.Contains(got, "a note") {
		t.Errorf("seat 2 sees seat 1's sidebar:\n%s", got)
	}
	b.SetSidebarFunc(func(seat int) ([]string, error) { return []string{fmt.Sprintf("drawn for %d", seat)}, nil })
	if got := text(2); !strings.Contains(got, "drawn for 2") || strings.Contains(got, "a note") {
		t.Errorf("sidebar function not drawn:\n%s", got)
	}
	if got := text(1); !strings.Contains(got, "drawn for 1") || strings.Contains(got, "a note") {
		t.Errorf("the function replaces the seat's own sidebar:\n%s", got)
	}
	b.SetSidebarFunc(nil)
	if got := text(1); !strings.Contains(got, "a note") {
		t.Errorf("seat's own sidebar not back:\n%s", got)
	}
}

func TestFocus(t *testing.T) {
	b := mustBoard(t, testMap)
	token(t, b, "ann", "Ann", "A", 196, 1, "b6")
	token(t, b, "bob", "Bob", "B", 196, 2, "red")
	for _, tt := range []struct {
		seat int
		want string
	}{{0, "[]"}, {1, "[6]"}, {2, "[2]"}} {
		if got := fmt.Sprint(b.View(tt.seat).Focus); got != tt.want {
			t.Errorf("seat %d's focus %s, want %s", tt.seat, got, tt.want)
		}
	}
	b.Highlight(1, []int{place(t, b, "d3"), place(t, b, "sun")})
	if got := fmt.Sprint(b.View(1).Focus); got != "[3 2]" {
		t.Errorf("seat 1's focus on its marks %s, want [3 2]", got)
	}
}
