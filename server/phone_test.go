package server

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/tabletop/tabletop/interp"
)

func runsText(line []run) string {
	var b strings.Builder
	for _, r := range line {
		b.WriteString(r.T)
	}
	return b.String()
}

// TestSplitRuns cuts lines of runs at a column, inside a run or between
// two, with characters of more than one byte.
func TestSplitRuns(t *testing.T) {
	line := []run{{T: "ab"}, {T: "cd♣e", F: "#ff0000"}, {T: "fg", Bold: true}}
	for _, c := range []struct {
		col         int
		left, right string
		nl, nr      int
	}{
		{0, "", "abcd♣efg", 0, 3}, {2, "ab", "cd♣efg", 1, 2}, {3, "abc", "d♣efg", 2, 2}, {5, "abcd♣", "efg", 2, 2},
		{6, "abcd♣e", "fg", 2, 1}, {8, "abcd♣efg", "", 3, 0}, {20, "abcd♣efg", "", 3, 0},
	} {
		l, r := splitRuns(line, c.col)
		if runsText(l) != c.left || runsText(r) != c.right || len(l) != c.nl || len(r) != c.nr {
			t.Errorf("at %d: %q (%d runs) | %q (%d runs), want %q (%d) | %q (%d)", c.col, runsText(l), len(l), runsText(r), len(r), c.left, c.nl, c.right, c.nr)
		}
	}
	if l, r := splitRuns(line, 3); l[1].F != "#ff0000" || r[0].F != "#ff0000" {
		t.Errorf("a run cut in two loses its colour: %+v | %+v", l, r)
	}
}

// TestBoardMapAndSide sends Cluedo's board as its map and the lines
// beside it (the tokens, the seat's notepad): put back side by side they
// are the board's lines.
func TestBoardMapAndSide(t *testing.T) {
	eng, err := loadGame("cluedo")
	if err != nil {
		t.Fatal(err)
	}
	m, err := eng.NewMatch(interp.Config{Players: 4, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	for range 6 {
		if err := m.Step(0); err != nil {
			t.Fatal(err)
		}
	}
	x := m.View(1).Extras[0]
	xj := extraView(x)
	if len(xj.Lines) != 0 || len(xj.Map) != len(x.Map) || len(xj.Side) == 0 {
		t.Fatalf("%d lines, %d map rows (of %d), %d beside", len(xj.Lines), len(xj.Map), len(x.Map), len(xj.Side))
	}
	side := ""
	for _, l := range xj.Side {
		side += runsText(l) + "\n"
	}
	if !strings.Contains(side, "NOTEPAD") || !strings.Contains(side, "Tokens") || strings.Contains(side, "REFECTORY") {
		t.Fatalf("beside the map:\n%s", side)
	}
	for i, colored := range x.Color {
		want := strings.TrimRight(ansi.Strip(colored), " ")
		got := ""
		if i < len(xj.Map) {
			got = runsText(xj.Map[i])
		} else {
			got = strings.Repeat(" ", len(x.Map[0]))
		}
		if i >= 1 && i-1 < len(xj.Side) && len(xj.Side[i-1]) > 0 {
			got += "  " + runsText(xj.Side[i-1])
		}
		if strings.TrimRight(got, " ") != want {
			t.Fatalf("line %d:\n%q\nwant\n%q", i, got, want)
		}
	}
}
