package main

// Fair play at one keyboard: tests of tabletop play at an 80×24 terminal
// shared by two people, each as a person at it would try to learn what
// the other holds through the table's own controls — quitting at the
// hand-over pause, the line history, seat N, a hand-over that fails, a
// pause out of turn, a mistyped secret choice. The game is mostly
// testdata/secrets.lua: each seat is told three words in private and says
// them one by one, then votes in secret.

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/savefile"

	"github.com/tabletop/tabletop/interp"
)

// annWords and bobWords are what secrets.lua tells Ann and Bob alone.
var (
	annWords = []string{"apple", "anchor", "amber"}
	bobWords = []string{"banjo", "bishop", "breeze"}
)

// secretsGame starts secrets.lua for Ann and Bob and gives Ann the
// keyboard: the screen is at her first prompt.
func secretsGame(t *testing.T, args ...string) *terminal {
	t.Helper()
	term := startTerminal(t, append([]string{"play", "testdata/secrets.lua", "--seed", "1", "--seats", "ann,bob"}, args...)...)
	term.waitFor("Ann, press Enter")
	term.send("\r")
	term.waitFor("Ann>")
	return term
}

// noneOf fails when text holds one of the words, saying what was looked at.
func noneOf(t *testing.T, what, text string, words ...string) {
	t.Helper()
	for _, w := range words {
		if strings.Contains(text, w) {
			t.Errorf("%s shows %q:\n%s", what, w, text)
		}
	}
}

// everything is what the terminal shows and showed: its scrollback, its
// screen, and every byte written since the last mark.
func (term *terminal) everything() string {
	return strings.Join(append(term.scrollback(), term.screen()...), "\n") + "\n" + term.since()
}

// quit types quit and waits for the program to end and for everything it
// wrote to be read.
func (term *terminal) quit() {
	term.t.Helper()
	term.send("quit\r")
	if err := term.exited(); err != nil {
		term.t.Fatalf("quit: %v", err)
	}
	select {
	case <-term.done:
	case <-time.After(10 * time.Second):
		term.t.Fatal("the terminal's output never ended")
	}
}

// lastLine is the screen's last line with text: where the cursor waits.
func lastLine(scr []string) string {
	last := len(scr) - 1
	for last > 0 && scr[last] == "" {
		last--
	}
	return scr[last]
}

// Quitting at a hand-over pause prints nothing of the seat that waits for
// its person: not at a new game's first pause, nor at the pause of a
// resumed game whose last lines were private to that seat.
func TestQuitAtPausePrintsNothingPrivate(t *testing.T) {
	t.Parallel()
	save := filepath.Join(t.TempDir(), "secrets.save")
	term := startTerminal(t, "play", "testdata/secrets.lua", "--seed", "1", "--seats", "ann,bob", "--autosave", save)
	term.waitFor("Ann, press Enter")
	term.mark()
	term.quit()
	noneOf(t, "quitting at Ann's first pause", term.since(), append(annWords, "Your words")...)

	// Ann says a word and leaves at Bob's pause; the game resumes there.
	term = startTerminal(t, "play", "--resume", "--autosave", save)
	term.waitFor("Ann, press Enter")
	term.send("\r")
	term.waitFor("Ann>")
	term.send("word apple\r")
	term.waitFor("Bob, press Enter")
	term.quit()
	term = startTerminal(t, "play", "--resume", "--autosave", save)
	term.waitFor("Bob, press Enter")
	term.mark()
	term.quit()
	noneOf(t, "quitting at Bob's pause of the resumed game", term.since(), append(append(bobWords, annWords...), "Your words", "You said")...)
}

// The issue's own case: an Andy Capp game resumed at Ann's pause, whose
// last lines told Ann alone what happened to her hand; she (or whoever
// sits there) types quit.
func TestQuitAtResumedAndyCappPause(t *testing.T) {
	t.Parallel()
	specs := []string{"ann", "bob", "bot", "bot"}
	save, private := andyCappAtPause(t, specs)
	term := startTerminal(t, "play", "--resume", "--autosave", save)
	term.waitFor("Ann, press Enter")
	term.mark()
	term.quit()
	noneOf(t, "quitting at Ann's pause", term.since(), private...)
}

