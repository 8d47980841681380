package repl

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/savefile"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/lib"
	"github.com/tabletop/tabletop/seating"
	"github.com/tabletop/tabletop/stdlib"
)

func load(t *testing.T, path string) *interp.Engine {
	t.Helper()
	eng, err := interp.Load(path, stdlib.FS(), lib.Modules()...)
	if err != nil {
		t.Fatal(err)
	}
	return eng
}

// play runs a session of script with the given seats and input and
// returns its transcript.
func play(t *testing.T, script string, seats []string, seed uint64, input string) (string, *Session) {
	t.Helper()
	return playWith(t, script, seats, seed, input, nil)
}

// playWith is play with the session set up by setup before it runs.
func playWith(t *testing.T, script string, seats []string, seed uint64, input string, setup func(*Session)) (string, *Session) {
	t.Helper()
	eng := load(t, script)
	ss, err := seating.Parse(eng, seats)
	if err != nil {
		t.Fatal(err)
	}
	m, err := eng.NewMatch(interp.Config{Players: len(seats), Seed: seed, Names: seating.Names(ss), SharedFrom: seating.SharedFrom(ss)})
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	s := New(m, ss, NewPlainReader(strings.NewReader(input), &out, true), &out)
	if setup != nil {
		setup(s)
	}
	s.LoadScript = func(path string) (*interp.Engine, error) { return interp.Load(path, stdlib.FS(), lib.Modules()...) }
	t.Cleanup(s.Close)
	if err := s.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	return out.String(), s
}

