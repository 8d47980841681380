package interp

import (
	"bytes"
	"runtime"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/savefile"
)

// No text can forge a line: a record whose texts hold line breaks and
// separators is written as version 2 and reads back the same; one without
// is written as version 1, byte for byte as before.
func TestRecordEscapesWhatItMust(t *testing.T) {
	plain := &Record{Script: "clubs", Hash: "ab", Players: 2, Seats: []string{`me\you`, "bot"}, Seed: 3,
		Options: map[string]string{"x": "1"}, Decisions: []Decision{{Seat: 1, Text: "play 9♣"}, {Seat: 2, Text: `back\slash`, Say: true}}}
	var b bytes.Buffer
	if err := plain.Write(&b); err != nil {
		t.Fatal(err)
	}
	want := "tabletop save 1\nscript clubs\nhash ab\nplayers 2\nseats me\\you,bot\nseed 3\noption x=1\ndecisions\n1: play 9♣\n2! back\\slash\nend\n"
	if b.String() != want {
		t.Errorf("plain record:\n%s\nwant:\n%s", b.String(), want)
	}
	back, err := savefile.Parse(&b, "plain.save")
	if err != nil || back.Seats[0] != `me\you` || back.Decisions[1].Text != `back\slash` {
		t.Errorf("version 1 read back: %+v, %v", back, err)
	}

	forged := &Record{Script: "/tmp/odd\nname.lua", Hash: "ab", Players: 2, Seats: []string{"a,b", "bot"}, Seed: 3,
		Options:   map[string]string{"k=v": "1\nend", "y": `\`},
		Decisions: []Decision{{Seat: 1, Text: "x\nend\n2: y"}, {Seat: 2, Text: "hi\r", Say: true}, {Seat: 1, Text: `c:\dir`}}}
	b.Reset()
	if err := forged.Write(&b); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	if !strings.HasPrefix(text, "tabletop save 2\n") || strings.Count(text, "\n") != 13 {
		t.Errorf("escaped record has forged lines:\n%s", text)
	}
	for _, line := range []string{`script /tmp/odd\nname.lua`, `seats a\x2cb,bot`, `option k\x3dv=1\nend`, `option y=\\`, `1: x\nend\n2: y`, `2! hi\r`, `1: c:\\dir`} {
		if !strings.Contains(text, "\n"+line+"\n") {
			t.Errorf("escaped record lacks the line %q:\n%s", line, text)
		}
	}
	got, err := savefile.Parse(strings.NewReader(text), "forged.save")
	if err != nil {
		t.Fatal(err)
	}
	if got.Script != forged.Script || got.Seats[0] != "a,b" || got.Options["k=v"] != "1\nend" || got.Options["y"] != `\` {
		t.Errorf("header read back wrong: %+v", got)
	}
	for i, d := range forged.Decisions {
		if got.Decisions[i] != d {
			t.Errorf("decision %d read back as %+v, want %+v", i+1, got.Decisions[i], d)
		}
	}
	// A version 1 file means its backslashes literally.
	v1, err := savefile.Parse(strings.NewReader("tabletop save 1\nscript s\nplayers 1\nseed 1\ndecisions\n1: a\\nb\nend\n"), "v1.save")
	if err != nil || v1.Decisions[0].Text != `a\nb` {
		t.Errorf("version 1 decision %+v, %v", v1, err)
	}
	// A bad escape in a version 2 file names its line.
	_, err = savefile.Parse(strings.NewReader("tabletop save 2\nscript s\nplayers 1\nseed 1\ndecisions\n1: a\\qb\nend\n"), "v2.save")
	if err == nil || !strings.Contains(err.Error(), "v2.save:6: unknown escape") {
		t.Errorf("bad escape: %v", err)
	}
}

func TestLoadRecordReadsRegularFilesOnly(t *testing.T) {
	dir := t.TempDir()
	for path, want := range map[string]string{
		dir:         "not a regular file (a folder)",
		"/dev/zero": "not a regular file (a character device)",
	} {
		if path == "/dev/zero" && runtime.GOOS == "windows" {
			continue
		}
		_, err := savefile.Load(path)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("savefile.Load(%s): got %v, want %q", path, err, want)
		}
	}
}
