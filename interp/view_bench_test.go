package interp

import (
	"testing"

	"github.com/tabletop/tabletop/lib"
)

// BenchmarkCluedoView is a bot's look at Haven't a Cluedo: the seat's view
// with the board (drawn from the cache when nothing moved).
func BenchmarkCluedoView(b *testing.B) {
	e, err := Load("../games/cluedo.lua", nil, lib.Modules()...)
	if err != nil {
		b.Fatal(err)
	}
	m, err := e.NewMatch(Config{Players: 4, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	defer m.Close()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		m.View(1 + i%4)
	}
}
