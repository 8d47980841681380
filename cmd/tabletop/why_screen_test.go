package main

// why and reload at an 80×24 terminal: the rule that wrote a line of the
// log, its source cut to the screen's width; a rule changed while the game
// goes on, what reload says staying in sight above the next screen.

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestWhyOnScreen finishes a game of Clubs (short) and asks why of the
// last line of the log, a hand's scores: the screen shows the line of
// games/clubs.lua that wrote it (the variant requires the game), the
// lines around it, each cut to the width, and the rulebook's sections
// the script cites there.
func TestWhyOnScreen(t *testing.T) {
	t.Parallel()
	term := startTerminal(t, "play", "../../games/clubs_short.lua", "--seed", "3", "--seats", "me,bot,bot,bot", "--autosave", "")
	term.waitFor("North>")
	term.send("run\r")
	term.waitFor("Game over")
	term.mark()
	term.send("why\r")
	scr := term.waitNew("t:log(\"Hand %d scores")
	text := strings.Join(scr, "\n")
	head := regexp.MustCompile(`(?m)^\.\./\.\./games/clubs\.lua:(\d+) \[Scoring\] \[Twist #2\]$`).FindStringSubmatch(text)
	if head == nil {
		t.Fatalf("no place with its citation on the screen:\n%s", text)
	}
	if !regexp.MustCompile(`(?m)^Line \d+: Hand \d+ scores: North -?\d+, East -?\d+, South -?\d+, West -?\d+`).MatchString(text) {
		t.Errorf("the line asked about is not on the screen:\n%s", text)
	}
	marked := lineWith(scr, "> "+head[1]+"  ")
	if !strings.Contains(marked, `t:log("Hand %d scores: %s%s", hand_no,`) || !strings.HasSuffix(marked, "…") {
		t.Errorf("the line that wrote it is not marked, or not cut to the width: %q\n%s", marked, text)
	}
	// three lines of the script above it and three below, numbered
	n := 0
	for _, l := range scr {
		if regexp.MustCompile(`^[ >] \d+(  |$)`).MatchString(l) {
			n++
		}
		if w := utf8.RuneCountInString(l); w > cols {
			t.Errorf("a line runs past the width (%d): %q", w, l)
		}
	}
	if n != 7 {
		t.Errorf("%d lines of the script, want 7:\n%s", n, text)
	}
	last := len(scr) - 1
	for last > 0 && scr[last] == "" {
		last--
	}
	if scr[last] != "North>" {
		t.Errorf("the prompt is not the last line after why:\n%s", text)
	}
}

// TestReloadOnScreen changes a rule of a script in the middle of a game
// at a terminal: reload names the decision that no longer fits, and the
// next screen leaves that in sight above it.
func TestReloadOnScreen(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	script := filepath.Join(dir, "count.lua")
	const game = `local Game = { title = "Count", players = { 2, 2 }, seats = { "Left", "Right" } }
function Game.choices(count)
  return { "add 1", "add 2", "add 3" }
end
function Game.play(t)
  local count = 0
  t:log("The count starts at 0")
  while count < 30 do
    for _, seat in ipairs(t:seats()) do
      local c = t:ask(seat, Game.choices(count), "add to the count")
      count = count + tonumber(c:sub(5))
      t:log("%p adds, making %d", seat, count)
    end
  end
  return { winners = { 1 } }
end
return Game
`
	if err := os.WriteFile(script, []byte(game), 0o644); err != nil {
		t.Fatal(err)
	}
	term := startTerminal(t, "play", script, "--seed", "1", "--seats", "me,bot:random", "--autosave", "")
	term.waitFor("Left>")
	term.mark()
	term.send("add 3\r")
	term.waitNew("Left>")
	// never 2 onto an odd count
	strict := strings.Replace(game, `  return { "add 1", "add 2", "add 3" }`, `  if count % 2 == 1 then return { "add 1", "add 3" } end
  return { "add 1", "add 2", "add 3" }`, 1)
	if err := os.WriteFile(script, []byte(strict), 0o644); err != nil {
		t.Fatal(err)
	}
	term.mark()
	term.send("reload\r")
	ask := strings.Join(term.waitNew("Reload? (yes/no)"), "\n")
	if !strings.Contains(strings.Join(strings.Fields(ask), " "), "A changed script could show you what the bots hold, so the game becomes practice") {
		t.Errorf("reload against a bot does not ask to make the game practice:\n%s", ask)
	}
	term.mark()
	term.send("yes\r")
	scr := term.waitNew("your move")
	text := strings.Join(scr, "\n")
	for _, want := range []string{
		"Decision 2 (Right: add ",
		"no longer fits: it is not a legal move there now.",
		"The game goes on from before it: decision 2 is dropped.",
		"Left changes the rules (reload), dropping a decision that no longer fitted: this game is practice.",
		"Left>",
	} {
		if !strings.Contains(text, want) && !strings.Contains(strings.Join(strings.Fields(text), " "), want) {
			t.Errorf("the screen after reload lacks %q:\n%s", want, text)
		}
	}
}
