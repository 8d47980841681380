package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// childEnv makes the test binary run tabletop itself (see TestMain).
const childEnv = "TABLETOP_TEST_CHILD"

// slowEnv, set, runs the hostile scripts that take longer than maxCPU by
// design too (their header says cpu:).
const slowEnv = "TABLETOP_HOSTILE_SLOW"

// The targets every hostile script must meet, in every command. A script
// stopped by a budget of a whole game or check rather than of one step
// takes longer by design, and says how long in its header (cpu:).
const (
	maxCPU    = 2 * time.Second
	maxMemory = 1 << 30
	// maxOutput bounds what a command prints: a script that logs until a
	// budget stops it leaves no more than the log's budgets behind.
	maxOutput = 4 << 20
)

// hostile is one script of testdata/hostile, with what its header says:
//
//	-- hostile: what it does
//	-- want: text every command named in "in" must print (file:line: message)
//	-- in: check play sim      (default: all three)
//	-- play: what to type at play's prompt (default: run, with bots in every seat)
//	-- cpu: the CPU time it may take in each command (default: 2s)
type hostile struct {
	name, path, what, want, play string
	in                           map[string]bool
	cpu                          time.Duration
}

func readHostile(t *testing.T, path string) hostile {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	h := hostile{name: strings.TrimSuffix(filepath.Base(path), ".lua"), path: path, play: "run",
		in: map[string]bool{"check": true, "play": true, "sim": true}, cpu: maxCPU}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(strings.TrimPrefix(sc.Text(), "-- "), ": ")
		if !ok || !strings.HasPrefix(sc.Text(), "-- ") {
			break
		}
		switch k {
		case "hostile":
			h.what = v
		case "want":
			h.want = v
		case "play":
			h.play = v
		case "in":
			h.in = map[string]bool{}
			for _, c := range strings.Fields(v) {
				h.in[c] = true
			}
		case "cpu":
			d, err := time.ParseDuration(v)
			if err != nil {
				t.Fatalf("%s: cpu: %v", path, err)
			}
			h.cpu = d
		}
	}
	if h.what == "" || h.want == "" {
		t.Fatalf("%s: the header must say what the script does (-- hostile:) and what to expect (-- want:)", path)
	}
	return h
}

// TestHostileScripts runs every script of testdata/hostile through check,
// play and sim, each as a child process in a folder of its own, and asserts
// that the script is stopped within 2 s of CPU (or what its header says)
// and 1 GiB, with a message naming its file and line, with no Go panic or
// goroutine dump, no raw terminal escapes, at most 4 MiB of output, and
// nothing written outside that folder.
func TestHostileScripts(t *testing.T) {
	paths, err := filepath.Glob("testdata/hostile/*.lua")
	if err != nil || len(paths) < 40 {
		t.Fatalf("want at least 40 hostile scripts, found %d (%v)", len(paths), err)
	}
	var scripts []hostile
	for _, p := range paths {
		scripts = append(scripts, readHostile(t, p))
	}
	scripts = append(scripts, generatedHostile(t)...)
	for _, h := range scripts {
		for _, cmd := range []string{"check", "play", "sim"} {
			h, cmd := h, cmd
			t.Run(h.name+"/"+cmd, func(t *testing.T) {
				if h.cpu > maxCPU && os.Getenv(slowEnv) == "" {
					t.Skipf("a script stopped by a whole game's budget takes up to %v: set %s=1 to run it", h.cpu, slowEnv)
				}
				t.Parallel()
				runHostile(t, h, cmd)
			})
		}
	}
}

