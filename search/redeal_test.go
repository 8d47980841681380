package search

import (
	"testing"

	"github.com/tabletop/tabletop/sim"
)

// TestARedealDropsTheLastRepair: a world dealt again from the beliefs
// starts without the repair made to the deal before, which named the old
// deal's shuffles. Undoing it anyway took the bot down with "index out of
// range" in game 16 of this Cluedo series (and game 32), eleven minutes
// into a 400-game run at 300 ms a decision.
func TestARedealDropsTheLastRepair(t *testing.T) {
	e := loadGame(t, "cluedo")
	rep, err := sim.Run(sim.Config{
		Engine: e, Games: 60, Players: 4, Seed: 1, Rotate: true, Jobs: 1,
		Bots:  []string{"search:200", e.DefaultBot(), e.DefaultBot(), e.DefaultBot()},
		Shard: &sim.Shard{Index: 16, Count: 60},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range rep.Failures() {
		t.Errorf("game %d (seed %d) failed: %.400s", f.Game, f.Seed, f.Error)
	}
}
