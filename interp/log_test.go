package interp

import (
	"strings"
	"testing"
)

// renamer logs lines naming seats, cards and values, renames a seat, and
// logs again: the lines are rendered only when read.
const renamer = `
local G = { title = "Renamer", players = {2, 2} }
function G.play(t)
  local deck = t:zone { name = "deck", visibility = "all" }
  local cards = t:cards({ { name = "A", label = "Ace" }, { name = "B", label = "Bee" } }, deck)
  local named = setmetatable({}, { __tostring = function() return "a named thing" end })
  t:log("%p holds %s and %s; %d%% of %s, %s, %s", 1, cards[1], cards, 7, 2.5, named, true)
  t:tell(2, "just for %p", 2)
  t:set_name(1, "Queen")
  t:log("now %p", 1)
  t:event("all", { kind = "e", card = cards[2] }, "%p sees %s", 1, cards[2])
  local text = t:format("%p: %s", 2, cards)
  t:log("formatted: %s", text)
  t:ask(1, { "go" })
end
return G
`

func TestLogLinesRenderAsWritten(t *testing.T) {
	_, m := startMatch(t, "renamer.lua", renamer, Config{Players: 2})
	if m.log.Pending() == 0 {
		t.Fatal("the lines were rendered before anyone read them")
	}
	var got []string
	for _, l := range m.LogFor(1, 0) {
		got = append(got, l.Text)
	}
	want := []string{
		"Player 1 holds Ace and Ace Bee; 7% of 2.5, a named thing, true",
		"now Queen",
		"Queen sees Bee",
		"formatted: Player 2: Ace Bee",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("seat 1 reads:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if m.log.Pending() != 1 {
		t.Errorf("%d lines wait to be rendered; seat 2's own line should", m.log.Pending())
	}
	if all := m.Log(); len(all) != 5 || all[1].Text != "just for Player 2" || m.log.Pending() != 0 {
		t.Errorf("the whole log: %d lines, %q, %d pending", len(all), all[1].Text, m.log.Pending())
	}
	if d := m.Log()[3].Data; d["card"] != "B" {
		t.Errorf("event data: %v", d)
	}
	// the seats each line names: by %p, not by the text t:format made
	for i, want := range []SeatSet{SeatSet(0).With(1), SeatSet(0).With(2), SeatSet(0).With(1), SeatSet(0).With(1), 0} {
		if got := m.Log()[i].Names; got != want {
			t.Errorf("line %d (%q) names %b, not %b", i, m.Log()[i].Text, got, want)
		}
	}
}

func TestLogErrorsAreReportedWhereWritten(t *testing.T) {
	for format, want := range map[string]string{
		`t:log("%q", 1)`:  "unknown verb %q",
		`t:log("%s", {})`: "%s was given a table",
		`t:log("%p", 9)`:  "a seat number 1..2 expected",
	} {
		src := strings.Replace(renamer, `t:ask(1, { "go" })`, format, 1)
		e, err := LoadSource("bad.lua", []byte(src), nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.NewMatch(Config{Players: 2}); err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "bad.lua:14:") {
			t.Errorf("%s: %v", format, err)
		}
	}
}