// TestSession plays scripted sessions and reads what they print. It is
// long because its table of cases is: each case is a few lines.
func TestSession(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "game.save")
	corrupt := filepath.Join(dir, "corrupt.save")
	if err := os.WriteFile(corrupt, []byte("tabletop save 1\nscript testdata/tiny.lua\nplayers 2\nseed 1\ndecisions\n1: add 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		script string
		seats  []string
		input  string
		want   []string // in this order
		absent []string
	}{
		{
			name:  "moves, prefixes and numbers",
			seats: []string{"me", "bot:ones"},
			input: "a 2\n2\n",
			want: []string{
				"Tiny — 2 players, seed 1.", "Seats: Left me, Right bot ones.",
				"The count starts at 0", "Left, your move (add to the count): add 1 | add 2 | boom | loop",
				"Left> a 2", "Left adds, making 2", "Right adds, making 3",
				"Left, your move (vote in secret): vote red | vote blue",
				"Left> 2", "You voted vote blue",
				"End of input: the game is unfinished.",
			},
		},
		{
			name:  "typo and illegal move",
			seats: []string{"me", "bot:ones"},
			input: "sdd 1\nadd 3\nfoo\nlegal\n",
			want: []string{
				"Left> sdd 1", "unknown move 'sdd'", "  sdd 1\n  ^",
				"Left> add 3", "'3' is not legal after 'add' (column 5): expected one of 1, 2", "      ^",
				"Left> foo", "unknown move 'foo'",
				"Left to decide (add to the count):\n   1. add 1\n   2. add 2\n   3. boom\n   4. loop",
			},
			absent: []string{"Left adds"},
		},
		{
			name:  "undo and redo",
			seats: []string{"me", "bot:ones"},
			input: "add 2\nundo\nno\nundo\nyes\nredo\nundo 5\nundo\nredo\nadd 1\nredo\n",
			want: []string{
				"Left adds, making 2", "Right adds, making 3",
				// Left saw the bot's move: only bots are there to agree,
				// and the game becomes practice if Left says so.
				"Left> undo", "Left has seen what followed (another seat's move): taking it back makes this a practice game",
				"Take it back? (yes/no) no", "The move stands.",
				"Left> undo", "Take it back? (yes/no) yes",
				"Took back 2 decision(s): back before Left's add 2.", "This is now a practice game",
				"Left> redo", "Left adds, making 2", "Right adds, making 3",
				"Left> undo 5", "Took back 2 decision(s)",
				"Left> undo", "Cannot take back: you have no move to take back.",
				"Left> redo", "Left adds, making 2",
				"Left> add 1", "Left> redo", "Nothing to redo.",
			},
			absent: []string{"Left> undo 5\nLeft has seen"}, // practice already: not asked again
		},
		{
			name:  "save, corrupt load refused, load",
			seats: []string{"me", "bot:ones"},
			input: "add 2\nsave " + save + "\nadd 1\nload " + corrupt + "\nlegal\nload " + save + "\nlog\n",
			want: []string{
				"Saved to " + save + " (2 decisions).",
				"Cannot load " + corrupt + ": " + corrupt + ":6: the file ends without its \"end\" line",
				"The current game goes on.",
				"Left to decide (vote in secret)",
				"Loaded " + save + ": Tiny, 2 players, seed 1, 2 decisions.",
				"Left> log\n1. The count starts at 0\n2. Left adds, making 2\n3. Right adds, making 3\nLeft>",
			},
		},
		{
			name:  "a person joins a game one person played alone: its seed is told",
			seats: []string{"me", "bot:ones"},
			input: "human 2\n",
			want: []string{
				"Tiny — 2 players, seed 1.",
				"Left> human 2", "Right is played by me now.",
				"Everyone here may know the seed: 1, an open deal (it was shown while one person played alone).",
			},
		},
		{
			name:  "two people: the seed is secret, a change of seats asks the other",
			seats: []string{"ann", "bob"},
			input: "save " + save + "\nbot 2\nno\nhuman 2\nrun\nn\nload " + save + "\nno\nstep\nbot\nhuman 2\n",
			want: []string{
				"Tiny — 2 players, the seed is secret until the game is over.",
				"A save holds the seed, and with it every hand",
				"Ann> bot 2", "Ann asks to let the bot ones play Bob's seat: it would make Bob's moves from now on.",
				"Bob, do you agree? (yes/no) no", "Bob does not agree: nothing changes.",
				"Ann> human 2", "Bob is already played by bob.",
				"Ann> run", "Ann asks to let the bots finish the game: they would make every person's moves.",
				"Bob, do you agree? (yes/no) n", "Bob does not agree: nothing changes.",
				"Ann> load " + save, "Ann asks to load " + save + " in place of this game.", "Bob does not agree: nothing changes.",
				"Ann> step", "Ann adds, making",
				"Bob> bot", "Bob is played by the bot ones.",
				"Ann> human 2", "Bob is played by bob now.",
			},
			absent: []string{"seed 1", "Loaded", "Bob asks"},
		},
		{
			name:  "script error keeps the REPL usable",
			seats: []string{"me", "bot:ones"},
			input: "boom\nlegal\nview\nundo\nlegal\nadd 1\n",
			want: []string{
				"Left> boom\ntestdata/tiny.lua:18: boom at 0\n  testdata/tiny.lua:18: in play\nThe game is stopped by a script error",
				"Left> legal", "the game is stopped by a script error: reload (once the script is mended), undo, save, load or quit",
				"Left> undo", "Took back 1 decision(s)",
				"Left to decide", "Left adds, making 1",
			},
			absent: []string{"panic", "goroutine"},
		},
		{
			name:  "hotseat passes the keyboard and hides secret votes",
			seats: []string{"ann", "bob"},
			input: "add 1\nadd 1\nvote red\nvote blue\nadd 2\n",
			want: []string{
				"Ann> add 1", "Pass the keyboard to Bob (Right).", "Bob, your move",
				"Bob> add 1", "Pass the keyboard to Ann (Left).",
				"Ann, your move (vote in secret)", "Ann> (hidden)",
				"Pass the keyboard to Bob (Right).", "Bob> (hidden)",
				"The votes: 1 red, 1 blue", "Pass the keyboard to Ann (Left).", "Ann> add 2", "Ann adds, making 4",
			},
			absent: []string{"> vote red", "> vote blue", "You voted"},
		},
		{
			name:  "a mistyped secret vote is not quoted back",
			seats: []string{"ann", "bob"},
			input: "add 1\nadd 1\nyes 2\nvote\nlegal ye\nvote red\n",
			want: []string{
				"Ann, your move (vote in secret)", "Ann> (hidden)",
				"Word 1 fits no legal move (legal lists them) (what you typed is not shown: the choice is secret).",
				"Ann> (hidden)", "The move stops after word 1",
				"Ann> (hidden)", "No legal move of Ann has those words",
				"Ann> (hidden)", "Pass the keyboard to Bob (Right).",
			},
			absent: []string{"yes 2", "'yes'", "  ^", "'vote'", "has ye"},
		},
		{
			name:  "a person's options are his alone",
			seats: []string{"ann", "bob"},
			input: "seat 2\nlegal\nadd 1\nad 9\nseat 1\nlegal\n",
			want: []string{
				"Ann, your move (add to the count)",
				"Ann> seat 2", "== Tiny — the view of Bob ==",
				"Bob> legal\nIt is Ann's move, not Bob's: seat 1 passes the keyboard back.",
				"Bob> add 1\nIt is Ann's move, not Bob's",
				"Bob> ad 9\nIt is Ann's move, not Bob's",
				"Ann> legal\nAnn to decide (add to the count):\n   1. add 1",
			},
			absent: []string{"Ann adds", "expected one of"},
		},
		{
			name:  "bots and people change seats; step and run",
			seats: []string{"me", "bot:ones"},
			input: "step\nstep\nhuman 2\nadd 2\nbot 2\nbot 9\nbot 1 nosuch\nrun\nsay hi\nundo\n",
			want: []string{
				"Left> step", "Left adds, making 1", "Right adds, making 2",
				"Left> step", "You voted vote red", "The votes: 2 red, 0 blue",
				"Left> human 2", "Right is played by me now.",
				"Left> add 2", "Left adds, making 4", "Pass the keyboard to Right.",
				"Right> bot 2", "Right is played by the bot ones.", "Right adds, making 5",
				"> bot 9", "there is no seat 9: seats are 1 to 2",
				"> bot 1 nosuch", `Tiny has no bot called "nosuch" (bots: ones, random)`,
				"> run", "Game over:",
				"> say hi", "the game is over",
				// the end is the end: nothing is taken back after it
				"> undo", "Cannot take back: the game is over: nothing can be taken back.",
			},
			absent: []string{"Took back"},
		},
		{
			name:  "hotseat: one takes back only his own moves",
			seats: []string{"ann", "bob"},
			input: "add 1\nundo\nadd 1\n",
			want: []string{
				"Ann> add 1", "Pass the keyboard to Bob (Right).",
				"Bob> undo", "Cannot take back: you have no move to take back.",
				"Bob> add 1", "Bob adds, making 2",
			},
			absent: []string{"Took back", "takes back"},
		},
		{
			name:  "hotseat: the others must agree",
			seats: []string{"ann", "bob"},
			input: "add 1\nadd 1\nundo\nno\nundo\nyes\nadd 2\n",
			want: []string{
				"Bob> add 1", "Pass the keyboard to Ann (Left).",
				// Ann's prompt is a secret vote: what she types is hidden
				"Ann> (hidden)", "Ann asks to take back a move: Ann has seen what followed (another seat's move), and Bob's move would go too.",
				"Bob, do you agree? (yes/no) no", "Bob does not agree: the move stands.",
				"Ann> (hidden)", "Bob, do you agree? (yes/no) yes", "Ann takes back 2 decisions, as everyone agreed.",
				"Ann, your move (add to the count)", "Ann> add 2", "Ann adds, making 2",
			},
		},
		{
			name:  "hotseat: a secret vote once the tally is shown",
			seats: []string{"ann", "bob"},
			input: "add 1\nadd 1\nvote red\nvote blue\nadd 2\nundo\nno\n",
			want: []string{
				"The votes: 1 red, 1 blue", "Ann> add 2", "Pass the keyboard to Bob (Right).",
				"Bob> undo", "Bob asks to take back a move: Bob has seen what followed (the secret choices revealed), and Ann's move would go too.",
				"Ann, do you agree? (yes/no) no", "Ann does not agree: the move stands.", "Bob> ",
			},
			absent: []string{"takes back", "> vote"},
		},
		{
			name:  "a secret vote against a bot, once the tally is shown",
			seats: []string{"me", "bot:ones"},
			input: "add 1\nvote red\nundo\nno\n",
			want: []string{
				"The votes: 2 red, 0 blue",
				"Left> undo", "Left has seen what followed (the secret choices revealed): taking it back makes this a practice game",
				"The move stands.",
			},
		},
		{
			name:  "notes, say, help and long lines",
			seats: []string{"me", "bot:ones"},
			input: "notes\nsay hello there\nhelp undo\nhelp\n" + strings.Repeat("x", 5000) + "\nseat 2\nhuman 2\nseat 2\nnotes\nhlep\n",
			want: []string{
				"Left> notes\nnotes for seat 1",
				"Left> say hello there\nLeft says: hello there",
				"undo [N] — take back your last move",
				"Commands:", "  quit", "Moves: type a legal move",
				"That line is too long (4097 bytes; at most 4096): it was ignored.",
				"Left> seat 2\nRight is played by a bot: what it holds is no one's to see",
				"Left> seat 2\n== Tiny — the view of Right ==", "Waiting for Left.",
				"Right> notes\nnotes for seat 2",
				"Right> hlep\n\"hlep\" is neither a move nor a command: did you mean help?",
			},
		},
		{
			name:   "a game without notes",
			script: "../games/clubs.lua",
			seats:  []string{"me", "bot", "bot", "bot"},
			input:  "notes\n",
			want:   []string{"Clubs has no notes."},
		},
		{
			name:  "a runaway loop is stopped",
			seats: []string{"me", "bot:ones"},
			input: "loop\nundo\nadd 1\n",
			want: []string{
				"Left> loop", "testdata/tiny.lua:", "The game is stopped by a script error",
				"Left> undo", "Left> add 1", "Left adds, making 1",
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			script := tc.script
			if script == "" {
				script = "testdata/tiny.lua"
			}
			out, _ := play(t, script, tc.seats, 1, tc.input)
			checkTranscript(t, out, tc.want, tc.absent)
		})
	}
}

