package main

// Fair play at one keyboard, continued: the seed of a game people share,
// and who may change who plays a seat. Tests of tabletop play at an 80×24
// terminal shared by two people (see fairness_test.go for the others).

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tabletop/tabletop/savefile"

	"github.com/tabletop/tabletop/interp"
)

// waitRecord waits for a save file to be written and reads it.
func waitRecord(t *testing.T, path string) *interp.Record {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if rec, err := savefile.Load(path); err == nil {
			return rec
		}
	}
	t.Fatalf("%s was never written", path)
	return nil
}

// turn passes the keyboard to who (Enter at his pause) and answers his
// prompt with move.
func (term *terminal) turn(who, move string) {
	term.t.Helper()
	term.waitFor(who + ", press Enter")
	term.send("\r")
	term.waitFor(who + ">")
	term.send(move + "\r")
}

// At a shared keyboard a drawn seed is the deal's secret: drawn from 64
// bits, and shown to nobody — not in the introduction, after a save or a
// load, nor when the game is resumed — until the game is over, when its
// last screen shows it.
func TestSeedSecretAtSharedKeyboard(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	save, copied := filepath.Join(dir, "secrets.save"), filepath.Join(dir, "copy.save")
	term := startTerminal(t, "play", "testdata/secrets.lua", "--seats", "ann,bob", "--autosave", save)
	scr := term.waitFor("Ann, press Enter")
	rec := waitRecord(t, save)
	seed := strconv.FormatUint(rec.Seed, 10)
	if rec.Seed < 1e9 {
		t.Errorf("the seed %s is small enough to find by trying seeds against a hand", seed)
	}
	if text := strings.Join(scr, "\n"); !strings.Contains(text, "Secrets — 2 players, the seed is secret until the game is over.") {
		t.Errorf("the introduction does not say the seed is secret:\n%s", text)
	}
	term.send("\r")
	term.waitFor("Ann>")
	term.send("save " + copied + "\r")
	term.waitFor("Saved to ")
	term.send("load " + copied + "\r")
	term.waitFor("Bob, do you agree? (yes/no)") // loading a game in place of this one
	term.send("yes\r")
	term.turn("Ann", "word apple")
	term.turn("Bob", "word banjo")
	term.waitFor("Ann, press Enter")
	term.quit()
	if out := term.since(); strings.Contains(out, seed) || !strings.Contains(strings.Join(strings.Fields(out), " "), "Loaded "+copied+": Secrets, 2 players, the seed is secret until the game is over") {
		t.Fatalf("the first session:\n%s", out)
	}

	term = startTerminal(t, "play", "--resume", "--autosave", save)
	term.waitFor("Ann, press Enter")
	if out := term.since(); strings.Contains(out, seed) || !strings.Contains(out, "the seed is secret until the game is over") {
		t.Errorf("the resumed game's introduction:\n%s", out)
	}
	term.send("\r")
	term.waitFor("Ann>")
	term.send("vote yes\r")
	term.turn("Bob", "vote no")
	for round := 2; round <= 3; round++ {
		term.turn("Ann", "1")
		term.turn("Bob", "1")
		term.turn("Ann", "vote yes")
		term.turn("Bob", "vote no")
	}
	if out := term.since(); strings.Contains(out, seed) {
		t.Fatalf("the seed was shown before the end:\n%s", out)
	}
	term.waitFor("The seed, secret until the end: " + seed + ".")
}

// A seed given on the command line is an open deal: everyone at the
// keyboard saw it, and the introduction says so. One person with bots
// sees a drawn seed: nothing is hidden from anybody else.
func TestSeedOnTheCommandLineIsAnOpenDeal(t *testing.T) {
	t.Parallel()
	term := startTerminal(t, "play", "testdata/secrets.lua", "--seed", "5", "--seats", "ann,bob", "--autosave", "")
	scr := term.waitFor("Ann, press Enter")
	if text := strings.Join(scr, "\n"); !strings.Contains(text, "Secrets — 2 players, seed 5: an open deal") {
		t.Errorf("the introduction of an open deal:\n%s", text)
	}
	term.quit()

	save := filepath.Join(t.TempDir(), "alone.save")
	term = startTerminal(t, "play", "testdata/secrets.lua", "--seats", "me,bot", "--autosave", save)
	scr = term.waitFor("Left>")
	seed := strconv.FormatUint(waitRecord(t, save).Seed, 10)
	if text := strings.Join(scr, "\n"); !strings.Contains(text, "Secrets — 2 players, seed "+seed+".") {
		t.Errorf("alone, the seed is not shown:\n%s", text)
	}
	os.Remove(save)
}

