package games

import (
	"testing"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/lib"
	"github.com/tabletop/tabletop/sim"
	"github.com/tabletop/tabletop/stdlib"
)

// TestBotsBeatRandom plays each game's default bot in seat 1 against random
// bots and requires it to win at least twice its fair share. Simulations are
// deterministic for a seed, so this cannot flake; the figures in the notes
// come from `tabletop sim` with more games.
func TestBotsBeatRandom(t *testing.T) {
	for _, tc := range []struct {
		script  string
		players int
		games   int
	}{
		{"clubs.lua", 4, 60},
		{"members_only.lua", 4, 40},
		{"andy_capp.lua", 4, 30},
		{"cluedo.lua", 4, 30},
		{"das_regeln_wir_schon.lua", 4, 40},
	} {
		t.Run(tc.script, func(t *testing.T) {
			t.Parallel()
			if testing.Short() {
				tc.games /= 3
			}
			e, err := interp.Load(tc.script, stdlib.FS(), lib.Modules()...)
			if err != nil {
				t.Fatal(err)
			}
			bot := e.DefaultBot()
			if bot == "random" {
				t.Fatalf("%s has no bot of its own", tc.script)
			}
			rep, err := sim.Run(sim.Config{Engine: e, Games: tc.games, Players: tc.players, Seed: 1, Jobs: 1, Bots: []string{bot, "random"}})
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Failures()) > 0 {
				t.Fatalf("games failed: %+v", rep.Failures())
			}
			fair := 1 / float64(tc.players)
			won, score := rep.Row("win:"+bot).A, rep.Row("score:"+bot).A
			if got := float64(won.Mean); got < 2*fair {
				t.Errorf("bot %s won %.0f%% of %d games against random bots; want at least %.0f%%", bot, 100*got, tc.games, 200*fair)
			}
			t.Logf("bot %s: %.0f%% wins, mean score %.1f (random seats %.1f)", bot, 100*won.Mean, score.Mean, rep.Row("score:random").A.Mean)
		})
	}
}

// TestShortlists: where a game's bot names a shortlist after its choice
// (the options bot:search narrows a decision to), the list is its choice
// first and then other options, each once; and it names none for the
// decisions it leaves the search to weigh in full. Members Only's steward lists
// every option of a bet by expected gain and leaves reveals and discards
// unlisted; Andy Capp's regular bot lists six options of a turn (its
// choice and the five the search weighs beside it by default), fewer when
// fewer are offered, and leaves answers unlisted.
func TestShortlists(t *testing.T) {
	for _, tc := range []struct {
		script, bot string
		// want is how many options a decision offering these lists
		// (0: none, the decision is unlisted).
		want func(options []string) int
	}{
		{"members_only.lua", "steward", func(o []string) int {
			if o[0] == "pass" && len(o) > 1 { // a bet
				return len(o)
			}
			return 0
		}},
		{"andy_capp.lua", "regular", func(o []string) int {
			if len(o) == 1 || o[len(o)-1] == "pass" { // one option, or an answer
				return 0
			}
			return min(6, len(o))
		}},
	} {
		t.Run(tc.script, func(t *testing.T) {
			listed := playListing(t, tc.script, tc.bot, 200, func(p *interp.Prompt, chose int, list []int) bool {
				want := tc.want(p.Options)
				if want == 0 {
					if list != nil {
						t.Errorf("%q: listed %v, want no list", p.Options, list)
					}
					return false
				}
				seen := map[int]bool{}
				for _, i := range list {
					if seen[i] || i < 0 || i >= len(p.Options) {
						t.Errorf("%d options: listed %v, an option twice or out of range", len(p.Options), list)
					}
					seen[i] = true
				}
				if len(list) != want || list[0] != chose {
					t.Errorf("%d options: chose %d, listed %v; want %d options, the choice first", len(p.Options), chose, list, want)
				}
				return true
			})
			if listed < 20 {
				t.Errorf("only %d listed decisions seen in 200", listed)
			}
		})
	}
}

// playListing plays decisions of a four-player game by its bot named bot
// in every seat and calls check with each decision, the option chosen and
// the shortlist named; it returns how many decisions check counted.
func playListing(t *testing.T, script, bot string, decisions int, check func(*interp.Prompt, int, []int) bool) int {
	t.Helper()
	e, err := interp.Load(script, stdlib.FS(), lib.Modules()...)
	if err != nil {
		t.Fatal(err)
	}
	m, err := e.NewMatch(interp.Config{Players: 4, Seed: 5}, interp.Silent)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	bots := map[int]interp.Bot{}
	counted := 0
	for p := m.Prompt(); p != nil && decisions > 0; p = m.Prompt() {
		decisions--
		b := bots[p.Seat]
		if b == nil {
			if b, err = e.NewBot(bot, p.Seat, uint64(p.Seat)); err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			bots[p.Seat] = b
		}
		i, err := b.Choose(m)
		if err != nil {
			t.Fatal(err)
		}
		if check(p, i, b.(interp.Shortlister).Shortlist()) {
			counted++
		}
		if err := m.Step(i); err != nil {
			t.Fatal(err)
		}
	}
	return counted
}
