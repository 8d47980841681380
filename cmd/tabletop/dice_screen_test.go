package main

// Secret dice at an 80×24 terminal, at a shared keyboard: each player's
// screen shows the dice under his cup and how many the other's hides;
// a call lifts both cups in the log, and the dice thrown again are secret
// again.

import (
	"regexp"
	"strings"
	"testing"
)

var ownCup = regexp.MustCompile(`(Ann|Bob)'s cup: ((\[[1-6]\] )*\[[1-6]\])`)

// cupOn returns the dice under name's cup as its own screen shows them.
func cupOn(t *testing.T, scr []string, name string) string {
	t.Helper()
	for _, l := range scr {
		if m := ownCup.FindStringSubmatch(l); m != nil && m[1] == name {
			return m[2]
		}
	}
	t.Fatalf("%s's dice are not on the screen:\n%s", name, strings.Join(scr, "\n"))
	return ""
}

func TestDiceOnScreen(t *testing.T) {
	t.Parallel()
	term := startTerminal(t, "play", "../../docs/examples/liars_dice/liars_dice.lua", "--seed", "4", "--seats", "ann,bob", "--autosave", "")
	term.waitFor("Ann, press Enter")
	term.send("\r")
	scr := term.waitFor("Ann>")
	checkScreen(t, scr)
	text := strings.Join(scr, "\n")
	ann := cupOn(t, scr, "Ann")
	if !strings.Contains(text, "Dice under cups: Bob 5") || strings.Contains(text, "Bob's cup") {
		t.Errorf("Bob's cup is not shown hidden on Ann's screen:\n%s", text)
	}
	term.send("bid 9 6\r")
	term.waitFor("Bob, press Enter")
	term.send("\r")
	scr = term.waitFor("Bob>")
	checkScreen(t, scr)
	text = strings.Join(scr, "\n")
	bob := cupOn(t, scr, "Bob")
	if strings.Contains(text, "Ann's cup") || !strings.Contains(text, "Dice under cups: Ann 5") || !strings.Contains(text, "Ann bids 9 6s") {
		t.Errorf("Bob's screen:\n%s", text)
	}
	term.mark()
	term.send("liar\r")
	term.waitFor("Ann, press Enter")
	term.send("\r")
	scr = term.waitFor("Ann>")
	checkScreen(t, scr)
	text = strings.Join(scr, "\n")
	for _, want := range []string{"Bob calls Ann a liar", "Ann shows " + ann, "Bob shows " + bob, "Counted: three 6s, the bid was a lie", "Ann loses a die (4 left)"} {
		if !strings.Contains(text, want) {
			t.Errorf("Ann's screen lacks %q:\n%s", want, text)
		}
	}
	if cupOn(t, scr, "Ann"); strings.Contains(text, "Bob's cup") || !strings.Contains(text, "Dice under cups: Bob 5") {
		t.Errorf("Bob's new dice are not hidden from Ann:\n%s", text)
	}
	t.Logf("Ann's screen after the call:\n%s", text)
	term.send("quit\r")
	if err := term.exited(); err != nil {
		t.Errorf("quit: %v", err)
	}
}
