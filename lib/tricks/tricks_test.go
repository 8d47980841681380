package tricks

import (
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/luahost"
)

// eval runs the Lua expression expr with the module as the global tricks
// and the trick of the tests as cards, and returns its values as text.
func eval(t *testing.T, expr string) (string, error) {
	t.Helper()
	L := lua.NewState(lua.Options{SkipOpenLibs: true})
	defer L.Close()
	luahost.OpenLibs(L)
	L.SetGlobal("tricks", Module.Open(L))
	err := L.DoString(`cards = {
  { name = "9C", suit = "C", rank = 9, value = 1 }, { name = "JH", suit = "H", rank = 11 },
  { name = "9H", suit = "H", rank = 9 }, { name = "3C", suit = "C", rank = 3, value = 1 },
}
local function pack(...) return { n = select("#", ...), ... } end
local r, out = pack(` + expr + `), {}
for i = 1, r.n do out[i] = tostring(r[i]) end
result = table.concat(out, " ")`)
	return lua.LVAsString(L.GetGlobal("result")), err
}

func TestWinner(t *testing.T) {
	for _, tc := range []struct{ expr, want string }{
		{`tricks.winner(cards, { C = 0 })`, "1 4"},
		{`tricks.winner(cards, { C = 0, H = 100 })`, "2 3"},
		{`tricks.winner(cards, { C = 0, H = 0 })`, "2 1"},   // 9C and 9H tie: the first played
		{`tricks.winner(cards, { H = 0, C = 0 })`, "2 1"},   // whatever the weights' order
		{`tricks.winner(cards, { C = 0.5, H = 0 })`, "2 1"}, // clubs half a rank up
		{`tricks.winner(cards, { S = 0 })`, "nil nil"},      // nobody can win
		{`tricks.winner({ cards[2] }, { H = 0 })`, "1 nil"}, // nobody else could
		{`tricks.winner(cards, { C = 0 }, "value")`, "1 4"}, // ties by value: the first
		{`tricks.winner({ { r = 1, s = "x" }, { r = 2, s = "x" } }, { x = 0 }, "r", "s")`, "2 1"},
		{`tricks.count(cards, { suit = "C" })`, "2"},
		{`tricks.count(cards, { suit = "H", rank = 11 })`, "1"},
		{`tricks.count(cards, {})`, "4"},
		{`tricks.count({}, { suit = "C" })`, "0"},
	} {
		got, err := eval(t, tc.expr)
		if err != nil || got != tc.want {
			t.Errorf("%s: got %q (%v), want %q", tc.expr, got, err, tc.want)
		}
	}
}

func TestBadArguments(t *testing.T) {
	for _, tc := range []struct{ expr, want string }{
		{`tricks.winner({ 1 }, { C = 0 })`, "a list of cards expected"},
		{`tricks.winner({ { name = "X", suit = "C" } }, { C = 0 })`, "card X has no number in its field rank"},
		{`tricks.winner(cards)`, "table expected"},
		{`tricks.count(cards, { [1] = "C" })`, "a pattern is a table of fields"},
		{`tricks.count({ "x" }, { suit = "C" })`, "a list of cards expected"},
	} {
		_, err := eval(t, tc.expr)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error saying %q", tc.expr, err, tc.want)
		}
	}
}
