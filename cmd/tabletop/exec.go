package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/adrg/xdg"

	"github.com/tabletop/tabletop/execbot"
	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/seating"
)

// Programs as bots (bot:exec:COMMAND, docs/exec-bots.md) are the command
// line's to start, for the person who typed it: play, sim, compare and
// ladder allow them on the engines they load. Nothing else does — not a
// save file (its seats are data: resuming one that seats a program asks
// for --seats), not a script's tests, not the web table.

// allowPrograms lets the engines seat programs.
func allowPrograms(engines ...*interp.Engine) {
	for _, e := range engines {
		if e != nil {
			e.AllowPrograms()
		}
	}
}

// stopProgramsOn kills the programs exec bots run when one of sigs stops
// tabletop, then lets the signal do what it would have done. Programs run
// in process groups of their own (Ctrl-C at the terminal does not reach
// them), so tabletop ends them. The returned function stops the watch.
func stopProgramsOn(sigs ...os.Signal) (stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, sigs...)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-ch:
			execbot.KillAll()
			signal.Reset(sigs...)
			if p, err := os.FindProcess(os.Getpid()); err == nil {
				_ = p.Signal(sig)
			}
			time.Sleep(time.Second) // the signal ends tabletop; where it cannot:
			os.Exit(130)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
	}
}

// terminationSignals are the signals that stop tabletop, Ctrl-C aside.
var terminationSignals = []os.Signal{syscall.SIGTERM, syscall.SIGHUP}

// programLog is where a game played on the screen sends what its programs
// write to stderr and what tabletop notes about them: a file, never the
// screen. It is opened when first written to.
type programLog struct {
	path string
	once sync.Once
	f    *os.File
}

// newProgramLog is the exec bots' log in the state folder.
func newProgramLog() *programLog {
	xdg.Reload()
	return &programLog{path: filepath.Join(xdg.StateHome, "tabletop", "exec.log")}
}

func (l *programLog) Write(p []byte) (int, error) {
	l.once.Do(func() {
		if err := os.MkdirAll(filepath.Dir(l.path), 0o755); err != nil {
			return
		}
		l.f, _ = os.OpenFile(l.path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if l.f != nil {
			fmt.Fprintf(l.f, "--- %s: %s\n", time.Now().Format(time.DateTime), versionText())
		}
	})
	if l.f == nil {
		return len(p), nil // nowhere to write: the notices still reach the screen
	}
	return l.f.Write(p)
}

func (l *programLog) Close() error {
	if l.f != nil {
		return l.f.Close()
	}
	return nil
}

// programsOnScreen sets up a game played on the screen for programs: their
// output goes to a file, which is named when a seat is a program's, and
// SIGTERM or SIGHUP kill them. The returned function undoes it.
func programsOnScreen(e *env, eng *interp.Engine, seats []seating.Seat) (undo func()) {
	log := newProgramLog()
	old := execbot.SetOutput(log)
	stop := stopProgramsOn(terminationSignals...)
	for _, s := range seats {
		if !s.Human && eng.StartsProgram(s.Bot) {
			fmt.Fprintf(e.stdout, "What the programs write to stderr goes to %s.\n", log.path)
			break
		}
	}
	return func() {
		stop()
		execbot.SetOutput(old)
		log.Close()
	}
}

// programsInBatch sets up a series of games for programs: their output
// goes to stderr, prefixed (the default), and Ctrl-C or a signal kills
// them before tabletop ends.
func programsInBatch(stderr io.Writer) (undo func()) {
	old := execbot.SetOutput(stderr)
	stop := stopProgramsOn(append([]os.Signal{os.Interrupt}, terminationSignals...)...)
	return func() {
		stop()
		execbot.SetOutput(old)
	}
}

// savedSeats says what openRecord does with a save's seats, which never
// start a program.
type savedSeats int

const (
	readSeats      savedSeats = iota // a program's seat is refused: resume asks for --seats
	skipSeats                        // --seats names them again: the save's are not read
	botForPrograms                   // the game's default bot plays a program's seat (replay)
)

// resumeSeats is how play --resume reads a save's seats.
func resumeSeats(given bool) savedSeats {
	if given {
		return skipSeats
	}
	return readSeats
}

// programSpec says whether a seat spec is a program's: its bot's name.
func programSpec(eng *interp.Engine, spec string) (string, bool) {
	_, bot, named := strings.Cut(spec, "=")
	if !named || strings.HasPrefix(spec, "bot:") {
		bot = spec
	}
	name, ok := strings.CutPrefix(bot, "bot:")
	return name, ok && eng.StartsProgram(name)
}

// savedProgram explains err, a save's seats refused, when a seat is a
// program's: a save is data, and data starts no program.
func savedProgram(eng *interp.Engine, rec *interp.Record, err error) error {
	for i, spec := range rec.Seats {
		if _, ok := programSpec(eng, spec); ok {
			return usagef("seat %d of the saved game is a program (%s), and a save never starts a program: name the seats again with --seats (e.g. --seats %s)", i+1, spec, strings.Join(rec.Seats, ","))
		}
	}
	return err
}

// withoutPrograms is rec with the game's default bot for every program's
// seat, said on the screen.
func withoutPrograms(e *env, eng *interp.Engine, rec *interp.Record) *interp.Record {
	out := *rec
	out.Seats = append([]string(nil), rec.Seats...)
	for i, spec := range out.Seats {
		if _, ok := programSpec(eng, spec); ok {
			out.Seats[i] = "bot"
			if name, _, named := strings.Cut(spec, "="); named && !strings.HasPrefix(spec, "bot:") {
				out.Seats[i] = name + "=bot"
			}
			fmt.Fprintf(e.stdout, "Seat %d was played by a program (%s), which a save never starts: the game's bot plays it here.\n", i+1, spec)
		}
	}
	return &out
}