// generatedHostile writes the scripts too big to keep in the tree.
func generatedHostile(t *testing.T) []hostile {
	dir := t.TempDir()
	write := func(name, src, what, want string) hostile {
		path := filepath.Join(dir, name+".lua")
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return hostile{name: name, path: path, what: what, want: want, play: "run",
			in: map[string]bool{"check": true, "play": true, "sim": true}, cpu: maxCPU}
	}
	game := "local Game = { title = 'Hostile', players = { 2, 3 } }\nfunction Game.play(t) t:ask(1, { 'go' }) end\nreturn Game\n"
	var chain strings.Builder
	chain.WriteString("local x = 'a'")
	for i := 0; i < 200_000; i++ {
		chain.WriteString(" .. x")
	}
	return []hostile{
		write("gen_nesting", "local x = "+strings.Repeat("(", 100_000)+"1"+strings.Repeat(")", 100_000)+"\n"+game,
			"parentheses nested a hundred thousand deep", "gen_nesting.lua:1:"),
		write("gen_concat_chain", chain.String()+"\n"+game,
			"a concatenation of two hundred thousand terms", "gen_concat_chain.lua:1:"),
		write("gen_huge_file", game+"--"+strings.Repeat("x", 2<<20)+"\n",
			"a script file of two megabytes", "gen_huge_file.lua"),
	}
}

func runHostile(t *testing.T, h hostile, cmd string) {
	dir := t.TempDir()
	src, err := os.ReadFile(h.path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "work", "hostile"), 0o755); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join("hostile", h.name+".lua")
	if err := os.WriteFile(filepath.Join(dir, "work", script), src, 0o644); err != nil {
		t.Fatal(err)
	}
	var args []string
	stdin := ""
	switch cmd {
	case "check":
		args = []string{"check", script, "-n", "4", "--save-dir", "saves"}
	case "sim":
		args = []string{"sim", script, "-n", "2", "--seed", "1"}
	case "play":
		seats := "bot,bot"
		if h.play != "run" {
			seats = "me,bot"
		}
		args = []string{"play", script, "--seats", seats, "--seed", "1", "--autosave", ""}
		stdin = h.play + "\n"
	}
	c := exec.Command(os.Args[0], args...)
	c.Dir = filepath.Join(dir, "work")
	c.Stdin = strings.NewReader(stdin)
	home := filepath.Join(dir, "work", "home")
	c.Env = append(os.Environ(), childEnv+"=1", "HOME="+home, "XDG_CACHE_HOME="+home+"/cache",
		"XDG_CONFIG_HOME="+home+"/config", "XDG_DATA_HOME="+home+"/data", "XDG_STATE_HOME="+home+"/state")
	var out bytes.Buffer
	c.Stdout, c.Stderr = &out, &out
	done := make(chan error, 1)
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { done <- c.Wait() }()
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		c.Process.Kill()
		<-done
		t.Fatalf("%s %s did not stop within two minutes", cmd, script)
	}
	text := out.String()
	usage := c.ProcessState.SysUsage().(*syscall.Rusage)
	cpu := time.Duration(usage.Utime.Nano() + usage.Stime.Nano())
	t.Logf("%s %s: %v of CPU, %d MiB", cmd, h.name, cpu.Round(time.Millisecond), usage.Maxrss>>10)
	report := fmt.Sprintf("%s (%s): %s took %v of CPU and %d MiB; it printed:\n%s", h.name, h.what, cmd, cpu.Round(time.Millisecond), usage.Maxrss>>10, tail(text, 1500))
	for _, bad := range []string{"panic:", "goroutine ", "fatal error:", "SIGSEGV", "internal error"} {
		if strings.Contains(text, bad) {
			t.Errorf("%s\nit printed %q", report, bad)
		}
	}
	if strings.ContainsRune(text, '\x1b') {
		t.Errorf("%s\na terminal escape reached the output", report)
	}
	if h.in[cmd] && !strings.Contains(text, h.want) {
		t.Errorf("%s\nwant it to say %q", report, h.want)
	}
	if !raceEnabled && cpu > h.cpu {
		t.Errorf("%s\nover the %v CPU target", report, h.cpu)
	}
	if len(text) > maxOutput {
		t.Errorf("%s\nit printed %d bytes, over the %d MiB target", report, len(text), maxOutput>>20)
	}
	if usage.Maxrss<<10 > maxMemory {
		t.Errorf("%s\nover the %d MiB memory target", report, maxMemory>>20)
	}
	wrote, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(wrote) != 1 {
		t.Errorf("%s\nit wrote outside its working folder: %v", report, wrote)
	}
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}
