package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A program at the table, at an 80×24 terminal: what it writes to its
// stderr never reaches the screen (it goes to the exec log), and when it
// answers nonsense the screen says so and the game's bot plays on.
func TestAProgramsFailureOnTheScreen(t *testing.T) {
	dir := t.TempDir() // the terminal's XDG folders, the exec log's too
	agent := filepath.Join(dir, "noisy.sh")
	script := `echo "NOISE from the program" >&2
while IFS= read -r line; do
  echo "NOISE on every line" >&2
  case $line in
    '{"type":"hello"'*) echo '{"type":"ready"}' ;;
    '{"type":"decide"'*) echo '{"type":"choose","text":"take it all"}' ;;
  esac
done
`
	if err := os.WriteFile(agent, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	term := startTerminalIn(t, dir, "play", "../../games/clubs.lua", "--seed", "3", "--seats", "bot:exec:sh "+agent+",me,bot,bot", "--autosave", "")
	term.waitFor("East>")
	seen := strings.Join(append(term.scrollback(), term.screen()...), "\n")
	if strings.Contains(seen, "NOISE") || strings.Contains(term.since(), "NOISE") {
		t.Errorf("the program's stderr reached the screen:\n%s", seen)
	}
	// Lines wrap at 80 columns: compare without the spaces.
	flat := squeeze(seen)
	note := squeeze(`The bot exec:sh ` + agent + ` of seat 1 (North): it answered decision 1 with "{\"type\":\"choose\",\"text\":\"take it all\"}": "take it all" is not one of the options; careful plays the seat for the rest of the game.`)
	if !strings.Contains(flat, note) {
		t.Errorf("the screen does not say the program failed:\n%s", seen)
	}
	if !strings.Contains(flat, squeeze("What the programs write to stderr goes to "+filepath.Join(dir, "tabletop", "exec.log"))) {
		t.Errorf("the screen does not say where the program's stderr goes:\n%s", seen)
	}
	term.send("quit\r")
	if err := term.exited(); err != nil {
		t.Fatal(err)
	}
	log, err := os.ReadFile(filepath.Join(dir, "tabletop", "exec.log"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"): NOISE from the program\n", "tabletop: bot exec:sh " + agent + " of seat 1 (North): it answered decision 1"} {
		if !strings.Contains(string(log), want) {
			t.Errorf("the exec log lacks %q:\n%s", want, log)
		}
	}
}

// squeeze is s without its spaces and line ends.
func squeeze(s string) string { return strings.Join(strings.Fields(s), "") }

// Ctrl-C stops a sim and the programs it runs: they are in process groups
// of their own, so tabletop kills them before it ends.
func TestInterruptKillsThePrograms(t *testing.T) {
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "pid")
	agent := filepath.Join(dir, "hang.sh")
	script := `echo $$ > ` + pidFile + `.tmp && mv ` + pidFile + `.tmp ` + pidFile + `
while IFS= read -r line; do
  case $line in
    '{"type":"hello"'*) echo '{"type":"ready"}' ;;
    '{"type":"decide"'*) sleep 1000 ;;
  esac
done
`
	if err := os.WriteFile(agent, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("tabletop", "sim", "../../games/clubs.lua", "-n", "1", "--seats", "bot:exec:sh "+agent+",bot")
	cmd.Env = append(os.Environ(), "XDG_STATE_HOME="+dir)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var pid int
	for deadline := time.Now().Add(10 * time.Second); pid == 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatal("the program never started")
		}
		if b, err := os.ReadFile(pidFile); err == nil {
			pid, _ = strconv.Atoi(strings.TrimSpace(string(b)))
		}
	}
	time.Sleep(200 * time.Millisecond) // into its decision's wait
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ProcessState.Sys().(syscall.WaitStatus).Signal() != syscall.SIGINT {
		t.Errorf("tabletop ended with %v, not by Ctrl-C", err)
	}
	for deadline := time.Now().Add(5 * time.Second); running(pid); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			syscall.Kill(-pid, syscall.SIGKILL)
			t.Fatalf("the program %d outlived tabletop", pid)
		}
	}
}

// running reports whether process pid runs (a zombie does not).
func running(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return syscall.Kill(pid, 0) == nil
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}
