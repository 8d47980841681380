package execbot

import (
	"strings"
	"testing"
)

// A program's stderr reaches the output a whole line at a time, prefixed
// — the lines it wrote before its prefix was known too — with control
// characters made harmless, a long line cut, the last words kept.
func TestStderrRelay(t *testing.T) {
	out := captureOutput(t)
	r := &stderrRelay{}
	r.Write([]byte("early\nhalf"))
	if out.String() != "" {
		t.Fatalf("written before the prefix: %q", out)
	}
	r.setPrefix("seat 1 (pid 7): ")
	r.Write([]byte(" a line\r\n\x1b[2Jcleared\n" + strings.Repeat("x", maxStderrLine+10)))
	r.flush()
	want := "seat 1 (pid 7): early\nseat 1 (pid 7): half a line\nseat 1 (pid 7): ?[2Jcleared\nseat 1 (pid 7): " +
		strings.Repeat("x", maxStderrLine) + "\nseat 1 (pid 7): xxxxxxxxxx\n"
	if out.String() != want {
		t.Errorf("output:\n%q\nwant\n%q", out, want)
	}
	if r.lastLine() != "xxxxxxxxxx" {
		t.Errorf("last line %q", r.lastLine())
	}
}
