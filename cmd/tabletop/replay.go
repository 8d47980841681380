package main

import (
	"fmt"
	"os"
)

// replayCmd is `tabletop replay`.
type replayCmd struct {
	File     string `arg:"" help:"A save file (from save, or the autosave)."`
	Script   string `placeholder:"PATH" help:"Replay with this script instead of the one the save names."`
	Autosave string `placeholder:"PATH" help:"Save the game there after every decision (default: nowhere)."`
}

func (c *replayCmd) Run(e *env) error {
	rec, eng, seats, err := openRecord(c.File, c.Script)
	if err != nil {
		return err
	}
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
	m, err := eng.NewMatch(rec.Config())
	if err != nil {
		return err
	}
	return playSession(e, m, seats, c.Autosave, c.File, rec.Decisions, false)
}

func sameFile(a, b string) bool {
	fa, err1 := os.Stat(a)
	fb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(fa, fb)
}
