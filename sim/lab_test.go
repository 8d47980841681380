package sim

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/render"
)

// jsonOf is a report's JSON without its timing, which is all that may
// differ between runs of one series.
func jsonOf(t *testing.T, r *Report) string {
	t.Helper()
	r.Timing = Timing{}
	var b bytes.Buffer
	if err := r.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// Four shards merged give the whole run's report, byte for byte, for sim
// and compare alike, with a metric that early games lack.
func TestShardsMergeIntoTheWholeRun(t *testing.T) {
	dice := load(t, "testdata/dice.lua")
	for _, cfg := range []Config{
		{Engine: dice, Games: 30, Players: 3, Seed: 5, Bots: []string{"lucky", "random"}, Rotate: true},
		{Engine: dice, Variant: dice, VariantOptions: map[string]string{"target": "15"}, Games: 30, Players: 3, Seed: 5, Bots: []string{"lucky", "random"}, Rotate: true},
	} {
		whole, err := Run(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var parts []*Report
		for i := 3; i >= 0; i-- { // any order
			c := cfg
			c.Shard = &Shard{Index: i, Count: 4}
			c.Jobs = 1 + i%2
			part, err := Run(c)
			if err != nil {
				t.Fatal(err)
			}
			// Through JSON, as tabletop merge reads them.
			back, err := ReadJSON(strings.NewReader(jsonOf(t, part)))
			if err != nil {
				t.Fatal(err)
			}
			parts = append(parts, back)
		}
		merged, err := Merge(parts)
		if err != nil {
			t.Fatal(err)
		}
		want, got := jsonOf(t, whole), jsonOf(t, merged)
		if got != want {
			t.Errorf("%s: merged shards differ from the whole run:\n%s", whole.Kind, firstDifference(want, got))
		}
		if exact := whole.Row("metric:exact"); exact == nil || exact.A.N != whole.Pairs || exact.Order[0] == 0 {
			t.Errorf("%s: the exact metric should be first named after game 0 and count every game", whole.Kind)
		}
		var table bytes.Buffer
		merged.WriteTable(&table)
		whole.Timing = merged.Timing
		var wholeTable bytes.Buffer
		whole.WriteTable(&wholeTable)
		if table.String() != wholeTable.String() {
			t.Errorf("%s: merged table differs:\n%s\n---\n%s", whole.Kind, wholeTable.String(), table.String())
		}
	}
}

func firstDifference(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return "line " + la[i] + "\nbecame " + lb[i]
		}
	}
	return "one is longer"
}

