package games

import (
	"errors"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/tabletop/tabletop/command"
	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/stdlib"
)

var (
	fuzzOnce    sync.Once
	fuzzEngines []*interp.Engine
)

// fuzzGames loads every game script once, in a fixed order.
func fuzzGames(f *testing.F) []*interp.Engine {
	fuzzOnce.Do(func() {
		files, _ := filepath.Glob("*.lua")
		sort.Strings(files)
		for _, file := range files {
			if !IsScript(file) {
				continue
			}
			if e, err := interp.Load(file, stdlib.FS()); err == nil {
				fuzzEngines = append(fuzzEngines, e)
			}
		}
	})
	if len(fuzzEngines) == 0 {
		f.Fatal("no game scripts")
	}
	return fuzzEngines
}

// playTo starts game g (players from the seed) and makes `steps` random
// decisions; it returns the match, or nil if the game ended first.
func playTo(e *interp.Engine, seed uint64, steps int) *interp.Match {
	info := e.Info
	players := info.MinPlayers + int(seed%uint64(info.MaxPlayers-info.MinPlayers+1))
	m, err := e.NewMatch(interp.Config{Players: players, Seed: seed})
	if err != nil {
		return nil
	}
	bot := interp.NewRandomBot(seed)
	for i := 0; i < steps && m.Prompt() != nil; i++ {
		c, _ := bot.Choose(m)
		if m.Step(c) != nil {
			break
		}
	}
	if m.Prompt() == nil {
		m.Close()
		return nil
	}
	return m
}

// FuzzMoves types arbitrary text at a real prompt of a real game: the parser
// and the move matcher must never panic, every rejected input must get a
// message with a column, and every accepted one must be a legal move the
// game takes. The seed corpus is legal moves of every game, and
// prefixes, case changes and near misses of them.
func FuzzMoves(f *testing.F) {
	engines := fuzzGames(f)
	for gi, e := range engines {
		for _, steps := range []int{0, 7, 40} {
			seed := uint64(gi*100 + steps)
			m := playTo(e, seed, steps)
			if m == nil {
				continue
			}
			opts := m.Prompt().Options
			for i, o := range opts {
				if i >= 3 {
					break
				}
				f.Add(uint8(gi), seed, uint16(steps), o)
				f.Add(uint8(gi), seed, uint16(steps), strings.ToUpper(o))
				if len(o) > 3 {
					f.Add(uint8(gi), seed, uint16(steps), o[:len(o)-1])
					f.Add(uint8(gi), seed, uint16(steps), o+"x")
				}
			}
			f.Add(uint8(gi), seed, uint16(steps), "1")
			f.Add(uint8(gi), seed, uint16(steps), "99")
			m.Close()
		}
	}
	f.Fuzz(func(t *testing.T, game uint8, seed uint64, steps uint16, text string) {
		if len(text) > 200 || !utf8.ValidString(text) {
			return
		}
		e := engines[int(game)%len(engines)]
		m := playTo(e, seed, int(steps%64))
		if m == nil {
			return
		}
		defer m.Close()
		line, err := command.Parse(text)
		checkErr(t, text, err)
		if err != nil || line.Command != "" {
			return
		}
		opts := append([]string(nil), m.Prompt().Options...)
		i, err := command.Match(text, opts)
		checkErr(t, text, err)
		if err != nil {
			return
		}
		if err := m.Step(i); err != nil {
			t.Fatalf("%s: %q matched option %q, which the game refused: %v", e.Path, text, opts[i], err)
		}
	})
}

func checkErr(t *testing.T, input string, err error) {
	t.Helper()
	if err == nil {
		return
	}
	var ce *command.Error
	if !errors.As(err, &ce) {
		t.Fatalf("%q: error without a column: %v", input, err)
	}
	if ce.Col < 1 || ce.Col > utf8.RuneCountInString(input)+1 {
		t.Fatalf("%q: column %d is outside the input", input, ce.Col)
	}
}
