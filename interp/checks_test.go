package interp

import (
	"fmt"
	"strings"
	"testing"
)

// checkedGame is a two-seat game whose play runs body after one decision
// (line 4 of the script is the decision, body starts at line 5).
func checkedGame(body string) string {
	return fmt.Sprintf(`local G = { title = "Checked", players = { 2, 2 } }
function G.play(t)
  local deck = t:zone { name = "deck", visibility = "all" }
  t:ask(1, { "go" })
%s
end
return G
`, body)
}

// runChecked plays checkedGame(body) to its end (or error) and returns
// the match.
func runChecked(t *testing.T, body string) *Match {
	t.Helper()
	_, m := startMatch(t, "checked.lua", checkedGame(body), Config{Players: 2})
	if m.Err() == nil {
		_ = m.Apply(1, "go")
	}
	return m
}

// TestResultsAreChecked: what play returns is a result — winners that are
// distinct seats, a score for every seat — or the game stops with an error
// at the line of the return, instead of "nobody wins", "Player 1 and
// Player 1 share the win" or scores padded with 0.
func TestResultsAreChecked(t *testing.T) {
	for _, c := range []struct {
		body, want string
	}{
		{`  return { winners = { 3 } }`, `checked.lua:5: play's winner 1 is 3, not a seat (the game has seats 1 to 2)`},
		{`  return { winners = { 1, 1 } }`, `checked.lua:5: play's winners name seat 1 (Player 1) twice`},
		{`  return { winners = { 1.5 } }`, `checked.lua:5: play's winner 1 is 1.5, not a seat`},
		{`  return { winners = { "1" } }`, `checked.lua:5: play's winner 1 is "1", not a seat`},
		{`  return { winners = { 1 }, scores = { 5 } }`, `checked.lua:5: play's scores has 1 entries for 2 seats`},
		{`  return { winners = { 1 }, scores = { [2] = 5 } }`, `checked.lua:5: play's score for seat 1 is nil, not a number`},
		{`  return { winners = { 1 }, scores = { 1, 2, x = 3 } }`, `checked.lua:5: play's scores must be a list, but it has the key "x"`},
		{`  return { winners = { 1 }, scores = { 1, "2" } }`, `checked.lua:5: play's score for seat 2 is "2", not a number`},
		{`  return { winners = { 1 }, scores = { 1, 0/0 } }`, `checked.lua:5: play's score for seat 2 is`},
		{`  return { winners = { 1 }, scores = 3 }`, `checked.lua:5: play's scores must be a list of numbers by seat, not 3`},
		{`  return { winner = { 1 } }`, `checked.lua:5: play's result has no field "winner" (it has winners and scores)`},
		{`  return { scores = { 1, 2 } }`, `checked.lua:5: play's winners must be a list of seats (an empty list when nobody wins), not nil`},
		{`  return { winners = 1 }`, `checked.lua:5: play's winners must be a list of seats`},
		{`  return 1`, `checked.lua:5: play's result is 1, not { winners = { seats }, scores = { by seat } }`},
		{`  return`, `checked.lua:5: play ended without a result`},
		{`  local nothing = 1`, `checked.lua:6: play ended without a result`}, // falls off play's end
		{"  local function finish() return { winners = { 9 } } end\n  return finish()", `checked.lua:5: play's winner 1 is 9`},
	} {
		m := runChecked(t, c.body)
		if m.Err() == nil || !strings.Contains(m.Err().Error(), c.want) {
			t.Errorf("%s: got %v, want an error with %q", c.body, m.Err(), c.want)
		}
		if m.Done() {
			t.Errorf("%s: the game is over, want it stopped by the error", c.body)
		}
	}
	for _, c := range []struct {
		body    string
		winners []int
		scores  []float64
	}{
		{`  return { winners = {} }`, nil, []float64{0, 0, 0}},
		{`  return { winners = { 2, 1 }, scores = { -3, 4.5 } }`, []int{2, 1}, []float64{0, -3, 4.5}},
	} {
		m := runChecked(t, c.body)
		if m.Err() != nil || !m.Done() {
			t.Fatalf("%s: %v", c.body, m.Err())
		}
		r := m.Result()
		if fmt.Sprint(r.Winners) != fmt.Sprint(c.winners) || fmt.Sprint(r.Scores) != fmt.Sprint(c.scores) {
			t.Errorf("%s: got %v %v, want %v %v", c.body, r.Winners, r.Scores, c.winners, c.scores)
		}
	}
}

