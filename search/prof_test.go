package search

import (
	"os"
	"testing"

	"github.com/tabletop/tabletop/games"
	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/stdlib"
)

func BenchmarkReplay(b *testing.B) {
	g := os.Getenv("GAME")
	e, _ := interp.LoadFrom(interp.Source{Home: &interp.Library{FS: games.FS(), Name: "games"}, Path: g + ".lua", Stdlib: stdlib.FS()})
	cfg := interp.Config{Players: 4, Seed: 3}
	m, _ := e.NewMatch(cfg)
	rb := interp.NewRandomBot(5)
	for m.Prompt() != nil && len(m.Decisions()) < 300 {
		i, _ := rb.Choose(m)
		m.Step(i)
	}
	dec := append([]interp.Decision(nil), m.Decisions()...)
	m.Close()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r, _ := e.Replay(cfg, dec)
		r.Close()
	}
}
