package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/tabletop/tabletop/chart"
	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/sim"
)

// simCmd is `tabletop sim`.
type simCmd struct {
	Script string   `arg:"" predictor:"game" help:"The game: a built-in game's name (clubs) or a script file."`
	Set    []string `sep:"none" placeholder:"NAME=VALUE" help:"Change a game option (repeatable)."`
	Rotate bool     `help:"Move the bots one seat to the left from one game to the next, so every bot plays every position equally."`
	labFlags
}

// labFlags are the flags sim and compare share.
type labFlags struct {
	N          int        `short:"n" default:"1000" help:"Number of games."`
	Players    int        `short:"p" help:"Number of players (default: as many as --seats lists if the game allows that many, else the game's usual count)."`
	Seed       uint64     `default:"1" help:"Seed of the series; each game's seed derives from it."`
	Jobs       int        `short:"j" help:"Games played at once (default: one per CPU). The results do not depend on it."`
	Seats      []string   `sep:"," placeholder:"bot:NAME,..." help:"The bot of each seat: bot (the game's default), bot:NAME, bot:random or bot:exec:COMMAND (a program of yours); a shorter list is padded with its last entry."`
	Shard      *shardFlag `placeholder:"I/N" help:"Play only shard I of N: games I, I+N, I+2N, ... (0 <= I < N), with the seeds of the whole series; merge the shards' --json with tabletop merge. With --rotate, a shard alone sees every seating only when N and the players' number have no common factor."`
	JSON       bool       `name:"json" help:"Print the report as JSON, with the sums and counts tabletop merge adds up."`
	Plot       string     `placeholder:"FILE" help:"Draw the distributions and the win rate by seat into FILE (.svg, .png or .html)."`
	Histograms string     `enum:"auto,always,never" default:"auto" help:"Print text histograms of game length and the main metric after the table: auto (on a terminal), always or never."`
	profileFlag
}

// shardFlag is --shard I/N.
type shardFlag sim.Shard

// UnmarshalText reads "I/N".
func (s *shardFlag) UnmarshalText(b []byte) error {
	i, n, ok := strings.Cut(string(b), "/")
	index, err1 := strconv.Atoi(strings.TrimSpace(i))
	count, err2 := strconv.Atoi(strings.TrimSpace(n))
	if !ok || err1 != nil || err2 != nil || count < 1 || index < 0 || index >= count {
		return fmt.Errorf("--shard %q: give I/N with 0 <= I < N, e.g. 0/4", string(b))
	}
	*s = shardFlag{Index: index, Count: count}
	return nil
}

func (c *simCmd) Run(e *env) error {
	eng, err := loadScript(c.Script)
	if err != nil {
		return err
	}
	opts, err := parseOptions(eng, c.Set)
	if err != nil {
		return err
	}
	cfg, err := c.labFlags.config(eng, nil)
	if err != nil {
		return err
	}
	cfg.Options, cfg.Rotate = opts, c.Rotate
	return c.labFlags.run(e, cfg)
}

// config checks the flags and turns them into a sim.Config for the game
// (and the variant, if given).
func (f *labFlags) config(eng, variant *interp.Engine) (sim.Config, error) {
	allowPrograms(eng, variant) // bot:exec, for the person who typed the command
	if f.N < 1 {
		return sim.Config{}, usagef("-n must be at least 1")
	}
	if f.Jobs < 0 {
		return sim.Config{}, usagef("--jobs must be 0 (one per CPU) or more")
	}
	if f.Shard != nil && f.Shard.Index >= f.N {
		return sim.Config{}, usagef("--shard %d/%d: a series of %d games has no game %d", f.Shard.Index, f.Shard.Count, f.N, f.Shard.Index)
	}
	if err := checkPlotFile(f.Plot); err != nil {
		return sim.Config{}, err
	}
	players, err := seatCount(eng, f.Players, len(f.Seats))
	if err != nil {
		return sim.Config{}, err
	}
	if variant != nil {
		if err := checkPlayers(variant, players); err != nil {
			return sim.Config{}, err
		}
	}
	bots, err := seatBots(f.Seats, players, eng, variant)
	if err != nil {
		return sim.Config{}, err
	}
	cfg := sim.Config{Engine: eng, Variant: variant, Games: f.N, Players: players, Seed: f.Seed, Jobs: f.Jobs, Bots: bots, Tool: versionText()}
	if f.Shard != nil {
		cfg.Shard = (*sim.Shard)(f.Shard)
	}
	return cfg, nil
}

