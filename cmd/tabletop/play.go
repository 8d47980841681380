package main

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"

	"github.com/tabletop/tabletop/savefile"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/repl"
	"github.com/tabletop/tabletop/saves"
	"github.com/tabletop/tabletop/seating"
)

// playCmd is `tabletop play`.
type playCmd struct {
	Script   string   `arg:"" optional:"" predictor:"game" help:"The game: a built-in game's name (tabletop list shows them) or a script file. With --resume: the game to resume, by its name or save file."`
	Players  int      `short:"p" help:"Number of players (default: as many as --seats lists, else the game's usual count)."`
	Seats    []string `sep:"," placeholder:"WHO,..." help:"Who sits where: a person's name, bot (the game's default bot), bot:NAME, or bot:exec:COMMAND for a program of yours (docs/exec-bots.md). Default: me, then bots."`
	Seed     *uint64  `help:"The game's seed, an open deal: anyone who sees it can work out every hand (default: 64 random bits, shown at the start to a person alone, else at the end)."`
	Set      []string `sep:"none" placeholder:"NAME=VALUE" help:"Change a game option (repeatable); --help with a game lists them."`
	Autosave *string  `placeholder:"PATH" help:"Keep the game in this file (default: a file of its own in your saves folder; \"\" for none)."`
	Resume   bool     `help:"Continue an unfinished game: the one named, else the latest (all are listed)."`
	With     string   `name:"script" placeholder:"PATH" help:"With --resume: play the saved game with this script instead of the one it names."`
	// AutoForced plays people's forced moves; bots always play theirs.
	AutoForced bool `help:"Play a person's forced moves (a single legal option) without asking."`
}

func (c *playCmd) Run(e *env) error {
	e.autoForced = c.AutoForced
	if c.Resume {
		return c.resume(e)
	}
	if c.Script == "" {
		return usagef("play needs a game, e.g. tabletop play clubs (tabletop list shows them; or --resume)")
	}
	if c.With != "" {
		return usagef("--script goes with --resume; name the game to play instead")
	}
	eng, opts, players, err := loadGame(c.Script, c.Set, c.Players, len(c.Seats))
	if err != nil {
		return err
	}
	specs := c.Seats
	switch {
	case len(specs) == 0:
		specs = seating.Default(players)
	case len(specs) != players:
		return usagef("--seats names %d seats for %d players", len(specs), players)
	}
	seats, err := seating.Parse(eng, specs)
	if err != nil {
		return usagef("--seats: %v", err)
	}
	seed := newSeed()
	if c.Seed != nil {
		seed, e.openDeal = *c.Seed, true
	}
	saver, err := c.newAutosave(e, eng)
	if err != nil {
		return err
	}
	m, err := eng.NewMatch(interp.Config{Players: players, Seed: seed, Options: opts, Names: seating.Names(seats), SharedFrom: seating.SharedFrom(seats)})
	if err != nil {
		closeAutosave(saver)
		return err
	}
	_, err = playSession(e, m, seats, saver, "", nil)
	return err
}

// newSeed draws a new game's seed: 64 random bits, far too many to find
// by trying seeds against the cards of one's own hand.
func newSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// newAutosave is where a new game is kept: a file of its own in the store,
// the file --autosave names, or nowhere. When the store cannot be used the
// game goes on unsaved, and says so.
func (c *playCmd) newAutosave(e *env, eng *interp.Engine) (*saves.Autosave, error) {
	if c.Autosave != nil {
		return openAutosave(*c.Autosave, true)
	}
	a, err := saves.Default().New(gameName(eng))
	if err != nil {
		fmt.Fprintf(e.stdout, "No autosave: %v\n", err)
		return nil, nil
	}
	a.Hint = "tabletop play --resume " + a.Name()
	return a, nil
}

// openAutosave opens the file --autosave names ("" for none); for a game
// that is new to the file, it must not be there yet.
func openAutosave(path string, fresh bool) (*saves.Autosave, error) {
	if path == "" {
		return nil, nil
	}
	open := saves.Open
	if fresh {
		open = saves.Create
	}
	a, err := open(path)
	if err != nil {
		return nil, err
	}
	a.Hint = "tabletop play --resume --autosave " + shellQuote(path)
	return a, nil
}

