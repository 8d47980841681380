package search

import (
	"fmt"
	"slices"
	"testing"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/lib"
	"github.com/tabletop/tabletop/stdlib"
)

// liarsDice is the example game of secret dice (docs/examples).
func liarsDice(t testing.TB) *interp.Engine {
	t.Helper()
	e, err := interp.LoadFrom(interp.Source{Path: "../docs/examples/liars_dice/liars_dice.lua", Stdlib: stdlib.FS(), Modules: lib.Modules()})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// cupFaces is every cup's faces in m as seat sees them.
func cupFaces(m *interp.Match, seat int) string {
	var out []string
	for _, d := range m.View(seat).Dice {
		out = append(out, fmt.Sprint(d.Faces))
	}
	return fmt.Sprint(out)
}

// otherCups is what the cups of seats 2 and on hold in w.
func otherCups(w *interp.Match) string {
	var out []string
	for _, d := range w.Dice[1:] {
		out = append(out, fmt.Sprint(d.Faces(d.Owner)))
	}
	return fmt.Sprint(out)
}

// TestDiceWorlds: a search bot's worlds of Liar's Dice, after a call has
// lifted the cups and the dice were thrown again, show the seat its own
// dice and every die it saw lifted as they were, and the dice under the
// other cups now guessed afresh — the observation holds none of them.
func TestDiceWorlds(t *testing.T) {
	e := liarsDice(t)
	const seat = 1
	cfg := interp.Config{Players: 3, Seed: 5}
	m := playTo(t, e, cfg, seat, 8)
	defer m.Close()
	if m.Throws() <= 15 {
		t.Fatalf("only %d throws: the test needs a call and a new round", m.Throws())
	}
	s := searcherAt(t, e, m, seat, 3)
	defer s.close()
	obs := s.b.obs
	if len(obs.Dice) != m.Throws() {
		t.Fatalf("the observation holds %d throws, the game made %d", len(obs.Dice), m.Throws())
	}
	for n := 1; n <= m.Throws(); n++ {
		face, seen := m.ThrowSeen(n, seat)
		want := 0
		if seen {
			want = face
		}
		if obs.Dice[n-1] != want {
			t.Errorf("throw %d: the observation holds %d, the seat saw %d (seen %v)", n, obs.Dice[n-1], want, seen)
		}
	}
	truth := cupFaces(m, 0)
	others := otherCups
	differ := 0
	held := heldWorlds(t, s, 40, 6, func(_ *world, w *interp.Match) {
		if got, want := cupFaces(w, seat), cupFaces(m, seat); got != want {
			t.Errorf("the seat sees %s in a world, %s in the game", got, want)
		}
		if got := cupFaces(w, 0); got != truth {
			t.Errorf("a spectator sees %s in a world, %s in the game", got, truth)
		}
		if !slices.Equal(lines(w, seat), lines(m, seat)) {
			t.Errorf("the seat read other lines in a world")
		}
		if others(w) != others(m) {
			differ++
		}
	})
	if differ == 0 {
		t.Errorf("%d worlds all put the other cups' dice as they truly are: %s", held, others(m))
	}
}

// TestDiceNoLeak: the search bot makes the same choice in two games of
// Liar's Dice its seat saw alike — the same own dice, the same bids, the
// same cups lifted — that differ in the dice under the others' cups.
func TestDiceNoLeak(t *testing.T) {
	e := liarsDice(t)
	const seat = 1
	cfg := interp.Config{Players: 3, Seed: 11}
	a := playTo(t, e, cfg, seat, 6)
	defer a.Close()
	// b: the same throws, but those the seat has not seen changed.
	var rolls []int
	for n := 1; n <= a.Throws(); n++ {
		f, seen := a.ThrowSeen(n, seat)
		if !seen {
			f = f%6 + 1
		}
		rolls = append(rolls, f)
	}
	bcfg := cfg
	bcfg.Rolls = rolls
	b, err := e.Replay(bcfg, a.Decisions())
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if cupFaces(a, seat) != cupFaces(b, seat) || cupFaces(a, 2) == cupFaces(b, 2) {
		t.Fatalf("the two games: the seat sees %s and %s; seat 2 %s and %s", cupFaces(a, seat), cupFaces(b, seat), cupFaces(a, 2), cupFaces(b, 2))
	}
	if !slices.Equal(lines(a, seat), lines(b, seat)) {
		t.Fatal("the seat read other lines in the two games")
	}
	// The worlds the two games give the seat are the same worlds.
	sa, sb := searcherAt(t, e, a, seat, 3), searcherAt(t, e, b, seat, 3)
	defer sa.close()
	defer sb.close()
	for k := 0; k < 8; k++ {
		wa, _ := sa.newWorld()
		wb, _ := sb.newWorld()
		ma, mb := sa.b.build(wa), sb.b.build(wb)
		if (ma == nil) != (mb == nil) {
			t.Fatalf("world %d holds in one game and not in the other", k)
		}
		if ma == nil {
			continue
		}
		if cupFaces(ma, 0) != cupFaces(mb, 0) || otherCups(ma) != otherCups(mb) {
			t.Errorf("world %d: the other cups hold %s in one game, %s in the other", k, otherCups(ma), otherCups(mb))
		}
		ma.Close()
		mb.Close()
	}
	choosesAlike(t, e, seat, Params{Iterations: 40, Worlds: 6, Rollout: "random"}, a, b)
}
