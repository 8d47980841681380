package execbot

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"sync"
)

// output is where every exec bot of the process writes: its program's
// stderr and the engine's notes about it, one whole line at a time.
var output = struct {
	sync.Mutex
	w io.Writer
}{w: os.Stderr}

// SetOutput sends what exec bots write to w (os.Stderr until set): the
// lines their programs write to stderr, prefixed, and the engine's notes
// about them — a program that failed and the bot that took over. The
// command line sets a file while a game is played on the screen. It
// returns the output it replaces.
func SetOutput(w io.Writer) io.Writer {
	output.Lock()
	defer output.Unlock()
	old := output.w
	output.w = w
	return old
}

// writeLine writes one line to the output.
func writeLine(format string, a ...any) {
	line := fmt.Sprintf(format, a...)
	output.Lock()
	defer output.Unlock()
	fmt.Fprintln(output.w, line)
}

// stderrRelay is a program's stderr: it writes each whole line to the
// output with the prefix, and keeps the last one for the notes. Lines
// wait until the prefix is set (it names the process, known once it runs).
type stderrRelay struct {
	mu     sync.Mutex
	prefix string
	ready  bool // the prefix is set
	buf    []byte
	last   string
}

// setPrefix sets the prefix and writes the lines that waited for it.
func (r *stderrRelay) setPrefix(prefix string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.prefix, r.ready = prefix, true
	r.emitLines()
}

// maxStderrLine is where a line without an end is cut.
const maxStderrLine = 4096

func (r *stderrRelay) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.buf = append(r.buf, p...)
	if r.ready {
		r.emitLines()
	}
	return len(p), nil
}

// emitLines writes the whole lines in the buffer. The caller holds mu.
func (r *stderrRelay) emitLines() {
	for {
		i := bytes.IndexByte(r.buf, '\n')
		if i < 0 && len(r.buf) < maxStderrLine {
			return
		}
		next := i + 1
		if i < 0 {
			i, next = maxStderrLine, maxStderrLine
		}
		r.emit(string(bytes.TrimRight(r.buf[:i], "\r")))
		r.buf = r.buf[next:]
	}
}

// flush writes what is left of a last line without an end.
func (r *stderrRelay) flush() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.ready = true
	r.emitLines()
	if len(r.buf) > 0 {
		r.emit(string(r.buf))
		r.buf = nil
	}
}

func (r *stderrRelay) emit(line string) {
	line = printable(line)
	writeLine("%s%s", r.prefix, line)
	if line != "" {
		r.last = line
	}
}

// lastLine is the last line the program wrote to its stderr.
func (r *stderrRelay) lastLine() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.last
}

// printable replaces control characters, so that a program cannot move a
// terminal's cursor or clear its screen through the output.
func printable(s string) string {
	return string(bytes.Map(func(r rune) rune {
		if r < 0x20 && r != '\t' || r == 0x7f || r >= 0x80 && r < 0xa0 {
			return '?'
		}
		return r
	}, []byte(s)))
}
