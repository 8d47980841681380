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

// TestStewardShortlist: Members Only's steward names, after each bet it
// chooses, every option of the decision by expected gain, its choice
// first (the list bot:search narrows a bet to); other decisions it
// leaves unlisted.
func TestStewardShortlist(t *testing.T) {
	e, err := interp.Load("members_only.lua", stdlib.FS(), lib.Modules()...)
	if err != nil {
		t.Fatal(err)
	}
	m, err := e.NewMatch(interp.Config{Players: 4, Seed: 5}, interp.Silent)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	bots := map[int]interp.Bot{}
	bets := 0
	for p := m.Prompt(); p != nil && bets < 20; p = m.Prompt() {
		b := bots[p.Seat]
		if b == nil {
			if b, err = e.NewBot("steward", p.Seat, uint64(p.Seat)); err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			bots[p.Seat] = b
		}
		i, err := b.Choose(m)
		if err != nil {
			t.Fatal(err)
		}
		list := b.(interp.Shortlister).Shortlist()
		if p.Options[0] == "pass" && len(p.Options) > 1 {
			bets++
			if len(list) != len(p.Options) || list[0] != i {
				t.Errorf("a bet of %d options: chose %d, listed %v", len(p.Options), i, list)
			}
		} else if list != nil {
			t.Errorf("%q: listed %v", p.Options, list)
		}
		if err := m.Step(i); err != nil {
			t.Fatal(err)
		}
	}
	if bets < 20 {
		t.Errorf("only %d bets seen", bets)
	}
}
