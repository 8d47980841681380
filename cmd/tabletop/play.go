package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/repl"
)

// playCmd is `tabletop play`.
type playCmd struct {
	Script   string   `arg:"" optional:"" help:"The game script, e.g. games/clubs.lua (with --resume: instead of the one the autosave names)."`
	Players  int      `short:"p" help:"Number of players (default: as many as --seats lists, else the game's usual count)."`
	Seats    []string `sep:"," placeholder:"WHO,..." help:"Who sits where: a person's name, bot (the game's default bot) or bot:NAME. Default: me, then bots."`
	Seed     *uint64  `help:"The game's seed (default: a random one, printed at the start)."`
	Set      []string `sep:"none" placeholder:"NAME=VALUE" help:"Change a game option (repeatable); --help with a script lists them."`
	Autosave string   `default:"${autosave}" placeholder:"PATH" help:"Where the game is saved after every decision (\"\" for nowhere)." `
	Resume   bool     `help:"Continue the game saved in the autosave file."`
	// AutoForced plays people's forced moves; bots always play theirs.
	AutoForced bool `help:"Play a person's forced moves (a single legal option) without asking."`
}

func (c *playCmd) Run(e *env) error {
	if c.Resume {
		return c.resume(e)
	}
	if c.Script == "" {
		return usagef("play needs a game script, e.g. tabletop play games/clubs.lua (or --resume)")
	}
	eng, opts, players, err := loadGame(c.Script, c.Set, c.Players, len(c.Seats))
	if err != nil {
		return err
	}
	specs := c.Seats
	switch {
	case len(specs) == 0:
		specs = repl.DefaultSeats(players)
	case len(specs) != players:
		return usagef("--seats names %d seats for %d players", len(specs), players)
	}
	seats, err := repl.ParseSeats(eng, specs)
	if err != nil {
		return usagef("--seats: %v", err)
	}
	seed := rand.Uint64N(1_000_000_000)
	if c.Seed != nil {
		seed = *c.Seed
	}
	m, err := eng.NewMatch(interp.Config{Players: players, Seed: seed, Options: opts, Names: repl.Names(seats)})
	if err != nil {
		return err
	}
	return playSession(e, m, seats, c.Autosave, "", nil, c.AutoForced)
}

// resume continues the game in the autosave file.
func (c *playCmd) resume(e *env) error {
	if c.Autosave == "" {
		return usagef("--resume continues the autosave file, and --autosave is empty")
	}
	rec, eng, seats, err := openRecord(c.Autosave, c.Script)
	if err != nil {
		return err
	}
	if len(c.Seats) > 0 {
		if len(c.Seats) != rec.Players {
			return usagef("--seats names %d seats for the %d players of the saved game", len(c.Seats), rec.Players)
		}
		if seats, err = repl.ParseSeats(eng, c.Seats); err != nil {
			return usagef("--seats: %v", err)
		}
	}
	m, err := eng.ReplayRecord(rec)
	if err != nil {
		return fmt.Errorf("cannot resume %s: %w", c.Autosave, err)
	}
	fmt.Fprintf(e.stdout, "Resuming %s: %d decisions so far.\n", c.Autosave, len(m.Decisions()))
	return playSession(e, m, seats, c.Autosave, "", nil, c.AutoForced)
}

// playSession runs the REPL on match m: with line editing when stdin and
// stdout are a terminal, else reading stdin line by line and echoing it.
// A replay steps through decisions from the match's start.
func playSession(e *env, m *interp.Match, seats []repl.Seat, autosave, replayName string, decisions []interp.Decision, autoForced bool) error {
	if autosave != "" {
		if err := os.MkdirAll(filepath.Dir(autosave), 0o755); err != nil {
			fmt.Fprintf(e.stdout, "No autosave: %v\n", err)
			autosave = ""
		}
	}
	var s *repl.Session
	var in repl.LineReader
	interactive := isTerminal(e.stdin) && isTerminal(e.stdout)
	if interactive {
		term := repl.NewTerminal(historyFile(), func(line string) []string { return s.Complete(line) })
		defer term.Close()
		in = term
	} else {
		in = repl.NewPlainReader(e.stdin, e.stdout, true)
	}
	s = repl.New(m, seats, in, e.stdout)
	defer s.Close()
	s.Color = interactive
	s.Autosave = autosave
	s.LoadScript = loadScript
	s.AutoForced = autoForced
	if replayName != "" {
		s.StartReplay(replayName, decisions)
	}
	if interactive {
		s.Size = repl.TerminalSize(e.stdout.(*os.File))
		// Ctrl-C while a command runs (the prompt reads it as a key) stops
		// the command, not the program.
		sig := make(chan os.Signal, 1)
		signal.Notify(sig, os.Interrupt)
		defer func() {
			signal.Stop(sig)
			close(sig)
		}()
		go func() {
			for range sig {
				s.Interrupt()
			}
		}()
	}
	return s.Run(context.Background())
}
