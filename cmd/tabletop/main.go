// Command tabletop plays, replays, simulates, checks and tests tabletop game
// scripts. The games that come with it are built in, so it works from any
// folder:
//
//	tabletop list
//	tabletop play clubs --players 4 --seats me,bot,bot,bot --seed 7
//	tabletop play my_variant.lua
//	tabletop play --resume
//	tabletop replay game.save
//	tabletop sim clubs -n 10000 --players 4 --seed 1
//	tabletop compare clubs clubs_short -n 2000 --seats bot:careful,bot:random
//	tabletop ladder clubs --bots careful,random,search:100ms -n 200
//	tabletop merge part-*.json
//	tabletop check games/clubs.lua -n 300
//	tabletop test games/
//	tabletop serve --addr 127.0.0.1:8080
//	tabletop completion bash
//
// Exit codes: 0 when all went well, 1 for a failure (a script error, a
// failed check or test), 2 for a mistake in the command line.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/alecthomas/kong"
	kongcompletion "github.com/jotaen/kong-completion"

	"github.com/tabletop/tabletop/gameinfo"
	"github.com/tabletop/tabletop/interp"
	_ "github.com/tabletop/tabletop/search" // bot:search, for every game
)

// cli is the command line: one field per sub-command, and the flags every
// command takes.
type cli struct {
	Version kong.VersionFlag `help:"Print tabletop's version and exit."`
	Color   string           `enum:"auto,always,never" default:"auto" help:"Colour on the screen: auto (on a terminal, unless NO_COLOR is set), always or never."`

	Play       playCmd       `cmd:"" help:"Play a game at the keyboard (or driven by a file of commands on stdin)."`
	List       listCmd       `cmd:"" help:"List the games built into tabletop, and their variants."`
	Replay     replayCmd     `cmd:"" help:"Step through a saved game, decision by decision."`
	Sim        simCmd        `cmd:"" help:"Let bots play many games and report how each seat fared."`
	Compare    compareCmd    `cmd:"" help:"Play a game and a variant of it from the same seeds and seats, and say what the variant changes."`
	Ladder     ladderCmd     `cmd:"" help:"Rate bots against each other: rotated games, a table of ratings with their intervals, and a plot."`
	Merge      mergeCmd      `cmd:"" help:"Merge the --json reports of the shards of a sim or compare into the report of the whole series."`
	Check      checkCmd      `cmd:"" help:"Load a game script and play random games looking for broken rules."`
	Test       testCmd       `cmd:"" help:"Run Lua scenario tests (*_test.lua)."`
	Serve      serveCmd      `cmd:"" help:"Serve a web table: friends play from their own browsers, each seeing only his seat."`
	Completion completionCmd `cmd:"" help:"Print the shell code that completes tabletop's commands, games and files (bash, zsh or fish)."`
}

// env is what a command reads and writes.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	color          string // --color: auto, always or never
	autoForced     bool   // play --auto-forced
	openDeal       bool   // play --seed: the seed is in sight of everyone at the keyboard
}

// usageError is a mistake in the command line (exit 2).
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return &usageError{fmt.Sprintf(format, a...)} }

// exitCode is an error that only sets the exit code: its message has been
// printed already.
type exitCode int

func (e exitCode) Error() string { return fmt.Sprintf("exit %d", int(e)) }

// kongExit carries kong's request to exit through a panic, so that run
// returns instead of the process exiting (tests call run).
type kongExit int

func main() {
	tuneGC(os.Getenv)
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run runs the command line args and returns the exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	stdout, stderr = onTerminal(stdout), onTerminal(stderr)
	defer flush(stderr)
	defer flush(stdout)
	defer func() {
		if r := recover(); r != nil {
			c, ok := r.(kongExit)
			if !ok {
				panic(r)
			}
			code = int(c)
		}
	}()
	var c cli
	parser, err := kong.New(&c,
		kong.Name("tabletop"),
		kong.Description("A rules interpreter for tabletop games written as Lua scripts."),
		kong.Writers(stdout, stderr),
		kong.Exit(func(code int) { panic(kongExit(code)) }),
		kong.Help(helpPrinter),
		kong.Vars{"version": versionText()},
		kong.ConfigureHelp(kong.HelpOptions{Compact: true}),
	)
	if err != nil {
		fmt.Fprintf(stderr, "tabletop: %v\n", err)
		return 1
	}
	// A shell asking for completions (COMP_LINE set) is answered here.
	kongcompletion.Register(parser, completionPredictors...)
	ctx, err := parser.Parse(args)
	if err != nil {
		fmt.Fprintf(stderr, "tabletop: %v\n", err)
		var pe *kong.ParseError
		if errors.As(err, &pe) && pe.Context != nil {
			if sel := pe.Context.Selected(); sel != nil {
				fmt.Fprintf(stderr, "Run \"tabletop %s --help\" for help.\n", sel.FullPath()[len("tabletop "):])
				return 2
			}
		}
		fmt.Fprintf(stderr, "Run \"tabletop --help\" for help.\n")
		return 2
	}
	err = ctx.Run(&env{stdin: stdin, stdout: stdout, stderr: stderr, color: c.Color})
	var ue *usageError
	var ec exitCode
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ec):
		return int(ec)
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "tabletop: %v\n", err)
		fmt.Fprintf(stderr, "Run \"tabletop %s --help\" for help.\n", strings.Fields(ctx.Command())[0])
		return 2
	default:
		fmt.Fprintf(stderr, "%s\n", interp.ErrorText(err))
		return 1
	}
}