func TestMergeRefusesPartsThatDoNotMakeASeries(t *testing.T) {
	dice := load(t, "testdata/dice.lua")
	run := func(seed uint64, shard Shard) *Report {
		r, err := Run(Config{Engine: dice, Games: 8, Players: 2, Seed: seed, Shard: &shard})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	whole, err := Run(Config{Engine: dice, Games: 8, Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		parts []*Report
		want  string
	}{
		{[]*Report{run(1, Shard{0, 2})}, "shard 1/2 is missing"},
		{[]*Report{run(1, Shard{0, 2}), run(1, Shard{0, 2})}, "shard 0/2 is given twice"},
		{[]*Report{run(1, Shard{0, 2}), run(2, Shard{1, 2})}, "seed 2 against 1"},
		{[]*Report{run(1, Shard{0, 2}), run(1, Shard{1, 3})}, "shard 1/3, report 1 of 2 shards"},
		{[]*Report{whole}, "covers a whole series"},
	} {
		_, err := Merge(tc.parts)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("merge: %v, want an error saying %q", err, tc.want)
		}
	}
}

// A game compared with itself differs in no game: game i of A and of B
// had the same seed and the same seats.
func TestCompareUsesCommonRandomNumbers(t *testing.T) {
	clubs := load(t, "../games/clubs.lua")
	rep, err := Run(Config{Engine: clubs, Variant: clubs, Games: 8, Players: 4, Seed: 3, Bots: []string{"careful", "random"}, Rotate: true, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Pairs != 8 || rep.Correction == nil {
		t.Fatalf("pairs %d, correction %+v", rep.Pairs, rep.Correction)
	}
	for _, row := range rep.Rows {
		if row.Paired.Up != 0 || row.Paired.Down != 0 {
			t.Errorf("%s: %d games higher and %d lower in B", row.Key, row.Paired.Up, row.Paired.Down)
		}
		if row.Diff != nil && (row.Diff.Significant || float64(row.Diff.Estimate) != 0) {
			t.Errorf("%s: difference %+v", row.Key, *row.Diff)
		}
	}
	if len(rep.SeatTests) != 2 || rep.SeatTests[0] != rep.SeatTests[1] || rep.SeatTests[0].DF != 3 {
		t.Errorf("seat tests %+v", rep.SeatTests)
	}
	if rep.Row("metric:scramble") == nil || rep.Row("metric:hands").A.Mean <= 1 {
		t.Error("Clubs's metrics are missing")
	}
}

// A variant that plainly changes the game is found to: a lower target
// makes shorter games.
func TestCompareFindsARealDifference(t *testing.T) {
	dice := load(t, "testdata/dice.lua")
	rep, err := Run(Config{Engine: dice, Variant: dice, VariantOptions: map[string]string{"target": "10"}, Games: 60, Players: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	d := rep.Row("length").Diff
	if d == nil || !d.Significant || float64(d.High) >= 0 || d.Test != "paired t" {
		t.Errorf("game length difference %+v", d)
	}
	if rep.Correction.Method != "holm" || rep.Correction.Tests < 3 {
		t.Errorf("correction %+v", rep.Correction)
	}
}

// Rotating seats gives every bot every seat equally often, and game i's
// seats do not depend on the shard or the worker that plays it.
func TestRotationGivesEveryBotEverySeat(t *testing.T) {
	s := Setup{Lineup: []string{"lucky", "random", "random"}, Rotate: true}
	counts := map[string]int{}
	for i := range 30 {
		for seat, b := range s.seatBots(i) {
			counts[b+"@"+string(rune('1'+seat))]++
		}
	}
	for seat := '1'; seat <= '3'; seat++ {
		if counts["lucky@"+string(seat)] != 10 || counts["random@"+string(seat)] != 20 {
			t.Errorf("seat %c: %v", seat, counts)
		}
	}
	dice := load(t, "testdata/dice.lua")
	rep, err := Run(Config{Engine: dice, Games: 6, Players: 2, Bots: []string{"lucky", "random"}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.SeatTests != nil {
		t.Errorf("fixed seats of different bots: seat tests %+v, want none (the seats are not comparable)", rep.SeatTests)
	}
	fixed := Setup{Lineup: []string{"a", "b"}}
	if got := fixed.seatBots(7); got[0] != "a" || got[1] != "b" {
		t.Errorf("without rotation, game 7 seats %v", got)
	}
}

func TestEveryGameFailingIsReported(t *testing.T) {
	e := load(t, "testdata/always_fails.lua")
	rep, err := Run(Config{Engine: e, Games: 3, Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Pairs != 0 || len(rep.Failures()) != 3 {
		t.Fatalf("pairs %d, failures %d", rep.Pairs, len(rep.Failures()))
	}
	var b bytes.Buffer
	rep.WriteTable(&b)
	if strings.Contains(b.String(), "0.0%") || !strings.Contains(b.String(), "3 games failed") {
		t.Errorf("table:\n%s", b.String())
	}
}

// Each of the five games declares at least two metrics, named in every
// game.
func TestEveryGameDeclaresMetrics(t *testing.T) {
	paths, err := filepath.Glob("../games/*.lua")
	if err != nil {
		t.Fatal(err)
	}
	games := 0
	for _, p := range paths {
		base := strings.TrimSuffix(filepath.Base(p), ".lua")
		if strings.HasSuffix(base, "_test") || strings.Contains(base, "_") && !isBaseGame(base) {
			continue
		}
		games++
		e := load(t, p)
		m, err := e.NewMatch(interp.Config{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if n := len(m.Metrics()); n < 2 {
			t.Errorf("%s declares %d metrics at its start, want at least 2", base, n)
		}
		m.Close()
	}
	if games != 5 {
		t.Errorf("found %d games, want 5", games)
	}
}

func isBaseGame(name string) bool {
	switch name {
	case "andy_capp", "members_only", "das_regeln_wir_schon":
		return true
	}
	return false
}

// compare's table at a terminal's width, printed through the terminal's
// wrapping writer as tabletop does: at 80 columns and at 60 no line is
// wider and every figure of B − A stays whole — first the medians go, then
// the intervals, then the labels are shortened; a file gets it all.
func TestCompareTableFitsTheWidth(t *testing.T) {
	clubs := load(t, "../games/clubs.lua")
	short := load(t, "../games/clubs_short.lua")
	rep, err := Run(Config{Engine: clubs, Variant: short, Games: 12, Players: 4, Seed: 3, Bots: []string{"careful", "random"}, Rotate: true, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	var full bytes.Buffer
	rep.WriteTable(&full)
	if !strings.Contains(full.String(), "B − A (95% interval)") || !strings.Contains(full.String(), "median, 10%–90%") {
		t.Fatalf("a file lacks the intervals or the medians:\n%s", full.String())
	}
	for _, width := range []int{80, 60, 50} {
		var b bytes.Buffer
		rep.WriteTableWidth(render.NewWriter(&b, func() int { return width }), width)
		out := b.String()
		for _, l := range strings.Split(out, "\n") {
			if n := utf8.RuneCountInString(l); n > width {
				t.Errorf("at %d columns a line of %d: %q", width, n, l)
			}
		}
		for _, row := range rep.Rows {
			if d := row.Diff; d != nil && !strings.Contains(out, difference(d, row.Kind, false)+" ") {
				t.Errorf("at %d columns the difference of %s (%s) is not whole:\n%s", width, row.Label, difference(d, row.Kind, false), out)
			}
		}
		switch width {
		case 80:
			if !strings.Contains(out, "(95% interval)") || strings.Contains(out, "median, 10%") {
				t.Errorf("at 80 columns the medians go first, the intervals stay:\n%s", out)
			}
		case 50:
			if !strings.Contains(out, "careful wi…") {
				t.Errorf("at 50 columns the labels are not shortened:\n%s", out)
			}
		}
	}
}