func TestAutosave(t *testing.T) {
	path := filepath.Join(t.TempDir(), "auto.save")
	eng := load(t, "testdata/tiny.lua")
	m, err := eng.NewMatch(interp.Config{Players: 2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	s := New(m, nil, NewPlainReader(strings.NewReader("add 2\nvote red\n"), &out, true), &out)
	defer s.Close()
	s.Autosave = fileAutosave(path)
	if err := s.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "Autosave: "+path+" (resume with: tabletop play --resume "+path+")") {
		t.Errorf("the start does not say where the autosave is:\n%s", out.String())
	}
	rec, err := savefile.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(rec.Decisions); got != len(s.Match().Decisions()) || got != 4 {
		t.Errorf("autosave has %d decisions, the game %d", got, len(s.Match().Decisions()))
	}
	if strings.Join(rec.Seats, ",") != "me,bot" {
		t.Errorf("autosave seats = %v", rec.Seats)
	}
}

// TestAutosaveAfterPeople: a person's decision is saved at once; the bots'
// moves after it wait for the next save (the person's next turn here), so
// a save never stops after a bot's move while the bots are still moving.
func TestAutosaveAfterPeople(t *testing.T) {
	var saves []int
	out, s := playWith(t, "testdata/tiny.lua", []string{"me", "bot:ones", "bot:ones"}, 1, "add 2\nvote red\nadd 2\n", func(s *Session) {
		s.Autosave = countingAutosave{&saves}
	})
	ds := s.Match().Decisions()
	if len(saves) == 0 || saves[len(saves)-1] != len(ds) {
		t.Fatalf("saves after %v decisions; the game has %d\n%s", saves, len(ds), out)
	}
	for _, n := range saves {
		if n == 0 || ds[n-1].Seat == 1 {
			continue // the start, or after the person's move
		}
		if n < len(ds) && ds[n].Seat != 1 {
			t.Errorf("saved after decision %d, a bot's, while the bots went on (saves %v)", n, saves)
		}
	}
	if len(saves) >= len(ds) {
		t.Errorf("%d saves for %d decisions: every decision saved", len(saves), len(ds))
	}
}

// countingAutosave notes how many decisions each save holds.
type countingAutosave struct{ saves *[]int }

func (c countingAutosave) Save(r *interp.Record) error {
	*c.saves = append(*c.saves, len(r.Decisions))
	return nil
}
func (c countingAutosave) Path() string       { return "counting" }
func (c countingAutosave) ResumeHint() string { return "nothing" }

// fileAutosave writes the record to a file after every change.
type fileAutosave string

func (f fileAutosave) Save(r *interp.Record) error { return savefile.Save(string(f), r) }
func (f fileAutosave) Path() string                { return string(f) }
func (f fileAutosave) ResumeHint() string          { return "tabletop play --resume " + string(f) }

func TestReplay(t *testing.T) {
	eng := load(t, "testdata/tiny.lua")
	full, err := eng.NewMatch(interp.Config{Players: 2, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"add 1", "add 2", "vote red", "vote blue"} {
		if err := full.Apply(0, text); err != nil {
			t.Fatal(err)
		}
	}
	decisions := full.Decisions()
	full.Close()

	m, err := eng.NewMatch(interp.Config{Players: 2, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	s := New(m, nil, NewPlainReader(strings.NewReader("next\nstep\nundo\nrun\nundo 2\nvote blue\n"), &out, true), &out)
	defer s.Close()
	s.StartReplay("game.save", decisions)
	if err := s.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"Replaying game.save: 4 recorded decisions.",
		"Next in the record: Left: add 1",
		"[0/4] Left> next", "Left adds, making 1", "Next in the record: Right: add 2",
		"[1/4] Left> step", "Right adds, making 3",
		"[2/4] Left> undo", "Took back 1 decision(s)",
		"[1/4] Left> run", "Right adds, making 3", "You voted vote red", "The votes: 1 red, 1 blue", "End of the record.",
		"Left> undo 2", "Took back 2 decision(s)",
		"[2/4] Left> vote blue", "You left the record here: its 2 remaining decisions are dropped.",
	}
	got := out.String()
	rest := got
	for _, w := range want {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Fatalf("missing (in order) %q\n--- transcript ---\n%s", w, got)
		}
		rest = rest[i+len(w):]
	}
}

func TestReadCapped(t *testing.T) {
	long := strings.Repeat("y", 70000)
	in := "one\r\n" + long + "\nlast"
	var out strings.Builder
	r := NewPlainReader(strings.NewReader(in), &out, false)
	for _, want := range []string{"one", long[:MaxLine+1], "last"} {
		got, err := r.ReadLine("> ", false)
		if err != nil || got != want {
			t.Fatalf("ReadLine = %.20q (%d bytes), %v; want %.20q (%d bytes)", got, len(got), err, want, len(want))
		}
	}
	if _, err := r.ReadLine("> ", false); err == nil {
		t.Fatal("no EOF at the end")
	}
}

// TestBoardShownAtTurn checks that a player sees the board at his turn
// whenever it changed, and not again when it did not.
func TestBoardShownAtTurn(t *testing.T) {
	out, _ := play(t, "testdata/walk.lua", []string{"me"}, 1, "view\nmove b1\nquit\n")
	if n := strings.Count(out, "W . . ."); n != 2 {
		t.Errorf("the starting board is drawn %d times, want twice (at the turn, then for view):\n%s", n, out)
	}
	if n := strings.Count(out, ". W . ."); n != 1 {
		t.Errorf("the board after the move is drawn %d times, want once:\n%s", n, out)
	}
}

// Names from --seats stand for the seats in the log, the prompts and the
// result; a name that is another seat's is refused.
func TestNames(t *testing.T) {
	text, s := play(t, "testdata/tiny.lua", []string{"ann", "robo=bot:ones"}, 1, "add 2\nadd 2\nvote red\nadd 2\n")
	eng := s.Match().Engine
	for _, want := range []string{"Seats: Ann (Left), Robo (Right) bot ones.", "Ann, your move", "Ann> add 2", "Ann adds, making 2", "Robo adds, making 3", "Game over: Robo wins."} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "Left adds") {
		t.Errorf("the game's seat name is used:\n%s", text)
	}
	if _, err := eng.NewMatch(interp.Config{Players: 2, Names: []string{"right", ""}}); err == nil || !strings.Contains(err.Error(), "also the name of seat 2") {
		t.Errorf("a player named like another seat: %v", err)
	}
	// a save keeps the names, also of a seat a bot took over
	rec := s.Record()
	rec.Seats[0] = "ann=bot"
	m2, err := eng.ReplayRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	defer m2.Close()
	if m2.SeatLabel(1) != "Ann" || m2.SeatLabel(2) != "Robo" {
		t.Errorf("replayed seats: %q, %q", m2.SeatLabel(1), m2.SeatLabel(2))
	}
}

// On a terminal two people at one keyboard pass it behind a cleared
// screen: nothing of the next person's view before his Enter.
func TestScreenHotseat(t *testing.T) {
	in := "\nadd 1\n\nadd 2\n\nvote red\n\nvote blue\n"
	text, _ := playWith(t, "testdata/tiny.lua", []string{"ann", "bob"}, 1, in, func(s *Session) {
		s.Size = func() (int, int) { return 80, 24 }
	})
	// each hand-over but the first (below the introduction): a cleared
	// screen, the message, and Bob's screen only after his Enter
	parts := strings.Split(text, clearScreen)
	if len(parts) < 8 {
		t.Fatalf("%d cleared screens:\n%q", len(parts)-1, text)
	}
	if !strings.HasPrefix(parts[2], "Pass the keyboard to Bob (Right) — Bob, press Enter") || strings.Contains(parts[2], "your move") {
		t.Errorf("hand-over to Bob: %q", parts[2])
	}
	if !strings.Contains(parts[3], "Tiny — Bob (Right)") || !strings.Contains(parts[3], "Ann adds, making 1") {
		t.Errorf("Bob's screen: %q", parts[3])
	}
	if strings.Contains(text, "You voted vote red") && strings.Index(text, "You voted vote red") > strings.LastIndex(text, "Bob (Right) — Bob") {
		t.Errorf("Ann's secret vote shown on Bob's screen:\n%s", text)
	}
}

// --auto-forced plays a person's only move.
func TestAutoForced(t *testing.T) {
	text, _ := playWith(t, "testdata/walk.lua", []string{"me"}, 1, "move c1\nmove d1\n", func(s *Session) { s.AutoForced = true })
	for _, want := range []string{"the walker moves to b1\n", "> move c1", "> move d1", "Game over: Player 1 wins."} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "(walk on): move b1\n") || strings.Contains(text, ": stop") {
		t.Errorf("a forced move was asked:\n%s", text)
	}
}

