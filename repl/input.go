package repl

import (
	"bufio"
	"errors"
	"fmt"
	"io"
)

// MaxLine is the longest line the REPL accepts, in bytes.
const MaxLine = 4096

// ErrInterrupt is what ReadLine returns when the person pressed Ctrl-C.
var ErrInterrupt = errors.New("interrupted")

// LineReader reads the lines a person types.
type LineReader interface {
	// ReadLine shows prompt and returns the next line, without its line
	// ending; io.EOF when the input is over. A secret line is one that
	// others at the table must not see (a hidden vote in hotseat play).
	ReadLine(prompt string, secret bool) (string, error)
}

// plainReader reads lines from a file or a pipe.
type plainReader struct {
	r    *bufio.Reader
	out  io.Writer
	echo bool
}

// NewPlainReader reads lines from in, writing each prompt to out. With
// echo, each line read is written after its prompt, so that a transcript
// of a game driven by a file reads as if typed; secret lines are echoed as
// "(hidden)". A line longer than MaxLine is cut to MaxLine+1 bytes (the
// rest is skipped), so the Session can refuse it.
func NewPlainReader(in io.Reader, out io.Writer, echo bool) LineReader {
	return &plainReader{r: bufio.NewReader(in), out: out, echo: echo}
}

func (p *plainReader) ReadLine(prompt string, secret bool) (string, error) {
	fmt.Fprint(p.out, prompt)
	line, err := readCapped(p.r, MaxLine+1)
	if err == io.EOF && line == "" {
		fmt.Fprintln(p.out)
		return "", io.EOF
	}
	if err != nil && err != io.EOF {
		fmt.Fprintln(p.out)
		return "", err
	}
	if p.echo {
		switch {
		case secret:
			fmt.Fprintln(p.out, "(hidden)")
		case len(line) > MaxLine:
			fmt.Fprintf(p.out, "%.60s…\n", line)
		default:
			fmt.Fprintln(p.out, line)
		}
	}
	return line, nil
}

// readCapped reads one line and keeps at most limit bytes of it. It
// returns io.EOF only with the last, unterminated line (or none).
func readCapped(r *bufio.Reader, limit int) (string, error) {
	var buf []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(buf) < limit {
			buf = append(buf, chunk[:min(len(chunk), limit-len(buf))]...)
		}
		switch err {
		case bufio.ErrBufferFull:
			continue
		case nil:
			return trimEOL(buf, len(chunk) > 0 && chunk[len(chunk)-1] == '\n'), nil
		default:
			return trimEOL(buf, false), err
		}
	}
}

func trimEOL(b []byte, nl bool) string {
	if nl && len(b) > 0 && b[len(b)-1] == '\n' {
		b = b[:len(b)-1]
	}
	if len(b) > 0 && b[len(b)-1] == '\r' {
		b = b[:len(b)-1]
	}
	return string(b)
}
