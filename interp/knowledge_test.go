package interp

import (
	"fmt"
	"strings"
	"testing"
)

// learnScript is a small game for three seats in which each test plays
// one scenario: seat 1 (North) decides, and what follows teaches it
// something or not. Seat 2 holds A and B, seat 3 holds C; the deck holds
// D, E and F.
const learnScript = `
local G = { title = "Learn", players = {3, 3},
  options = { case = { default = "echo", help = "which scenario" } } }

local function pick(t, seat, list) return t:ask(seat, list) end

function G.play(t)
  local deck = t:zone { name = "deck" }
  local hands = {}
  for s = 1, 3 do hands[s] = t:zone { name = "hand", owner = s, visibility = "owner" } end
  local pile = t:zone { name = "pile", visibility = "all" }
  t:cards({ { name = "A" }, { name = "B" } }, hands[2])
  t:cards({ { name = "C" } }, hands[3])
  t:cards({ { name = "D" }, { name = "E" }, { name = "F" } }, deck)
  local case = t.options.case
  local tally
  t:note("tally", function() return tally end)

  if case == "echo" then
    -- North's move is logged, then the script reads East's hand to make
    -- East's prompt: North learns nothing from that.
    local c = pick(t, 1, { "wave", "nod" })
    t:log("%p chooses %s", 1, c)
    local opts = {}
    for _, card in ipairs(hands[2]:cards()) do opts[#opts + 1] = card end
    pick(t, 2, opts)
    t:log("%p plays", 2)
    pick(t, 1, { "end" })
  elseif case == "again" then
    -- Two decisions of North in a row, nothing hidden between them.
    pick(t, 1, { "left", "right" })
    t:log("North goes somewhere")
    pick(t, 1, { "up", "down" })
    t:log("North goes somewhere else")
    pick(t, 2, { "fine" })
  elseif case == "draw" then
    pick(t, 1, { "draw" })
    hands[1]:add(deck:top())
    pick(t, 1, { "end" })
  elseif case == "show" then
    pick(t, 1, { "ask" })
    t:show(hands[3]:top(), 1)
    pick(t, 1, { "end" })
  elseif case == "nobody" then
    -- The answer depends on East's hand, and no card moves.
    pick(t, 1, { "ask for C" })
    if #hands[2]:filter("name", "C") == 0 then t:log("%p cannot show a card", 2) end
    pick(t, 1, { "end" })
  elseif case == "prompt" then
    -- What North may do next depends on East's hand: the prompt tells.
    pick(t, 1, { "look" })
    if hands[2]:contains(t:card("A")) then pick(t, 1, { "x", "y" }) else pick(t, 1, { "x" }) end
  elseif case == "die" then
    pick(t, 1, { "roll" })
    local n = t:roll(6)
    t:log("%p throws %d", 1, n)
    pick(t, 1, { "move " .. n, "stay" })
    t:log("%p moves", 1)
    pick(t, 2, { "fine" })
  elseif case == "random" then
    -- math.random, told only through a note.
    pick(t, 1, { "go" })
    tally = "drawn " .. math.random(100)
    pick(t, 1, { "end" })
  elseif case == "cup" then
    -- North throws its dice again: it sees them, nobody else does; then
    -- it lifts East's cup for all: North and South see East's dice.
    local cups = { t:dice { owner = 1, count = 2 }, t:dice { owner = 2, count = 2 } }
    pick(t, 1, { "roll" })
    cups[1]:roll()
    pick(t, 1, { "lift" })
    cups[2]:reveal()
    pick(t, 1, { "end" })
  elseif case == "vote" or case == "vote last" then
    local order = case == "vote" and { 1, 2, 3 } or { 2, 3, 1 }
    local votes = t:ask_all(order, { "yes", "no" })
    local yes = 0
    for _, v in pairs(votes) do if v == "yes" then yes = yes + 1 end end
    t:log("%d yes", yes)
    pick(t, 1, { "end" })
  elseif case == "vote note" then
    -- The tally is told only through a note, and a decision later.
    local votes = t:ask_all({ 2, 1, 3 }, { "yes", "no" })
    local yes = 0
    for _, v in pairs(votes) do if v == "yes" then yes = yes + 1 end end
    pick(t, 2, { "fine" })
    tally = yes .. " yes"
    pick(t, 1, { "end" })
  elseif case == "give" then
    -- North gives East a card: it learns nothing of East's hand by that.
    t:cards({ { name = "G" } }, hands[1])
    pick(t, 1, { "give" })
    t:move(t:card("G"), hands[2])
    pick(t, 1, { "end" })
  elseif case == "move" then
    pick(t, 1, { "go" })
    pick(t, 2, { "play A" })
    pile:add(t:card("A"))
    pick(t, 1, { "end" })
  end
end
return G`

// learned lists, decision by decision, "seat:cause" for what each seat
// learned while the decision was played out.
func learnedText(m *Match) string {
	var parts []string
	for i, d := range m.Decisions() {
		var who []string
		for s := 1; s <= m.Players(); s++ {
			if c, ok := m.Learned(i, s); ok {
				who = append(who, fmt.Sprintf("%d:%s", s, c))
			}
		}
		parts = append(parts, fmt.Sprintf("%d %s -> %s", d.Seat, d.Text, strings.Join(who, ",")))
	}
	return strings.Join(parts, " | ")
}