// helpPrinter is kong's help, followed by what the game says about itself
// when a script is named on the command line.
func helpPrinter(options kong.HelpOptions, ctx *kong.Context) error {
	if err := kong.DefaultHelpPrinter(options, ctx); err != nil {
		return err
	}
	sel := ctx.Selected()
	if sel == nil || (sel.Name != "play" && sel.Name != "sim" && sel.Name != "check" && sel.Name != "compare" && sel.Name != "ladder") {
		return nil
	}
	for _, a := range ctx.Args {
		if isScriptArg(a) {
			fmt.Fprintln(ctx.Stdout)
			eng, err := loadScript(a)
			if err != nil {
				fmt.Fprintf(ctx.Stdout, "Cannot load %s: %s\n", a, interp.ErrorText(err))
				return nil
			}
			writeGameInfo(ctx.Stdout, eng)
			return nil
		}
	}
	return nil
}

// writeGameInfo describes a game: players, options and bots.
func writeGameInfo(w io.Writer, eng *interp.Engine) {
	info := eng.Info
	fmt.Fprintf(w, "%s (%s)", info.Title, eng.Path)
	if info.About != "" {
		fmt.Fprintf(w, ": %s", info.About)
	}
	fmt.Fprintln(w)
	if info.MinPlayers == info.MaxPlayers {
		fmt.Fprintf(w, "Players: %d\n", info.MinPlayers)
	} else {
		fmt.Fprintf(w, "Players: %d to %d (default %d)\n", info.MinPlayers, info.MaxPlayers, info.UsualPlayers())
	}
	if len(info.Options) > 0 {
		fmt.Fprintf(w, "Options (--set NAME=VALUE):\n")
		width := 0
		for _, o := range info.Options {
			width = max(width, len(o.Name)+1+len(o.Default))
		}
		for _, o := range info.Options {
			fmt.Fprintf(w, "  %-*s  %s\n", width, o.Name+"="+o.Default, o.Help)
			if o.Kind != gameinfo.OptionText {
				fmt.Fprintf(w, "  %-*s  (%s)\n", width, "", o.Values())
			}
		}
	}
	bots := eng.BotNames()
	bots[0] += " (default)"
	fmt.Fprintf(w, "Bots (--seats bot:NAME): %s; a program of yours: bot:exec:COMMAND\n", strings.Join(bots, ", "))
	if len(info.Tools) > 0 {
		fmt.Fprintf(w, "Tools: %s\n", strings.Join(info.Tools, ", "))
	}
}

// checkPlayers reports a player count the game does not allow.
func checkPlayers(eng *interp.Engine, n int) error {
	if n < eng.Info.MinPlayers || n > eng.Info.MaxPlayers {
		if eng.Info.MinPlayers == eng.Info.MaxPlayers {
			return usagef("%s is for %d players, not %d", eng.Info.Title, eng.Info.MinPlayers, n)
		}
		return usagef("%s is for %d to %d players, not %d", eng.Info.Title, eng.Info.MinPlayers, eng.Info.MaxPlayers, n)
	}
	return nil
}

// parseOptions checks --set assignments.
func parseOptions(eng *interp.Engine, set []string) (map[string]string, error) {
	opts, err := eng.ParseOptions(set)
	if err != nil {
		return nil, usagef("%v", err)
	}
	return opts, nil
}

// historyFile is where the REPL keeps the lines typed, across sessions.
func historyFile() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "tabletop", "history")
}

// loadGame loads a game script with its options (--set) and settles the
// number of players: --players, else as many as --seats names, else the
// game's usual count.
func loadGame(script string, sets []string, players, seats int) (*interp.Engine, map[string]string, int, error) {
	eng, err := loadScript(script)
	if err != nil {
		return nil, nil, 0, err
	}
	allowPrograms(eng) // bot:exec, for the person who typed the command
	opts, err := parseOptions(eng, sets)
	if err != nil {
		return nil, nil, 0, err
	}
	if players == 0 {
		players = seats
	}
	if players == 0 {
		players = eng.Info.UsualPlayers()
	}
	if err := checkPlayers(eng, players); err != nil {
		return nil, nil, 0, err
	}
	return eng, opts, players, nil
}
