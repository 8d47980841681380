package savefile

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRecordErrorsNameTheLine(t *testing.T) {
	good := "tabletop save 1\nscript pick.lua\nplayers 2\nseed 1\ndecisions\n1: a\nend\n"
	for _, tc := range []struct {
		name, text, want string
	}{
		{"empty", "", "the file is empty"},
		{"not a save", "hello\n", ":1: not a tabletop save file"},
		{"wrong version", strings.Replace(good, "save 1", "save 7", 1), ":1: save format version 7"},
		{"truncated", strings.TrimSuffix(good, "end\n"), "cut short"},
		{"bad seed", strings.Replace(good, "seed 1", "seed x", 1), ":4: seed must be a whole number"},
		{"bad decision", strings.Replace(good, "1: a", "one a", 1), ":6: a decision line is"},
		{"seat out of range", strings.Replace(good, "1: a", "3: a", 1), ":6: seat \"3\" is not a seat"},
		{"unknown line", strings.Replace(good, "seed 1", "seed 1\ncolour blue", 1), ":5: unknown line"},
		{"duplicate key", strings.Replace(good, "seed 1", "seed 1\nseed 2", 1), ":5: \"seed\" appears twice"},
		{"text after end", good + "1: b\n", "text after the end line"},
		{"missing header", "tabletop save 1\ndecisions\nend\n", "incomplete header"},
		{"seats mismatch", strings.Replace(good, "seed 1", "seed 1\nseats me", 1), "1 seats listed for 2 players"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tc.text), "x.save")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

func TestSaveIsAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.save")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A save into a missing folder fails and leaves nothing behind.
	if err := Save(filepath.Join(dir, "missing", "g.save"), &Record{Script: "x", Players: 1}); err == nil {
		t.Error("saving into a missing folder should fail")
	}
	if err := Save(path, &Record{Script: "x", Players: 1}); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
	b, _ := os.ReadFile(path)
	if !bytes.HasSuffix(b, []byte("end\n")) {
		t.Errorf("incomplete save: %q", b)
	}
}

// TestTakebackText: the line every seat reads of a takeback says who,
// how many and on what terms; practice follows from the terms.
func TestTakebackText(t *testing.T) {
	for _, c := range []struct {
		tb       Takeback
		want     string
		practice bool
	}{
		{Takeback{Undone: 1, How: Free}, "Ann takes back a decision.", false},
		{Takeback{Undone: 2, How: Agreed}, "Ann takes back 2 decisions, as everyone agreed.", false},
		{Takeback{Undone: 3, How: Practice}, "Ann takes back 3 decisions after seeing what followed: this game is practice.", true},
		{Takeback{How: Reloaded}, "Ann changes the rules (reload): this game is practice.", true},
		{Takeback{Undone: 1, How: Reloaded}, "Ann changes the rules (reload), dropping a decision that no longer fitted: this game is practice.", true},
	} {
		if got := c.tb.Text("Ann"); got != c.want {
			t.Errorf("%+v: %q, want %q", c.tb, got, c.want)
		}
		if got := IsPractice([]Takeback{{How: Free}, c.tb}); got != c.practice {
			t.Errorf("%+v: practice %v", c.tb, got)
		}
	}
}
