package main

import (
	"github.com/tabletop/tabletop/sim"
)

// checkCmd is `tabletop check`.
type checkCmd struct {
	Script  string   `arg:"" predictor:"game" help:"The game: a built-in game's name (clubs) or a script file."`
	N       int      `short:"n" default:"300" help:"Number of random games per player count."`
	Seed    uint64   `default:"1" help:"Seed of the series."`
	Players []int    `short:"p" sep:"," help:"Player counts to check (default: every count the game allows)."`
	Set     []string `sep:"none" placeholder:"NAME=VALUE" help:"Change a game option (repeatable)."`
	SaveDir string   `default:"." placeholder:"DIR" help:"Where the save of a failing game is written."`
	profileFlag
}

func (c *checkCmd) Run(e *env) error {
	if c.N < 1 {
		return usagef("-n must be at least 1")
	}
	eng, err := loadScript(c.Script)
	if err != nil {
		return err
	}
	opts, err := parseOptions(eng, c.Set)
	if err != nil {
		return err
	}
	for _, p := range c.Players {
		if err := checkPlayers(eng, p); err != nil {
			return err
		}
	}
	var report *sim.CheckReport
	err = c.profile(e, func() (err error) {
		report, err = sim.Check(sim.CheckConfig{
			Engine:   eng,
			Games:    c.N,
			Seed:     c.Seed,
			Players:  c.Players,
			Options:  opts,
			SaveDir:  c.SaveDir,
			Progress: progressBar(e.stderr, "games"),
		})
		return err
	})
	if err != nil {
		return err
	}
	report.WriteText(e.stdout)
	if report.Failed() {
		return exitCode(1)
	}
	return nil
}
