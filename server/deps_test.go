package server

import (
	"os/exec"
	"strings"
	"testing"
)

// The web table stands beside the REPL, not on it: it shares the seats
// (package seating), the command language (package command) and the
// engine's error text with the terminal, but links neither the REPL nor
// its line editor.
func TestBesideTheREPL(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 {
		t.Fatalf("go list -deps lists only %q", deps)
	}
	for _, dep := range deps {
		for _, banned := range []string{"github.com/tabletop/tabletop/repl", "github.com/peterh/liner"} {
			if dep == banned || strings.HasPrefix(dep, banned+"/") {
				t.Errorf("package server depends on %s", dep)
			}
		}
	}
}
