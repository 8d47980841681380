package interp

import (
	"strings"
	"testing"
)

// A seat's focus on a board too tall for its screen: its marked squares,
// else its own token; a token is a seat's by seat = or set_owner.
func TestBoardFocus(t *testing.T) {
	src := `local G = { players = { 2, 2 } }
function G.play(t)
  local b = t:board { map = string.rep("....\n", 10), legend = { ["."] = "corridor" } }
  b:token { name = "ann", at = "a2", seat = 1 }
  b:token { name = "bob", at = "d9" }
  b:set_owner("bob", 2)
  t:ask(1, { "mark" })
  b:highlight({ "c5", "c6" }, 1)
  t:ask(1, { "end" })
end
return G`
	_, m := startMatch(t, "focus.lua", src, Config{Players: 2})
	focus := func(seat int) []int { return m.View(seat).Extras[0].Focus }
	if f := focus(1); len(f) != 1 || f[0] != 2 {
		t.Errorf("seat 1's focus %v, want its token's row [2]", f)
	}
	if f := focus(2); len(f) != 1 || f[0] != 9 {
		t.Errorf("seat 2's focus %v, want its token's row [9]", f)
	}
	if err := m.Apply(1, "mark"); err != nil {
		t.Fatal(err)
	}
	if f := focus(1); len(f) != 2 || f[0] != 5 || f[1] != 6 {
		t.Errorf("seat 1's focus %v, want its marks' rows [5 6]", f)
	}
	x := m.View(1).Extras[0]
	if len(x.Map) != 11 || !strings.HasPrefix(x.Map[0], "    a b c d") || len(x.Side) == 0 {
		t.Errorf("map and side: %q %q", x.Map, x.Side)
	}
}