// resume continues an unfinished game: the one named (by its name in the
// store, or its save file), else the file --autosave names, else the
// latest game in the store.
func (c *playCmd) resume(e *env) error {
	target := c.Script
	if strings.HasSuffix(target, ".lua") && c.With == "" {
		// tabletop play --resume other.lua: the script, as it used to be
		target, c.With = "", target
	}
	var explicit string
	if c.Autosave != nil {
		if explicit = *c.Autosave; explicit == "" {
			return usagef("--resume continues a saved game: --autosave \"\" names none")
		}
		if target == "" {
			target = explicit
		}
	}
	from, shown, saver, err := c.pick(e, target, explicit)
	if err != nil {
		return err
	}
	m, seats, err := c.reopen(e, from)
	if err != nil {
		closeAutosave(saver)
		return err
	}
	fmt.Fprintf(e.stdout, "Resuming %s: %d decisions so far.\n", shown, len(m.Decisions()))
	kept, err := playSession(e, m, seats, saver, "", nil)
	if legacy := legacyAutosave(); legacy != "" && samePath(from, legacy) && kept != "" && exists(kept) {
		os.Remove(from) // the old autosave's game goes on in its own file
	}
	return err
}

// pick finds the save to resume — its path, and how to call it — and
// opens the autosave the game goes on in: the file --autosave names, else
// the store's file of the game when it is one, else a new file in the store
// (a save file of the user's is left as it was).
func (c *playCmd) pick(e *env, target, explicit string) (path, shown string, a *saves.Autosave, err error) {
	store := saves.Default()
	if target == "" {
		if target, err = latestGame(e, store); err != nil {
			return "", "", nil, err
		}
	}
	if !isSaveFile(target) {
		g, err := store.Find(target)
		if err != nil {
			return "", "", nil, err
		}
		if explicit != "" {
			a, err := openAutosave(explicit, !sameFile(explicit, g.Path))
			return g.Path, g.Name, a, err
		}
		if a, err = store.Resume(g); err != nil {
			return "", "", nil, err
		}
		a.Hint = "tabletop play --resume " + a.Name()
		return g.Path, g.Name, a, nil
	}
	if explicit != "" {
		a, err := openAutosave(explicit, !sameFile(explicit, target))
		return target, target, a, err
	}
	rec, err := savefile.Load(target)
	if err != nil {
		return "", "", nil, err
	}
	if a, err = store.New(saves.FileName(rec.Script)); err != nil {
		fmt.Fprintf(e.stdout, "No autosave: %v\n", err)
		return target, target, nil, nil
	}
	a.Hint = "tabletop play --resume " + a.Name()
	return target, target, a, nil
}