// clubsForTwo starts Clubs for Ann and Bob, with bots in the other seats,
// and gives Ann the keyboard at her first move; it returns her hand.
func clubsForTwo(t *testing.T) (*terminal, []string) {
	t.Helper()
	term := startTerminal(t, "play", "../../games/clubs.lua", "--seed", "3", "--seats", "ann,bob,bot,bot", "--autosave", "")
	term.waitFor("Ann, press Enter")
	term.send("\r")
	hand := handShown(term.waitFor("Ann>"), "Ann")
	if len(hand) != 13 {
		t.Fatalf("Ann's hand is not on her screen:\n%s", strings.Join(term.screen(), "\n"))
	}
	return term, hand
}

// refused types line at Ann's prompt, checks that Bob is asked on a
// screen without Ann's hand, answers no and checks that nothing changed:
// Ann's screen comes back after her pause, at the same move.
func refused(t *testing.T, term *terminal, hand []string, line, request string) {
	t.Helper()
	term.mark()
	term.send(line + "\r")
	scr := term.waitNew("Bob, do you agree? (yes/no)")
	seen := strings.Join(append(term.scrollback(), scr...), "\n")
	if !strings.Contains(strings.Join(strings.Fields(seen), " "), request) {
		t.Errorf("%s: Bob is not told what he is asked:\n%s", line, seen)
	}
	for _, c := range hand {
		if strings.Contains(seen, c) {
			t.Errorf("%s: Ann's %s is in sight while Bob is asked:\n%s", line, c, seen)
		}
	}
	term.send("no\r")
	scr = term.waitFor("Ann, press Enter")
	if text := strings.Join(scr, "\n"); !strings.Contains(text, "Bob does not agree: nothing changes.") {
		t.Errorf("%s: the answer is not in sight at the pause:\n%s", line, text)
	}
	term.send("\r")
	if got := handShown(term.waitFor("Ann>"), "Ann"); len(got) != 13 {
		t.Errorf("%s changed the game: Ann holds %v", line, got)
	}
}

// At a table of two people nobody changes who plays a seat to see a hand
// that is not his, nor makes another person's moves, unless the other
// agrees: handing Bob's seat to a bot, making a bot's seat a person's,
// and run ask Bob (who says no: nothing changes); step at Bob's keyboard
// does not make Ann's move; and seat 3 stays a bot's, whose hand no one
// sees. A person hands his own seat to a bot and takes it back without
// asking anyone.
func TestSeatChangesNeedConsent(t *testing.T) {
	t.Parallel()
	term, hand := clubsForTwo(t)
	refused(t, term, hand, "bot 2", "Ann asks to let the bot careful play Bob's seat: it would make Bob's moves from now on.")
	refused(t, term, hand, "human 3", "Ann asks to make South a person's seat: whoever plays it will see what its bot holds.")
	refused(t, term, hand, "run", "Ann asks to let the bots finish the game: they would make every person's moves.")
	term.mark()
	term.send("seat 3\r")
	term.waitNew("South is played by a bot: what it holds is no one's to see")

	term.send("seat 2\r")
	term.waitFor("Bob, press Enter")
	term.send("\r")
	term.waitFor("Bob>")
	term.mark()
	term.send("step\r")
	term.waitNew("It is Ann's move, Ann's to make: step makes only your own moves and the bots'")
	term.send("seat 1\r")
	term.waitFor("Ann, press Enter")
	term.send("\r")
	if got := handShown(term.waitFor("Ann>"), "Ann"); len(got) != 13 {
		t.Fatalf("step made Ann's move: she holds %v", got)
	}

	// Ann's own seat: to a bot and back, nobody asked.
	term.mark()
	term.send("bot\r")
	term.waitFor("Bob, press Enter")
	term.send("\r")
	term.waitFor("Bob>")
	term.send("human 1\r")
	term.waitNew("Ann is played by ann now.")
	if out := term.since(); strings.Contains(out, "do you agree") {
		t.Errorf("a person was asked about Ann's own seat:\n%s", out)
	}
}
