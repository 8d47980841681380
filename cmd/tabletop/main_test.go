package main

import (
	"bufio"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

var update = flag.Bool("update", false, "rewrite the expected output in testdata/script/*.txtar")

func TestMain(m *testing.M) {
	// The hostile-script suite runs tabletop as a child process, to measure
	// its CPU time and memory: the test binary is that child when asked.
	if os.Getenv(childEnv) == "1" {
		// A safety net for the machine running the tests, far above the
		// 1 GiB target the suite asserts: a regression fails fast instead
		// of swapping.
		lim := syscall.Rlimit{Cur: 4 << 30, Max: 4 << 30}
		_ = syscall.Setrlimit(syscall.RLIMIT_AS, &lim)
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	testscript.Main(m, map[string]func(){
		"tabletop": func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the end-to-end scripts in testdata/script. Each runs
// in a fresh folder holding games/clubs.lua, its variant and scenarios, with the
// user's cache, config, state and data folders inside it.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		UpdateScripts:       *update,
		Setup: func(env *testscript.Env) error {
			env.Setenv("XDG_CACHE_HOME", filepath.Join(env.WorkDir, "cache"))
			env.Setenv("XDG_CONFIG_HOME", filepath.Join(env.WorkDir, "config"))
			env.Setenv("XDG_STATE_HOME", filepath.Join(env.WorkDir, "state"))
			env.Setenv("XDG_DATA_HOME", filepath.Join(env.WorkDir, "data"))
			env.Setenv("NO_COLOR", "")
			env.Setenv("CLICOLOR_FORCE", "")
			if err := os.MkdirAll(filepath.Join(env.WorkDir, "games"), 0o755); err != nil {
				return err
			}
			for _, f := range []string{"clubs.lua", "clubs_test.lua", "clubs_short.lua"} {
				b, err := os.ReadFile(filepath.Join("..", "..", "games", f))
				if err != nil {
					return err
				}
				if err := os.WriteFile(filepath.Join(env.WorkDir, "games", f), b, 0o644); err != nil {
					return err
				}
			}
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"droplines": dropLines,
			"bgplay":    bgPlay,
			"bgsend":    bgSend,
			"bgquit":    bgQuit,
			"svgtext":   svgText,
			"pprof":     pprofTop,
		},
	})
}

// pprofTop is "pprof FILE": it prints what go tool pprof -top makes of
// the profile FILE (failing when pprof cannot read it).
func pprofTop(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: pprof FILE")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		ts.Fatalf("no go command to run pprof with: %v", err)
	}
	out, err := exec.Command(goTool, "tool", "pprof", "-top", ts.MkAbs(args[0])).CombinedOutput()
	if err != nil {
		ts.Fatalf("go tool pprof -top %s: %v\n%s", args[0], err, out)
	}
	ts.Stdout().Write(out)
}

// dropLines is "droplines PREFIX IN OUT": it copies the file IN to OUT
// without the lines that start with PREFIX (e.g. timing lines).
func dropLines(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: droplines PREFIX IN OUT")
	}
	var b strings.Builder
	sc := bufio.NewScanner(strings.NewReader(ts.ReadFile(args[1])))
	for sc.Scan() {
		if !strings.HasPrefix(sc.Text(), args[0]) {
			b.WriteString(sc.Text() + "\n")
		}
	}
	if err := os.WriteFile(ts.MkAbs(args[2]), []byte(b.String()), 0o644); err != nil {
		ts.Fatalf("%v", err)
	}
}

// TestExitCodes checks the exit code of each kind of outcome.
func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	for _, v := range []string{"XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME"} {
		t.Setenv(v, filepath.Join(dir, v))
	}
	broken := filepath.Join(dir, "broken.lua")
	if err := os.WriteFile(broken, []byte("return {\n  title = 'x',\n  players = {2, 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	clubs := filepath.Join("..", "..", "games", "clubs.lua")
	tests := []struct {
		args []string
		in   string
		code int
		want string // in stdout or stderr
	}{
		{[]string{"--help"}, "", 0, "Usage: tabletop"},
		{[]string{"play", "--help"}, "", 0, "--seats"},
		{[]string{}, "", 2, "Run \"tabletop --help\""},
		{[]string{"nosuch"}, "", 2, "unexpected argument nosuch"},
		{[]string{"play"}, "", 2, "play needs a game"},
		{[]string{"play", clubs, "--players", "9"}, "", 2, "Clubs is for 3 to 4 players, not 9"},
		{[]string{"play", clubs, "--seats", "me,bot"}, "", 2, "Clubs is for 3 to 4 players, not 2"},
		{[]string{"play", clubs, "--players", "4", "--seats", "me,bot"}, "", 2, "--seats names 2 seats for 4 players"},
		{[]string{"play", clubs, "--seats", "me,bot:nosuch,bot"}, "", 2, `no bot called "nosuch"`},
		{[]string{"play", clubs, "--set", "nosuch=1"}, "", 2, `unknown option "nosuch"`},
		{[]string{"play", clubs, "--set", "target=abc"}, "", 2, `"abc" is not a number`},
		{[]string{"play", broken}, "", 1, "broken.lua:"},
		{[]string{"play", clubs, "--seed", "7", "--autosave", ""}, "quit\n", 0, "seed 7"},
		{[]string{"sim", clubs, "-n", "0"}, "", 2, "-n must be at least 1"},
		{[]string{"sim", clubs, "--seats", "me,bot,bot,bot"}, "", 2, "sim seats are bot or bot:NAME"},
		{[]string{"test", dir}, "", 2, "no *_test.lua files"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			var out, errOut strings.Builder
			code := run(tc.args, strings.NewReader(tc.in), &out, &errOut)
			all := out.String() + errOut.String()
			if code != tc.code {
				t.Errorf("exit code %d, want %d\n%s", code, tc.code, all)
			}
			if !strings.Contains(all, tc.want) {
				t.Errorf("output lacks %q:\n%s", tc.want, all)
			}
		})
	}
}

// /dev/null is a character device, but no terminal: a game whose input is
// /dev/null reads it as an empty file, without line editing.
func TestDevNullIsNotATerminal(t *testing.T) {
	f, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if isTerminal(f) {
		t.Errorf("%s is taken for a terminal", os.DevNull)
	}
	var out strings.Builder
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	if code := run([]string{"play", "clubs", "--seed", "1", "--autosave", ""}, f, &out, &out); code != 0 || !strings.Contains(out.String(), "End of input: the game is unfinished.") {
		t.Errorf("exit %d:\n%s", code, out.String())
	}
}
