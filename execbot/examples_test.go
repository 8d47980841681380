package execbot

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// examples is where the example agents of docs/exec-bots.md are.
var examples = filepath.Join("..", "docs", "examples")

// goTool finds the go command.
func goTool(t *testing.T) string {
	p, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on the PATH to build the Go example with")
	}
	return p
}

// quoted is words as one exec command.
func quoted(words ...string) string {
	for i, w := range words {
		words[i] = "'" + w + "'"
	}
	return strings.Join(words, " ")
}

// A game of each title with the Go example in seat 1 and the Python one
// (where python3 is) in seat 2: each plays the whole game and hears how
// it ended.
func TestTheExampleAgentsPlayEveryGame(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "goagent")
	if out, err := exec.Command(goTool(t), "build", "-o", bin, "./"+filepath.ToSlash(filepath.Join(examples, "goagent"))).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	seats := []string{"exec:" + quoted(bin), "", "", ""}
	if py, err := exec.LookPath("python3"); err == nil {
		abs, _ := filepath.Abs(filepath.Join(examples, "agent.py"))
		seats[1] = "exec:" + quoted(py, abs)
	} else {
		t.Log("no python3: the Python example is not played")
	}
	for _, name := range titles {
		t.Run(name, func(t *testing.T) {
			out := captureOutput(t)
			e := loadGame(t, name)
			g := playGame(t, e, 3, seats...)
			if len(g.notices) > 0 {
				t.Errorf("notices: %q", g.notices)
			}
			for s, n := range seats {
				if n == "" {
					continue
				}
				said := regexp.MustCompile(`(?m)^seat ` + string(rune('1'+s)) + ` \(pid \d+\): over: won (True|False|true|false) after [1-9]\d* lines$`)
				if !said.MatchString(out.String()) {
					t.Errorf("seat %d did not hear the end of the game:\n%s", s+1, out)
				}
				if len(seatDecisions(g.m, s+1)) == 0 {
					t.Errorf("seat %d made no decision", s+1)
				}
			}
		})
	}
}

// The Go example runs as docs/exec-bots.md says, with go run.
func TestTheGoExampleRunsWithGoRun(t *testing.T) {
	if testing.Short() {
		t.Skip("go run compiles the example")
	}
	out := captureOutput(t)
	dir, _ := filepath.Abs(filepath.Join(examples, "goagent"))
	e := loadGame(t, "clubs")
	name := "exec:start=2m:" + quoted(goTool(t), "run", dir)
	g := playGame(t, e, 9, "", "", name)
	if len(g.notices) > 0 || !regexp.MustCompile(`(?m)^seat 3 \(pid \d+\): over: won (true|false) after \d+ lines$`).MatchString(out.String()) {
		t.Errorf("notices %q, output:\n%s", g.notices, out)
	}
}