// seatCount settles the number of players: --players, else as many as
// --seats names if the game allows that many, else the game's usual count
// (so --seats bot:random alone, or bot:careful,bot:random for a game of
// three or more, fills the usual table).
func seatCount(eng *interp.Engine, players, seats int) (int, error) {
	switch {
	case players != 0:
	case seats >= eng.Info.MinPlayers && seats <= eng.Info.MaxPlayers:
		players = seats
	default:
		players = eng.Info.UsualPlayers()
	}
	if err := checkPlayers(eng, players); err != nil {
		return 0, err
	}
	if seats > players {
		return 0, usagef("--seats names %d seats for %d players", seats, players)
	}
	return players, nil
}

// seatBots reads --seats: bot or bot:NAME for each seat, a shorter list
// padded with its last entry. Every engine must have the bots.
func seatBots(specs []string, players int, engines ...*interp.Engine) ([]string, error) {
	var bots []string
	for i, spec := range specs {
		spec = strings.TrimSpace(spec)
		name, ok := strings.CutPrefix(spec, "bot:")
		switch {
		case spec == "bot":
			name = engines[0].DefaultBot()
		case !ok:
			return nil, usagef("--seats: seat %d is %q: sim seats are bot or bot:NAME", i+1, spec)
		}
		for _, eng := range engines {
			if eng == nil {
				continue
			}
			if _, err := eng.NewBot(name, i+1, 0); err != nil {
				return nil, usagef("--seats: seat %d: %v", i+1, err)
			}
		}
		bots = append(bots, name)
	}
	for len(bots) > 0 && len(bots) < players {
		bots = append(bots, bots[len(bots)-1])
	}
	return bots, nil
}

// run plays the series and prints its report, with a progress bar on a
// terminal, the histograms and the plot. Every game failing is a failure.
func (f *labFlags) run(e *env, cfg sim.Config) error {
	defer programsInBatch(e.stderr)()
	cfg.Progress = progressBar(e.stderr, "games")
	var report *sim.Report
	err := f.profile(e, func() (err error) {
		report, err = sim.Run(cfg)
		return err
	})
	if err != nil {
		return err
	}
	return f.show(e, report)
}

// show prints a report (as JSON or a table) and draws its plot; it fails
// when no game finished.
func (f *labFlags) show(e *env, report *sim.Report) error {
	if f.JSON {
		if err := report.WriteJSON(e.stdout); err != nil {
			return err
		}
	} else {
		report.WriteTableWidth(e.stdout, terminalWidth(e.stdout))
		if histogramsOn(f.Histograms, e) && report.Pairs > 0 {
			writeHistograms(e.stdout, report, colorOn(e.color, e.stdout))
		}
	}
	if f.Plot != "" && report.Pairs > 0 {
		if err := writePlot(f.Plot, report); err != nil {
			return err
		}
		fmt.Fprintf(e.stderr, "Wrote %s\n", f.Plot)
	}
	return allFailed(e, report)
}

// allFailed reports, as a failure, a series where no game finished.
func allFailed(e *env, report *sim.Report) error {
	if report.Pairs > 0 {
		return nil
	}
	what := "game"
	if report.Kind == "compare" {
		what = "pair of games"
	}
	fmt.Fprintf(e.stderr, "tabletop: no %s of the %d played finished: there is nothing to report (the report lists why)\n", what, report.Played)
	return exitCode(1)
}

// histogramsOn says whether to print text histograms: --histograms always
// or never decides; auto prints them when stdout is a terminal.
func histogramsOn(mode string, e *env) bool {
	switch mode {
	case "always":
		return true
	case "never":
		return false
	}
	return isTerminal(e.stdout)
}

// checkPlotFile refuses a --plot file of a kind that cannot be drawn.
func checkPlotFile(path string) error {
	if path == "" {
		return nil
	}
	if err := chart.CheckFile(path); err != nil {
		return usagef("--plot %v", err)
	}
	return nil
}

func writePlot(path string, r *sim.Report) error { return chart.WritePlot(path, r) }

func writeHistograms(w io.Writer, r *sim.Report, color bool) { chart.WriteHistograms(w, r, color) }
