package main

import (
	"fmt"
	"strings"

	"github.com/tabletop/tabletop/chart"
	"github.com/tabletop/tabletop/ladder"
)

// ladderCmd is `tabletop ladder`.
type ladderCmd struct {
	Script  string   `arg:"" predictor:"game" help:"The game: a built-in game's name (clubs) or a script file."`
	Bots    []string `required:"" sep:"," placeholder:"BOT,BOT,..." help:"The bots to rate, two or more, each once: the game's (careful), random, search settings (search:100ms), programs of yours (exec:python3 agent.py); bot: before a name is allowed."`
	N       int      `short:"n" default:"200" help:"Number of games, at least: rounded up to whole cycles, in which every bot sits every seat equally often."`
	Players int      `short:"p" help:"Number of players (default: the game's usual count)."`
	Seed    uint64   `default:"1" help:"Seed of the ladder: the lineups and each game's seed derive from it."`
	Jobs    int      `short:"j" help:"Games played at once (default: one per CPU). The table does not depend on it."`
	Set     []string `sep:"none" placeholder:"NAME=VALUE" help:"Change a game option (repeatable)."`
	JSON    bool     `name:"json" help:"Print the ladder as JSON."`
	Plot    string   `placeholder:"FILE" help:"Draw the ratings and their intervals into FILE (.svg, .png or .html)."`
}

func (c *ladderCmd) Run(e *env) error {
	eng, err := loadScript(c.Script)
	if err != nil {
		return err
	}
	allowPrograms(eng) // exec:..., for the person who typed the command
	opts, err := parseOptions(eng, c.Set)
	if err != nil {
		return err
	}
	if c.N < 1 {
		return usagef("-n must be at least 1")
	}
	if c.Jobs < 0 {
		return usagef("--jobs must be 0 (one per CPU) or more")
	}
	if c.Players != 0 {
		if err := checkPlayers(eng, c.Players); err != nil {
			return err
		}
	}
	if err := checkPlotFile(c.Plot); err != nil {
		return err
	}
	bots := make([]string, len(c.Bots))
	for i, b := range c.Bots {
		bots[i] = strings.TrimPrefix(strings.TrimSpace(b), "bot:")
		if bots[i] == "" || bots[i] == "bot" {
			bots[i] = eng.DefaultBot()
		}
	}
	defer programsInBatch(e.stderr)()
	rep, err := ladder.Run(ladder.Config{Engine: eng, Options: opts, Bots: bots, Players: c.Players, Games: c.N, Seed: c.Seed, Jobs: c.Jobs,
		Progress: progressBar(e.stderr, "games")})
	if err != nil {
		return usagef("%v", err)
	}
	if c.JSON {
		if err := rep.WriteJSON(e.stdout); err != nil {
			return err
		}
	} else {
		rep.WriteTable(e.stdout)
	}
	if rep.Finished == 0 {
		fmt.Fprintf(e.stderr, "tabletop: no game of the %d played finished: there is nothing to rate (the report lists why)\n", rep.Games)
		return exitCode(1)
	}
	if c.Plot != "" {
		if err := chart.WriteLadderPlot(c.Plot, rep); err != nil {
			return err
		}
		fmt.Fprintf(e.stderr, "Wrote %s\n", c.Plot)
	}
	return nil
}
