package main

import (
	"strings"
	"testing"
)

// TestRulesFollowOptions plays Clubs at 80×24 with two options set: rules
// and rules TOPIC say the values in force, not the defaults.
func TestRulesFollowOptions(t *testing.T) {
	t.Parallel()
	term := startTerminal(t, "play", "../../games/clubs.lua", "--seed", "3", "--seats", "me,bot,bot,bot",
		"--set", "target=-40", "--set", "scramble_at=-20", "--autosave", "")
	term.waitFor(", your move")
	for _, tc := range []struct{ command, want, not string }{
		{"rules", "falls to -40 or lower", "-100"},
		{"rules winning", "once any total is -40 or lower", "-100"},
		{"rules scramble", "tally for the hand is -20 or worse", "-26"},
	} {
		term.mark()
		term.send(tc.command + "\r")
		term.waitPrompt("North>")
		text := strings.Join(term.screen(), "\n")
		// Joined lines: the rules are word-wrapped to the screen's width.
		flat := strings.Join(strings.Fields(term.since()), " ")
		if !strings.Contains(flat, tc.want) {
			t.Errorf("%s does not say %q:\n%s", tc.command, tc.want, text)
		}
		if strings.Contains(flat, tc.not) {
			t.Errorf("%s says %s, the default:\n%s", tc.command, tc.not, text)
		}
	}
}
