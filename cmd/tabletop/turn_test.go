package main

// What a person reads at an 80×24 terminal: lines that fit its width,
// lists of moves that fit its height and number what they show, and the
// events that concern him kept in sight.

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/render/rendertest"
	"github.com/tabletop/tabletop/seating"
)

// fitsWidth fails for each line of written (as the program wrote it,
// colour taken out) wider than the terminal: the terminal would break it
// wherever the width ends, inside a word or a number.
func fitsWidth(t *testing.T, what, written string) {
	t.Helper()
	for _, l := range strings.FieldsFunc(written, func(r rune) bool { return r == '\n' || r == '\r' }) {
		if w := ansi.StringWidth(l); w > cols {
			t.Errorf("%s: a line of %d columns: %q", what, w, l)
		}
	}
}

// Everything tabletop prints to a terminal fits its width, by words:
// errors, help, the log, narrated steps, the autosave lines, the list of
// unfinished games, and compare's report (its table at 80 columns).
func TestLinesFitTheTerminal(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	term := startTerminalIn(t, home, "play", "../../games/clubs.lua", "--seed", "7")
	term.waitFor("North>")
	fitsWidth(t, "the start of a game", term.everything())
	term.mark()
	for _, line := range []string{"play 7h", "help", "step 12", "log"} {
		term.send(line + "\r")
		term.waitNew("North>")
	}
	scr := strings.Join(append(term.scrollback(), term.screen()...), "\n")
	if !strings.Contains(scr, "expected one of 6C, 9C, 10C, 2D, 9D,\n  10D") {
		t.Errorf("the error does not wrap by words:\n%s", scr)
	}
	if !strings.Contains(scr, "its number in the list that legal shows.") {
		t.Errorf("no help footer:\n%s", scr)
	}
	fitsWidth(t, "an error, help, step and log", term.since())
	term.quit()
	fitsWidth(t, "quitting", term.since())

	// a second game in the same folder: both are unfinished
	term = startTerminalIn(t, home, "play", "../../games/das_regeln_wir_schon.lua", "--seed", "7", "--players", "5")
	term.waitFor("Player 1>")
	fitsWidth(t, "the start of a game", term.everything())
	term.send("step 30\r")
	term.waitNew("Player 1>")
	term.quit()
	fitsWidth(t, "Das Regeln's steps", term.everything())

	term = startTerminalIn(t, home, "play", "--resume")
	term.waitFor("Player 1>")
	if all := term.everything(); !strings.Contains(all, "Unfinished games") {
		t.Errorf("no list of unfinished games:\n%s", all)
	}
	term.quit()
	fitsWidth(t, "play --resume", term.everything())

	term = startTerminal(t, "compare", "clubs", "clubs_short", "-n", "12", "--seats", "bot:careful,bot:random", "--jobs", "2")
	if err := term.exited(); err != nil {
		t.Fatalf("compare: %v\n%s", err, term.since())
	}
	<-term.done
	out := term.since()
	if !strings.Contains(out, "B − A (95% interval)") || !strings.Contains(out, "significant at 5%") {
		t.Errorf("compare's report:\n%s", out)
	}
	fitsWidth(t, "compare's report", out)
}

// legalPage is the page legal shows on the screen: the lines between its
// head ("… to decide") and its footer ("Page N of M"), both in sight.
func legalPage(t *testing.T, scr []string) (page []string, footer string) {
	t.Helper()
	head, foot := -1, -1
	for i, l := range scr {
		switch {
		case strings.Contains(l, " to decide ("):
			head = i
		case strings.HasPrefix(l, "Page "):
			foot = i
		}
	}
	if head < 0 || foot < head {
		t.Fatalf("the page of moves is not whole on the screen (head %d, footer %d):\n%s", head, foot, strings.Join(scr, "\n"))
	}
	start := head + 1
	for start < foot && strings.HasPrefix(scr[start], "  ") && !rendertest.HasMoves(scr[start]) {
		start++ // the head's own wrapped lines
	}
	return scr[start:foot], scr[foot]
}