// andyCappAtPause plays Andy Capp with bots in every seat until Ann is to
// decide and a line among the last five was told to her alone, and saves
// it as a game of specs. It returns the save and those private lines.
func andyCappAtPause(t *testing.T, specs []string) (string, []string) {
	t.Helper()
	eng, err := loadScript("../../games/andy_capp.lua")
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 20; seed++ {
		m, err := eng.NewMatch(interp.Config{Players: 4, Seed: seed, Names: savefile.SeatNames(specs), SharedFrom: 1})
		if err != nil {
			t.Fatal(err)
		}
		bots := newBots(t, eng, seed)
		for m.Prompt() != nil {
			if p := m.Prompt(); p.Seat == 1 && len(m.Decisions()) > 0 {
				var private []string
				for _, l := range m.LogFor(1, m.LogLen()-5) {
					if l.To != interp.AllSeats {
						private = append(private, l.Text)
					}
				}
				if len(private) > 0 {
					path := filepath.Join(t.TempDir(), "andy.save")
					if err := savefile.Save(path, m.NewRecord(specs)); err != nil {
						t.Fatal(err)
					}
					m.Close()
					return path, private
				}
			}
			bots.step(t, m)
		}
		m.Close()
	}
	t.Fatal("no Andy Capp game of seeds 1 to 20 waits for Ann after a private line")
	return "", nil
}

// bots plays every seat of a match as tabletop play's bots would.
type bots struct {
	eng  *interp.Engine
	seed uint64
	by   map[int]interp.Bot
}

func newBots(t *testing.T, eng *interp.Engine, seed uint64) *bots {
	b := &bots{eng: eng, seed: seed, by: map[int]interp.Bot{}}
	t.Cleanup(func() {
		for _, bot := range b.by {
			bot.Close()
		}
	})
	return b
}

// step lets the seat to act move as its bot (the game's default) would.
func (b *bots) step(t *testing.T, m *interp.Match) {
	t.Helper()
	seat := m.Prompt().Seat
	bot := b.by[seat]
	if bot == nil {
		var err error
		if bot, err = b.eng.NewBot("", seat, interp.BotSeed(b.seed, seat)); err != nil {
			t.Fatal(err)
		}
		b.by[seat] = bot
	}
	i, err := bot.Choose(m)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Step(i); err != nil {
		t.Fatal(err)
	}
}

// Each person has a line history of his own: Up at Bob's pause and at his
// prompt brings back nothing Ann typed, and people who share the keyboard
// leave no history file. A person playing alone keeps his, readable by
// him only, and finds it again next time.
func TestLineHistoryIsEachPersons(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	history := filepath.Join(home, "tabletop", "history")
	term := startTerminalIn(t, home, "play", "testdata/secrets.lua", "--seed", "1", "--seats", "ann,bob", "--autosave", "")
	term.waitFor("Ann, press Enter")
	term.send("\r")
	term.waitFor("Ann>")
	term.send("legal word\r")
	term.waitFor("word amber")
	term.send("word anchor\r")
	term.waitFor("Bob, press Enter")
	term.send("\x1b[A") // Up
	time.Sleep(300 * time.Millisecond)
	if l := lastLine(term.screen()); l != "Bob, press Enter>" {
		t.Errorf("Up at Bob's pause: %q", l)
	}
	term.send("\x15\r") // Ctrl-U, Enter
	term.waitFor("Bob>")
	term.send("\x1b[A")
	time.Sleep(300 * time.Millisecond)
	if l := lastLine(term.screen()); l != "Bob>" {
		t.Errorf("Up at Bob's prompt: %q", l)
	}
	term.send("\x15")
	term.quit()
	if b, err := os.ReadFile(history); err == nil {
		t.Errorf("people at one keyboard left a history file:\n%s", b)
	}

	// alone, against a bot: the history is kept, for its person only
	for i, line := range []string{"legal word", "help seat"} {
		term = startTerminalIn(t, home, "play", "testdata/secrets.lua", "--seed", "1", "--seats", "me,bot:random", "--autosave", "")
		term.waitFor("Left>")
		if i > 0 {
			term.send("\x1b[A\x1b[A") // before the last game's quit
			time.Sleep(300 * time.Millisecond)
			if l := lastLine(term.screen()); l != "Left> legal word" {
				t.Errorf("Up in the next game alone: %q", l)
			}
			term.send("\x15")
		}
		term.send(line + "\r")
		term.waitFor("Left>")
		term.quit()
	}
	st, err := os.Stat(history)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(history)
	if st.Mode().Perm() != 0o600 || string(b) != "legal word\nquit\nhelp seat\nquit\n" {
		t.Errorf("history file (%v):\n%s", st.Mode().Perm(), b)
	}
}

