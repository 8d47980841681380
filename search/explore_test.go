package search

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/tabletop/tabletop/games"
	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/lib"
	"github.com/tabletop/tabletop/stdlib"
)

func loadGame(t testing.TB, g string) *interp.Engine {
	e, err := interp.LoadFrom(interp.Source{Home: &interp.Library{FS: games.FS(), Name: "games"}, Path: g + ".lua", Stdlib: stdlib.FS(), Modules: lib.Modules()})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestExplore(t *testing.T) {
	g := os.Getenv("GAME")
	if g == "" {
		t.Skip()
	}
	e := loadGame(t, g)
	m, err := e.NewMatch(interp.Config{Players: 4, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	rb := interp.NewRandomBot(5)
	sb := New(e, 1, 7, Params{Iterations: 20, Rollout: "random"})
	var its, dec int
	var el time.Duration
	defer func() {
		st := sb.Last().Stats
		fmt.Printf("%s: %d decisions, %.1f it/s, worlds %d rejected %d replays %d steps %d\n", g, dec, float64(its)/el.Seconds(), st.Worlds, st.Rejected, st.Replays, st.Steps)
	}()
	shown := 0
	for n := 0; n < 400 && m.Prompt() != nil; n++ {
		if sb.s.b != nil && os.Getenv("WHY") != "" {
			sb.s.b.why = func(step int, r string) {
				if len(r) > 400 {
					r = r[:400]
				}
				if shown < 30 {
					fmt.Printf("    depart at %d: %s\n", step, r)
				}
				shown++
			}
		}
		p := m.Prompt()
		var i int
		if p.Seat == 1 {
			i, err = sb.Choose(m)
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Options) > 1 {
				its += sb.Last().Iterations
				el += sb.Last().Elapsed
				dec++
				if os.Getenv("V") != "" {
					fmt.Printf("[%d] %+v\n", n, sb.Last())
				}
			}
		} else {
			i, _ = rb.Choose(m)
		}
		m.Step(i)
	}
}
