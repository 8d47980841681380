package interp

import (
	"strings"
	"testing"
)

// staleScript shows A and B to everyone, puts them back into the box
// unshuffled, and hands them out again: A with the knowledge said to be
// meant, B without.
const staleScript = `
local G = { title = "Stale", players = {2, 2} }
function G.play(t)
  local box = t:zone { name = "box" }
  local hands = { t:zone { name = "hand", owner = 1, visibility = "owner" },
                  t:zone { name = "hand", owner = 2, visibility = "owner" } }
  local a, b = unpack(t:cards({ { name = "A" }, { name = "B" }, { name = "C" } }, box))
  t:reveal(a)
  t:reveal(b)
  box:add(a, 1)
  box:add(b, 1)
  hands[2]:add({ a }, { known = true })
  t:move(b, hands[1], { pos = 1 })
  t:ask(1, { "end" })
  return { winners = {}, scores = { 0, 0 } }
end
return G
`

func TestStaleKnowledgeFlagged(t *testing.T) {
	_, m := startMatch(t, "stale.lua", staleScript, Config{Players: 2})
	if err := m.Err(); err != nil {
		t.Fatal(err)
	}
	leaks := m.Leaks()
	if len(leaks) != 1 || !strings.HasPrefix(leaks[0], "stale.lua:13: B goes into Player 1's hand, which only Player 1 may see, but Player 2 still knows it") {
		t.Fatalf("leaks: %q", leaks)
	}
	if err := m.CheckSecrecy(); err == nil || err.Error() != leaks[0] {
		t.Errorf("CheckSecrecy: %v", err)
	}
	// A silent copy (a search's playout) notes nothing.
	c, err := m.Copy(Silent)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if got := c.Leaks(); len(got) != 0 {
		t.Errorf("a silent copy noted %q", got)
	}
}

func TestMoveOptionsRefused(t *testing.T) {
	src := strings.Replace(staleScript, "{ pos = 1 }", "{ pso = 1 }", 1)
	e, err := LoadSource("stale.lua", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = e.NewMatch(Config{Players: 2})
	if err == nil || !strings.Contains(err.Error(), "stale.lua:13") || !strings.Contains(err.Error(), `a move's options has no field "pso"`) {
		t.Errorf("got %v", err)
	}
}