// On a terminal, a person who hands his seat to a bot does not see the
// next person's screen: the privacy screen comes first.
func TestScreenBotHandOver(t *testing.T) {
	in := "\nbot 1\n\n"
	text, _ := playWith(t, "testdata/tiny.lua", []string{"ann", "bob"}, 1, in, func(s *Session) {
		s.Size = func() (int, int) { return 80, 24 }
	})
	i := strings.Index(text, "Ann is played by the bot")
	j := strings.Index(text, "Pass the keyboard to Bob")
	k := strings.Index(text, "Tiny — Bob (Right)")
	if i < 0 || j < i || k < j {
		t.Errorf("Bob's screen before the privacy screen:\n%s", text)
	}
}

// Tab completes a move only for the person at his own decision: not for
// another person looking from his seat, nor at the pause before a screen.
func TestCompleteIsTheMoversOnly(t *testing.T) {
	_, s := play(t, "testdata/tiny.lua", []string{"ann", "bob"}, 1, "")
	if got := s.Complete("ad"); !slices.Contains(got, "add 1") {
		t.Errorf("Ann's completions: %q", got)
	}
	_, s = play(t, "testdata/tiny.lua", []string{"ann", "bob"}, 1, "seat 2\n")
	if got := s.Complete("ad"); len(got) != 0 {
		t.Errorf("Bob's completions at Ann's move: %q", got)
	}
	if got := s.Complete("he"); !slices.Contains(got, "help") {
		t.Errorf("Bob's completions of a command: %q", got)
	}
	// on a terminal, at Ann's pause: the input ends there
	_, s = playWith(t, "testdata/tiny.lua", []string{"ann", "bob"}, 1, "", func(s *Session) {
		s.Size = func() (int, int) { return 80, 24 }
	})
	if got := s.Complete("ad"); len(got) != 0 {
		t.Errorf("completions at Ann's pause: %q", got)
	}
}