// seat N shows another seat's view, after the pause, and nothing of the
// move the table waits for: in Clubs at Ann's turn, Bob at seat 2 gets
// none of Ann's options from legal, Tab or a wrong move's error.
func TestSeatShowsNoOneElsesOptions(t *testing.T) {
	t.Parallel()
	term := startTerminal(t, "play", "../../games/clubs.lua", "--seed", "3", "--seats", "ann,bob,bot,bot", "--autosave", "")
	term.waitFor("Ann, press Enter")
	term.send("\r")
	scr := term.waitFor("Ann>")
	var cards []string
	for _, m := range regexp.MustCompile(`play ([0-9JQKA]+[CDHS])`).FindAllStringSubmatch(strings.Join(scr, " "), -1) {
		cards = append(cards, m[1])
	}
	if len(cards) < 2 {
		t.Fatalf("Ann's options are not on her screen:\n%s", strings.Join(scr, "\n"))
	}
	term.send("seat 2\r")
	term.waitFor("Bob, press Enter")
	term.send("\r")
	term.waitFor("Bob>")
	term.mark()
	term.send("legal\r")
	term.waitNew("Bob>")
	term.mark()
	term.send("pl\t\t")
	time.Sleep(300 * time.Millisecond)
	term.send("\x15play 2h\r")
	term.waitNew("Bob>")
	term.send("legal play\r")
	term.waitNew("Bob>")
	term.send("p\r")
	term.waitNew("Bob>")
	seen := term.everything()
	if !strings.Contains(seen, "It is Ann's move, not Bob's") {
		t.Errorf("Bob is not told whose move it is:\n%s", seen)
	}
	for _, c := range cards {
		if regexp.MustCompile(`\b` + c + `\b`).MatchString(seen) {
			t.Errorf("Ann's option play %s reaches Bob's screen:\n%s", c, seen)
		}
	}
	// Ann has it back through the pause, with her options — not at the
	// pause, where whoever sits there presses Tab
	term.send("seat 1\r")
	term.waitFor("Ann, press Enter")
	term.mark()
	term.send("p\t\t")
	time.Sleep(300 * time.Millisecond)
	if seen := term.everything(); strings.Contains(seen, "play ") {
		t.Errorf("Tab at Ann's pause completes her moves:\n%s", seen)
	}
	term.send("\x15\r")
	term.waitFor("Ann>")
	term.mark()
	term.send("legal\r")
	term.waitNew("play " + cards[0])
}

// A hand-over that goes wrong still goes through the pause: Ann hands
// her seat to a bot that fails, and the keyboard passes to Bob behind a
// cleared screen — not to a prompt of Bob's under Ann's words.
func TestFailedHandOverPauses(t *testing.T) {
	t.Parallel()
	term := secretsGame(t)
	term.send("bot 1 broken\r")
	scr := term.waitFor("Bob, press Enter")
	noneOf(t, "Bob's pause", strings.Join(append(term.scrollback(), scr...), "\n"), annWords...)
	term.send("\r")
	scr = term.waitFor("Bob>")
	text := strings.Join(scr, "\n")
	noneOf(t, "Bob's screen", text, annWords...)
	if !strings.Contains(text, "Secrets — Bob (Right)") || !strings.Contains(text, "Waiting for Ann") {
		t.Errorf("Bob's screen after the pause:\n%s", text)
	}
}

