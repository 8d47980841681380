package takeback

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/interp"
)

// game is a small game for three seats: Ann and Bob take turns; Bob's
// second move draws a card; then everyone votes in secret and the tally
// is logged.
const game = `
local G = { title = "Turns", players = {3, 3} }
function G.play(t)
  local deck = t:zone { name = "deck" }
  local hands = {}
  for s = 1, 3 do hands[s] = t:zone { name = "hand", owner = s, visibility = "owner" } end
  t:cards({ { name = "A" }, { name = "B" }, { name = "C" } }, deck)
  local c = t:ask(1, { "left", "right" })
  t:log("%p goes %s", 1, c)
  c = t:ask(1, { "up", "down" })
  t:log("%p goes %s", 1, c)
  c = t:ask(2, { "wait", "draw" })
  if c == "draw" then hands[2]:add(deck:top()) end
  t:log("%p %ss", 2, c)
  local votes = t:ask_all({ 1, 2, 3 }, { "yes", "no" })
  local yes = 0
  for _, v in pairs(votes) do if v == "yes" then yes = yes + 1 end end
  t:log("%d yes", yes)
  t:ask(1, { "end" })
  return { winners = { 1 } }
end
return G`

func start(t *testing.T, moves ...string) *interp.Match {
	t.Helper()
	e, err := interp.LoadSource("turns.lua", []byte(game), nil)
	if err != nil {
		t.Fatal(err)
	}
	m, err := e.NewMatch(interp.Config{Players: 3, Seed: 1, Names: []string{"Ann", "Bob", "Cy"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range moves {
		if err := m.Apply(0, mv); err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
	}
	t.Cleanup(func() { m.Close() })
	return m
}

// people returns who plays seats 1..3 as person: "pp-" is two people and
// a bot.
func people(s string) func(int) bool {
	return func(seat int) bool { return seat >= 1 && seat <= len(s) && s[seat-1] == 'p' }
}

func TestJudge(t *testing.T) {
	for _, tc := range []struct {
		name   string
		moves  []string
		people string
		seat   int
		n      int
		want   string // Cut Undone Learned Others Ask Practice, or the error
	}{
		// Ann went twice: her last move may go on her own, and so may
		// both, since she learned nothing from Bob's prompt.
		{"own move", []string{"left", "up"}, "pp-", 1, 1, "cut 1 undone 1 free"},
		{"two own moves", []string{"left", "up"}, "pp-", 1, 2, "cut 0 undone 2 free"},
		{"more than made", []string{"left", "up"}, "pp-", 1, 9, "cut 0 undone 2 free"},
		// Bob waited: Ann saw it, and Bob's move would go too.
		{"another person moved", []string{"left", "up", "wait"}, "pp-", 1, 1,
			"cut 1 undone 2 learned another seat's move others [2] ask [2]"},
		// A bot moved instead: Ann saw it, and only bots could agree.
		{"a bot moved", []string{"left", "up", "wait"}, "p--", 1, 1,
			"cut 1 undone 2 learned another seat's move practice"},
		{"a bot moved, three people", []string{"left", "up", "wait"}, "p-p", 1, 1,
			"cut 1 undone 2 learned another seat's move ask [3]"},
		// Bob drew a card: he cannot take that back on his own.
		{"drew", []string{"left", "up", "draw"}, "pp-", 2, 1, "cut 2 undone 1 learned cards it could not see ask [1]"},
		{"waited", []string{"left", "up", "wait"}, "pp-", 2, 1, "cut 2 undone 1 free"},
		// Ann voted first: she may change her vote until the tally.
		{"voted first", []string{"left", "up", "wait", "yes"}, "ppp", 1, 1, "cut 3 undone 1 free"},
		{"voted, not all", []string{"left", "up", "wait", "yes", "no"}, "ppp", 1, 1,
			"cut 3 undone 2 others [2] ask [2 3]"},
		// Everyone voted: the tally was shown.
		{"tally", []string{"left", "up", "wait", "yes", "no", "yes"}, "p--", 1, 1,
			"cut 3 undone 3 learned the secret choices revealed practice"},
		{"tally, last voter", []string{"left", "up", "wait", "yes", "no", "yes"}, "--p", 3, 1,
			"cut 5 undone 1 learned the secret choices revealed practice"},
		{"no move", []string{"left", "up"}, "pp-", 2, 1, "you have no move to take back"},
		{"over", []string{"left", "up", "wait", "yes", "no", "yes", "end"}, "p--", 1, 1, ErrOver.Error()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := start(t, tc.moves...)
			p, err := Judge(m, people(tc.people), tc.seat, tc.n)
			got := ""
			if err != nil {
				got = err.Error()
			} else {
				got = describe(p)
			}
			if got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

func describe(p *Plan) string {
	var b strings.Builder
	b.WriteString("cut " + itoa(p.Cut) + " undone " + itoa(p.Undone))
	if p.Learned {
		b.WriteString(" learned " + p.Cause.String())
	}
	if len(p.Others) > 0 {
		b.WriteString(" others " + ints(p.Others))
	}
	if len(p.Ask) > 0 {
		b.WriteString(" ask " + ints(p.Ask))
	}
	if p.Practice {
		b.WriteString(" practice")
	}
	if p.Free() {
		b.WriteString(" free")
	}
	return b.String()
}

func itoa(n int) string { return strconv.Itoa(n) }

func ints(s []int) string {
	parts := make([]string, len(s))
	for i, n := range s {
		parts[i] = itoa(n)
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// TestTake goes back, keeps what was taken back, and says so: to every
// seat, and in the result of a practice game.
func TestTake(t *testing.T) {
	m := start(t, "left", "up", "wait")
	p, err := Judge(m, people("p--"), 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.Announce(m), "Ann takes back 2 decisions after seeing what followed: this game is practice."; got != want {
		t.Errorf("announce: %q, want %q", got, want)
	}
	n, err := Take(m, p)
	if err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	if len(n.Decisions()) != 1 || n.Prompt() == nil || n.Prompt().Seat != 1 {
		t.Fatalf("after the takeback: %v", n.Decisions())
	}
	// every seat reads it in the log, where the game went on
	if log := n.LogFor(2, 0); log[len(log)-1].Text != p.Announce(m) {
		t.Errorf("the log does not tell the other seats: %v", log)
	}
	want := []interp.Takeback{{Seat: 1, At: 1, Undone: 2, How: interp.Practice}}
	if got := n.Takebacks(); len(got) != 1 || got[0] != want[0] || !n.Practice() {
		t.Errorf("takebacks: %+v", got)
	}
	if got := Note(n); got != "A practice game: Ann took back a move after seeing what followed." {
		t.Errorf("note: %q", got)
	}
	// The game went on: a plan made before is stale.
	if _, err := Take(m, &Plan{Seat: 1, Cut: 0, Undone: 1}); err == nil {
		t.Error("a stale plan was taken")
	}

	m = start(t, "left", "up", "wait")
	p, _ = Judge(m, people("pp-"), 1, 1)
	if got, want := p.Request(m), "Ann asks to take back a move: Ann has seen what followed (another seat's move), and Bob's move would go too."; got != want {
		t.Errorf("request: %q, want %q", got, want)
	}
	n, err = Take(m, p)
	if err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	if got := Note(n); got != "Moves were taken back once with everyone's agreement." || n.Practice() {
		t.Errorf("note: %q", got)
	}

	over := start(t, "left", "up", "wait", "yes", "no", "yes", "end")
	if _, err := Take(over, &Plan{Seat: 1, Cut: 6, Undone: 1}); !errors.Is(err, ErrOver) {
		t.Errorf("a finished game was reopened: %v", err)
	}
}
