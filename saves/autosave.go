package saves

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/tabletop/tabletop/savefile"

	"github.com/tabletop/tabletop/interp"
)

// Interval is how long a bot's move may wait before it is written.
const Interval = time.Second

// Autosave is one game's autosave file, locked while it is open. Save is
// told the game after every change; Close (or Finish, when the game is
// over) writes what is left and unlocks the file.
type Autosave struct {
	// Hint is the command that resumes the game, shown when it starts.
	Hint string
	// Interval is how long a bot's move may wait before it is written
	// (default Interval).
	Interval time.Duration

	path    string
	records string // where a finished game goes; "" to leave it in path
	lk      *lock

	mu      sync.Mutex
	pending *interp.Record // told but not written
	written *interp.Record // last written
	wrote   time.Time      // when it was written
	timer   *time.Timer    // writes pending within Interval
	err     error          // of a write made by the timer, not reported yet
	closed  bool
}

func newAutosave(path string, lk *lock, records string) *Autosave {
	return &Autosave{path: path, lk: lk, records: records, Interval: Interval}
}

// Path is the file the game is kept in.
func (a *Autosave) Path() string { return a.path }

// Name is the file's name without its folder and extension.
func (a *Autosave) Name() string { return strings.TrimSuffix(filepath.Base(a.path), Ext) }

// ResumeHint is the command that resumes the game (Hint).
func (a *Autosave) ResumeHint() string { return a.Hint }

// Save keeps rec, the game as it is now. A change a person would miss is
// written at once; bots' moves wait for the next such change, or for
// Interval. The error is the last write's, once.
func (a *Autosave) Save(rec *interp.Record) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closed {
		return errors.New("autosave: the game is closed")
	}
	if err := a.err; err != nil {
		a.err = nil
		a.pending = rec
		return errors.Join(err, a.flush())
	}
	a.pending = rec
	wait := a.Interval - time.Since(a.wrote)
	if !onlyBotsMoved(a.written, rec) || wait <= 0 {
		return a.flush()
	}
	if a.timer == nil {
		a.timer = time.AfterFunc(wait, a.flushLater)
	}
	return nil
}

// flushLater is the timer's write of bots' moves.
func (a *Autosave) flushLater() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.timer = nil
	if !a.closed {
		a.err = a.flush()
	}
}

// flush writes the pending record. a.mu is held.
func (a *Autosave) flush() error {
	if a.timer != nil {
		a.timer.Stop()
		a.timer = nil
	}
	if a.pending == nil {
		return nil
	}
	rec := a.pending
	if err := savefile.Save(a.path, rec); err != nil {
		return err
	}
	a.pending, a.written, a.wrote = nil, rec, time.Now()
	return nil
}

// onlyBotsMoved reports whether rec is last plus decisions by bots' seats
// alone: nothing a person would miss if it waited.
func onlyBotsMoved(last, rec *interp.Record) bool {
	if last == nil || len(rec.Decisions) <= len(last.Decisions) || len(rec.Seats) == 0 ||
		rec.Script != last.Script || rec.Seed != last.Seed || rec.Players != last.Players || rec.Shared != last.Shared ||
		!slices.Equal(rec.Seats, last.Seats) || !sameOptions(rec.Options, last.Options) ||
		!slices.Equal(rec.Takebacks, last.Takebacks) {
		return false
	}
	if n := len(last.Decisions); n > 0 && rec.Decisions[n-1] != last.Decisions[n-1] {
		return false
	}
	for _, d := range rec.Decisions[len(last.Decisions):] {
		if d.Say || d.Seat < 1 || d.Seat > len(rec.Seats) || !isBot(rec.Seats[d.Seat-1]) {
			return false
		}
	}
	return true
}

func isBot(spec string) bool { return spec == "bot" || strings.HasPrefix(spec, "bot:") }

func sameOptions(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// Flush writes at once what Save kept for later.
func (a *Autosave) Flush() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.flush()
}

// Finish closes the autosave of a game that is over, with rec its final
// record. A game of the store moves to its finished games, and the path
// it is kept at is returned; a file of the user's (Open) stays where it
// is.
func (a *Autosave) Finish(rec *interp.Record) (string, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closed {
		return "", errors.New("autosave: the game is closed")
	}
	a.pending = rec
	err := a.flush()
	kept := a.path
	if err == nil && a.records != "" {
		kept = filepath.Join(a.records, filepath.Base(a.path))
		// the name is this game's while its lock is held (New checks
		// both folders), so nothing is replaced
		if err = savefile.Save(kept, rec); err == nil {
			err = os.Remove(a.path)
		}
		if err != nil {
			kept = a.path
			err = fmt.Errorf("keeping the finished game: %w", err)
		}
	}
	a.close()
	return kept, err
}

// Close writes what is left and unlocks the file. It may be called more
// than once.
func (a *Autosave) Close() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closed {
		return nil
	}
	err := a.flush()
	a.close()
	return err
}

// close unlocks. a.mu is held.
func (a *Autosave) close() {
	if a.timer != nil {
		a.timer.Stop()
		a.timer = nil
	}
	a.closed = true
	a.lk.release()
}