// isSaveFile reports whether a --resume argument is a file rather than
// the name of a game in the store.
func isSaveFile(arg string) bool {
	return strings.ContainsAny(arg, `/\`) || strings.HasSuffix(arg, saves.Ext) && exists(arg)
}

// latestGame lists the unfinished games and returns the latest one that
// can be resumed: its name in the store, or the path of the one autosave
// that tabletop kept before games had their own.
func latestGame(e *env, store saves.Store) (string, error) {
	games, err := store.List()
	if err != nil {
		return "", err
	}
	legacy := legacyAutosave()
	if len(games) == 0 && legacy == "" {
		return "", fmt.Errorf("there is no unfinished game to resume (in %s)", store.Dir)
	}
	fmt.Fprintf(e.stdout, "Unfinished games, the latest first (tabletop play --resume NAME resumes one):\n")
	width := 0
	for _, g := range games {
		width = max(width, len(g.Name))
	}
	pick := ""
	for _, g := range games {
		fmt.Fprintf(e.stdout, "  %-*s  %s\n", width, g.Name, gameSummary(g))
		if pick == "" && g.Err == nil && !g.InUse {
			pick = g.Name
		}
	}
	if legacy != "" {
		fmt.Fprintf(e.stdout, "  %s  (the autosave of an older tabletop)\n", legacy)
		if pick == "" {
			pick = legacy
		}
	}
	if pick == "" {
		return "", fmt.Errorf("every unfinished game is open in another tabletop or unreadable")
	}
	return pick, nil
}

// samePath reports whether two paths name the same file.
func samePath(a, b string) bool {
	a, err1 := filepath.Abs(a)
	b, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && a == b
}

// legacyAutosave is the one autosave file of tabletop before games had
// their own, when it is there.
func legacyAutosave() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	path := filepath.Join(dir, "tabletop", "autosave.save")
	if !exists(path) {
		return ""
	}
	return path
}

// gameSummary is one line about a game in progress.
func gameSummary(g saves.Game) string {
	if g.Err != nil {
		return "cannot be read: " + g.Err.Error()
	}
	s := fmt.Sprintf("%d players, %d decisions, last played %s", g.Record.Players, len(g.Record.Decisions), g.Modified.Format("2006-01-02 15:04"))
	if g.InUse {
		s += " (open in another tabletop)"
	}
	return s
}

// reopen loads a save and replays it, with the script --script names or
// the one the save names.
func (c *playCmd) reopen(e *env, path string) (*interp.Match, []seating.Seat, error) {
	rec, eng, seats, err := openRecord(e, path, c.With, resumeSeats(len(c.Seats) > 0))
	if err != nil {
		return nil, nil, err
	}
	allowPrograms(eng) // the seats typed now may be programs, the save's not
	if len(c.Seats) > 0 {
		if len(c.Seats) != rec.Players {
			return nil, nil, usagef("--seats names %d seats for the %d players of the saved game", len(c.Seats), rec.Players)
		}
		if seats, err = seating.Parse(eng, c.Seats); err != nil {
			return nil, nil, usagef("--seats: %v", err)
		}
	}
	m, err := eng.ReplayRecord(rec)
	if err != nil {
		return nil, nil, fmt.Errorf("cannot resume %s: %w", path, err)
	}
	return m, seats, nil
}

// playSession runs the REPL on match m: with line editing when stdin and
// stdout are a terminal, else reading stdin line by line and echoing it.
// A replay steps through decisions from the match's start. At the end the
// autosave is closed (a finished game goes to the finished games), and the
// file the game is kept in is returned.
func playSession(e *env, m *interp.Match, seats []seating.Seat, saver *saves.Autosave, replayName string, decisions []interp.Decision) (string, error) {
	var s *repl.Session
	var in repl.LineReader
	defer programsOnScreen(e, m.Engine, seats)()
	interactive := isTerminal(e.stdin) && isTerminal(e.stdout)
	if interactive {
		term := repl.NewTerminal(historyFile(), func(line string) []string { return s.Complete(line) })
		defer term.Close()
		in = term
	} else {
		in = repl.NewPlainReader(e.stdin, e.stdout, true)
	}
	out := e.stdout
	if interactive {
		out = raw(e.stdout).(io.Writer) // the session wraps its lines itself, at its screen's width
	}
	s = repl.New(m, seats, in, out)
	defer s.Close()
	s.Color = colorOn(e.color, e.stdout)
	if saver != nil {
		s.Autosave = saver
	}
	s.LoadScript = loadScript
	s.ReloadScript = reloadScript
	s.AutoForced = e.autoForced
	s.OpenDeal = e.openDeal
	if replayName != "" {
		s.StartReplay(replayName, decisions)
	}
	if interactive {
		s.Size = repl.TerminalSize(raw(e.stdout).(*os.File))
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
	err := s.Run(context.Background())
	return endAutosave(e, saver, s), err
}

// endAutosave closes the autosave at the end of a session: a game that is
// over is kept with the finished games. It returns where the game is kept.
func endAutosave(e *env, saver *saves.Autosave, s *repl.Session) string {
	if saver == nil {
		return ""
	}
	if m := s.Match(); m != nil && m.Done() {
		kept, err := saver.Finish(s.Record())
		switch {
		case err != nil:
			fmt.Fprintf(e.stdout, "Autosave failed: %v\n", err)
		case kept != saver.Path():
			fmt.Fprintf(e.stdout, "The game is kept in %s (tabletop replay %s).\n", kept, saver.Name())
		}
		return kept
	}
	if err := saver.Close(); err != nil {
		fmt.Fprintf(e.stdout, "Autosave failed: %v\n", err)
	}
	return saver.Path()
}

func closeAutosave(a *saves.Autosave) {
	if a != nil {
		a.Close()
	}
}

// shellQuote quotes s for a shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:=+,@%", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
