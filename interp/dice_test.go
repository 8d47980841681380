package interp

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/savefile"
)

// diceScript: two seats with a cup of three dice each, and a third seat
// without one. North lifts its cup for East alone, then for all; East
// throws again; a bot says what its view holds.
const diceScript = `
local G = { title = "Cups", players = {3, 3} }
local cups = {}

function G.play(t)
  cups[1] = t:dice { owner = 1, count = 3 }
  cups[2] = t:dice { owner = 2, count = 3, sides = 8 }
  t:ask(1, { "show East" })
  cups[1]:reveal { to = 2 }
  t:ask(1, { "show all" })
  cups[1]:reveal { dice = { 1, 3 } }
  t:ask(2, { "roll" })
  cups[2]:roll()
  t:ask(2, { "roll one" })
  cups[2]:roll(2)
  t:log("%d %d | %s | %s", cups[1]:count(1), #cups[2], table.concat(cups[1]:faces(), ","), table.concat(cups[1]:faces(3), ","))
  cups[2]:remove(1)
  t:ask(1, { "end" })
  return { winners = {}, scores = { 0, 0, 0 } }
end

G.bots = {
  seen = function(view)
    local out = {}
    for _, cup in ipairs(view.dice) do
      out[#out + 1] = cup.label .. "=" .. table.concat(cup.faces, ",")
    end
    error(table.concat(out, " "))
  end,
}

return G
`

// faces is how seat sees each cup of m.
func faces(m *Match, seat int) string {
	var out []string
	for _, d := range m.View(seat).Dice {
		out = append(out, fmt.Sprint(d.Faces))
	}
	return strings.Join(out, " ")
}

func TestSecretDice(t *testing.T) {
	rolls := []int{1, 2, 3, 4, 5, 6, 7, 8, 1, 6}
	_, m := startMatch(t, "cups.lua", diceScript, Config{Players: 3, Rolls: rolls})
	steps := []struct {
		move          string
		by1, by2, by3 string
	}{
		{"", "[1 2 3] [0 0 0]", "[0 0 0] [4 5 6]", "[0 0 0] [0 0 0]"},
		{"show East", "[1 2 3] [0 0 0]", "[1 2 3] [4 5 6]", "[0 0 0] [0 0 0]"},
		{"show all", "[1 2 3] [0 0 0]", "[1 2 3] [4 5 6]", "[1 0 3] [0 0 0]"},
		// East's dice thrown again: secret again (North never saw them).
		{"roll", "[1 2 3] [0 0 0]", "[1 2 3] [7 8 1]", "[1 0 3] [0 0 0]"},
		{"roll one", "[1 2 3] [0 0]", "[1 2 3] [6 1]", "[1 0 3] [0 0]"},
	}
	for i, st := range steps {
		if st.move != "" {
			if err := m.Apply(m.Prompt().Seat, st.move); err != nil {
				t.Fatal(err)
			}
		}
		for seat, want := range []string{st.by1, st.by2, st.by3} {
			if got := faces(m, seat+1); got != want {
				t.Errorf("step %d: seat %d sees %s, want %s", i, seat+1, got, want)
			}
		}
	}
	// The referee reads every face; cup:faces(seat) what the seat sees.
	if got := m.Log()[0].Text; got != "1 3 | 1,2,3 | 1,0,3" {
		t.Errorf("the script read %q", got)
	}
	if got := cupsSeen(m.View(3)); got != "Player 1's cup [1 0 3]; Player 2's cup [0 0]" {
		t.Errorf("seat 3's view of the cups: %s", got)
	}
	if got := cupsSeen(m.View(2)); !strings.Contains(got, "Player 2's cup [6 1]") {
		t.Errorf("the owner's view of the cups: %s", got)
	}
	// A spectator sees what was revealed to all.
	if got := faces(m, 0); got != "[1 0 3] [0 0]" {
		t.Errorf("a spectator sees %s", got)
	}
	// Every throw, and who saw it, is kept after its die was thrown again.
	if m.Throws() != 10 {
		t.Fatalf("%d throws", m.Throws())
	}
	for n, want := range map[int][]bool{1: {true, true, true}, 2: {true, true, false}, 4: {false, true, false}, 9: {false, true, false}} {
		for s := 1; s <= 3; s++ {
			face, seen := m.ThrowSeen(n, s)
			if face != rolls[n-1] || seen != want[s-1] {
				t.Errorf("throw %d for seat %d: %d %v, want %d %v", n, s, face, seen, rolls[n-1], want[s-1])
			}
		}
	}
}

