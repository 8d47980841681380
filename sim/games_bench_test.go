package sim

import (
	"testing"

	"github.com/tabletop/tabletop/interp"
)

// benchGames are the built-in games the benchmarks below play, four
// players each.
var benchGames = []string{"clubs", "cluedo", "members_only", "andy_capp", "das_regeln_wir_schon"}

// playGames are those BenchmarkRandomPlay and BenchmarkDefaultBot play:
// the built-in games and bids, whose every turn offers up to 120 options
// built afresh, as a newcomer's script builds them.
var playGames = append(append([]string(nil), benchGames...), "bids")

// scriptPath is where the benchmarks find game g.
func scriptPath(g string) string {
	if g == "bids" {
		return "testdata/bids.lua"
	}
	return "../games/" + g + ".lua"
}

// The benchmarks below run with the garbage collector tuned as sim tunes
// it for a series of games (batchGC), so their figures are sim's.

// BenchmarkRandomPlay plays whole games of every built-in game with four
// random bots on one core, as sim plays them (a match nobody reads keeps
// no log: Silent), and reports decisions per second.
func BenchmarkRandomPlay(b *testing.B) {
	benchPlay(b, randomBots, interp.Silent)
}

// BenchmarkRandomPlayLogged is BenchmarkRandomPlay with the log kept, as
// a game people watch keeps it: what rendering the lines costs.
func BenchmarkRandomPlayLogged(b *testing.B) {
	benchPlay(b, randomBots)
}

// randomBots seats one random bot in every seat.
func randomBots(e *interp.Engine, game int) ([]interp.Bot, error) {
	bot := interp.NewRandomBot(uint64(game))
	return []interp.Bot{bot, bot, bot, bot}, nil
}

// BenchmarkDefaultBot plays whole games of every built-in game with its
// default bot in every seat and reports decisions per second.
func BenchmarkDefaultBot(b *testing.B) {
	benchPlay(b, func(e *interp.Engine, game int) ([]interp.Bot, error) {
		bots := make([]interp.Bot, 4)
		for s := 1; s <= 4; s++ {
			bot, err := e.NewBot("", s, uint64(game*10+s))
			if err != nil {
				return nil, err
			}
			bots[s-1] = bot
		}
		return bots, nil
	})
}

