package execbot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/scenario"
	"github.com/tabletop/tabletop/stdlib"
)

// A script's tests name bots too (g:finish): they cannot start a program,
// though the kind is registered in the process (tabletop test).
func TestAScriptsTestsStartNoProgram(t *testing.T) {
	dir := t.TempDir()
	touched := filepath.Join(dir, "started")
	game := `return { title = "Pick", players = { 2, 2 },
  play = function(t)
    for _, seat in ipairs(t:seats()) do t:ask(seat, { "a", "b" }) end
    return { winners = { 1 } }
  end }
`
	test := `scenario("a bot that is a program", function()
  local g = game { players = 2 }
  g:finish("exec:sh -c 'touch ` + touched + `'")
end)
`
	if err := os.WriteFile(filepath.Join(dir, "pick.lua"), []byte(game), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "pick_test.lua"), []byte(test), 0o644); err != nil {
		t.Fatal(err)
	}
	results, err := scenario.RunFile(filepath.Join(dir, "pick_test.lua"), stdlib.FS())
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != 1 || results[0].Err == nil || !strings.Contains(results[0].Err.Error(), "starts a program on this machine") {
		t.Errorf("results: %+v", results)
	}
	if _, err := os.Stat(touched); err == nil {
		t.Errorf("the test started the program")
	}
}