func TestSecretDiceBotView(t *testing.T) {
	e, m := startMatch(t, "cups.lua", diceScript, Config{Players: 3, Rolls: []int{1, 2, 3, 4, 5, 6}})
	for _, tc := range []struct{ move, want string }{
		{"", "Player 1's cup=1,2,3 Player 2's cup=0,0,0"},
		{"show East", "Player 1's cup=1,2,3 Player 2's cup=0,0,0"},
		{"show all", "Player 1's cup=1,2,3 Player 2's cup=4,5,6"},
	} {
		if tc.move != "" {
			if err := m.Apply(m.Prompt().Seat, tc.move); err != nil {
				t.Fatal(err)
			}
		}
		seat, want := m.Prompt().Seat, tc.want
		b, err := e.NewBot("seen", seat, 1)
		if err != nil {
			t.Fatal(err)
		}
		_, err = b.Choose(m)
		b.Close()
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("seat %d's bot sees %v, want %s", seat, err, want)
		}
	}
}

func TestSecretDiceRefused(t *testing.T) {
	for _, tc := range []struct {
		code, want string
		rolls      []int
	}{
		{`t:dice { owner = 4 }`, "owner must be a seat number 1..3, not 4", nil},
		{`t:dice { sides = 1 }`, "sides must be 2..1000", nil},
		{`t:dice { count = 2, colour = "red" }`, "has no field \"colour\"", nil},
		{`t:dice { count = 2 }:roll(3)`, "a die of cup, 1..2, expected, got 3", nil},
		{`t:dice { count = 2 }:reveal { to = 5 }`, "a seat number 1..3 expected", nil},
		{`t:dice { count = 2 }:reveal { seats = 1 }`, "cup:reveal's options has no field \"seats\"", nil},
		{`local c = t:dice { count = 1 }; c:remove(); c:remove()`, "cup has no dice left to remove", nil},
		{`t:dice { count = 2, sides = 6 }`, "the roll fixed for this die is 9, not one of its faces (1 to 6)", []int{1, 9}},
	} {
		src := "local G = { title = \"x\", players = {3, 3} }\nfunction G.play(t)\n" + tc.code + "\nreturn { winners = {}, scores = {0, 0, 0} }\nend\nreturn G\n"
		e, err := LoadSource("bad.lua", []byte(src), nil)
		if err != nil {
			t.Fatal(err)
		}
		m, err := e.NewMatch(Config{Players: 3, Rolls: tc.rolls})
		if err == nil {
			err = m.Err()
			m.Close()
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "bad.lua:3") {
			t.Errorf("%s: got %v, want %q at bad.lua:3", tc.code, err, tc.want)
		}
	}
}

// TestSecretDiceReplayAndFork: dice thrown by the generator come out the
// same in a replay of the match's save and in a fork, which goes on as
// the match does.
func TestSecretDiceReplayAndFork(t *testing.T) {
	e, m := startMatch(t, "cups.lua", diceScript, Config{Players: 3, Seed: 7})
	if err := m.Apply(1, "show East"); err != nil {
		t.Fatal(err)
	}
	f, err := m.Fork()
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, mv := range []string{"show all", "roll", "roll one"} {
		for _, x := range []*Match{m, f} {
			if err := x.Apply(x.Prompt().Seat, mv); err != nil {
				t.Fatal(err)
			}
		}
	}
	var save bytes.Buffer
	if err := m.NewRecord([]string{"me", "bot", "bot"}).Write(&save); err != nil {
		t.Fatal(err)
	}
	rec, err := savefile.Parse(&save, "cups.save")
	if err != nil {
		t.Fatal(err)
	}
	r, err := e.Replay(RecordConfig(rec), rec.Decisions)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for s := 0; s <= 3; s++ {
		if a, b, c := faces(m, s), faces(f, s), faces(r, s); a != b || a != c {
			t.Errorf("seat %d: the match sees %s, its fork %s, its replay %s", s, a, b, c)
		}
	}
	if !slices.Equal(m.Dice[1].Faces(2), r.Dice[1].Faces(2)) || m.Log()[0].Text != r.Log()[0].Text {
		t.Error("the replay threw other dice")
	}
}

// cupsSeen is what a view holds of the cups: each label and its faces (0
// for a die the seat may not see).
func cupsSeen(v *View) string {
	var parts []string
	for _, d := range v.Dice {
		parts = append(parts, fmt.Sprintf("%s %v", d.Label, d.Faces))
	}
	return strings.Join(parts, "; ")
}
