package interp

import (
	"strconv"
	"strings"
	"testing"
)

// piles is a game of two or three seats that each take a card from a
// deck in turn; its estimate, chosen by the option "estimate", counts the
// values in each seat's hidden pile, or does something an estimate must
// not.
const piles = `
local G = { title = "Tally", players = {2, 3}, options = { estimate = { default = "piles" } } }

local function piles(t, z)
  local out = {}
  for s = 1, t.players do
    local n = 0
    for _, c in ipairs(z.piles[s]:cards()) do n = n + c.value end
    out[s] = n
  end
  return out
end

local ESTIMATES = {
  piles = piles,
  short = function(t, z) return { 1 } end,
  word = function(t, z) local out = piles(t, z) out[2] = "two" return out end,
  nan = function(t, z) local out = piles(t, z) out[1] = 0 / 0 return out end,
  none = function(t, z) end,
  move = function(t, z) t:move(z.deck:top(), z.piles[1]) return piles(t, z) end,
  random = function(t, z) local out = piles(t, z) out[1] = math.random(6) return out end,
  error = function(t, z) error("cannot count") end,
}

function G.play(t)
  local z = { deck = t:zone { name = "deck", visibility = "hidden" }, piles = {} }
  for s = 1, t.players do
    z.piles[s] = t:zone { name = "pile", owner = s, visibility = "hidden" }
  end
  local cards = {}
  for v = 1, 9 do cards[v] = { name = "c" .. v, value = v } end
  t:cards(cards, z.deck)
  z.deck:shuffle()
  if t.options.estimate ~= "off" then
    t:estimate(function() return ESTIMATES[t.options.estimate](t, z) end)
  end
  for turn = 1, 6 do
    local s = 1 + turn % t.players
    t:ask(s, { "take" })
    z.deck:deal(z.piles[s], 1)
  end
  return { winners = { 1 } }
end
return G
`

func TestEstimate(t *testing.T) {
	cases := []struct {
		estimate string
		err      string // "" if none
	}{
		{"piles", ""},
		{"off", ""},
		{"random", ""},
		{"short", "piles.lua:35: the estimate function (t:estimate) must return a list of 3 numbers, one for each seat, not a list of 1"},
		{"word", "returned two (a string) for seat 2, which is not a finite number"},
		{"nan", "for seat 1, which is not a finite number"},
		{"none", "must return a list of 3 numbers, one for each seat, not nil"},
		{"move", "t:move changes the game, which a note, sidebar or estimate function may not do"},
		{"error", "estimate: piles.lua:22: cannot count"},
	}
	for _, c := range cases {
		t.Run(c.estimate, func(t *testing.T) {
			cfg := Config{Players: 3, Seed: 5, Options: map[string]string{"estimate": c.estimate}}
			_, m := startMatch(t, "piles.lua", piles, cfg)
			for range 3 {
				if err := m.Step(0); err != nil {
					t.Fatal(err)
				}
			}
			places := m.CardPlaces()
			est, err := m.Estimate()
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("got %v, %v; want the error %q", est, err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if m.CardPlaces() != places {
				t.Error("the estimate moved cards")
			}
			if c.estimate == "off" {
				if est != nil {
					t.Errorf("got %v without an estimate", est)
				}
				return
			}
			// Each pile holds one card; the estimate counts its value.
			for s := 1; s <= 3; s++ {
				cards := m.zoneNamed(s, "pile").Cards
				if len(cards) != 1 {
					t.Fatalf("seat %d's pile holds %d cards", s, len(cards))
				}
				v, _ := strconv.Atoi(strings.TrimPrefix(cards[0].Name, "c"))
				want := float64(v)
				if c.estimate == "random" && s == 1 {
					continue
				}
				if est[s] != want {
					t.Errorf("seat %d: estimate %v, want %v", s, est[s], want)
				}
			}
			again, _ := m.Estimate()
			if again[1] != est[1] {
				t.Errorf("the estimate differs when called again: %v then %v", est, again)
			}
		})
	}
}

// TestEstimateForks: a fork of a match has the estimate of its own state,
// and a step in the fork leaves the match's estimate alone.
func TestEstimateForks(t *testing.T) {
	_, m := startMatch(t, "piles.lua", piles, Config{Players: 2, Seed: 3})
	if err := m.Step(0); err != nil {
		t.Fatal(err)
	}
	before, err := m.Estimate()
	if err != nil {
		t.Fatal(err)
	}
	f, err := m.Fork()
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	seat := f.Prompt().Seat
	if err := f.Step(0); err != nil {
		t.Fatal(err)
	}
	forked, err := f.Estimate()
	if err != nil {
		t.Fatal(err)
	}
	after, _ := m.Estimate()
	if forked[seat] <= before[seat] || forked[3-seat] != before[3-seat] {
		t.Errorf("seat %d took a card in the fork: its estimate went from %v to %v", seat, before, forked)
	}
	if after[seat] != before[seat] {
		t.Errorf("the match's estimate moved with its fork's step: %v, then %v", before, after)
	}
}
