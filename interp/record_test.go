package interp

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/savefile"
)

// pick is a tiny game for record tests: two seats each pick a letter, twice.
const pick = `
local G = { title = "Pick", players = {2, 2}, options = { rounds = { default = 2 } } }
function G.play(t)
  for r = 1, t.options.rounds do
    for _, s in ipairs(t:seats()) do
      local c = t:ask(s, { "a", "b", "c" })
      t:log("%p picks %s", s, c)
    end
  end
  return { winners = { 1 } }
end
return G
`

func pickEngine(t *testing.T, src string) *Engine {
	t.Helper()
	e, err := LoadSource("pick.lua", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestRecordRoundTrip(t *testing.T) {
	e := pickEngine(t, pick)
	m, err := e.NewMatch(Config{Players: 2, Seed: 42})
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range []string{"a", "c", "b"} {
		if err := m.Apply(0, mv); err != nil {
			t.Fatal(err)
		}
	}
	if err := m.Say(2, "hurry up"); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "game.save")
	if err := savefile.Save(path, m.NewRecord([]string{"me", "bot"})); err != nil {
		t.Fatal(err)
	}
	text, _ := os.ReadFile(path)
	want := "tabletop save 1\nscript pick.lua\nhash " + e.Hash + "\nplayers 2\nseats me,bot\nseed 42\noption rounds=2\ndecisions\n1: a\n2: c\n1: b\n2! hurry up\nend\n"
	if string(text) != want {
		t.Errorf("save file:\n%s\nwant:\n%s", text, want)
	}
	rec, err := savefile.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	r, err := e.ReplayRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := logLines(r), logLines(m); got != want {
		t.Errorf("replay log:\n%s\nwant:\n%s", got, want)
	}
	if r.Prompt() == nil || r.Prompt().Seat != 2 {
		t.Errorf("replay should wait for seat 2")
	}
}

func logLines(m *Match) string {
	var b strings.Builder
	for _, l := range m.Log() {
		b.WriteString(l.Text + "\n")
	}
	return b.String()
}

func TestReplayRefusesWhatNoLongerFits(t *testing.T) {
	e := pickEngine(t, pick)
	for _, tc := range []struct {
		name string
		rec  Record
		want string
	}{
		{"illegal move", Record{Script: "pick.lua", Players: 2, Decisions: []Decision{{Seat: 1, Text: "a"}, {Seat: 2, Text: "z"}}}, "decision 2: \"z\" is not a legal move"},
		{"wrong seat", Record{Script: "pick.lua", Players: 2, Decisions: []Decision{{Seat: 2, Text: "a"}}}, "it is Player 1's decision"},
		{"too many", Record{Script: "pick.lua", Players: 2, Decisions: []Decision{{Seat: 1, Text: "a"}, {Seat: 2, Text: "a"}, {Seat: 1, Text: "a"}, {Seat: 2, Text: "a"}, {Seat: 1, Text: "a"}}}, "already over"},
		{"unknown option", Record{Script: "pick.lua", Players: 2, Options: map[string]string{"speed": "1"}}, "does not have"},
		{"wrong players", Record{Script: "pick.lua", Players: 3}, "is for 2 players, not 3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := e.ReplayRecord(&tc.rec)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
	// A changed script: the error says so when a decision no longer fits.
	changed := pickEngine(t, strings.Replace(pick, `{ "a", "b", "c" }`, `{ "x", "y" }`, 1))
	_, err := changed.ReplayRecord(&Record{Script: "pick.lua", Hash: e.Hash, Players: 2, Decisions: []Decision{{Seat: 1, Text: "a"}}})
	if err == nil || !strings.Contains(err.Error(), "has changed since this game was saved") {
		t.Errorf("got %v", err)
	}
}

func TestSameSeedSameGame(t *testing.T) {
	e := pickEngine(t, `
local G = { title = "Deal", players = {3, 3} }
function G.play(t)
  local deck = t:zone { name = "deck" }
  local cards = {}
  for i = 1, 20 do cards[i] = { name = "c" .. i } end
  t:cards(cards, deck)
  deck:shuffle()
  for _ = 1, 3 do
    local c = deck:top()
    t:log("top %s, roll %d, random %d, math %d", c, t:roll(6), t:random(100), math.random(1000))
    t:ask(1, { "next" })
    deck:shuffle()
  end
end
return G`)
	run := func(seed uint64) string {
		m, err := e.NewMatch(Config{Players: 3, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		defer m.Close()
		for m.Prompt() != nil {
			m.Step(0)
		}
		return logLines(m)
	}
	a, b, c := run(5), run(5), run(6)
	if a != b {
		t.Errorf("the same seed gave two games:\n%s\n%s", a, b)
	}
	if a == c {
		t.Errorf("different seeds gave the same game:\n%s", a)
	}
}

// TestRecordTakebacks writes what was taken back as version 3 and reads
// it back; a file of an older version cannot have takeback lines, and a
// record without any stays in the oldest version that holds it.
func TestRecordTakebacks(t *testing.T) {
	e := pickEngine(t, pick)
	m, err := e.Replay(Config{Players: 2, Seed: 42}, []Decision{{Seat: 1, Text: "a"}, {Seat: 2, Text: "c"}})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if m.Practice() {
		t.Error("a game nobody took anything back in is practice")
	}
	tbs := []Takeback{{Seat: 1, At: 2, Undone: 3, How: Agreed}, {Seat: 1, At: 0, Undone: 1, How: Practice}}
	m.SetTakebacks(tbs)
	if !m.Practice() {
		t.Error("a game with a practice takeback is not practice")
	}
	var b bytes.Buffer
	if err := m.NewRecord([]string{"me", "bot"}).Write(&b); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	if !strings.HasPrefix(text, "tabletop save 3\n") || !strings.Contains(text, "\ntakeback 1 2 3 agreed\ntakeback 1 0 1 practice\ndecisions\n") {
		t.Fatalf("save with takebacks:\n%s", text)
	}
	rec, err := savefile.Parse(strings.NewReader(text), "game.save")
	if err != nil {
		t.Fatal(err)
	}
	r, err := e.ReplayRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if got := r.Takebacks(); len(got) != 2 || got[0] != tbs[0] || got[1] != tbs[1] || !r.Practice() {
		t.Errorf("takebacks read back: %+v", got)
	}
	// each is told where the game went on from it
	want := "Player 1 takes back a decision after seeing what followed: this game is practice.\n" +
		"Player 1 picks a\nPlayer 2 picks c\nPlayer 1 takes back 3 decisions, as everyone agreed.\n"
	if got := logLines(r); got != want {
		t.Errorf("log:\n%s\nwant:\n%s", got, want)
	}

	m.SetTakebacks(nil)
	b.Reset()
	m.NewRecord(nil).Write(&b)
	if !strings.HasPrefix(b.String(), "tabletop save 1\n") {
		t.Errorf("a save without takebacks is not version 1:\n%s", b.String())
	}
	for _, bad := range []struct{ text, msg string }{
		{strings.Replace(text, "save 3", "save 2", 1), "takeback lines come with save format version 3, not 2"},
		{strings.Replace(text, "takeback 1 2 3 agreed", "takeback 1 2 3 maybe", 1), "a takeback line is"},
		{strings.Replace(text, "takeback 1 2 3 agreed", "takeback 0 2 3 agreed", 1), "a takeback line is"},
		{strings.Replace(text, "takeback 1 2 3 agreed", "takeback 1 2 0 agreed", 1), "a takeback line is"}, // only a reload drops none
		{strings.Replace(text, "takeback 1 2 3 agreed", "takeback 3 2 3 agreed", 1), "a takeback by seat 3 of a 2-player game"},
	} {
		if _, err := savefile.Parse(strings.NewReader(bad.text), "game.save"); err == nil || !strings.Contains(err.Error(), bad.msg) {
			t.Errorf("got %v, want %q", err, bad.msg)
		}
	}
}
