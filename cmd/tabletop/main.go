// Command tabletop plays, replays, simulates, checks and tests tabletop game
// scripts (games/*.lua).
//
//	tabletop play games/clubs.lua --players 4 --seats me,bot,bot,bot --seed 7
//	tabletop play --resume
//	tabletop replay game.save
//	tabletop sim games/clubs.lua -n 10000 --players 4 --seed 1
//	tabletop check games/clubs.lua -n 300
//	tabletop test games/
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

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/repl"
	"github.com/tabletop/tabletop/stdlib"
)

// cli is the command line: one field per sub-command.
type cli struct {
	Play   playCmd   `cmd:"" help:"Play a game at the keyboard (or driven by a file of commands on stdin)."`
	Replay replayCmd `cmd:"" help:"Step through a saved game, decision by decision."`
	Sim    simCmd    `cmd:"" help:"Let bots play many games and report how each seat fared."`
	Check  checkCmd  `cmd:"" help:"Load a game script and play random games looking for broken rules."`
	Test   testCmd   `cmd:"" help:"Run Lua scenario tests (*_test.lua)."`
}

// env is what a command reads and writes.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
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
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run runs the command line args and returns the exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
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
		kong.Vars{"autosave": defaultAutosave()},
		kong.ConfigureHelp(kong.HelpOptions{Compact: true}),
	)
	if err != nil {
		fmt.Fprintf(stderr, "tabletop: %v\n", err)
		return 1
	}
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
	err = ctx.Run(&env{stdin: stdin, stdout: stdout, stderr: stderr})
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
		fmt.Fprintf(stderr, "%s\n", repl.ErrorText(err))
		return 1
	}
}

// loadScript loads a game script with the standard library.
func loadScript(path string) (*interp.Engine, error) {
	return interp.Load(path, stdlib.FS())
}

// helpPrinter is kong's help, followed by what the game says about itself
// when a script is named on the command line.
func helpPrinter(options kong.HelpOptions, ctx *kong.Context) error {
	if err := kong.DefaultHelpPrinter(options, ctx); err != nil {
		return err
	}
	sel := ctx.Selected()
	if sel == nil || (sel.Name != "play" && sel.Name != "sim" && sel.Name != "check") {
		return nil
	}
	for _, a := range ctx.Args {
		if strings.HasSuffix(a, ".lua") && !strings.HasPrefix(a, "-") {
			fmt.Fprintln(ctx.Stdout)
			eng, err := loadScript(a)
			if err != nil {
				fmt.Fprintf(ctx.Stdout, "Cannot load %s: %s\n", a, repl.ErrorText(err))
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
		fmt.Fprintf(w, "Players: %d to %d (default %d)\n", info.MinPlayers, info.MaxPlayers, defaultPlayers(eng))
	}
	if len(info.Options) > 0 {
		fmt.Fprintf(w, "Options (--set NAME=VALUE):\n")
		width := 0
		for _, o := range info.Options {
			width = max(width, len(o.Name)+1+len(o.Default))
		}
		for _, o := range info.Options {
			fmt.Fprintf(w, "  %-*s  %s\n", width, o.Name+"="+o.Default, o.Help)
		}
	}
	bots := repl.BotNames(eng)
	bots[0] += " (default)"
	fmt.Fprintf(w, "Bots (--seats bot:NAME): %s\n", strings.Join(bots, ", "))
	if len(info.Tools) > 0 {
		fmt.Fprintf(w, "Tools: %s\n", strings.Join(info.Tools, ", "))
	}
}

// defaultPlayers is the player count a game gets when none is given: four
// if the game allows it, else its minimum.
func defaultPlayers(eng *interp.Engine) int {
	if eng.Info.MinPlayers <= 4 && eng.Info.MaxPlayers >= 4 {
		return 4
	}
	return eng.Info.MinPlayers
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

// defaultAutosave is the autosave file in the user's cache folder.
func defaultAutosave() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "tabletop", "autosave.save")
}

// historyFile is where the REPL keeps the lines typed, across sessions.
func historyFile() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "tabletop", "history")
}

// isTerminal reports whether f is an interactive terminal.
func isTerminal(f any) bool {
	file, ok := f.(*os.File)
	if !ok {
		return false
	}
	st, err := file.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// loadGame loads a game script with its options (--set) and settles the
// number of players: --players, else as many as --seats names, else the
// game's usual count.
func loadGame(script string, sets []string, players, seats int) (*interp.Engine, map[string]string, int, error) {
	eng, err := loadScript(script)
	if err != nil {
		return nil, nil, 0, err
	}
	opts, err := parseOptions(eng, sets)
	if err != nil {
		return nil, nil, 0, err
	}
	if players == 0 {
		players = seats
	}
	if players == 0 {
		players = defaultPlayers(eng)
	}
	if err := checkPlayers(eng, players); err != nil {
		return nil, nil, 0, err
	}
	return eng, opts, players, nil
}

// openRecord loads a save file and the script it names (or script, when
// given instead), and who sat where.
func openRecord(path, script string) (*interp.Record, *interp.Engine, []repl.Seat, error) {
	rec, err := interp.LoadRecord(path)
	if err != nil {
		return nil, nil, nil, err
	}
	if script == "" {
		script = rec.Script
	}
	eng, err := loadScript(script)
	if err != nil {
		return nil, nil, nil, err
	}
	seats, err := repl.RecordSeats(eng, rec)
	if err != nil {
		return nil, nil, nil, err
	}
	return rec, eng, seats, nil
}
