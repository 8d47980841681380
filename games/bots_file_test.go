package games

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/stdlib"
)

// The five games keep their bots in a file of their own (clubs_bots.lua
// beside clubs.lua), which the rules file loads and hands its table to. A
// variant written by a user anywhere requires the game as before, and may
// still replace a bot or a rule the bots read: these tests write such
// variants in a folder of their own, with the built-in games as their
// library, as `tabletop play ~/my_clubs.lua` loads them.

// loadVariant loads the variant src, written as my_variant.lua in a
// folder of its own, with the built-in games to require.
func loadVariant(t *testing.T, src string) *interp.Engine {
	t.Helper()
	path := filepath.Join(t.TempDir(), "my_variant.lua")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	e, err := interp.LoadFrom(interp.Source{Path: path, Libs: []interp.Library{{Name: "games", FS: FS()}}, Stdlib: stdlib.FS()})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestVariantReplacesABot: a variant that replaces a game's default bot
// (here with one that always picks the last option) is played by its own,
// at every seat, from the first decision on.
func TestVariantReplacesABot(t *testing.T) {
	for game, bot := range map[string]string{
		"clubs": "careful", "andy_capp": "regular", "cluedo": "detective",
		"members_only": "steward", "das_regeln_wir_schon": "lobbyist",
	} {
		t.Run(game, func(t *testing.T) {
			e := loadVariant(t, `local Game = require "`+game+`"
Game.bots.`+bot+` = function(view, options) return #options end
return Game
`)
			if names := e.BotNames(); names[0] != bot {
				t.Fatalf("bots %v: want %s first, the default", names, bot)
			}
			m, err := e.NewMatch(interp.Config{Seed: 3})
			if err != nil {
				t.Fatal(err)
			}
			defer m.Close()
			bots := map[int]interp.Bot{}
			for n := 0; n < 40 && !m.Done(); n++ {
				p := m.Prompt()
				b := bots[p.Seat]
				if b == nil {
					if b, err = e.NewBot(bot, p.Seat, 1); err != nil {
						t.Fatal(err)
					}
					defer b.Close()
					bots[p.Seat] = b
				}
				i, err := b.Choose(m)
				if err != nil {
					t.Fatalf("decision %d: %v", n+1, err)
				}
				if i != len(p.Options)-1 {
					t.Fatalf("decision %d: the bot picked %q of %q, not the last: the game's own bot played", n+1, p.Options[i], p.Options)
				}
				if err := m.Step(i); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// TestVariantChangesARuleTheBotReads: the bots read the rules through the
// game's table, so a variant's rule is the one they reckon with. Each
// variant here replaces a rule its game's default bot asks on its first
// choice with one that fails, which the bot's error names.
func TestVariantChangesARuleTheBotReads(t *testing.T) {
	for _, tc := range []struct{ game, rule string }{
		{"clubs", "Game.strength"},                   // [Taking Tricks]: careful asks it when following
		{"members_only", "Game.wins"},                // [Rule 5]: the steward asks it on its first bet
		{"andy_capp", "Game.sum"},                    // [The Beer Cards]: regular values its trays
		{"das_regeln_wir_schon", "Game.replaceable"}, // [1.4]: the lobbyist weighs a card to propose
	} {
		t.Run(tc.game, func(t *testing.T) {
			e := loadVariant(t, `local Game = require "`+tc.game+`"
`+tc.rule+` = function() error("the variant's rule") end
return Game
`)
			m, err := e.NewMatch(interp.Config{Seed: 3})
			if err != nil {
				t.Fatal(err)
			}
			defer m.Close()
			for n := 0; n < 400 && !m.Done(); n++ {
				p := m.Prompt()
				b, err := e.NewBot(e.BotNames()[0], p.Seat, 1)
				if err != nil {
					t.Fatal(err)
				}
				_, err = b.Choose(m)
				b.Close()
				if err != nil {
					if !strings.Contains(err.Error(), "the variant's rule") {
						t.Fatalf("decision %d: %v", n+1, err)
					}
					return
				}
				if err := m.Step(0); err != nil {
					t.Fatalf("decision %d: %v (the rules asked the variant's rule before the bot did)", n+1, err)
				}
			}
			t.Fatalf("the bot never asked %s", tc.rule)
		})
	}
}