// Das Regeln's first choice has 117 handfuls: legal shows them a page at
// a time that fits 80×24, its head and footer in sight; every number
// shown goes up the list and stands for the move beside it, on every
// page, and typing one picks that move.
func TestLegalPagesNumberWhatTheyShow(t *testing.T) {
	t.Parallel()
	term := startTerminal(t, "play", "../../games/das_regeln_wir_schon.lua", "--seed", "7", "--autosave", "")
	term.waitFor("Player 1>")
	pages, seen := 0, 0
	var pick string
	pickN := 0
	for {
		term.mark()
		term.send("legal\r")
		scr := term.waitNew("Player 1>")
		page, footer := legalPage(t, scr)
		numbers, moves := rendertest.ReadList(page)
		if len(numbers) == 0 {
			t.Fatalf("no moves on the page:\n%s", strings.Join(scr, "\n"))
		}
		for _, n := range numbers {
			if n != seen+1 {
				t.Errorf("page %d: %d follows %d:\n%s", pages+1, n, seen, strings.Join(scr, "\n"))
			}
			seen = n
			if !strings.HasPrefix(moves[n], "take ") || len(strings.Fields(moves[n])) < 3 {
				t.Errorf("page %d: %d reads as %q", pages+1, n, moves[n])
			}
		}
		pages++
		if pages == 2 {
			pickN, pick = numbers[len(numbers)/2], moves[numbers[len(numbers)/2]]
		}
		if strings.Contains(footer, "for the first") || pages > 8 {
			break
		}
	}
	if seen != 117 || pages < 2 {
		t.Errorf("%d pages listed moves 1 to %d, not 117", pages, seen)
	}
	// the page after the last is the first again; a number picks the move
	// it stands for on any page
	term.mark()
	term.send("legal\r")
	if page, _ := legalPage(t, term.waitNew("Player 1>")); !strings.Contains(page[0], " 1. ") {
		t.Errorf("legal after the last page: %q", page[0])
	}
	term.mark()
	term.send(strconv.Itoa(pickN) + "\r")
	term.waitNew("Player 1>")
	if want := "Player 1 " + strings.Replace(pick, "take ", "takes ", 1); !strings.Contains(term.everything(), want) {
		t.Errorf("%d, %q on page 2, did not pick it (%q):\n%s", pickN, pick, want, term.since())
	}
}

// concernAt plays a game as tabletop play would with people at seats
// specs names (each taking his first option) and bots elsewhere, and finds
// the first prompt of seat 1 (counted from 1) whose lines since its last
// prompt hold a line that match picks, with at least atLeast lines in all
// (more than its screen holds). It returns the prompt and that line.
func concernAt(t *testing.T, script string, seed uint64, specs []string, match func(interp.LogLine) bool, atLeast int) (int, string) {
	t.Helper()
	eng, err := loadScript(script)
	if err != nil {
		t.Fatal(err)
	}
	seats, err := seating.Parse(eng, specs)
	if err != nil {
		t.Fatal(err)
	}
	m, err := eng.NewMatch(interp.Config{Players: len(specs), Seed: seed, Names: seating.Names(seats), SharedFrom: seating.SharedFrom(seats)})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	bots := newBots(t, eng, seed)
	last, prompts := 0, 0
	for m.Prompt() != nil && len(m.Decisions()) < 300 {
		p := m.Prompt()
		if p.Seat == 1 {
			prompts++
			lines := m.LogFor(1, last)
			for _, l := range lines {
				if match(l) && len(lines) >= atLeast {
					return prompts, l.Text
				}
			}
			last = m.LogLen()
		}
		if seats[p.Seat-1].Human {
			if err := m.Step(0); err != nil {
				t.Fatal(err)
			}
			continue
		}
		bots.step(t, m)
	}
	t.Fatalf("%s, seed %d: no prompt of seat 1 after such a line", script, seed)
	return 0, ""
}