func playLearning(t *testing.T, e *Engine, cfg Config, moves ...string) *Match {
	t.Helper()
	m, err := e.NewMatch(cfg, Learning)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Close)
	for _, mv := range moves {
		p := m.Prompt()
		if p == nil {
			t.Fatalf("no prompt for %q", mv)
		}
		if err := m.Apply(p.Seat, mv); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

func TestLearned(t *testing.T) {
	e, err := LoadSource("learn.lua", []byte(learnScript), nil)
	if err != nil {
		t.Fatal(err)
	}
	const (
		move   = "another seat's move"
		secret = "the secret choices revealed"
		chance = "chance (a die, a shuffle or a draw)"
		cards  = "cards it could not see"
	)
	for _, tc := range []struct {
		name  string
		moves []string
		rolls []int
		want  string
	}{
		{"echo", []string{"wave", "A"},
			nil, "1 wave -> 2:" + move + ",3:" + move + " | 2 A -> 1:" + move + ",3:" + move},
		{"again", []string{"left", "up"},
			nil, "1 left -> 2:" + move + ",3:" + move + " | 1 up -> 2:" + move + ",3:" + move},
		{"draw", []string{"draw"},
			nil, "1 draw -> 1:" + cards + ",2:" + move + ",3:" + move},
		{"show", []string{"ask"},
			nil, "1 ask -> 1:" + cards},
		{"nobody", []string{"ask for C"},
			nil, "1 ask for C -> 1:" + cards + ",2:" + move + ",3:" + move},
		{"prompt", []string{"look"},
			nil, "1 look -> 1:" + cards},
		{"die", []string{"roll", "move 4"},
			[]int{4}, "1 roll -> 1:" + chance + ",2:" + move + ",3:" + move + " | 1 move 4 -> 2:" + move + ",3:" + move},
		{"cup", []string{"roll", "lift"},
			[]int{1, 2, 3, 4, 5, 6}, "1 roll -> 1:" + chance + " | 1 lift -> 1:" + cards + ",3:" + move},
		{"random", []string{"go"},
			nil, "1 go -> 1:" + chance + ",2:" + move + ",3:" + move},
		// North votes first: nothing is told until the last vote.
		{"vote", []string{"yes", "no", "yes"},
			nil, "1 yes ->  | 2 no ->  | 3 yes -> 1:" + secret + ",2:" + secret + ",3:" + secret},
		// North votes last: its own vote shows the tally.
		{"vote last", []string{"yes", "no", "yes"},
			nil, "2 yes ->  | 3 no ->  | 1 yes -> 1:" + secret + ",2:" + secret + ",3:" + secret},
		// The tally waits for East's next decision and shows in a note.
		{"vote note", []string{"yes", "no", "yes", "fine"},
			nil, "2 yes ->  | 1 no ->  | 3 yes ->  | 2 fine -> 1:" + secret + ",2:" + secret + ",3:" + secret},
		{"give", []string{"give"},
			nil, "1 give -> 2:" + move + ",3:" + move},
		// East is asked once North has moved: that much it learns.
		{"move", []string{"go", "play A"},
			nil, "1 go -> 2:" + move + " | 2 play A -> 1:" + move + ",3:" + move},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := Config{Players: 3, Options: map[string]string{"case": tc.name}, Rolls: tc.rolls}
			m := playLearning(t, e, cfg, tc.moves...)
			if got := learnedText(m); got != tc.want {
				t.Errorf("learned:\n got %s\nwant %s", got, tc.want)
			}
			// Noting from a seat's decision on tells that seat the same, as
			// long as no secret choice was made before (its answers may be
			// revealed later: package takeback starts noting before it).
			ds := m.Decisions()
			secret := -1
			for i, d := range ds {
				if secret >= 0 {
					break
				}
				r, err := e.Replay(cfg, ds[:i])
				if err != nil {
					t.Fatal(err)
				}
				if r.Prompt().Secret {
					secret = i
				}
				r.StartLearning()
				for _, later := range ds[i:] {
					if err := r.Apply(later.Seat, later.Text); err != nil {
						t.Fatal(err)
					}
				}
				for j := i; j < len(ds); j++ {
					c1, ok1 := r.Learned(j, d.Seat)
					c2, ok2 := m.Learned(j, d.Seat)
					if c1 != c2 || ok1 != ok2 {
						t.Errorf("from decision %d on, seat %d learned at %d: %v %v, from the start: %v %v", i+1, d.Seat, j+1, c1, ok1, c2, ok2)
					}
				}
				r.Close()
			}
			// A match played without the mode knows nothing of it, and
			// goes exactly the same way.
			plain, err := e.Replay(cfg, m.Decisions())
			if err != nil {
				t.Fatal(err)
			}
			defer plain.Close()
			if _, ok := plain.Learned(0, 1); ok {
				t.Error("a match without Learning reports what was learned")
			}
			if a, b := fmt.Sprint(plain.Log()), fmt.Sprint(m.Log()); a != b {
				t.Errorf("Learning changed the game:\n%s\n%s", a, b)
			}
		})
	}
}
