package scenario

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/stdlib"
)

// TestClonesAreCharged: the games a scenario holds count against the test
// file's memory, so a loop of g:clone() stops with the test's line and the
// memory budget named, long before the process runs short; and what the
// clones' scripts ran counts against the scenario's step. (Before, a
// test file paid for neither: such a loop took 1.35 GiB, then the process.)
func TestClonesAreCharged(t *testing.T) {
	for _, c := range []struct {
		name, loop, want string
		memory, steps    int64
	}{
		{"memory", "for i = 1, 20000 do held[i] = g:clone() end", "the script keeps more than 8 MiB", 8 << 20, 2_000_000_000},
		{"instructions", "for i = 1, 20000 do g:clone() end", "instructions", 1 << 30, 5_000_000},
	} {
		t.Run(c.name, func(t *testing.T) {
			old := limits
			defer func() { limits = old }()
			limits.Memory, limits.StepInstructions = c.memory, c.steps
			dir := t.TempDir()
			deck, err := os.ReadFile("testdata/deck.lua")
			if err != nil {
				t.Fatal(err)
			}
			src := "scenario(\"clones\", function()\n" +
				"  local g = game { players = 3 }\n" +
				"  g:play(\"draw\", \"draw\", \"draw\")\n" +
				"  local held = {}\n" +
				"  " + c.loop + "\n" +
				"end)\n"
			if err := os.WriteFile(filepath.Join(dir, "deck.lua"), deck, 0o644); err != nil {
				t.Fatal(err)
			}
			test := filepath.Join(dir, "deck_test.lua")
			if err := os.WriteFile(test, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			results, err := RunFile(test, stdlib.FS())
			if err != nil {
				t.Fatal(err)
			}
			runtime.ReadMemStats(&after)
			if len(results) != 1 || results[0].Err == nil {
				t.Fatalf("twenty thousand clones passed: %+v", results)
			}
			msg := results[0].Err.Error()
			if !strings.HasPrefix(msg, test+":5:") || !strings.Contains(msg, c.want) {
				t.Errorf("got %v\nwant an error at %s:5: naming %q", msg, test, c.want)
			}
			if grew := int64(after.TotalAlloc - before.TotalAlloc); grew > 40*c.memory && c.name == "memory" {
				t.Errorf("the test file allocated %d MiB before it was stopped", grew>>20)
			}
		})
	}
}
