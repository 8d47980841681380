// Package saves keeps the games people play on disk, so that none is lost
// and none overwrites another.
//
// A Store is two folders. Every game in progress has its own autosave in
// the first, named by the game and the time it started
// (clubs-2025-01-02-150405.save); when a game ends, its record moves to
// the second, the history of finished games. By default they are the
// user's state and data folders ($XDG_STATE_HOME/tabletop/autosave and
// $XDG_DATA_HOME/tabletop/games on Linux, the platform's own elsewhere).
//
// An Autosave is one game's file, locked by the process that plays it (a
// lock file beside it, held with flock(2) or its Windows equivalent, and
// removed when the game is closed). While one process holds the lock no
// other writes the file: a second tabletop starting a game gets a file of
// its own, and one trying to resume the same game is told it is in use.
// Every write is atomic (savefile.Save), so a crash leaves the last
// complete save, never half of one.
//
// Writing costs a sync to disk, so an Autosave writes at once only what a
// person would miss: a person's decision, an undo, a change of seats. A
// run of bots' moves is written with the next person's decision, or within
// a second (Interval), whichever comes first; Close writes what is left.
package saves

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/tabletop/tabletop/savefile"

	"github.com/adrg/xdg"

	"github.com/tabletop/tabletop/interp"
)

// Ext is the file name extension of saves.
const Ext = ".save"

// Store is where games are kept: one autosave per game in progress in
// Dir, and the record of every finished game in Records.
type Store struct {
	Dir     string
	Records string
	// Now is the clock that names new games (nil: time.Now).
	Now func() time.Time
}

// Default is the store in the user's folders (XDG base directories).
func Default() Store {
	xdg.Reload() // follow the environment as it is now, not as it was at start-up
	return Store{
		Dir:     filepath.Join(xdg.StateHome, "tabletop", "autosave"),
		Records: filepath.Join(xdg.DataHome, "tabletop", "games"),
	}
}

// Game is a game in progress in a store.
type Game struct {
	// Name is the file name without its extension:
	// "clubs-2025-01-02-150405".
	Name     string
	Path     string
	Modified time.Time
	// Record is the saved game; nil when the file cannot be read, and
	// then Err says why.
	Record *interp.Record
	Err    error
	// InUse says that another tabletop has the game open.
	InUse bool
}

// List returns the games in progress, the latest played first. A missing
// folder is an empty list.
func (s Store) List() ([]Game, error) {
	entries, err := os.ReadDir(s.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("listing saved games: %w", err)
	}
	var games []Game
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), Ext)
		if !ok || strings.HasPrefix(name, ".") || !e.Type().IsRegular() {
			continue
		}
		games = append(games, s.game(name))
	}
	sort.SliceStable(games, func(i, j int) bool {
		if !games[i].Modified.Equal(games[j].Modified) {
			return games[i].Modified.After(games[j].Modified)
		}
		return games[i].Name > games[j].Name
	})
	return games, nil
}

// game describes the game in progress called name.
func (s Store) game(name string) Game {
	g := Game{Name: name, Path: filepath.Join(s.Dir, name+Ext)}
	if st, err := os.Stat(g.Path); err == nil {
		g.Modified = st.ModTime()
	}
	g.Record, g.Err = savefile.Load(g.Path)
	g.InUse = inUse(lockPath(g.Path))
	return g
}

// Find returns the game in progress called name, or the latest of those
// whose name starts with name and a dash: "clubs" is the latest game of
// Clubs, "clubs-2025-01" the latest of January 2025.
func (s Store) Find(name string) (Game, error) {
	name = strings.TrimSuffix(name, Ext)
	games, err := s.List()
	if err != nil {
		return Game{}, err
	}
	for _, g := range games {
		if g.Name == name {
			return g, nil
		}
	}
	for _, g := range games {
		if strings.HasPrefix(g.Name, name+"-") {
			return g, nil
		}
	}
	return Game{}, fmt.Errorf("no game in progress called %q in %s", name, s.Dir)
}

