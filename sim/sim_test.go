package sim

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/savefile"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/lib"
	"github.com/tabletop/tabletop/stdlib"
)

func load(t testing.TB, path string) *interp.Engine {
	t.Helper()
	e, err := interp.Load(path, stdlib.FS(), lib.Modules()...)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// dropTiming removes the one line that depends on the machine.
func dropTiming(s string) string {
	var keep []string
	for _, l := range strings.Split(s, "\n") {
		if !strings.HasPrefix(l, "time:") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

func TestRunDoesNotDependOnJobs(t *testing.T) {
	e := load(t, "../games/clubs.lua")
	var outs []string
	for _, jobs := range []int{1, 3} {
		rep, err := Run(Config{Engine: e, Games: 24, Players: 4, Seed: 9, Jobs: jobs, Bots: []string{"careful", "random"}})
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Failures()) > 0 {
			t.Fatalf("failures: %+v", rep.Failures())
		}
		var b bytes.Buffer
		rep.WriteTable(&b)
		outs = append(outs, dropTiming(b.String()))
	}
	if outs[0] != outs[1] {
		t.Errorf("--jobs changed the results:\n%s\n---\n%s", outs[0], outs[1])
	}
	if !strings.Contains(outs[0], "careful") || !strings.Contains(outs[0], "24 games") {
		t.Errorf("unexpected table:\n%s", outs[0])
	}
}

func TestRunWithHeavyGamesDoesNotDependOnJobs(t *testing.T) {
	e := load(t, "testdata/heavy_third.lua")
	var outs []string
	for _, jobs := range []int{1, 2} {
		rep, err := Run(Config{Engine: e, Games: 12, Seed: 3, Jobs: jobs, Bots: []string{"random"}})
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Failures()) == 0 || len(rep.Failures()) == rep.Played {
			t.Fatalf("jobs %d: %d of %d games failed; the script should make some, not all, fail", jobs, len(rep.Failures()), rep.Played)
		}
		rep.Timing = Timing{}
		var b bytes.Buffer
		if err := rep.WriteJSON(&b); err != nil {
			t.Fatal(err)
		}
		outs = append(outs, b.String())
	}
	if outs[0] != outs[1] {
		t.Errorf("--jobs changed the JSON:\n%s\n---\n%s", outs[0], outs[1])
	}
}

func TestRunRejectsBadConfig(t *testing.T) {
	e := load(t, "../games/clubs.lua")
	for _, cfg := range []Config{
		{Engine: e, Games: 0},
		{Engine: e, Games: 1, Players: 7},
		{Engine: e, Games: 1, Bots: []string{"nosuchbot"}},
	} {
		if _, err := Run(cfg); err == nil {
			t.Errorf("Run(%+v) should fail", cfg)
		}
	}
}

func TestCheckPassesClubs(t *testing.T) {
	e := load(t, "../games/clubs.lua")
	rep, err := Check(CheckConfig{Engine: e, Games: 6, Seed: 1, SaveDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	rep.WriteText(&b)
	if rep.Failed() {
		t.Fatalf("check failed:\n%s", b.String())
	}
	if rep.ByPlayers[3] != 6 || rep.ByPlayers[4] != 6 {
		t.Errorf("games per player count: %v", rep.ByPlayers)
	}
}

func TestCheckCatchesBrokenScripts(t *testing.T) {
	for _, tc := range []struct {
		script, want string
	}{
		{"testdata/leaky.lua", "may not see"},
		{"testdata/endless.lua", "did not end within"},
		{"testdata/tattle.lua", "while a secret choice was being collected"},
		{"testdata/miscount.lua", "but the score pad \"score\" says 1"},
		{"testdata/torn_notepad.lua", `drawing note "notepad" for Player 2: testdata/torn_notepad.lua:10: the notepad is torn`},
	} {
		t.Run(tc.script, func(t *testing.T) {
			e := load(t, tc.script)
			dir := t.TempDir()
			rep, err := Check(CheckConfig{Engine: e, Games: 3, MaxDecisions: 500, SaveDir: dir})
			if err != nil {
				t.Fatal(err)
			}
			if !rep.Failed() {
				t.Fatal("check passed a broken script")
			}
			f := rep.Failures[0]
			if !strings.Contains(f.Err, tc.want) {
				t.Errorf("failure %q does not mention %q", f.Err, tc.want)
			}
			rec, err := savefile.Load(f.SaveFile)
			if err != nil {
				t.Fatalf("the failure's save does not load: %v", err)
			}
			if rec.Seed != f.Seed || rec.Players != f.Players {
				t.Errorf("save has seed %d players %d, failure seed %d players %d", rec.Seed, rec.Players, f.Seed, f.Players)
			}
		})
	}
}

func TestCheckExercisesBotsToolsAndOnSay(t *testing.T) {
	e := load(t, "testdata/broken_extras.lua")
	rep, err := Check(CheckConfig{Engine: e, Games: 8, Players: []int{2}, SaveDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	for _, f := range rep.Failures {
		all = append(all, f.Err)
	}
	text := strings.Join(all, "\n")
	for _, want := range []string{
		"bot looper: testdata/broken_extras.lua:17: the script ran",
		"tool notes: testdata/broken_extras.lua:23: the notebook is torn",
		"on_say: testdata/broken_extras.lua:28: the script",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no failure says %q; failures:\n%s", want, text)
		}
	}
}

func TestCheckStopsRepeatedFailuresAndKeepsFewSaves(t *testing.T) {
	e := load(t, "testdata/always_fails.lua")
	var texts []string
	for _, jobs := range []int{1, 2} {
		dir := t.TempDir()
		rep, err := Check(CheckConfig{Engine: e, Games: 200, Jobs: jobs, SaveDir: dir})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Games != 4 || len(rep.CutOff) != 2 {
			t.Errorf("jobs %d: %d games checked and %d counts cut off; want 3 games of the first count and 1 of the second, both cut off", jobs, rep.Games, len(rep.CutOff))
		}
		saves, _ := filepath.Glob(filepath.Join(dir, "*.save"))
		if len(saves) != MaxFailureSaves {
			t.Errorf("jobs %d: %d failure saves written, want %d", jobs, len(saves), MaxFailureSaves)
		}
		var b bytes.Buffer
		rep.Elapsed = 0
		rep.WriteText(&b)
		texts = append(texts, strings.ReplaceAll(b.String(), dir, "DIR"))
	}
	if texts[0] != texts[1] {
		t.Errorf("the report depends on --jobs:\n%s\n---\n%s", texts[0], texts[1])
	}
	if !strings.Contains(texts[0], "2 players: stopped after 3 games") || !strings.Contains(texts[0], "3 players: stopped after 1 game,") {
		t.Errorf("the report does not say the counts were cut off:\n%s", texts[0])
	}
}

// BenchmarkClubsRandomPlayout measures random-play throughput on one core:
// whole games of four random bots. It reports decisions per second.
func BenchmarkClubsRandomPlayout(b *testing.B) {
	e := load(b, "../games/clubs.lua")
	decisions := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m, err := e.NewMatch(interp.Config{Players: 4, Seed: uint64(i)})
		if err != nil {
			b.Fatal(err)
		}
		bot := interp.NewRandomBot(uint64(i))
		for m.Prompt() != nil {
			c, _ := bot.Choose(m)
			if err := m.Step(c); err != nil {
				b.Fatal(err)
			}
			decisions++
		}
		m.Close()
	}
	b.ReportMetric(float64(decisions)/b.Elapsed().Seconds(), "decisions/s")
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
}

// BenchmarkClubsNewMatch measures how long a fresh game takes to be ready
// for its first decision.
func BenchmarkClubsNewMatch(b *testing.B) {
	e := load(b, "../games/clubs.lua")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m, err := e.NewMatch(interp.Config{Players: 4, Seed: uint64(i)})
		if err != nil {
			b.Fatal(err)
		}
		m.Close()
	}
}

// panicky is a bot with a bug: it panics at its second decision.
type panicky struct{ n int }

func (p *panicky) Name() string { return "panicky" }
func (p *panicky) Close()       {}
func (p *panicky) Choose(m *interp.Match) (int, error) {
	if p.n++; p.n == 2 {
		var none []int
		return none[p.n], nil // index out of range
	}
	return 0, nil
}

func init() {
	interp.RegisterBotKind("panicky", interp.BotKind{
		New:  func(*interp.Engine, string, int, uint64) (interp.Bot, error) { return &panicky{}, nil },
		Help: "bot:panicky (a test bot that panics)",
	})
}

// TestABugFailsItsGameNotTheSeries: a Go panic in a bot (a bug of ours, as
// the search bot's once was, eleven minutes into a 400-game run) fails the
// game it happened in, listed with its seed and where it happened; the
// other games are played and reported.
func TestABugFailsItsGameNotTheSeries(t *testing.T) {
	e := load(t, "../games/clubs.lua")
	rep, err := Run(Config{Engine: e, Games: 6, Players: 4, Seed: 2, Jobs: 2, Bots: []string{"panicky", "random"}})
	if err != nil {
		t.Fatal(err)
	}
	fails := rep.Failures()
	if len(fails) != 6 {
		t.Fatalf("%d games failed, want all 6: %+v", len(fails), fails)
	}
	for _, f := range fails {
		if !strings.Contains(f.Error, "internal error") || !strings.Contains(f.Error, "index out of range") || !strings.Contains(f.Error, "panicky") {
			t.Errorf("game %d: the failure does not say what and where: %.300s", f.Game, f.Error)
		}
	}
}
