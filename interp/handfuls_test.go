package interp

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// handfulsGame asks seat 1 to choose from what the Lua expression expr
// gives, in a game with a pool of white, purple and green chips (supply
// given as a Lua table).
func handfulsGame(supply, expr string) string {
	return fmt.Sprintf(`
local G = { title = "Handfuls", players = {2, 2} }
function G.play(t)
  local chips = t:pool { name = "chips", kinds = { "white", "purple", "green" }, supply = %s }
  t:ask(1, %s)
end
return G`, supply, expr)
}

func TestPoolHandfuls(t *testing.T) {
	for _, tc := range []struct {
		name, supply, expr string
		want               []string
	}{
		{"two of three kinds", "10", "chips:handfuls(2)", []string{
			"take 2 white", "take 1 white 1 purple", "take 1 white 1 green",
			"take 2 purple", "take 1 purple 1 green", "take 2 green"}},
		{"leave one of each", "{ white = 2, purple = 1, green = 5 }", "chips:handfuls(2, 1)", []string{
			"take 1 white 1 green", "take 2 green"}},
		{"a verb", "{ white = 1, purple = 1, green = 0 }", `chips:handfuls(2, 0, "grab")`, []string{
			"grab 1 white 1 purple"}},
		{"none of nothing", "5", `(function() local l = chips:handfuls(0); return { l[1].text } end)()`, []string{
			"take"}},
		{"fields", "5", `(function() local o = chips:handfuls(3)[2]
		   return { string.format("w%d p%d g%d n%d", o.white, o.purple, o.green, o.count) } end)()`, []string{
			"w2 p1 g0 n3"}},
		{"the same table again", "5", `(function()
		   local a, b = chips:handfuls(2), chips:handfuls(2, 1)
		   return { tostring(rawequal(a[1], b[1])), tostring(rawequal(a, b)) } end)()`, []string{
			"true", "false"}},
		{"a changed table is made again", "5", `(function()
		   local a = chips:handfuls(1)[1]; a.white = 7
		   local b = chips:handfuls(1)[1]
		   return { tostring(rawequal(a, b)), b.text .. " " .. b.white } end)()`, []string{
			"false", "take 1 white 1"}},
		{"too few in the supply", "{ white = 1, purple = 0, green = 0 }", `(function()
		   local l = chips:handfuls(2); return { "n" .. #l } end)()`, []string{
			"n0"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, m := startMatch(t, "handfuls.lua", handfulsGame(tc.supply, tc.expr), Config{Players: 2})
			p := m.Prompt()
			if p == nil {
				t.Fatalf("no prompt: %v", m.Err())
			}
			if !reflect.DeepEqual(p.Options, tc.want) {
				t.Errorf("options %q, want %q", p.Options, tc.want)
			}
		})
	}
}

func TestPoolHandfulsErrors(t *testing.T) {
	for _, tc := range []struct{ expr, want string }{
		{"chips:handfuls(-1)", "must not be negative"},
		{"chips:handfuls(2, -1)", "must not be negative"},
		{`chips:handfuls(2, 0, "")`, "verb"},
		{`chips:handfuls(2, 0, "take\n")`, "verb"},
	} {
		e, err := LoadSource("handfuls.lua", []byte(handfulsGame("5", tc.expr)), nil)
		if err != nil {
			t.Fatal(err)
		}
		_, err = e.NewMatch(Config{Players: 2})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.expr, err, tc.want)
		}
	}
}

// A list that would be too long is refused, and the work is metered.
func TestPoolHandfulsBound(t *testing.T) {
	src := `
local G = { title = "Handfuls", players = {2, 2} }
function G.play(t)
  local kinds = {}
  for i = 1, 10 do kinds[i] = "k" .. i end
  local chips = t:pool { name = "chips", kinds = kinds, supply = 100 }
  t:ask(1, chips:handfuls(20))
end
return G`
	e, err := LoadSource("handfuls.lua", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.NewMatch(Config{Players: 2}); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Errorf("error %v, want one saying the list is too long", err)
	}
}