// Lookup returns the save file of the game called name, finished or in
// progress: the file of that name, else the latest played whose name starts
// with name and a dash (see Find).
func (s Store) Lookup(name string) (string, bool) {
	name = strings.TrimSuffix(name, Ext)
	var best string
	var bestTime time.Time
	for _, dir := range []string{s.Records, s.Dir} {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			n, ok := strings.CutSuffix(e.Name(), Ext)
			if !ok || !e.Type().IsRegular() {
				continue
			}
			if n == name {
				return filepath.Join(dir, e.Name()), true
			}
			info, err := e.Info()
			if strings.HasPrefix(n, name+"-") && err == nil && (best == "" || info.ModTime().After(bestTime)) {
				best, bestTime = filepath.Join(dir, e.Name()), info.ModTime()
			}
		}
	}
	return best, best != ""
}

// New starts the autosave of a game that starts now. game names it (a
// built-in game's name, or a script file's); the file is named by it and
// the time, with -2, -3… when that name is taken, so it never replaces
// another game's file, in progress or finished.
func (s Store) New(game string) (*Autosave, error) {
	for _, dir := range []string{s.Dir, s.Records} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("autosave: %w", err)
		}
	}
	now := time.Now
	if s.Now != nil {
		now = s.Now
	}
	base := FileName(game) + "-" + now().Format("2006-01-02-150405")
	for i := 1; i <= 1000; i++ {
		name := base
		if i > 1 {
			name = fmt.Sprintf("%s-%d", base, i)
		}
		path := filepath.Join(s.Dir, name+Ext)
		lk, err := acquire(lockPath(path))
		if err != nil {
			return nil, fmt.Errorf("autosave: %w", err)
		}
		if lk == nil {
			continue // another tabletop is starting a game by that name
		}
		if exists(path) || exists(filepath.Join(s.Records, name+Ext)) {
			lk.release()
			continue
		}
		return newAutosave(path, lk, s.Records), nil
	}
	return nil, fmt.Errorf("autosave: no free name for %s in %s", base, s.Dir)
}

// Resume opens the autosave of a game in progress, to go on with it.
func (s Store) Resume(g Game) (*Autosave, error) {
	lk, err := acquire(lockPath(g.Path))
	if err != nil {
		return nil, fmt.Errorf("resuming %s: %w", g.Name, err)
	}
	if lk == nil {
		return nil, fmt.Errorf("%s is open in another tabletop", g.Name)
	}
	if !exists(g.Path) {
		lk.release()
		return nil, fmt.Errorf("%s is no longer in progress: another tabletop finished it", g.Name)
	}
	return newAutosave(g.Path, lk, s.Records), nil
}

// Open opens a file of the user's choice as an autosave (play --autosave
// PATH), creating its folder. The file is the user's: Finish leaves it
// where it is.
func Open(path string) (*Autosave, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("autosave: %w", err)
	}
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return nil, fmt.Errorf("autosave: %s is not a regular file", path)
	}
	lk, err := acquire(lockPath(path))
	if err != nil {
		return nil, fmt.Errorf("autosave: %w", err)
	}
	if lk == nil {
		return nil, fmt.Errorf("autosave: %s is being written by another tabletop", path)
	}
	return newAutosave(path, lk, ""), nil
}

// Create is Open for a game that starts now: a file that is already there
// holds another game, and is refused rather than replaced.
func Create(path string) (*Autosave, error) {
	a, err := Open(path)
	if err != nil {
		return nil, err
	}
	if exists(path) {
		a.Close()
		return nil, fmt.Errorf("autosave: %s holds another game; resume it, or keep this one in another file", path)
	}
	return a, nil
}

// FileName makes a game's name fit for a file name: letters, digits, _
// and -, the rest as _; a script path gives its base name without .lua.
func FileName(game string) string {
	game = strings.TrimSuffix(filepath.Base(game), ".lua")
	name := []rune(game)
	for i, r := range name {
		if !(r == '_' || r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			name[i] = '_'
		}
	}
	if s := strings.Trim(string(name), "_-"); s != "" {
		return s
	}
	return "game"
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}