// --auto-forced at a shared keyboard plays a forced move only for the
// person at the keyboard: calling someone else to it for his only option,
// or not, would tell what he holds.
func TestAutoForcedNeverSkipsAPause(t *testing.T) {
	screen := func() (int, int) { return 80, 24 }
	two := []seating.Seat{{Human: true, Name: "ann"}, {Human: true, Name: "bob"}, {Bot: "ones"}}
	one := []seating.Seat{{Human: true, Name: "ann"}, {Bot: "ones"}, {Bot: "ones"}}
	for _, tc := range []struct {
		name   string
		size   func() (int, int)
		seats  []seating.Seat
		atKeys int
		seat   int
		want   bool
	}{
		{"the one at the keyboard", screen, two, 1, 1, true},
		{"another person", screen, two, 1, 2, false},
		{"nobody known yet", screen, two, 0, 1, false},
		{"one person alone", screen, one, 0, 1, true},
		{"a transcript", nil, two, 0, 2, true},
	} {
		s := &Session{Size: tc.size, seats: tc.seats, atKeys: tc.atKeys, AutoForced: true}
		if got := s.autoForced(&interp.Prompt{Seat: tc.seat, Options: []string{"pass"}}); got != tc.want {
			t.Errorf("%s: autoForced = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestPracticeGame takes back a move against a bot: the result and the
// save say that the game is practice, and a load keeps saying it.
func TestPracticeGame(t *testing.T) {
	save := filepath.Join(t.TempDir(), "game.save")
	out, _ := play(t, "testdata/tiny.lua", []string{"me", "bot:ones"}, 1,
		"add 2\nundo\nyes\nadd 2\nvote red\nadd 2\nsave "+save+"\nload "+save+"\n")
	for _, w := range []string{"Game over: Right wins.", "A practice game: Left took back a move after seeing what followed.", "Loaded "} {
		if !strings.Contains(out, w) {
			t.Fatalf("missing %q\n--- transcript ---\n%s", w, out)
		}
	}
	text, err := os.ReadFile(save)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(text), "tabletop save 3\n") || !strings.Contains(string(text), "\ntakeback 1 0 2 practice\n") {
		t.Errorf("the save does not say what was taken back:\n%s", text)
	}
	if strings.Count(out, "A practice game:") != 2 {
		t.Errorf("the loaded game's result does not say it is practice:\n%s", out)
	}
}
