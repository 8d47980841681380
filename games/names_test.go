package games

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/interp"
	_ "github.com/tabletop/tabletop/search" // bot:search
)

// TestBotsOnNamedSeats plays every game and variant with seats that have
// people's names ("Ann", "Bob", …), as in `--seats ann,bob,bot,bot` when
// Ann types `step`: every kind of bot (each of the game's own, random, and
// the search bot) plays every seat in one game, and all of them share a
// game in another. A bot must find what its seat is by what it is (a
// character, a colour), never by the seat's name. The game's own bots play
// a whole game; the search bot a few decisions of one.
func TestBotsOnNamedSeats(t *testing.T) {
	engines := gameScripts(t)
	for _, name := range slices.Sorted(maps.Keys(engines)) {
		e := engines[name]
		players := defaultPlayers(e)
		names := []string{"Ann", "Bob", "Cy", "Di", "Ed", "Flo"}[:players]
		kinds := botKinds(e)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			for _, kind := range kinds {
				bots := make([]string, players)
				for s := range bots {
					bots[s] = kind
				}
				playNamed(t, e, names, bots)
			}
			mixed := make([]string, players)
			for s := range mixed {
				mixed[s] = kinds[s%len(kinds)]
			}
			playNamed(t, e, names, mixed)
		})
	}
}

// botKinds are the bots that may sit at a seat of e: the game's own, random
// and a cheap search bot.
func botKinds(e *interp.Engine) []string {
	var kinds []string
	for _, b := range e.BotNames() {
		if b == "search" {
			b = "search:4"
		}
		kinds = append(kinds, b)
	}
	return kinds
}

// defaultPlayers is four where the game allows it, else its nearest count.
func defaultPlayers(e *interp.Engine) int {
	return min(max(4, e.Info.MinPlayers), e.Info.MaxPlayers)
}

// playNamed plays one game of e with seats called names, seat s played by
// bots[s]: to the end, or for a few decisions when a search bot sits.
func playNamed(t *testing.T, e *interp.Engine, names, bots []string) {
	t.Helper()
	m, err := e.NewMatch(interp.Config{Players: len(names), Seed: 7, Names: names})
	if err != nil {
		t.Fatalf("bots %v: %v", bots, err)
	}
	defer m.Close()
	limit := 3000
	players := make([]interp.Bot, len(bots))
	for s, b := range bots {
		if strings.HasPrefix(b, "search") {
			limit = 10
		}
		bot, err := e.NewBot(b, s+1, interp.BotSeed(7, s+1))
		if err != nil {
			t.Fatal(err)
		}
		defer bot.Close()
		players[s] = bot
	}
	for n := 0; n < limit && !m.Done(); n++ {
		p := m.Prompt()
		if p == nil {
			t.Fatalf("bots %v: no decision and no end: %v", bots, m.Err())
		}
		i, err := players[p.Seat-1].Choose(m)
		if err != nil {
			t.Fatalf("bots %v: %s (seat %d, %s) at decision %d: %v", bots, bots[p.Seat-1], p.Seat, m.SeatLabel(p.Seat), n+1, err)
		}
		if err := m.Step(i); err != nil {
			t.Fatalf("bots %v: decision %d: %v", bots, n+1, err)
		}
	}
	if err := m.Err(); err != nil {
		t.Fatalf("bots %v: %v", bots, err)
	}
	if limit == 3000 && !m.Done() {
		t.Errorf("bots %v: %s not over after %d decisions", bots, e.Info.Title, limit)
	}
}
