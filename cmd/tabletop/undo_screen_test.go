package main

// Taking moves back at an 80×24 terminal, as the table's policy says
// (package takeback): never after the end, only one's own moves, and with
// the others' consent once one has seen what followed — asked at the
// shared keyboard on a screen cleared of the asker's hand.

import (
	"strings"
	"testing"
)

// TestUndoAfterTheEndOnScreen finishes a game and types undo: the game
// stays over.
func TestUndoAfterTheEndOnScreen(t *testing.T) {
	t.Parallel()
	term := startTerminal(t, "play", "../../games/clubs_short.lua", "--seed", "3", "--seats", "me,bot,bot,bot", "--autosave", "")
	term.waitFor("North>")
	term.send("run\r")
	term.waitFor("Game over")
	term.mark()
	term.send("undo\r")
	term.waitNew("Cannot take back: the game is over: nothing can be taken back.")
	if out := term.since(); strings.Contains(out, "your move") || strings.Contains(out, "Took back") {
		t.Errorf("the game was reopened:\n%s", out)
	}
}

// TestUndoOwnMovesOnScreen plays Clubs with two people: Bob's undo does
// not take back Ann's move, and Ann's undo after Bob has moved asks Bob,
// on a screen without Ann's hand; his answer and the takeback stay in
// sight above the privacy pause.
func TestUndoOwnMovesOnScreen(t *testing.T) {
	t.Parallel()
	term := startTerminal(t, "play", "../../games/clubs.lua", "--seed", "3", "--seats", "ann,bob,bot,bot", "--autosave", "")
	term.waitFor("Ann, press Enter")
	term.send("\r")
	term.waitFor("Ann>")
	term.send("1\r")
	term.waitFor("Bob, press Enter")
	term.send("\r")
	term.waitFor("Bob>")
	term.mark()
	term.send("undo\r")
	scr := term.waitNew("Cannot take back: you have no move to take back.")
	if out := term.since(); strings.Contains(out, "Took back") || strings.Contains(out, "takes back") {
		t.Fatalf("Bob's undo took a move back:\n%s", out)
	}
	if !strings.Contains(strings.Join(scr, "\n"), "Bob>") {
		t.Fatalf("Bob lost the keyboard:\n%s", strings.Join(scr, "\n"))
	}

	// Bob moves; the bots move; Ann is asked again.
	term.send("1\r")
	term.waitFor("Ann, press Enter")
	term.send("\r")
	scr = term.waitFor("Ann>")
	hand := handShown(scr, "Ann")
	if len(hand) != 12 {
		t.Fatalf("Ann's hand not on her screen:\n%s", strings.Join(scr, "\n"))
	}
	term.mark()
	term.send("undo\r")
	scr = term.waitNew("Bob, do you agree? (yes/no)")
	seen, written := strings.Join(append(term.scrollback(), scr...), "\n"), term.since()
	for _, c := range hand {
		if strings.Contains(seen, c) || strings.Contains(written, c) {
			t.Errorf("Ann's %s shows while Bob is asked:\n%s", c, seen)
		}
	}
	if !strings.Contains(seen, "Ann asks to take back a move: Ann has seen what followed") || !strings.Contains(seen, "and Bob's move would go too") {
		t.Errorf("Bob is not told what he is asked:\n%s", seen)
	}
	term.send("no\r")
	scr = term.waitFor("Ann, press Enter")
	if text := strings.Join(scr, "\n"); !strings.Contains(text, "Bob does not agree: the move stands.") {
		t.Errorf("the answer is not in sight at the pause:\n%s", text)
	}
	term.send("\r")
	scr = term.waitFor("Ann>")
	if got := handShown(scr, "Ann"); len(got) != 12 {
		t.Fatalf("the move did not stand:\n%s", strings.Join(scr, "\n"))
	}

	term.send("undo\r")
	term.waitFor("Bob, do you agree? (yes/no)")
	term.send("yes\r")
	scr = term.waitFor("Ann, press Enter")
	if text := strings.Join(scr, "\n"); !strings.Contains(text, "Ann takes back") || !strings.Contains(text, "as everyone agreed") {
		t.Errorf("the takeback is not announced at the pause:\n%s", text)
	}
	term.send("\r")
	scr = term.waitFor("Ann>")
	text := strings.Join(scr, "\n")
	if got := handShown(scr, "Ann"); len(got) != 13 || !strings.Contains(text, "Ann takes back") {
		t.Errorf("Ann is not back before her move, or her screen does not say why:\n%s", text)
	}
}

// TestUndoAfterATallyOnScreen votes in Das Regeln Wir Schon! against
// bots and takes the vote back once the votes were shown: not without a
// word, but as practice, if the player says so.
func TestUndoAfterATallyOnScreen(t *testing.T) {
	t.Parallel()
	term := startTerminal(t, "play", "../../games/das_regeln_wir_schon.lua", "--seed", "7", "--seats", "me,bot,bot,bot", "--autosave", "")
	term.waitFor("Player 1>")
	for _, move := range []string{"1", "1", "1"} { // the starting chips, a secret prediction, a vote
		term.mark()
		term.send(move + "\r")
		term.waitNew("Player 1>")
	}
	term.mark()
	term.send("log 12\r")
	term.waitNew("Votes: ") // the tally after the vote
	term.mark()
	term.send("undo\r")
	scr := term.waitNew("Take it back? (yes/no)")
	if text := strings.Join(scr, "\n"); !strings.Contains(text, "the secret choices revealed") || !strings.Contains(text, "practice game") {
		t.Errorf("the question does not say why:\n%s", text)
	}
	term.send("no\r")
	term.waitFor("The move stands.")
	if strings.Contains(term.since(), "Took back") {
		t.Errorf("the vote was taken back:\n%s", term.since())
	}
}

// handShown is the cards of who's hand on a screen, as its line lists them.
func handShown(scr []string, who string) []string {
	prefix := who + "'s hand: "
	return strings.Fields(strings.TrimPrefix(lineWith(scr, prefix), prefix))
}
