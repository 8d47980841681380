package repl

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/savefile"
	"github.com/tabletop/tabletop/seating"
	"github.com/tabletop/tabletop/stdlib"
	"github.com/tabletop/tabletop/takeback"
)

// tinyVariants writes testdata/tiny.lua into a folder with variants of
// it, each one edit away, and returns the folder.
func tinyVariants(t *testing.T) string {
	t.Helper()
	src, err := os.ReadFile("testdata/tiny.lua")
	if err != nil {
		t.Fatal(err)
	}
	tiny := string(src)
	edits := map[string][2]string{
		"tiny.lua":    {"", ""},
		"strict.lua":  {`{ "add 1", "add 2", "boom", "loop" }`, `{ "add 1", "boom", "loop" }`}, // no more adding 2
		"novote.lua":  {`{ "vote red", "vote blue" }`, `{ "vote blue", "vote green" }`},
		"novote2.lua": {`{ "vote red", "vote blue" }`, `{ "vote red", "vote green" }`},
		"nobots.lua":  {`ones = function(view, options, seat) return 1 end,`, ``},
		"noopt.lua":   {`options = { goal = { default = 6, help = "the count that wins" } },`, ``},
		"syntax.lua":  {`local Game = {`, `local = {`},
		"told.lua":    {`"You voted " .. v`, `"Your vote: " .. v`},
		"leak.lua": {`local count = 0`, `local count = 0
  error("what the bots hold: LEAK")`},
		"fails.lua": {`count = count + (c == "add 1" and 1 or 2)`, `count = count + (c == "add 1" and 1 or 2)
      if count == 3 then error("three is too many") end`},
	}
	dir := t.TempDir()
	for name, e := range edits {
		text := tiny
		if e[0] != "" {
			if !strings.Contains(text, e[0]) {
				t.Fatalf("%s: tiny.lua has no %q", name, e[0])
			}
			text = strings.Replace(text, e[0], e[1], 1)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// reloadFromDisk is how the tests' sessions reload: from a file.
func reloadFromDisk(s *Session) {
	s.ReloadScript = func(path string) (*interp.Engine, error) { return interp.Load(path, stdlib.FS()) }
}

// TestReload changes a rule while the game goes on: the game is replayed
// under the new rules up to the first decision that no longer fits, which
// is named (a secret choice only where everyone here may know it), and
// goes on from there.
func TestReload(t *testing.T) {
	dir := tinyVariants(t)
	v := func(name string) string { return filepath.Join(dir, name) }
	tests := []struct {
		name   string
		seats  []string
		replay []interp.Decision
		input  string
		want   []string // in this order
		absent []string
	}{
		{
			name:  "a move no longer legal: the game goes on before it, the redo stack is emptied",
			seats: []string{"me", "bot:ones"},
			input: "add 1\nvote red\nadd 2\nundo\nyes\nreload " + v("strict.lua") + "\nredo\nlegal\n",
			want: []string{
				"Left> reload " + v("strict.lua"),
				"Reloaded " + v("strict.lua") + ": all 4 decisions fit its rules.", // add 2 was taken back
				"The log reads as before.",
				"Left, your move (add to the count): add 1 | boom | loop",
				"Left> redo", "Nothing to redo.",
				"Left> legal", "1. add 1\n   2. boom\n   3. loop",
			},
		},
		{
			name:  "the first decision that no longer fits is named, and those after it dropped",
			seats: []string{"me", "bot:ones"},
			input: "add 2\nvote red\nadd 1\nreload " + v("strict.lua") + "\nyes\nlog\n",
			want: []string{
				"Decision 1 (Left: add 2) no longer fits: it is not a legal move there now.",
				"The game goes on from before it: decisions 1 to 6 (6 of them) are dropped.",
				"The log reads differently from line 2 on (why N says which rule wrote line N):\n2. Left changes the rules (reload), dropping 6 decisions that no longer fitted: this game is practice.",
				"Left, your move (add to the count): add 1 | boom | loop",
				"Left> log\n1. The count starts at 0\n2. Left changes the rules (reload), dropping 6 decisions that no longer fitted: this game is practice.\nLeft>",
			},
		},
		{
			name:  "a bot's secret choice is not named",
			seats: []string{"me", "bot:ones"},
			input: "add 1\nvote blue\nreload " + v("novote.lua") + "\nyes\n",
			want: []string{
				"Decision 4 (Right: a secret choice) no longer fits: it is not a legal move there now.",
				"The game goes on from before it: decision 4 is dropped.",
				"The votes: 0 red, 2 blue", // the bot votes again, under the new rules
			},
			absent: []string{"Right: vote red"},
		},
		{
			name:  "one's own secret choice is, to a person alone",
			seats: []string{"me", "bot:ones"},
			input: "add 1\nvote blue\nreload " + v("novote2.lua") + "\nyes\n",
			want:  []string{"Decision 3 (Left: vote blue) no longer fits: it is not a legal move there now."},
		},
		{
			name:   "a replay names every decision, and drops the rest of the record",
			seats:  []string{"me", "bot:ones"},
			replay: []interp.Decision{{Seat: 1, Text: "add 1"}, {Seat: 2, Text: "add 1"}, {Seat: 1, Text: "vote blue"}, {Seat: 2, Text: "vote red"}, {Seat: 1, Text: "add 2"}},
			input:  "step 4\nreload " + v("novote.lua") + "\nundo\n",
			want: []string{
				"Decision 4 (Right: vote red) no longer fits: it is not a legal move there now.",
				"The game goes on from before it: decision 4 is dropped.",
				"The rest of the record (1 decision) is dropped too.",
			},
		},
		{
			name:  "people at one keyboard must all agree",
			seats: []string{"ann", "bob"},
			input: "add 1\nadd 2\nreload " + v("strict.lua") + "\nno\nreload " + v("strict.lua") + "\nyes\nadd 1\n",
			want: []string{
				"Ann asks to reload the rules from " + v("strict.lua") + " and replay the game so far under them. A changed script can show anyone what any seat holds.",
				"Bob, do you agree? (yes/no) no", "Bob does not agree: nothing changes.",
				"Bob, do you agree? (yes/no) yes",
				"Decision 2 (Bob: add 2) no longer fits: it is not a legal move there now.",
				"Pass the keyboard to Bob (Right).", "Bob, your move (add to the count): add 1 | boom | loop",
				"Bob> add 1", "Bob adds, making 2",
			},
		},
		{
			name:  "nothing of the new script runs on the game before the person says yes",
			seats: []string{"me", "bot:ones"},
			input: "add 1\nreload " + v("leak.lua") + "\nno\nlog\nreload " + v("leak.lua") + "\nyes\n",
			want: []string{
				"Reload? (yes/no) no", "The game goes on under the rules it had.",
				"Left> log\n1. The count starts at 0\n2. Left adds, making 1\n3. Right adds, making 2\nLeft> reload",
				"Reload? (yes/no) yes", "LEAK", "Left changes the rules (reload): this game is practice.",
			},
		},
		{
			name:  "a person alone sees the lines that read differently, his own included",
			seats: []string{"me", "bot:ones"},
			input: "add 1\nvote red\nreload " + v("told.lua") + "\nyes\n",
			want: []string{
				"Reloaded " + v("told.lua") + ": all 4 decisions fit its rules.",
				"The log reads differently from line 4 on (why N says which rule wrote line N):\n4. Your vote: vote red\n5. The votes: 2 red, 0 blue\n6. Left changes the rules (reload): this game is practice.\n",
			},
		},
		{
			name:  "at a shared keyboard only the public lines are compared and shown",
			seats: []string{"ann", "bob"},
			input: "add 1\nadd 1\nvote red\nvote blue\nreload " + v("told.lua") + "\nyes\n",
			want: []string{
				"Bob, do you agree? (yes/no) yes",
				"Reloaded " + v("told.lua") + ": all 4 decisions fit its rules.",
				"The log reads as before.",
			},
			absent: []string{"Your vote", "You voted"},
		},
		{
			name:  "a bot the new rules lack gives way to their default",
			seats: []string{"me", "bot:ones"},
			input: "add 1\nreload " + v("nobots.lua") + "\nyes\nvote red\n",
			want: []string{
				"Reloaded " + v("nobots.lua") + ": all 2 decisions fit its rules.",
				"Right's bot ones is not in the reloaded script: random plays it.",
				"Left> vote red", "The votes:",
			},
		},
		{
			name:  "a script that fails names its file and line; mended, the game goes on",
			seats: []string{"me", "me2"},
			input: "add 1\nadd 2\nvote red\nvote red\nreload " + v("fails.lua") + "\nyes\nreload " + v("tiny.lua") + "\nyes\nlegal\n",
			want: []string{
				"Decision 2 (Me2: add 2) no longer fits: the script fails on it: " + v("fails.lua") + ":21: three is too many",
				"The game goes on from before it: decisions 2 to 4 (3 of them) are dropped.",
				"Me2> reload " + v("tiny.lua"), "Left, do you agree? (yes/no) yes",
				"Reloaded " + v("tiny.lua") + ": the one decision so far fits its rules.",
				"Me2> legal", "1. add 1\n   2. add 2",
			},
		},
		{
			name:  "a script that does not load, or no longer has the game's option, leaves the game as it was",
			seats: []string{"me", "bot:ones"},
			input: "add 1\nreload " + v("syntax.lua") + "\nreload nosuch.lua\nreload " + v("noopt.lua") + "\nyes\nlog\n",
			want: []string{
				"Cannot reload " + v("syntax.lua") + ": " + v("syntax.lua") + ":5:", "The game goes on under the rules it had.",
				"Cannot reload nosuch.lua: ", "The game goes on under the rules it had.",
				// it ran on the game: practice all the same
				"Reload? (yes/no) yes",
				"Cannot reload " + v("noopt.lua") + `: the game does not start under it: unknown option "goal"`, "The game goes on under the rules it had.",
				"Left changes the rules (reload): this game is practice.",
				"3. Right adds, making 2\n4. Left changes the rules (reload): this game is practice.",
			},
			absent: []string{"no longer fits"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, _ := playWith(t, v("tiny.lua"), tc.seats, 1, tc.input, func(s *Session) {
				reloadFromDisk(s)
				if tc.replay != nil {
					s.StartReplay("the record", tc.replay)
				}
			})
			checkTranscript(t, out, tc.want, tc.absent)
		})
	}
}

// checkTranscript checks that a transcript has the lines want, in this
// order, and none of absent.
func checkTranscript(t *testing.T, out string, want, absent []string) {
	t.Helper()
	rest := out
	for _, w := range want {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Fatalf("missing (in order) %q\n--- transcript ---\n%s", w, out)
		}
		rest = rest[i+len(w):]
	}
	for _, a := range absent {
		if strings.Contains(out, a) {
			t.Errorf("transcript has %q\n--- transcript ---\n%s", a, out)
		}
	}
}

// TestReloadBuiltIn reloads a game built into tabletop: its copy cannot
// change, so reload says how to change it; a copy of it reloads.
func TestReloadBuiltIn(t *testing.T) {
	dir := tinyVariants(t)
	lib := interp.Library{Name: "games", FS: os.DirFS(dir)}
	load := func(arg string) (*interp.Engine, error) {
		if !strings.HasSuffix(arg, ".lua") {
			return interp.LoadFrom(interp.Source{Path: arg + ".lua", Home: &lib, Stdlib: stdlib.FS()})
		}
		return interp.Load(arg, stdlib.FS())
	}
	eng, err := load("tiny")
	if err != nil {
		t.Fatal(err)
	}
	seats, _ := seating.Parse(eng, []string{"me", "bot:ones"})
	m, err := eng.NewMatch(interp.Config{Players: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	input := "add 1\nreload\nreload " + filepath.Join(dir, "strict.lua") + "\nyes\n"
	s := New(m, seats, NewPlainReader(strings.NewReader(input), &out, true), &out)
	s.ReloadScript = load
	defer s.Close()
	if err := s.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	checkTranscript(t, out.String(), []string{
		"Left> reload\nTiny is built into tabletop: reload reads its built-in copy, which no edit changes. " +
			"To change a rule, copy the script out (tabletop list --source tiny > my_tiny.lua), edit the copy and type reload my_tiny.lua; " +
			`or write a variant that requires "tiny" and changes the rule (see Writing a variant in the README), and reload it.`,
		"Reloaded " + filepath.Join(dir, "strict.lua") + ": all 2 decisions fit its rules.",
	}, nil)
	if got := s.Record().Script; got != filepath.Join(dir, "strict.lua") {
		t.Errorf("the save names %s, not the script reloaded", got)
	}
}

// TestReloadAloneAgainstBots: a changed script could show a person alone
// what the bots hold, so he reloads only by making the game practice —
// asked once, said in the log, kept in the save and the result; a game
// that is practice already, a replay, or one without bots is not asked.
func TestReloadAloneAgainstBots(t *testing.T) {
	dir := tinyVariants(t)
	v := func(name string) string { return filepath.Join(dir, name) }
	input := "add 1\nreload " + v("strict.lua") + "\nno\nreload " + v("strict.lua") + "\nyes\nreload " + v("tiny.lua") + "\n"
	out, s := playWith(t, v("tiny.lua"), []string{"me", "bot:ones"}, 1, input, reloadFromDisk)
	checkTranscript(t, out, []string{
		"Left> reload " + v("strict.lua") + "\nReloading the rules from " + v("strict.lua") + " replays the game so far under them. " +
			"A changed script could show you what the bots hold, so the game becomes practice: its save and its result say so.\nReload? (yes/no) no",
		"The game goes on under the rules it had.",
		"Reload? (yes/no) yes",
		"Reloaded " + v("strict.lua") + ": all 2 decisions fit its rules.",
		"4. Left changes the rules (reload): this game is practice.",
		"Left> reload " + v("tiny.lua") + "\nReloaded " + v("tiny.lua") + ": all 2 decisions fit its rules.",
	}, nil)
	if n := strings.Count(out, "Reload? (yes/no)"); n != 2 {
		t.Errorf("asked %d times, want 2 (not again once the game is practice)", n)
	}
	r := s.Record()
	if !s.m.Practice() || len(r.Takebacks) != 1 || r.Takebacks[0] != (interp.Takeback{Seat: 1, At: 2, Undone: 0, How: interp.Reloaded}) {
		t.Errorf("practice %v, takebacks %+v", s.m.Practice(), r.Takebacks)
	}
	// the save reads back, practice and all
	var b strings.Builder
	if err := r.Write(&b); err != nil {
		t.Fatal(err)
	}
	back, err := savefile.Parse(strings.NewReader(b.String()), "game.save")
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	m, err := s.eng.ReplayRecord(back)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if !m.Practice() || takeback.Note(m) != "A practice game: Left changed the rules in the middle of it (reload)." {
		t.Errorf("read back: practice %v, note %q", m.Practice(), takeback.Note(m))
	}

	// people at one keyboard are warned, and agree or not: their game
	// stays a game (each could refuse)
	out, s = playWith(t, v("tiny.lua"), []string{"ann", "bob"}, 1, "add 1\nadd 1\nreload "+v("strict.lua")+"\nyes\n", reloadFromDisk)
	checkTranscript(t, out, []string{"and replay the game so far under them. A changed script can show anyone what any seat holds.\nBob, do you agree? (yes/no) yes",
		"Reloaded " + v("strict.lua") + ": all 2 decisions fit its rules."}, []string{"Reload?", "practice"})
	if s.m.Practice() {
		t.Error("a game of people who agreed became practice")
	}
}

// TestWhy asks which rule wrote lines of the log: only the viewing seat's
// lines, numbered as log numbers them; a line no rule wrote says who did.
func TestWhy(t *testing.T) {
	tests := []struct {
		name   string
		seats  []string
		input  string
		want   []string
		absent []string
	}{
		{
			name:  "the last line, a line by number, and lines of the seat's log only",
			seats: []string{"me", "bot:ones"},
			input: "why\nadd 1\nvote blue\nlog\nwhy\nwhy 4\nwhy 6\n",
			want: []string{
				"Left> why\nLine 1: The count starts at 0\ntestdata/tiny.lua:14\n  11\n  12  function Game.play(t)\n  13    local count = 0\n> 14    t:log(\"The count starts at 0\")\n  15    while true do\n  16      for _, seat in ipairs(t:seats()) do\n  17        local c = t:ask(",
				"Left> log\n1. The count starts at 0\n2. Left adds, making 1\n3. Right adds, making 2\n4. You voted vote blue\n5. The votes: 1 red, 1 blue\n",
				"Left> why\nLine 5: The votes: 1 red, 1 blue\ntestdata/tiny.lua:35\n",
				"> 35      t:log(\"The votes: %d red, %d blue\", red, t.players - red)\n  36    end\n  37  end\n  38\n",
				"Left> why 4\nLine 4: You voted vote blue\ntestdata/tiny.lua:32\n",
				"Left> why 6\nThere is no line 6: the log has 5 lines (log numbers them).",
			},
			absent: []string{"You voted vote red"},
		},
		{
			name:  "what a seat said, and a takeback",
			seats: []string{"me", "bot:ones"},
			input: "say hello\nwhy\nadd 1\nvote red\nundo\nyes\nwhy\n",
			want: []string{
				"Left> why\nLine 2: Left says: hello\nNo rule wrote it: Left said it at the table (say).",
				"Left> why\nLine 5: Left takes back 2 decisions after seeing what followed: this game is practice.\nNo rule wrote it: tabletop did, to tell of a takeback (undo).",
			},
		},
		{
			name:  "after a script error taken back",
			seats: []string{"me", "bot:ones"},
			input: "boom\nundo\nwhy 1\n",
			want:  []string{"Left> why 1\nLine 1: The count starts at 0"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, _ := play(t, "testdata/tiny.lua", tc.seats, 1, tc.input)
			checkTranscript(t, out, tc.want, tc.absent)
		})
	}
}

// TestCitation finds the rulebook citation nearest above a line within
// its function, the comments just above the function included.
func TestCitation(t *testing.T) {
	src := strings.Split(`-- [Setup] The whole file.
local M = {}

-- [Scoring], [Twist #2] A hand's scores.
-- More words.
function M.score(t)
  t:log("a")
  -- [Taking Tricks] the trick
  t:log("b") -- [To Win] here
  local x = t[1] -- not [N], nor [1], nor [[long]]
  t:log("c")
end

function M.plain(t)
  t:log("d")
end

local y = 1
-- [3 Prediction Round]
t:log("e")

t:log("f")
`, "\n")
	tests := []struct {
		line, fn int
		want     string
	}{
		{7, 6, "[Scoring] [Twist #2]"},
		{9, 6, "[To Win]"},
		{10, 6, "[To Win]"}, // the nearest: a comment at the end of a line
		{8, 6, "[Taking Tricks]"},
		{15, 14, ""}, // nothing above it in its function, and a blank line above that
		{20, 0, "[3 Prediction Round]"},
		{22, 0, ""}, // the main chunk is searched up to a blank line
	}
	for _, tt := range tests {
		if got := citation(src, tt.line, tt.fn); got != tt.want {
			t.Errorf("line %d: %q, want %q", tt.line, got, tt.want)
		}
	}
}

// TestReloadInterrupted stops a reload with Ctrl-C: the game goes on
// under the rules it had — practice, since the new script ran on it.
func TestReloadInterrupted(t *testing.T) {
	dir := tinyVariants(t)
	eng := load(t, filepath.Join(dir, "tiny.lua"))
	seats, _ := seating.Parse(eng, []string{"me", "bot:ones"})
	m, err := eng.NewMatch(interp.Config{Players: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	s := New(m, seats, NewPlainReader(strings.NewReader("yes\n"), &out, true), &out)
	reloadFromDisk(s)
	defer s.Close()
	s.Exec(context.Background(), "add 2")
	before := s.Match().Decisions()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s.Exec(ctx, "reload "+filepath.Join(dir, "strict.lua"))
	checkTranscript(t, out.String(), []string{"Reload? (yes/no) yes", "Stopped (Ctrl-C).", "The game goes on under the rules it had.",
		"Left changes the rules (reload): this game is practice."}, []string{"no longer fits"})
	if fmt.Sprint(s.Match().Decisions()) != fmt.Sprint(before) || s.Match().Engine != eng || !s.Match().Practice() {
		t.Errorf("the game changed: %s, %d decisions", s.Match().Engine.Path, len(s.Match().Decisions()))
	}
}
