package interp

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestGameFieldsAreWhatTheEngineReads: GameFields lists exactly the fields
// of a script's game table that the engine's code reads (game.RawGetString
// of a name), so that the annotations, which a test checks against the
// list, describe every hook.
func TestGameFieldsAreWhatTheEngineReads(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	read := regexp.MustCompile(`\bgame\.RawGetString\("(\w+)"\)`)
	var got []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range read.FindAllSubmatch(src, -1) {
			got = append(got, string(m[1]))
		}
	}
	slices.Sort(got)
	got = slices.Compact(got)
	if !slices.Equal(got, GameFields) {
		t.Errorf("the engine reads the game's fields %q; GameFields lists %q", got, GameFields)
	}
}
