package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// TestLiarsDicePasses: the example game of secret dice
// (docs/examples/liars_dice) passes tabletop check — no leak, its dice
// under cups included — and its scenarios pass tabletop test; its bot
// plays it under sim.
func TestLiarsDicePasses(t *testing.T) {
	dir := filepath.Join("..", "..", "docs", "examples", "liars_dice")
	for _, args := range [][]string{
		{"check", filepath.Join(dir, "liars_dice.lua"), "-n", "15", "-p", "2,4", "--save-dir", t.TempDir()},
		{"test", filepath.Join(dir, "liars_dice_test.lua")},
		{"sim", filepath.Join(dir, "liars_dice.lua"), "--seats", "bot:counter,bot:random,bot:random", "-n", "20", "--histograms", "never"},
	} {
		var out, errs bytes.Buffer
		if code := run(args, strings.NewReader(""), &out, &errs); code != 0 {
			t.Errorf("tabletop %s: exit %d\n%s%s", strings.Join(args, " "), code, out.String(), errs.String())
		}
	}
}
