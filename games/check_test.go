package games

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/sim"
	"github.com/tabletop/tabletop/stdlib"
)

// checkGames is the number of random games played per game script and
// player count; TABLETOP_CHECK_GAMES overrides it (.ci/run sets 25 in a
// run of its own; a deeper search sets more, or uses `tabletop check -n`).
func checkGames(t *testing.T) int {
	if s := os.Getenv("TABLETOP_CHECK_GAMES"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("TABLETOP_CHECK_GAMES=%q is not a positive number", s)
		}
		return n
	}
	if testing.Short() {
		return 3
	}
	return 6
}

// gameScripts lists the game scripts in this folder: every .lua file that
// is not a test nor a game's bots (IsScript) and returns a game table
// (modules such as a board map are skipped).
func gameScripts(t *testing.T) map[string]*interp.Engine {
	files, err := filepath.Glob("*.lua")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*interp.Engine{}
	for _, f := range files {
		if !IsScript(f) {
			continue
		}
		e, err := interp.Load(f, stdlib.FS())
		if err != nil {
			if strings.Contains(err.Error(), "must return its game table") || strings.Contains(err.Error(), "play(t) function") {
				continue
			}
			t.Errorf("%s: %v", f, err)
			continue
		}
		out[f] = e
	}
	return out
}

// TestRandomPlayKeepsInvariants plays random games of every script at every
// player count, checking after every decision that the script did not fail,
// every card is in exactly one place, pieces are conserved, pads add up, no
// seat could read a card it may not see, and that the game ends; each game's
// save is replayed to prove it deterministic.
func TestRandomPlayKeepsInvariants(t *testing.T) {
	n := checkGames(t)
	for name, e := range gameScripts(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			rep, err := sim.Check(sim.CheckConfig{Engine: e, Games: n, Seed: 1, SaveDir: t.TempDir(), Jobs: 1})
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			rep.WriteText(&b)
			if rep.Failed() {
				t.Fatalf("\n%s", b.String())
			}
			t.Logf("%d games, %d decisions, %v", rep.Games, rep.Decisions, rep.Elapsed)
		})
	}
}
