package execbot

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"sync/atomic"
	"time"
)

// process is one running program: its pipes, its stderr relay, and the
// goroutine that waits for it (so that it never stays a zombie).
type process struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	out    io.Closer // stdout's pipe
	stdout *bufio.Reader
	relay  *stderrRelay
	done   chan struct{} // closed once the program has exited and been waited for
	err    error         // how it exited, once done is closed
	killed atomic.Bool   // we killed it
}

// live are the processes running, for KillAll.
var live = struct {
	sync.Mutex
	procs map[*process]struct{}
}{procs: map[*process]struct{}{}}

// KillAll kills every program exec bots are running, with their process
// groups. The command line calls it when Ctrl-C or a signal stops it.
func KillAll() {
	live.Lock()
	defer live.Unlock()
	for p := range live.procs {
		p.kill()
	}
}

// Running is the number of programs exec bots are running.
func Running() int {
	live.Lock()
	defer live.Unlock()
	return len(live.procs)
}

// waitDelay bounds how long waiting for a program that exited waits for
// its pipes to close (a child of its own may hold them).
const waitDelay = 2 * time.Second

// start starts argv with its stderr going to the output, each line
// prefixed with prefix(pid).
func start(argv []string, prefix func(pid int) string) (*process, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	ownGroup(cmd)
	p := &process{cmd: cmd, relay: &stderrRelay{}, done: make(chan struct{})}
	cmd.Stderr = p.relay
	cmd.WaitDelay = waitDelay
	// Pipes of our own, not cmd's: Wait closes those as the program
	// exits, under a read of its last answer; ours stay open until stop.
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	cmd.Stdin, cmd.Stdout = inR, outW
	err = cmd.Start()
	inR.Close() // the program's ends
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, err
	}
	p.stdin, p.out, p.stdout = inW, outR, bufio.NewReaderSize(outR, 64<<10)
	p.relay.setPrefix(prefix(cmd.Process.Pid))
	live.Lock()
	live.procs[p] = struct{}{}
	live.Unlock()
	go func() {
		p.err = cmd.Wait()
		p.relay.flush()
		live.Lock()
		delete(live.procs, p)
		live.Unlock()
		close(p.done)
	}()
	return p, nil
}

// kill kills the program and its process group.
func (p *process) kill() {
	p.killed.Store(true)
	killGroup(p.cmd.Process)
}

// send writes one message.
func (p *process) send(line []byte) error {
	_, err := p.stdin.Write(append(line, '\n'))
	return err
}

// maxAnswer is the longest line a program may answer with.
const maxAnswer = 1 << 20

// errTooLong is an answer longer than maxAnswer.
var errTooLong = errors.New("a line of more than 1 MiB")

// receive reads one line the program wrote, without its end.
func (p *process) receive() ([]byte, error) {
	var line []byte
	for {
		chunk, err := p.stdout.ReadSlice('\n')
		line = append(line, chunk...)
		if len(line) > maxAnswer {
			return nil, errTooLong
		}
		switch {
		case err == nil:
			return bytes.TrimRight(line, "\r\n"), nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && len(line) > 0:
			return nil, fmt.Errorf("a last line without its end: %q", clip(string(line), 80))
		default:
			return nil, err
		}
	}
}

// stop ends the program: its stdin is closed (a program that reads to the
// end of its input ends there), and after grace it is killed, with its
// group — whatever it left running too. It returns once the program has
// been waited for.
func (p *process) stop(grace time.Duration) {
	p.stdin.Close()
	t := time.NewTimer(grace)
	select {
	case <-p.done:
	case <-t.C:
		p.kill()
		<-p.done
	}
	t.Stop()
	killGroup(p.cmd.Process) // what it left running
	p.out.Close()
}

// exitText says how the program ended: "exit status 1", "killed by the
// engine", "signal: segmentation fault".
func (p *process) exitText() string {
	select {
	case <-p.done:
	default:
		return "still running"
	}
	switch {
	case p.killed.Load():
		return "stopped by tabletop"
	case p.err == nil:
		return "exit status 0"
	}
	var ee *exec.ExitError
	if errors.As(p.err, &ee) {
		return ee.ProcessState.String()
	}
	return p.err.Error()
}

// clip cuts s to n characters.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