// TestCallsAreChecked: a table where a string is expected, an unknown
// field in a table of named arguments, more arguments than a method takes
// — each is refused at the script's line rather than read as absent.
func TestCallsAreChecked(t *testing.T) {
	for _, c := range []struct {
		body, want string
	}{
		// t:ask's third argument.
		{`  t:ask(1, { "a" }, { hnit = "x" })`, `checked.lua:5: bad argument #4 to ask (the prompt's table has no field "hnit" (its fields: hint, verb, secret, group))`},
		{`  t:ask(1, { "a" }, { hint = {} })`, `checked.lua:5: bad argument #4 to ask (hint must be a string, not a table)`},
		{`  t:ask(1, { "a" }, { verb = true })`, `bad argument #4 to ask (verb must be a string, not true)`},
		{`  t:ask(1, { "a" }, { secret = 1 })`, `bad argument #4 to ask (secret must be true or false, not 1)`},
		{`  t:ask(1, { "a" }, true)`, `bad argument #4 to ask (the hint must be a string or a table {hint=, verb=, secret=}, not true)`},
		{`  t:ask(1, { "a" }, "h", "extra")`, `checked.lua:5: t:ask takes at most 3 arguments (seat, options, how), got 4`},
		// t:ask_all and t:offer, written in Lua, say the same.
		{`  t:ask_all({ 1, 2 }, { "a" }, { vreb = "x" })`, `checked.lua:5: bad argument #4 to ask_all (the hint's table has no field "vreb" (its fields: hint, verb))`},
		{`  t:ask_all({ 1, 2 }, { "a" }, "h", 2)`, `checked.lua:5: t:ask_all takes at most 3 arguments (seats, options, hint), got 4`},
		{`  t:ask_all(1, { "a" })`, `checked.lua:5: bad argument #2 to ask_all (a list of seats expected, not 1)`},
		{`  t:ask_all({ 1, 3 }, { "a" })`, `bad argument #2 to ask_all (a list of seat numbers 1..2 expected; item 2 is 3)`},
		{`  t:ask_all({ 1 }, "a")`, `bad argument #3 to ask_all (the options must be a list or a function(seat) returning one, not "a")`},
		{`  t:offer({ 1 }, { "x" }, { hint = "h", secret = true })`, `checked.lua:5: bad argument #4 to offer (the hint's table has no field "secret"`},
		{`  t:offer({ 1 }, { "x" }, "h", "yes")`, `checked.lua:5: bad argument #5 to offer (always must be true or false, not "yes")`},
		{`  t:offer({ 1 }, { "x" }, "h", true, 1)`, `checked.lua:5: t:offer takes at most 4 arguments (seats, options, hint, always), got 5`},
		// The specs of the table's objects.
		{`  t:zone { name = "z", lable = "Z" }`, `checked.lua:5: bad argument #2 to zone (a zone's spec has no field "lable" (its fields: name, label, owner, visibility, shown))`},
		{`  t:zone { name = "z", owner = "1" }`, `bad argument #2 to zone (owner must be a number, not "1")`},
		{`  t:zone { name = "z", owner = 3 }`, `bad argument #2 to zone (owner must be a seat number 1..2, not 3)`},
		{`  t:zone { name = {} }`, `bad argument #2 to zone (name must be a string, not a table)`},
		{`  t:zone { name = "z", shown = "no" }`, `bad argument #2 to zone (shown must be true or false, not "no")`},
		{`  t:zone "z"`, `bad argument #2 to zone (a zone's spec must be a table {name=, label=, owner=, visibility=, shown=}, not "z")`},
		{`  t:pool { name = "p", kinds = { "a" }, suply = 3 }`, `bad argument #2 to pool (a pool's spec has no field "suply"`},
		{`  t:pool { name = "p", kinds = { "a" }, supply = { b = 3 } }`, `bad argument #2 to pool (supply has no field "b" (its fields: a))`},
		{`  t:pool { name = "p", kinds = { "a", 2 } }`, `bad argument #2 to pool (kinds must be a list of names; kind 2 is 2)`},
		{`  t:track { name = "tr", min = "0", max = 5 }`, `bad argument #2 to track (min must be a number, not "0")`},
		{`  t:track { name = "tr", max = 5, start = 1.5 }`, `bad argument #2 to track (start must be a whole number, not 1.5)`},
		{`  t:pad { name = "p", lable = "x" }`, `bad argument #2 to pad (a pad's spec has no field "lable"`},
		{`  t:board { map = "..", legend = { ["."] = "corridor" }, titel = "x" }`, `bad argument #2 to board (a board's spec has no field "titel"`},
		{`  t:board { map = "..", legend = { ["."] = { room = "r", colour = "red" } } }`, `checked.lua:5: board legend: ".": a table entry has no field "colour"`},
		{`  local b = t:board { map = "..", legend = { ["."] = "corridor" } } b:token { name = "k", glpyh = "K" }`, `bad argument #2 to token (a token's spec has no field "glpyh"`},
		{`  local b = t:board { map = "..", legend = { ["."] = "corridor" } } b:token { name = "k", glyph = "K", at = "a1" } b:reachable("k", 1, { mdoe = "king" })`, `bad argument #4 to reachable (the options has no field "mdoe"`},
		// Arguments past those a method takes.
		{`  deck:sort("rank", "descending")`, `checked.lua:5: zone:sort takes at most 1 argument (field), got 2`},
		{`  t:roll(6, 2, 3)`, `checked.lua:5: t:roll takes at most 2 arguments (sides, count), got 3`},
		{`  t:note("k", "x", 1, 2)`, `checked.lua:5: t:note takes at most 3 arguments (key, text, value), got 4`},
		{`  deck:count(1)`, `checked.lua:5: zone:count takes no arguments, got 1`},
		{`  t:pad { name = "p" }:add("row", { 1, 2 }, "note", "more")`, `checked.lua:5: pad:add takes at most 3 arguments (label, scores, note), got 4`},
	} {
		m := runChecked(t, c.body)
		if m.Err() == nil || !strings.Contains(m.Err().Error(), c.want) {
			t.Errorf("%s:\n got %v\nwant an error with %q", c.body, m.Err(), c.want)
		}
	}
}

