package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The wrapping rule breaks at spaces only, never inside a number, a move
// or a card list's item, and keeps every line within the width.
func TestWrapText(t *testing.T) {
	tests := []struct {
		text   string
		width  int
		indent string
		want   []string
	}{
		{"short", 20, "  ", []string{"short"}},
		{"score -292.75 and kitchen-garden", 16, "  ", []string{"score -292.75", "  and", "  kitchen-garden"}},
		{"expected one of 2C, 8H, 9H, JH", 27, "  ", []string{"expected one of 2C, 8H, 9H,", "  JH"}},
		{"keeps  its  columns", 40, "", []string{"keeps  its  columns"}},
		{"play 9D | play 10D", 16, "  ", []string{"play 9D | play", "  10D"}},
		{"play 9D | play 10D", 12, "  ", []string{"play 9D |", "  play 10D"}},
		{"a  b  c", 4, "", []string{"a  b", "c"}},
		{"see /home/user/.cache/tabletop/saves/clubs.save now", 20, "  ",
			[]string{"see", "  /home/user/.cache/", "  tabletop/saves/", "  clubs.save now"}},
		{"xxxxxxxxxxxxxxxxxxxxxxxxx", 10, "", []string{"xxxxxxxxxx", "xxxxxxxxxx", "xxxxx"}},
		{"take\u00a05\u00a0white · take\u00a04\u00a0white", 16, "", []string{"take 5 white ·", "take 4 white"}},
	}
	for _, tt := range tests {
		got := wrapText(tt.text, tt.width, tt.indent)
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("wrapText(%q, %d) = %q, want %q", tt.text, tt.width, got, tt.want)
		}
		for _, l := range got {
			if ansi.StringWidth(l) > tt.width {
				t.Errorf("wrapText(%q, %d): %q is wider", tt.text, tt.width, l)
			}
		}
	}
}

// Colour sequences take no room and stay whole.
func TestWrapTextColour(t *testing.T) {
	bold := "\x1b[1mAnn, your move\x1b[0m: play 2C | play 3C"
	got := wrapText(bold, 18, "  ")
	if len(got) != 3 || ansi.Strip(strings.Join(got, "|")) != "Ann, your move:|  play 2C | play|  3C" || !strings.HasPrefix(got[0], "\x1b[1mAnn,") {
		t.Errorf("%q", got)
	}
}

// The Writer wraps each line as it is completed, indents its continuations
// two spaces more than the line, lets what takes no room through at once
// and holds a part line until its end or Flush.
func TestWriter(t *testing.T) {
	var b bytes.Buffer
	w := NewWriter(&b, func() int { return 20 })
	w.Write([]byte("one two three four five six\n  indented line that wraps\n"))
	want := "one two three four\n  five six\n  indented line that\n    wraps\n"
	if b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
	b.Reset()
	w.Write([]byte("\x1b[H\x1b[2J"))
	if b.String() != "\x1b[H\x1b[2J" {
		t.Errorf("a clear screen waited: %q", b.String())
	}
	b.Reset()
	w.Write([]byte("End of input: the game"))
	w.Write([]byte(" is unfinished (autosaved to /tmp/x.save).\n"))
	if b.String() != "End of input: the\n  game is unfinished\n  (autosaved to\n  /tmp/x.save).\n" {
		t.Errorf("a line in parts: %q", b.String())
	}
	b.Reset()
	w.Write([]byte("Leave? "))
	if b.Len() != 0 {
		t.Errorf("a part line went through: %q", b.String())
	}
	w.Flush()
	if b.String() != "Leave? " {
		t.Errorf("Flush: %q", b.String())
	}
	b.Reset()
	nowrap := NewWriter(&b, func() int { return 0 })
	long := strings.Repeat("word ", 30) + "\n"
	nowrap.Write([]byte(long))
	if b.String() != long {
		t.Errorf("width 0 wrapped: %q", b.String())
	}
}
