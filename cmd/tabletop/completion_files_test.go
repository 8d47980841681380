package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/posener/complete"
)

// TestGameFilesSkipScenariosAndBots: completing a game's file offers the
// scripts of a folder, not the scenarios or bots files beside them.
func TestGameFilesSkipScenariosAndBots(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"dice.lua", "dice_test.lua", "dice_bots.lua", "notes.txt"} {
		if err := os.WriteFile(filepath.Join(dir, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got := gameFiles.Predict(complete.Args{Last: dir + "/"})
	want := filepath.Join(dir, "dice.lua")
	if !slices.Contains(got, want) {
		t.Errorf("completion of %s/ offers %q, without %s", dir, got, want)
	}
	for _, f := range got {
		if base := filepath.Base(f); base == "dice_test.lua" || base == "dice_bots.lua" || base == "notes.txt" {
			t.Errorf("completion offers %s", f)
		}
	}
}
