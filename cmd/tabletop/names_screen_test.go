package main

import (
	"strings"
	"testing"
	"time"
)

// TestCluedoNamedSeats plays Haven't a Cluedo as Ann and Bob with two bots
// at 80×24: a bot that moves for Ann (step) finds her character, the
// notebook's columns are headed by the characters' letters and say which
// letter is whom, and the history of suggestions names the players.
func TestCluedoNamedSeats(t *testing.T) {
	t.Parallel()
	term := startTerminal(t, "play", "../../games/cluedo.lua", "--seed", "3", "--seats", "ann,bob,bot,bot", "--autosave", "")
	for _, who := range []string{"Ann", "Bob"} {
		term.waitFor(who + ", press Enter")
		term.send("\r")
		term.waitFor(who + ">")
		term.send("choose any\r")
	}
	// Ann's and Bob's moves and suggestions, made by their seats' bots
	// (step), until Ann has suggested from a room.
	term.waitFor("Ann, press Enter")
	seen := "press Enter>"
	for i := 0; !strings.Contains(seen, "Ann: \"I suggest"); i++ {
		if i == 60 {
			t.Fatalf("Ann made no suggestion in 60 steps:\n%s", seen)
		}
		term.mark()
		if strings.HasSuffix(strings.TrimSpace(seen), "press Enter>") {
			term.send("\r")
		} else {
			term.send("step\r")
		}
		text := term.waitPrompt("Ann>", "Bob>", "press Enter>")
		seen += text
		if strings.Contains(text, "attempt to index") || strings.Contains(text, "bot detective:") {
			t.Fatalf("step for a player's seat:\n%s", text)
		}
	}
	if !strings.Contains(seen, "Ann moves to") || !strings.Contains(seen, "Bob moves to") {
		t.Fatalf("the bots did not move for Ann and Bob:\n%s", seen)
	}
	if strings.HasSuffix(strings.TrimSpace(seen), "press Enter>") {
		term.mark()
		term.send("\r")
		term.waitPrompt("Ann>", "Bob>")
	}
	term.mark()
	term.send("notes\r")
	term.waitNew("not known yet")
	for _, want := range []string{"NOTEBOOK         L A B N  envelope", "  L Ann · A Bob"} {
		if !strings.Contains(term.since(), want) {
			t.Errorf("the notebook lacks %q:\n%s", want, term.since())
		}
	}
	term.send("run\r") // at a shared keyboard the other person must agree
	term.waitFor("do you agree?")
	term.send("yes\r")
	term.waitFor("Bob, press Enter>") // and the keyboard goes back to him
	term.send("\r")
	term.waitFor("Game over")
	term.mark()
	term.send("view\r")
	term.waitNew("Game over")
	view := term.since()
	for _, want := range []string{"Ann plays Cmdr Lehman (L) · Bob plays Prof Anderson (A)", ", Ann: ", "NOTEPAD          L A B N", "L Ann · A Bob"} {
		if !strings.Contains(view, want) {
			t.Errorf("the view lacks %q:\n%s", want, view)
		}
	}
	for _, bad := range []string{"R1 ", " / ", "? ? B N"} {
		if strings.Contains(view, bad) {
			t.Errorf("the view shows %q:\n%s", bad, view)
		}
	}
}

// waitPrompt waits until one of the prompts was written since the last
// mark and the screen is quiet, and returns what was written since.
func (term *terminal) waitPrompt(prompts ...string) string {
	term.t.Helper()
	for range 500 {
		text := term.since()
		for _, p := range prompts {
			if strings.Contains(text, p) {
				term.waitFor(p)
				return term.since()
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	term.t.Fatalf("none of %q came:\n%s", prompts, strings.Join(term.screen(), "\n"))
	return ""
}
