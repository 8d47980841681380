package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// A background tabletop, for scripts that need two at once, or a game
// that goes on while the script changes a file: bgplay starts one and
// waits for its first prompt, its standard input held open; bgsend types
// a line and waits for the next prompt; bgquit types quit and waits for
// it to end.

type bgProc struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	out   *syncBuffer
	done  chan struct{}
	err   error
}

// syncBuffer is a bytes.Buffer written by one goroutine and read by
// another.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

var (
	bgMu    sync.Mutex
	bgProcs = map[*testscript.TestScript]map[string]*bgProc{}
)

// bgEnv is what a background tabletop inherits from the script.
var bgEnv = []string{"HOME", "TMPDIR", "XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "NO_COLOR", "CLICOLOR_FORCE"}

// bgPlay is "bgplay NAME ARGS...": it starts tabletop ARGS... in the
// background and waits until it asks for a line.
func bgPlay(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: bgplay NAME ARGS...")
	}
	cmd := exec.Command("tabletop", args[1:]...)
	cmd.Dir = ts.MkAbs(".")
	cmd.Env = os.Environ()
	for _, k := range bgEnv {
		cmd.Env = append(cmd.Env, k+"="+ts.Getenv(k))
	}
	p := &bgProc{cmd: cmd, out: &syncBuffer{}, done: make(chan struct{})}
	cmd.Stdout, cmd.Stderr = p.out, p.out
	stdin, err := cmd.StdinPipe()
	ts.Check(err)
	p.stdin = stdin
	ts.Check(cmd.Start())
	go func() { p.err = cmd.Wait(); close(p.done) }()
	bgMu.Lock()
	if bgProcs[ts] == nil {
		bgProcs[ts] = map[string]*bgProc{}
		ts.Defer(func() { bgKillAll(ts) })
	}
	bgProcs[ts][args[0]] = p
	bgMu.Unlock()
	// This waits for the process to reach its prompt; it asserts nothing
	// about time.
	deadline := time.Now().Add(2 * time.Minute)
	for !strings.HasSuffix(p.out.String(), "> ") {
		select {
		case <-p.done:
			ts.Fatalf("tabletop %s ended before its prompt (%v):\n%s", strings.Join(args[1:], " "), p.err, p.out)
		case <-time.After(10 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			ts.Fatalf("tabletop %s never asked for a line:\n%s", strings.Join(args[1:], " "), p.out)
		}
	}
}

// bgSend is "bgsend NAME LINE": it types LINE to the background tabletop
// NAME and waits until it asks for the next line (a prompt, or a yes or
// no).
func bgSend(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: bgsend NAME LINE")
	}
	bgMu.Lock()
	p := bgProcs[ts][args[0]]
	bgMu.Unlock()
	if p == nil {
		ts.Fatalf("no background tabletop called %s", args[0])
	}
	before := len(p.out.String())
	_, err := io.WriteString(p.stdin, args[1]+"\n")
	ts.Check(err)
	// This waits for the process to ask again; it asserts nothing about
	// time.
	deadline := time.Now().Add(2 * time.Minute)
	for {
		out := p.out.String()
		if len(out) > before+len(args[1]) && (strings.HasSuffix(out, "> ") || strings.HasSuffix(out, "(yes/no) ")) {
			return
		}
		select {
		case <-p.done:
			ts.Fatalf("tabletop ended after %q (%v):\n%s", args[1], p.err, out)
		case <-time.After(10 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			ts.Fatalf("tabletop never asked for the line after %q:\n%s", args[1], out)
		}
	}
}

// bgQuit is "bgquit NAME": it types quit to the background tabletop
// NAME, waits for it to end and writes what it printed to NAME.out.
func bgQuit(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: bgquit NAME")
	}
	bgMu.Lock()
	p := bgProcs[ts][args[0]]
	delete(bgProcs[ts], args[0])
	bgMu.Unlock()
	if p == nil {
		ts.Fatalf("no background tabletop called %s", args[0])
	}
	_, err := io.WriteString(p.stdin, "quit\n")
	ts.Check(err)
	// The process may read quit and end first: then Wait has closed the
	// pipe already (os/exec's StdinPipe), which is no failure.
	if err := p.stdin.Close(); err != nil && !errors.Is(err, os.ErrClosed) {
		ts.Check(err)
	}
	<-p.done
	ts.Check(os.WriteFile(ts.MkAbs(args[0]+".out"), []byte(p.out.String()), 0o644))
	if p.err != nil {
		ts.Fatalf("tabletop ended with %v:\n%s", p.err, p.out)
	}
}

// bgKillAll ends the background tabletops a failed script left running.
func bgKillAll(ts *testscript.TestScript) {
	bgMu.Lock()
	defer bgMu.Unlock()
	for _, p := range bgProcs[ts] {
		_ = p.cmd.Process.Kill()
		<-p.done
	}
	delete(bgProcs, ts)
}