// At a shared keyboard a pause out of turn tells nothing: in Andy Capp
// with always_ask=false a Loan against Bob calls him to the keyboard even
// though he holds no Fight, to answer pass — as it would if he held one.
func TestPauseOutOfTurnTellsNothing(t *testing.T) {
	t.Parallel()
	seed, people := loanAgainstBob(t)
	term := startTerminal(t, "play", "../../games/andy_capp.lua", "--seed", seed, "--set", "always_ask=false", "--seats", "ann,bob,bot,bot", "--autosave", "")
	term.waitFor("Ann, press Enter")
	term.send("\r")
	term.waitFor("Ann>")
	// Ann's and Bob's moves as their bots would make them: step makes the
	// moves of the one at the keyboard, each at his own prompt.
	names, at := map[int]string{1: "Ann", 2: "Bob"}, 1
	call := func(seat int) { // seat's person to the keyboard, at his prompt
		if seat != at {
			term.waitNew(names[seat] + ", press Enter")
			term.send("\r")
			at = seat
		}
		term.waitNew(names[seat] + ">")
	}
	for _, seat := range people {
		call(seat)
		term.mark()
		term.send("step\r")
	}
	call(2)
	scr := term.screen()
	text := strings.Join(scr, "\n")
	if !regexp.MustCompile(`Bob, your move \([^)]*Fight[^)]*\): pass\n`).MatchString(text + "\n") {
		t.Errorf("Bob is not asked to pass:\n%s", text)
	}
	if hand := lineWith(scr, "Bob's hand: "); hand == "" || strings.Contains(hand, "Fight") {
		t.Errorf("Bob's hand: %q", hand)
	}
}

// loanAgainstBob finds an Andy Capp game (always_ask=false, Ann and Bob at
// one keyboard, every seat played by its bot) in which Ann decides first
// and, some decisions later, Bob is asked to answer a Loan or a Flo with
// nothing but pass. It returns its seed and the seats of Ann's and Bob's
// decisions before that one, in order (the bots' come between).
func loanAgainstBob(t *testing.T) (seed string, people []int) {
	t.Helper()
	eng, err := loadScript("../../games/andy_capp.lua")
	if err != nil {
		t.Fatal(err)
	}
	for s := uint64(1); s <= 40; s++ {
		m, err := eng.NewMatch(interp.Config{Players: 4, Seed: s, Options: map[string]string{"always_ask": "false"},
			Names: []string{"ann", "bob", "", ""}, SharedFrom: 1})
		if err != nil {
			t.Fatal(err)
		}
		if p := m.Prompt(); p == nil || p.Seat != 1 {
			m.Close()
			continue
		}
		b := newBots(t, eng, s)
		people = people[:0]
		for m.Prompt() != nil && len(m.Decisions()) < 60 {
			if seat := m.Prompt().Seat; seat <= 2 {
				people = append(people, seat)
			}
			b.step(t, m)
			if p := m.Prompt(); p != nil && p.Seat == 2 && len(p.Options) == 1 && p.Options[0] == "pass" && strings.Contains(p.Hint, "Fight") {
				m.Close()
				return strconv.FormatUint(s, 10), people
			}
		}
		m.Close()
	}
	t.Fatal("no Andy Capp game of seeds 1 to 40 asks Bob to pass within 60 decisions")
	return "", nil
}

// A mistyped secret choice is not echoed: the vote is typed unseen, and
// its error says what was wrong without a word of it (nor a caret).
func TestMistypedSecretChoiceIsNotEchoed(t *testing.T) {
	t.Parallel()
	term := secretsGame(t)
	term.send("word apple\r")
	term.waitFor("Bob, press Enter")
	term.send("\r")
	term.waitFor("Bob>")
	term.send("word banjo\r")
	term.waitFor("Ann, press Enter")
	term.send("\r")
	term.waitFor("vote in secret")
	term.mark()
	term.send("yes 2\r")
	term.waitNew("Ann>")
	term.send("vote yes please\r")
	term.waitNew("Ann>")
	written := term.since()
	noneOf(t, "the errors of Ann's secret vote", written, "yes 2", "yes please", "please", "^")
	if !strings.Contains(written, "the choice is secret") {
		t.Errorf("no error for the mistyped vote:\n%s", written)
	}
}
