package stdlib_test

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/stdlib"
)

// TestBestFirst: scores.best_first lists the indices of its values,
// highest first, ties in index order — the shortlist a bot returns; with
// n, the first n of the same list.
func TestBestFirst(t *testing.T) {
	for _, c := range []struct{ values, want string }{
		{"{ 3, 1, 3, 2 }", "1 3 4 2"},
		{"{ -1, -5, 0.5 }", "3 1 2"},
		{"{ 7 }", "1"},
		{"{}", ""},
		{"{ 3, 1, 3, 2 }, 2", "1 3"},
		{"{ 3, 1, 3, 2 }, 3", "1 3 4"},
		{"{ 1, 2, 9, 2, 9 }, 4", "3 5 2 4"},
		{"{ -1, -5, 0.5 }, 1", "3"},
		{"{ 3, 1 }, 5", "1 2"},
		{"{ 3, 1 }, 0", ""},
	} {
		src := `
local scores = require "scores"
local G = { title = "order", players = {1, 1} }
function G.play(t)
  local out = {}
  for _, i in ipairs(scores.best_first(` + c.values + `)) do out[#out + 1] = tostring(i) end
  t:log("[" .. table.concat(out, " ") .. "]")
  return { winners = {} }
end
return G`
		e, err := interp.LoadSource("order.lua", []byte(src), stdlib.FS())
		if err != nil {
			t.Fatal(err)
		}
		m, err := e.NewMatch(interp.Config{Players: 1})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Trim(m.Log()[0].Text, "[]"); got != c.want {
			t.Errorf("best_first(%s) = %q, want %q", c.values, got, c.want)
		}
		m.Close()
	}
}
