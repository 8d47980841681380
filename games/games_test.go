package games

import (
	"path/filepath"
	"testing"

	"github.com/tabletop/tabletop/lib"
	"github.com/tabletop/tabletop/scenario"
	"github.com/tabletop/tabletop/stdlib"
)

// TestScenarios runs every games/*_test.lua file, one subtest per scenario.
func TestScenarios(t *testing.T) {
	files, err := filepath.Glob("*_test.lua")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no *_test.lua files found")
	}
	for _, f := range files {
		t.Run(f, func(t *testing.T) {
			t.Parallel()
			results, err := scenario.RunFile(f, stdlib.FS(), lib.Modules()...)
			if err != nil {
				t.Fatal(err)
			}
			if len(results) == 0 {
				t.Fatalf("%s declares no scenarios", f)
			}
			for _, r := range results {
				t.Run(r.Name, func(t *testing.T) {
					if r.Err != nil {
						t.Error(r.Err)
					}
				})
			}
		})
	}
}
