package gamefiles

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
)

// TestFoldersFindInOrder: a module is found in the script's own folder
// first, then the libraries in order, then the standard library; one
// found nowhere names every place it was looked for.
func TestFoldersFindInOrder(t *testing.T) {
	games := fstest.MapFS{"clubs.lua": {Data: []byte("-- clubs")}, "deck.lua": {Data: []byte("-- games' deck")}}
	extra := fstest.MapFS{"deck.lua": {Data: []byte("-- extra's deck")}, "dice.lua": {Data: []byte("-- dice")}}
	std := fstest.MapFS{"dice.lua": {Data: []byte("-- std dice")}, "list.lua": {Data: []byte("-- list")}}
	f := &Folders{Path: "games/clubs.lua", Dir: ".", Home: games, HomeName: "games",
		Libs: []Library{{Name: "games", FS: games}, {Name: "extra", FS: extra}}, Stdlib: std}
	for _, tc := range []struct{ rel, src, shown string }{
		{"deck.lua", "-- games' deck", "games/deck.lua"},
		{"dice.lua", "-- dice", "extra/dice.lua"},
		{"list.lua", "-- list", "stdlib/list.lua"},
	} {
		src, shown, _, err := f.FindModule(strings.TrimSuffix(tc.rel, ".lua"), tc.rel)
		if err != nil || string(src) != tc.src || shown != tc.shown {
			t.Errorf("%s: %q from %s, %v; want %q from %s", tc.rel, src, shown, err, tc.src, tc.shown)
		}
	}
	_, _, _, err := f.FindModule("cards", "cards.lua")
	if err == nil || !strings.Contains(err.Error(), `module "cards" not found beside games/clubs.lua, in extra or in stdlib`) {
		t.Errorf("a missing module: %v", err)
	}
}

// TestReadRefusesWhatIsNoScript: a folder is not read as a script, nor a
// file over MaxScriptBytes; a missing file is fs.ErrNotExist.
func TestReadRefusesWhatIsNoScript(t *testing.T) {
	fsys := fstest.MapFS{"dir/a.lua": {Data: []byte("x")}, "big.lua": {Data: make([]byte, MaxScriptBytes+1)}}
	if _, err := ReadScriptFS(fsys, "dir", "dir"); err == nil || !strings.Contains(err.Error(), "not a regular file (a folder)") {
		t.Errorf("a folder: %v", err)
	}
	if _, err := ReadScriptFS(fsys, "big.lua", "big.lua"); err == nil || !strings.Contains(err.Error(), "at most 1 MiB") {
		t.Errorf("a big file: %v", err)
	}
	if _, err := ReadScriptFS(fsys, "none.lua", "none.lua"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
}
