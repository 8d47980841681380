package search

import (
	"testing"

	"github.com/tabletop/tabletop/interp"
)

// TestExtendedWorldsHold: a world carried to the next decision by playing
// on from its match (builder.extend) is one the builder would have built:
// replaying its recipe from the game's start, every choice as the world
// made it, agrees with all the seat saw, at every decision of the game.
// And playing on does carry worlds, in the games where the others' moves
// seldom show their hidden cards.
func TestExtendedWorldsHold(t *testing.T) {
	for _, g := range []string{"members_only", "das_regeln_wir_schon"} {
		t.Run(g, func(t *testing.T) {
			e := loadGame(t, g)
			m, err := e.NewMatch(interp.Config{Players: 4, Seed: 4})
			if err != nil {
				t.Fatal(err)
			}
			defer m.Close()
			sb := New(e, 1, 8, Params{Iterations: 24, Worlds: 6})
			defer sb.Close()
			rb := interp.NewRandomBot(2)
			checked := 0
			for decisions := 0; m.Prompt() != nil && decisions < 10; {
				var i int
				if p := m.Prompt(); p.Seat == 1 && len(p.Options) > 1 {
					if i, err = sb.Choose(m); err != nil {
						t.Fatal(err)
					}
					checked += replayPool(t, sb.s)
					decisions++
				} else {
					i, _ = rb.Choose(m)
				}
				if err := m.Step(i); err != nil {
					t.Fatal(err)
				}
			}
			if st := sb.s.b.stats; st.Extended == 0 || checked == 0 {
				t.Errorf("no world was played on (%+v), %d checked", st, checked)
			}
		})
	}
}

// replayPool replays, from the game's start, the recipe of every world
// of the search's pool that it keeps live, each choice of the other seats
// as the world made it, and fails the test for any that departs from what
// the seat saw. It returns how many it replayed.
func replayPool(t *testing.T, s *searcher) int {
	t.Helper()
	n := 0
	for _, w := range s.pool {
		if s.lives[w] == nil {
			continue
		}
		c := w.clone()
		steps := len(s.b.obs.Steps)
		at := &attempt{cand: make([][]string, steps), at: make([]int, steps), settled: make([]bool, steps), texts: c.texts}
		for k, st := range s.b.obs.Steps {
			if !st.Say && !st.Own() {
				at.cand[k] = []string{c.texts[k]}
			}
		}
		m, d := s.b.run(c, at)
		if m != nil {
			m.Close()
		}
		if d != nil {
			t.Fatalf("a world kept live departs when replayed, at step %d: read %q, want %q", d.step, d.got, d.want)
		}
		n++
	}
	return n
}