// benchPlay plays whole four-player games of every built-in game, seat s
// played by seatBots(...)[s-1], the matches in the modes given, and
// reports decisions and games per second.
func benchPlay(b *testing.B, seatBots func(e *interp.Engine, game int) ([]interp.Bot, error), modes ...interp.Mode) {
	defer batchGC()()
	for _, g := range playGames {
		b.Run(g, func(b *testing.B) {
			e := load(b, scriptPath(g))
			decisions := 0
			b.ResetTimer()
			cpu := cpuSeconds()
			for i := 0; i < b.N; i++ {
				m, err := e.NewMatch(interp.Config{Players: 4, Seed: uint64(i)}, modes...)
				if err != nil {
					b.Fatal(err)
				}
				bots, err := seatBots(e, i)
				if err != nil {
					b.Fatal(err)
				}
				for p := m.Prompt(); p != nil; p = m.Prompt() {
					c, err := bots[p.Seat-1].Choose(m)
					if err != nil {
						b.Fatal(err)
					}
					if err := m.Step(c); err != nil {
						b.Fatal(err)
					}
					decisions++
				}
				for _, bot := range bots {
					bot.Close()
				}
				m.Close()
			}
			reportRate(b, decisions, cpu)
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}

// BenchmarkUndo replays the first 1,000 decisions of a random game (or
// the whole game when it is shorter), as undo and load do.
func BenchmarkUndo(b *testing.B) {
	defer batchGC()()
	for _, g := range benchGames {
		b.Run(g, func(b *testing.B) {
			e := load(b, "../games/"+g+".lua")
			cfg := interp.Config{Players: 4, Seed: 7}
			m, err := e.NewMatch(cfg)
			if err != nil {
				b.Fatal(err)
			}
			bot := interp.NewRandomBot(7)
			for m.Prompt() != nil && len(m.Decisions()) < 1000 {
				c, _ := bot.Choose(m)
				if err := m.Step(c); err != nil {
					b.Fatal(err)
				}
			}
			decisions := append([]interp.Decision(nil), m.Decisions()...)
			m.Close()
			b.ResetTimer()
			cpu := cpuSeconds()
			for i := 0; i < b.N; i++ {
				r, err := e.Replay(cfg, decisions)
				if err != nil {
					b.Fatal(err)
				}
				r.Close()
			}
			reportCPU(b, cpu)
			b.ReportMetric(float64(len(decisions)), "decisions")
		})
	}
}

// BenchmarkNewMatch measures how long a fresh game of each built-in game
// takes to be ready for its first decision.
func BenchmarkNewMatch(b *testing.B) {
	defer batchGC()()
	for _, g := range benchGames {
		b.Run(g, func(b *testing.B) {
			e := load(b, "../games/"+g+".lua")
			b.ResetTimer()
			cpu := cpuSeconds()
			for i := 0; i < b.N; i++ {
				m, err := e.NewMatch(interp.Config{Players: 4, Seed: uint64(i)})
				if err != nil {
					b.Fatal(err)
				}
				m.Close()
			}
			reportCPU(b, cpu)
		})
	}
}

// reportRate reports decisions per second of the wall clock and, where it
// is measured, per second of CPU time (steadier on a shared machine).
func reportRate(b *testing.B, decisions int, cpuStart float64) {
	b.ReportMetric(float64(decisions)/b.Elapsed().Seconds(), "decisions/s")
	if cpu := cpuSeconds() - cpuStart; cpu > 0 {
		b.ReportMetric(float64(decisions)/cpu, "decisions/cpu-s")
	}
}

// reportCPU reports the CPU time of one operation, where it is measured.
func reportCPU(b *testing.B, cpuStart float64) {
	if cpu := cpuSeconds() - cpuStart; cpu > 0 {
		b.ReportMetric(cpu*1e9/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkCopy makes a silent copy of a match 300 decisions into a random
// game, as a search bot copies the match it is asked to play from.
func BenchmarkCopy(b *testing.B) {
	defer batchGC()()
	for _, g := range benchGames {
		b.Run(g, func(b *testing.B) {
			e := load(b, "../games/"+g+".lua")
			m, err := e.NewMatch(interp.Config{Players: 4, Seed: 7})
			if err != nil {
				b.Fatal(err)
			}
			defer m.Close()
			bot := interp.NewRandomBot(7)
			for m.Prompt() != nil && len(m.Decisions()) < 300 {
				c, _ := bot.Choose(m)
				if err := m.Step(c); err != nil {
					b.Fatal(err)
				}
			}
			b.ResetTimer()
			cpu := cpuSeconds()
			for i := 0; i < b.N; i++ {
				c, err := m.Copy(interp.Silent)
				if err != nil {
					b.Fatal(err)
				}
				c.Close()
			}
			reportCPU(b, cpu)
			b.ReportMetric(float64(len(m.Decisions())), "decisions")
		})
	}
}

// BenchmarkForkVsCopy branches a silent match of four, as a search does,
// midway through a random game and five decisions before its end: by a
// replay from the start (Copy) and by a deep copy (Fork).
func BenchmarkForkVsCopy(b *testing.B) {
	defer batchGC()()
	for _, g := range benchGames {
		e := load(b, "../games/"+g+".lua")
		cfg := interp.Config{Players: 4, Seed: 7}
		all := randomGame(b, e, cfg)
		for _, at := range []struct {
			name string
			k    int
		}{{"mid", len(all) / 2}, {"late", len(all) - 5}} {
			m, err := e.Replay(cfg, all[:at.k], interp.Silent)
			if err != nil {
				b.Fatal(err)
			}
			for _, how := range []string{"copy", "fork"} {
				b.Run(g+"/"+at.name+"/"+how, func(b *testing.B) {
					cpu := cpuSeconds()
					for i := 0; i < b.N; i++ {
						c, err := branch(m, how)
						if err != nil {
							b.Fatal(err)
						}
						c.Close()
					}
					reportCPU(b, cpu)
					b.ReportMetric(float64(at.k), "decisions")
				})
			}
			m.Close()
		}
	}
}

func branch(m *interp.Match, how string) (*interp.Match, error) {
	if how == "fork" {
		return m.Fork()
	}
	return m.Copy(interp.Silent)
}

// randomGame plays a random game to its end and returns its decisions.
func randomGame(b *testing.B, e *interp.Engine, cfg interp.Config) []interp.Decision {
	m, err := e.NewMatch(cfg)
	if err != nil {
		b.Fatal(err)
	}
	defer m.Close()
	bot := interp.NewRandomBot(cfg.Seed)
	for m.Prompt() != nil {
		c, _ := bot.Choose(m)
		if err := m.Step(c); err != nil {
			b.Fatal(err)
		}
	}
	return m.Decisions()
}
