package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/tabletop/tabletop/sim"
)

// simCmd is `tabletop sim`.
type simCmd struct {
	Script  string   `arg:"" predictor:"game" help:"The game: a built-in game's name (clubs) or a script file."`
	N       int      `short:"n" default:"1000" help:"Number of games."`
	Players int      `short:"p" help:"Number of players (default: as many as --seats lists, else the game's usual count)."`
	Seed    uint64   `default:"1" help:"Seed of the series; each game's seed derives from it."`
	Jobs    int      `short:"j" help:"Games played at once (default: one per CPU). The results do not depend on it."`
	JSON    bool     `name:"json" help:"Print the report as JSON."`
	Seats   []string `sep:"," placeholder:"bot:NAME,..." help:"The bot of each seat: bot (the game's default), bot:NAME or bot:random; a shorter list is padded with its last entry."`
	Set     []string `sep:"none" placeholder:"NAME=VALUE" help:"Change a game option (repeatable)."`
}

func (c *simCmd) Run(e *env) error {
	if c.N < 1 {
		return usagef("-n must be at least 1")
	}
	eng, opts, players, err := loadGame(c.Script, c.Set, c.Players, len(c.Seats))
	if err != nil {
		return err
	}
	var bots []string
	if len(c.Seats) > 0 {
		if len(c.Seats) > players {
			return usagef("--seats names %d seats for %d players", len(c.Seats), players)
		}
		// A shorter list is padded with its last entry: bot:careful,bot:random
		// pits one careful bot against random ones at any table size.
		for len(c.Seats) < players {
			c.Seats = append(c.Seats, c.Seats[len(c.Seats)-1])
		}
		for i, spec := range c.Seats {
			name, ok := strings.CutPrefix(strings.TrimSpace(spec), "bot:")
			switch {
			case spec == "bot":
				name = eng.DefaultBot()
			case !ok:
				return usagef("--seats: seat %d is %q: sim seats are bot or bot:NAME", i+1, spec)
			}
			if _, err := eng.NewBot(name, i+1, 0); err != nil {
				return usagef("--seats: seat %d: %v", i+1, err)
			}
			bots = append(bots, name)
		}
	}
	if c.Jobs < 0 {
		return usagef("--jobs must be 0 (one per CPU) or more")
	}
	report, err := sim.Run(sim.Config{
		Engine:   eng,
		Games:    c.N,
		Players:  players,
		Seed:     c.Seed,
		Jobs:     c.Jobs,
		Bots:     bots,
		Options:  opts,
		Progress: progressBar(e.stderr, "games"),
	})
	if err != nil {
		return err
	}
	if c.JSON {
		return report.WriteJSON(e.stdout)
	}
	report.WriteTable(e.stdout)
	return nil
}

// progressBar draws a progress bar on w when it is a terminal; nil
// otherwise.
func progressBar(w io.Writer, what string) func(done, total int) {
	if !isTerminal(w) {
		return nil
	}
	const width = 30
	last := -1
	return func(done, total int) {
		if total <= 0 {
			return
		}
		filled := done * width / total
		pct := done * 100 / total
		if pct == last && done != total {
			return
		}
		last = pct
		fmt.Fprintf(w, "\r[%s%s] %3d%% %d/%d %s", strings.Repeat("=", filled), strings.Repeat(" ", width-filled), pct, done, total, what)
		if done == total {
			fmt.Fprint(w, "\r\033[K")
		}
	}
}
