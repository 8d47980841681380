package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/saves"
)

// replayCmd is `tabletop replay`.
type replayCmd struct {
	File     string `arg:"" predictor:"save" help:"A save file (from save, an autosave or a finished game), or the name of a game in your saves folder."`
	Script   string `placeholder:"PATH" help:"Replay with this script instead of the one the save names."`
	Autosave string `placeholder:"PATH" help:"Keep the game in this file as it goes on (default: nowhere)."`
}

func (c *replayCmd) Run(e *env) error {
	c.File = findSave(c.File)
	rec, eng, seats, err := openRecord(e, c.File, c.Script, botForPrograms)
	if err != nil {
		return err
	}
	allowPrograms(eng) // bot N exec:..., typed now; the save's seats are no programs
	// Check the whole record first, so a save that does not fit is
	// refused at once.
	full, err := eng.ReplayRecord(rec)
	if err != nil {
		return fmt.Errorf("cannot replay %s: %w", c.File, err)
	}
	full.Close()
	if c.Autosave != "" && sameFile(c.Autosave, c.File) {
		return usagef("--autosave would overwrite %s, the save being replayed", c.File)
	}
	saver, err := openAutosave(c.Autosave, true)
	if err != nil {
		return err
	}
	m, err := eng.NewMatch(interp.RecordConfig(rec))
	if err != nil {
		closeAutosave(saver)
		return err
	}
	m.SetTakebacks(rec.Takebacks) // a practice game's result says so
	_, err = playSession(e, m, seats, saver, c.File, rec.Decisions)
	return err
}

// findSave returns the save file name names: the file itself, or a game
// of that name in the user's saves folder, finished or in progress ("clubs"
// is the latest game of Clubs).
func findSave(name string) string {
	if exists(name) || strings.ContainsAny(name, `/\`) {
		return name
	}
	if path, ok := saves.Default().Lookup(name); ok {
		return path
	}
	return name
}

func sameFile(a, b string) bool {
	fa, err1 := os.Stat(a)
	fb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(fa, fb)
}
