package server

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"golang.org/x/time/rate"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/stdlib"
)

// optionsGame is a game whose options are of every kind.
const optionsGame = `
local G = { title = "Kinds", players = { 2, 2 }, options = {
  pace = { default = "slow", choices = { "slow", "fast" }, help = "how fast" },
  rounds = { default = 3, min = 1, max = 9, integer = true, help = "how many" },
  loud = { default = false, help = "shout" },
  motto = { default = "hi", help = "what to say" },
} }
function G.play(t) t:ask(1, { "go" }) return { winners = {} } end
return G`

// kindsGames are the built-in games and optionsGame.
func kindsGames(t *testing.T) []Game {
	eng, err := interp.LoadSource("kinds.lua", []byte(optionsGame), stdlib.FS())
	if err != nil {
		t.Fatal(err)
	}
	return append(append([]Game(nil), testGames(t)...), Game{Name: "kinds", Engine: eng})
}

// TestLobbyListsOptionKinds: the lobby is told what values each option
// takes, to offer a select, a number input within bounds or a checkbox.
func TestLobbyListsOptionKinds(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf, Games: kindsGames(t)})
	res, err := http.Get(f.http.URL + "/api/games")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var list []gameJSON
	if err := json.NewDecoder(res.Body).Decode(&list); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, g := range list {
		for _, o := range g.Options {
			b, _ := json.Marshal(o)
			got[g.Name+"."+o.Name] = string(b)
		}
	}
	for key, want := range map[string]string{
		"clubs.target":         `{"name":"target","default":"-100","kind":"number","help":"the game ends after a hand in which a total reaches this or lower","values":"a whole number from -10000 to -1","min":-10000,"max":-1,"integer":true}`,
		"andy_capp.always_ask": `"kind":"boolean"`,
		"cluedo.characters":    `"kind":"text"`,
		"kinds.pace":           `{"name":"pace","default":"slow","kind":"choice","help":"how fast","values":"one of slow, fast","choices":["slow","fast"]}`,
		"kinds.rounds":         `"values":"a whole number from 1 to 9","min":1,"max":9,"integer":true`,
	} {
		if !strings.Contains(got[key], want) {
			t.Errorf("%s: got %s, want %s", key, got[key], want)
		}
	}
}

// TestLobbyRefusesOptionsOutsideTheirValues: a table asked for with an
// option outside its values is refused with what the values are.
func TestLobbyRefusesOptionsOutsideTheirValues(t *testing.T) {
	f := newFixture(t, "", Config{Rate: rate.Inf, Games: kindsGames(t)})
	for _, c := range []struct {
		game                string
		players             int
		option, value, want string
	}{
		{"clubs", 3, "target", "5", "option target: 5 is not a whole number from -10000 to -1"},
		{"kinds", 2, "pace", "medium", `option pace: "medium" is not one of slow, fast`},
		{"kinds", 2, "rounds", "2.5", "option rounds: 2.5 is not a whole number from 1 to 9"},
		{"kinds", 2, "loud", "yes", `option loud: "yes" must be true or false`},
	} {
		b, _ := json.Marshal(createRequest{Game: c.game, Players: c.players, Options: map[string]string{c.option: c.value}})
		res, err := http.Post(f.http.URL+"/api/tables", "application/json", bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		var e map[string]string
		json.NewDecoder(res.Body).Decode(&e)
		res.Body.Close()
		if res.StatusCode != http.StatusBadRequest || !strings.Contains(e["error"], c.want) {
			t.Errorf("%s %s=%s: %s %q, want 400 with %q", c.game, c.option, c.value, res.Status, e["error"], c.want)
		}
	}
}

// TestBrowserLobbyOffersOptionValues: in the lobby a choice option is a
// select of its choices, a number option a number input within its
// bounds, and what a person picks is what the table is made with.
func TestBrowserLobbyOffersOptionValues(t *testing.T) {
	bctx := browser(t)
	f := newFixture(t, "", Config{Rate: rate.Inf, Games: kindsGames(t)})
	err := chromedp.Do(bctx, chromedp.Navigate(f.http.URL+"/"), chromedp.WaitVisible("#seats .seat-row"),
		chromedp.Click(`.game-button[data-game="kinds"]`), chromedp.WaitVisible(`#options select[data-option="pace"]`))
	if err != nil {
		t.Fatal(err)
	}
	read := func(js string) string {
		t.Helper()
		v, err := chromedp.Run(bctx, chromedp.Evaluate[string](js))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	pace := read(`[...document.querySelectorAll('#options select[data-option="pace"] option')].map(o => o.value).join(",")`)
	rounds := read(`(() => { const i = document.querySelector('#options input[data-option="rounds"]'); return [i.type, i.min, i.max, i.step, i.value].join(","); })()`)
	loud := read(`document.querySelector('#options input[data-option="loud"]').type`)
	if pace != "slow,fast" || rounds != "number,1,9,1,3" || loud != "checkbox" {
		t.Errorf("pace %q, rounds %q, loud %q; want a select of slow,fast, a number input 1..9 by 1 at 3, a checkbox", pace, rounds, loud)
	}
	err = chromedp.Do(bctx, chromedp.SetValue(`#options select[data-option="pace"]`, "fast"),
		chromedp.Click("#create"), chromedp.WaitVisible("#invite"))
	if err != nil {
		t.Fatal(err)
	}
	tables := f.srv.tableList()
	if len(tables) != 1 {
		t.Fatalf("%d tables, want 1", len(tables))
	}
	tb := tables[0]
	tb.mu.Lock()
	got := tb.m.Config.Options["pace"]
	tb.mu.Unlock()
	if got != "fast" {
		t.Errorf("the table was made with pace=%q, want fast", got)
	}
}
