package sim

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/stdlib"
)

// slowGame spends about 30,000 instructions at each of its 30 decisions,
// under a step budget of 100,000, and draws a note that costs as much: a
// checked game, with its replays and drawings, costs about 4 million.
const slowGame = `local Game = { title = "Slow", players = { 2, 3 } }
function Game.play(t)
  t:note("slow", function(seat)
    for i = 1, 30000 do end
    return "slow"
  end)
  for i = 1, 30 do
    t:ask(1, { "a", "b" })
    for i = 1, 30000 do end
  end
  return { winners = {} }
end
return Game`

func slowEngine(t *testing.T, lim interp.Limits) *interp.Engine {
	t.Helper()
	path := filepath.Join(t.TempDir(), "slow.lua")
	if err := os.WriteFile(path, []byte(slowGame), 0o644); err != nil {
		t.Fatal(err)
	}
	e, err := interp.Load(path, stdlib.FS())
	if err != nil {
		t.Fatal(err)
	}
	e.Limits = lim
	return e
}

// TestCheckHasABudget: a script whose every game is slow, though no step
// passes its budget, is checked for a bounded number of instructions: the
// check stops at the game that takes it past its budget, says so, fails,
// and does so the same way whatever the number of workers.
func TestCheckHasABudget(t *testing.T) {
	lim := interp.DefaultLimits
	lim.StepInstructions = 100_000
	e := slowEngine(t, lim)
	var outs []string
	var spent []int64
	for _, jobs := range []int{1, 2} {
		rep, err := Check(CheckConfig{Engine: e, Games: 20, Seed: 1, Jobs: jobs, Budget: 6_000_000, SaveDir: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		if !rep.Failed() || rep.OverBudget == nil {
			t.Fatalf("a check of 40 games of 4 million instructions each passed a budget of 6 million: %+v", rep)
		}
		if rep.Games != 2 || rep.Spent <= 6_000_000 || rep.Spent > 12_000_000 {
			t.Errorf("the check stopped after %d games, having spent %d", rep.Games, rep.Spent)
		}
		var b bytes.Buffer
		rep.WriteText(&b)
		outs = append(outs, dropTiming(b.String()))
		spent = append(spent, rep.Spent)
	}
	if outs[0] != outs[1] || spent[0] != spent[1] {
		t.Errorf("the number of workers changed the check:\n%s\n---\n%s", outs[0], outs[1])
	}
	if !strings.Contains(outs[0], "stopped after 2 of 40 games: they ran more than 6 million instructions") || !strings.Contains(outs[0], "FAILED: the script is too slow to check") {
		t.Errorf("the report does not say why it stopped:\n%s", outs[0])
	}
}

// TestCheckBoundsDrawing: a note that costs nearly a step's budget each
// time it is drawn, drawn after every decision, fails the game once the
// game's drawings have spent their budget, instead of multiplying its cost
// by every decision of every game.
func TestCheckBoundsDrawing(t *testing.T) {
	lim := interp.DefaultLimits
	lim.StepInstructions, lim.DrawInstructions = 100_000, 300_000
	e := slowEngine(t, lim)
	rep, err := Check(CheckConfig{Engine: e, Games: 20, Seed: 1, Jobs: 2, SaveDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Failures) == 0 {
		t.Fatalf("no game failed: %+v", rep)
	}
	if f := rep.Failures[0]; !strings.Contains(f.Err, "slow.lua:4:") || !strings.Contains(f.Err, "300000 instructions drawing this game's notes") {
		t.Errorf("the failure does not name the drawing budget: %s", f.Err)
	}
	if rep.Spent > int64(rep.Games)*3_000_000 {
		t.Errorf("%d games spent %d instructions", rep.Games, rep.Spent)
	}
}
