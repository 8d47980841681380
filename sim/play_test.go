package sim

import (
	"fmt"
	"testing"
)

// Play plays each game as given, and returns the outcomes in that order
// whatever the number of workers; a game that fails says why.
func TestPlayIsOrderedAndRepeatable(t *testing.T) {
	e := load(t, "../games/clubs_short.lua")
	var games []Game
	for i := 0; i < 6; i++ {
		bots := []string{"careful", "random", "random"}
		if i%2 == 1 {
			bots = []string{"random", "careful", "random"}
		}
		games = append(games, Game{Seed: uint64(100 + i/2), Bots: bots})
	}
	games = append(games, Game{Seed: 1, Bots: []string{"random", "random", "nosuch"}})
	var runs []string
	for _, jobs := range []int{1, 3} {
		out := Play(e, nil, games, jobs, 0, nil)
		if len(out) != len(games) {
			t.Fatalf("%d outcomes for %d games", len(out), len(games))
		}
		runs = append(runs, fmt.Sprint(out[:6]))
		if out[6].Err == nil {
			t.Errorf("a game with a bot that does not exist: %+v", out[6])
		}
	}
	if runs[0] != runs[1] {
		t.Errorf("jobs 1:\n%s\njobs 3:\n%s", runs[0], runs[1])
	}
	// Each is the game playOne plays from its seed and bots.
	for k, g := range games[:6] {
		o := playOne(e, nil, 1_000_000, g.Seed, g.Bots)
		if got := Play(e, nil, []Game{g}, 1, 0, nil)[0]; fmt.Sprint(got.Winners, got.Scores, got.Decisions) != fmt.Sprint(o.winners, o.scores, o.decisions) {
			t.Errorf("game %d: %+v, want %+v", k, got, o)
		}
	}
}