// firstOptionsUntil drives a game at the terminal as concernAt plays it:
// Enter at each hand-over pause, 1 at each person's prompt, until seat 1's
// prompt n (its prompt is prompt1, "" for any person's prompt when one
// person plays); it returns that prompt's screen.
func firstOptionsUntil(t *testing.T, term *terminal, prompt1 string, n int) []string {
	t.Helper()
	seen := 0
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); {
		scr := term.wait("", 120*time.Millisecond)
		l := lastLine(scr)
		switch {
		case strings.HasSuffix(l, "press Enter>"):
			term.mark()
			term.send("\r")
		case strings.HasSuffix(l, ">"):
			if prompt1 == "" || l == prompt1 {
				if seen++; seen == n {
					return scr
				}
			}
			term.mark()
			term.send("1\r")
		default:
			time.Sleep(50 * time.Millisecond)
			continue
		}
		term.waitSince(">")
	}
	t.Fatalf("seat 1's prompt %d never came:\n%s", n, strings.Join(term.screen(), "\n"))
	return nil
}

// folded checks that a screen left events out (else it tests nothing).
func folded(t *testing.T, scr []string) {
	t.Helper()
	for _, l := range scr {
		if strings.HasPrefix(l, "… ") && strings.HasSuffix(l, "(log shows them)") {
			return
		}
	}
	t.Fatalf("the screen left no event out: it tests nothing\n%s", strings.Join(scr, "\n"))
}

// What happened to you stays on your screen however many events came
// after it: in Cluedo, the card a player showed you after your suggestion
// ("… shows you [Refectory]"), told to you alone; in Das Regeln at one
// keyboard, a vote's tally.
func TestScreenKeepsWhatHappenedToYou(t *testing.T) {
	t.Parallel()
	t.Run("cluedo", func(t *testing.T) {
		t.Parallel()
		told := func(l interp.LogLine) bool { return l.To != interp.AllSeats && strings.Contains(l.Text, " shows you ") }
		n, line := concernAt(t, "../../games/cluedo.lua", 1, []string{"me", "bot", "bot", "bot"}, told, 12)
		term := startTerminal(t, "play", "../../games/cluedo.lua", "--seed", "1", "--autosave", "")
		scr := firstOptionsUntil(t, term, "", n)
		folded(t, scr)
		if !strings.Contains(strings.Join(scr, "\n"), line) {
			t.Errorf("%q is not on the screen:\n%s", line, strings.Join(scr, "\n"))
		}
	})
	t.Run("das_regeln", func(t *testing.T) {
		t.Parallel()
		tally := func(l interp.LogLine) bool { return strings.HasPrefix(l.Text, "Votes: ") }
		n, line := concernAt(t, "../../games/das_regeln_wir_schon.lua", 1, []string{"ann", "bob", "bot", "bot"}, tally, 8)
		term := startTerminal(t, "play", "../../games/das_regeln_wir_schon.lua", "--seed", "1", "--seats", "ann,bob,bot,bot", "--autosave", "")
		scr := firstOptionsUntil(t, term, "Ann>", n)
		folded(t, scr)
		text := strings.Join(scr, "\n")
		if !strings.Contains(strings.Join(strings.Fields(text), " "), line) {
			t.Errorf("the tally %q is not on Ann's screen:\n%s", line, text)
		}
		if !strings.Contains(text, "Das Regeln Wir Schon! — Ann") {
			t.Errorf("not Ann's screen:\n%s", text)
		}
	})
}

// step N narrates each step: the lines of each, and who decided when a
// step shows nothing (a secret vote), stay in sight above the next screen
// rather than scroll away under it.
func TestStepNarratesEachStep(t *testing.T) {
	t.Parallel()
	term := startTerminal(t, "play", "../../games/das_regeln_wir_schon.lua", "--seed", "7", "--autosave", "")
	term.waitFor("Player 1>")
	term.mark()
	term.send("step 8\r")
	scr := term.waitNew("Player 1>")
	text := strings.Join(scr, "\n")
	for _, want := range []string{"Player 1> step 8", "Player 1 takes ", "(Player 4 decided.)", "You predict: ", "puts [", "Das Regeln Wir Schon! — Player 1", "Player 1, your move"} {
		if !strings.Contains(text, want) {
			t.Errorf("%q is not in sight after step 8:\n%s", want, text)
		}
	}
	if strings.Index(text, "(Player 4 decided.)") > strings.Index(text, "Das Regeln Wir Schon! — Player 1") {
		t.Errorf("the steps are not told above the screen:\n%s", text)
	}
}
