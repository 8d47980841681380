package interp

import (
	"strings"
	"testing"
)

// dealer draws a secret number before asking anything.
const dealer = `
local G = { title = "Dealer", players = {2, 2} }
function G.play(t)
  t:log("drawn %d", t:random(6))
  t:ask(1, { "a", "b" })
  return { winners = { 1 } }
end
return G
`

// secretChance decides t:random as told, and shuffles and rolls as the
// engine does.
type secretChance struct{ v int }

func (c secretChance) Shuffle(m *Match, z *Zone) error { return m.ShuffleCards(z) }
func (c secretChance) Roll(m *Match, sides int) int    { return m.RollDie(sides) }
func (c secretChance) Draw(m *Match, n int) int        { return c.v }

// TestSecretChanceDecidesRandom: a Chance that is a SecretChance decides
// what t:random returns, and one out of range is the script's error.
func TestSecretChanceDecidesRandom(t *testing.T) {
	_, m := startMatch(t, "dealer.lua", dealer, Config{Players: 2, Seed: 5, Chance: secretChance{v: 4}})
	checkLog(t, m, []string{"drawn 4"})

	e, err := LoadSource("dealer.lua", []byte(dealer), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.NewMatch(Config{Players: 2, Seed: 5, Chance: secretChance{v: 7}}); err == nil || !strings.Contains(err.Error(), "t:random(6)") {
		t.Errorf("a chance that drew 7 of 6: got %v, want the script's error", err)
	}

}