// TestAskAllTakesWhatAskTakes: t:ask_all's hint may be a table
// {hint=, verb=} as t:ask's is — it used to be dropped, the verb with it.
func TestAskAllTakesWhatAskTakes(t *testing.T) {
	_, m := startMatch(t, "all.lua", `
local G = { title = "All", players = { 2, 2 } }
function G.play(t)
  local deck = t:zone { name = "deck", visibility = "all" }
  local cards = t:cards({ { name = "QS" }, { name = "KS" } }, deck)
  t:ask_all({ 1, 2 }, function(s) return { cards[s] } end, { verb = "pass", hint = "pass a card" })
  return { winners = {} }
end
return G`, Config{Players: 2})
	p := m.Prompt()
	if p == nil || p.Hint != "pass a card" || len(p.Options) != 1 || p.Options[0] != "pass QS" || !p.Secret {
		t.Fatalf("got %+v, want a secret prompt \"pass a card\" offering \"pass QS\"", p)
	}
}

// TestPromptKinds: a prompt says whether it is a turn (t:ask), part of a
// secret choice (t:ask_all) or an answer window (t:offer).
func TestPromptKinds(t *testing.T) {
	_, m := startMatch(t, "kinds.lua", `
local G = { title = "Kinds", players = { 2, 2 } }
function G.play(t)
  t:ask(1, { "turn" })
  t:ask_all({ 1 }, { "secret" })
  t:offer({ 2 }, function() return { "window" } end, "answer?")
  t:ask(2, { "turn again" }, { hint = "h", secret = false })
  return { winners = {} }
end
return G`, Config{Players: 2})
	for _, want := range []string{KindTurn, KindSecret, KindWindow, KindTurn} {
		p := m.Prompt()
		if p == nil {
			t.Fatalf("no prompt; want a %s", want)
		}
		if p.Kind() != want {
			t.Errorf("%v: kind %s, want %s", p.Options, p.Kind(), want)
		}
		if err := m.Step(0); err != nil {
			t.Fatal(err)
		}
	}
	if !m.Done() {
		t.Error("the game did not end")
	}
}

// TestEveryMethodHasItsParameters: the arity check knows every method.
func TestEveryMethodHasItsParameters(t *testing.T) {
	for _, c := range []*class{&tableClass, &zoneClass, &poolClass, &trackClass, &padClass, &boardClass} {
		for _, md := range c.methods {
			if _, ok := methodParams[c.meta+":"+md.name]; !ok {
				t.Errorf("methodParams lists no parameters for %s:%s", c.meta, md.name)
			}
		}
	}
}
