package interp

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/board"
)

// TestBoardData: what bots see of a board — where the tokens are, and the
// rooms, labels, passages, entries and distances, which never change.
func TestBoardData(t *testing.T) {
	bb, err := board.Parse("*RR#S*\nRRr.sS\nRRR.SS\n#....#\n#.##.#\n#1..2#\n", map[rune]board.LegendEntry{
		'#': {Kind: "outside"}, '.': {Kind: "corridor"}, '*': {Kind: "passage"},
		'R': {Kind: "room", Name: "red", Label: "Red Room", Color: -1}, 'r': {Kind: "door", Name: "red"},
		'S': {Kind: "room", Name: "sun", Label: "Sun Room", Color: -1}, 's': {Kind: "door", Name: "sun"},
		'1': {Kind: "start", Name: "ann"}, '2': {Kind: "start", Name: "bob"},
	})
	if err != nil {
		t.Fatal(err)
	}
	b := &Board{Board: bb}
	ann, _ := b.NewToken("ann", "Ann", "A")
	start, _ := b.Start("ann")
	if err := b.AddToken(ann, start); err != nil {
		t.Fatal(err)
	}
	v, ok := b.ExtraView(2)
	if !ok || v.Name != "board" || len(v.Lines) == 0 || len(v.Color) != len(v.Lines) {
		t.Fatalf("view %+v", v)
	}
	d := v.Data
	if tokens := d["tokens"].(map[string]any); tokens["ann"] != "b6" {
		t.Errorf("data tokens %v", tokens)
	}
	dist := d["distance"].(map[string]any)["red"].(map[string]any)
	if dist["b6"] != 7 || dist["sun"] != 2 || dist["red"] != 0 || dist["a1"] != nil {
		t.Errorf("data distance to red: b6 %v, sun %v, red %v, a1 %v", dist["b6"], dist["sun"], dist["red"], dist["a1"])
	}
	if got := fmt.Sprint(d["rooms"], d["labels"], d["passages"], d["entries"], d["width"], d["height"]); got != "[red sun] map[red:Red Room sun:Sun Room] map[red:sun sun:red] map[red:[d2] sun:[d2]] 6 6" {
		t.Errorf("static data %s", got)
	}
	// Moving the token shows in the next view; the static part is kept.
	b.Put(ann, b.RoomPlace(1))
	v2, _ := b.ExtraView(2)
	if tokens := v2.Data["tokens"].(map[string]any); tokens["ann"] != "sun" {
		t.Errorf("data tokens after the move %v", tokens)
	}
	if reflect.ValueOf(v2.Data["distance"]).Pointer() != reflect.ValueOf(d["distance"]).Pointer() {
		t.Error("the distance table was made again")
	}
	b.Shown = false
	if _, ok := b.ExtraView(1); ok {
		t.Error("a hidden board is shown")
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
  ok, err = pcall(function() b:token { name = "dog", at = "b4" } end)
  assert(not ok and err:find("token dog cannot stand on b4"), err)
  ok, err = pcall(function() b:token { name = "dog", seat = 7 } end)
  assert(not ok and err:find("seat = 7"), err)
  assert(table.concat(b:tokens(), " ") == "ann bob cat", "a failed token was added")
  assert(tostring(b) == "board board (6x6)")
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
	text := strings.Join(v.Extras[0].Lines, "\n")
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
