package execbot

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tabletop/tabletop/games"
	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/lib"
	"github.com/tabletop/tabletop/stdlib"
)

// titles are the five games.
var titles = []string{"andy_capp", "clubs", "cluedo", "das_regeln_wir_schon", "members_only"}

func loadGame(t testing.TB, name string) *interp.Engine {
	t.Helper()
	e, err := interp.LoadFrom(interp.Source{Home: &interp.Library{FS: games.FS(), Name: "games"}, Path: name + ".lua", Stdlib: stdlib.FS(), Modules: lib.Modules()})
	if err != nil {
		t.Fatal(err)
	}
	e.AllowPrograms()
	return e
}

// syncBuffer is an output tests read.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// captureOutput sends the exec bots' output to a buffer for the test.
func captureOutput(t *testing.T) *syncBuffer {
	buf := &syncBuffer{}
	old := SetOutput(buf)
	t.Cleanup(func() { SetOutput(old) })
	return buf
}

// game is a game played to its end by bots.
type game struct {
	m       *interp.Match
	bots    []interp.Bot // by seat - 1
	notices []string
}

// playGame plays a game of e with bots named by seat ("" for the game's
// default) and closes the bots (not the match) at its end.
func playGame(t *testing.T, e *interp.Engine, seed uint64, names ...string) game {
	t.Helper()
	m, err := e.NewMatch(interp.Config{Players: len(names), Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Close)
	g := game{m: m, bots: make([]interp.Bot, len(names))}
	for i, n := range names {
		if g.bots[i], err = e.NewBot(n, i+1, interp.BotSeed(seed, i+1)); err != nil {
			t.Fatal(err)
		}
	}
	for n := 0; m.Prompt() != nil; n++ {
		if n > 20000 {
			t.Fatalf("%s did not end in %d decisions", e.Info.Title, n)
		}
		b := g.bots[m.Prompt().Seat-1]
		i, err := b.Choose(m)
		if err != nil {
			t.Fatalf("decision %d: %v", n, err)
		}
		if nb, ok := b.(interp.Noticer); ok {
			g.notices = append(g.notices, nb.Notices()...)
		}
		if err := m.Step(i); err != nil {
			t.Fatal(err)
		}
	}
	if err := m.Err(); err != nil {
		t.Fatal(err)
	}
	for _, b := range g.bots {
		b.Close()
	}
	return g
}

// messages reads the lines an agent recorded.
func messages(t *testing.T, file string) []map[string]any {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []map[string]any
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var msg map[string]any
		if err := json.Unmarshal(sc.Bytes(), &msg); err != nil {
			t.Fatalf("%s: %v", sc.Text(), err)
		}
		out = append(out, msg)
	}
	return out
}

func TestAProgramPlaysAWholeGame(t *testing.T) {
	out := captureOutput(t)
	e := loadGame(t, "clubs")
	rec := filepath.Join(t.TempDir(), "seen.jsonl")
	g := playGame(t, e, 7, "", agentCommand(t, "first", rec), "", "")
	if len(g.notices) > 0 {
		t.Errorf("notices: %q", g.notices)
	}
	msgs := messages(t, rec)
	hi := msgs[0]
	if hi["type"] != "hello" || hi["protocol"] != 1.0 || hi["game"] != "Clubs Clubs" && hi["game"] != e.Info.Title || hi["seat"] != 2.0 || hi["players"] != 4.0 {
		t.Errorf("hello: %v", hi)
	}
	if opts, _ := hi["game_options"].(map[string]any); len(opts) != len(e.Info.Options) {
		t.Errorf("hello options %v, want every one of %d", hi["game_options"], len(e.Info.Options))
	}
	if hi["fallback"] != e.DefaultBot() || hi["time_ms"] != float64(DefaultTime.Milliseconds()) {
		t.Errorf("hello: %v", hi)
	}
	kinds := map[string]int{}
	decisions := 0
	for _, msg := range msgs {
		kinds[msg["type"].(string)]++
		if msg["type"] == "decide" {
			decisions++
			if msg["decision"] != float64(decisions) {
				t.Fatalf("decide %v: want decision %d", msg["decision"], decisions)
			}
			opts := msg["options"].([]any)
			for i, o := range opts {
				if o.(map[string]any)["index"] != float64(i) {
					t.Fatalf("option %d: %v", i, o)
				}
			}
			if v := msg["view"].(map[string]any); v["seat"] != 2.0 || v["turn"] != 2.0 {
				t.Fatalf("view: seat %v turn %v", v["seat"], v["turn"])
			}
		}
	}
	if kinds["observe"] == 0 || kinds["decide"] != len(seatDecisions(g.m, 2)) || kinds["bye"] != 1 {
		t.Errorf("messages by kind %v; the seat made %d decisions", kinds, len(seatDecisions(g.m, 2)))
	}
	last := msgs[len(msgs)-1]
	result, _ := last["result"].(map[string]any)
	if last["type"] != "bye" || last["reason"] != "over" || result == nil || len(result["scores"].([]any)) != 4 {
		t.Errorf("last message %v", last)
	}
	// Every line the seat reads, and only those, reached it.
	var seen []string
	for _, msg := range msgs {
		if msg["type"] == "observe" {
			seen = append(seen, msg["text"].(string))
		}
	}
	var want []string
	for _, l := range g.m.LogFor(2, 0) {
		want = append(want, l.Text)
	}
	if strings.Join(seen, "\n") != strings.Join(want, "\n") {
		t.Errorf("observed %d lines, the seat reads %d", len(seen), len(want))
	}
	// Its stderr reached the output, prefixed; tabletop had nothing to say.
	if !regexp.MustCompile(`(?m)^seat 2 \(pid \d+\): agent first here$`).MatchString(out.String()) || strings.Contains(out.String(), "tabletop:") {
		t.Errorf("output:\n%s", out)
	}
	if Running() != 0 {
		t.Errorf("%d programs still running", Running())
	}
}

// seatDecisions lists the decisions seat made.
func seatDecisions(m *interp.Match, seat int) []string {
	var out []string
	for _, d := range m.Decisions() {
		if d.Seat == seat && !d.Say {
			out = append(out, d.Text)
		}
	}
	return out
}

func TestAnswersByTextAndWithoutObserving(t *testing.T) {
	captureOutput(t)
	e := loadGame(t, "members_only")
	rec := filepath.Join(t.TempDir(), "seen.jsonl")
	g := playGame(t, e, 3, agentCommand(t, "last", rec), "", "")
	for _, msg := range messages(t, rec) {
		if msg["type"] == "observe" {
			t.Fatalf("a program that did not ask for the log got %v", msg)
		}
	}
	if len(g.notices) > 0 {
		t.Errorf("notices: %q", g.notices)
	}
}

// A program gets the same messages for the same game, and so plays it
// the same.
func TestSameGameSameMessages(t *testing.T) {
	captureOutput(t)
	e := loadGame(t, "cluedo")
	dir := t.TempDir()
	var runs [2][]byte
	var decisions [2][]interp.Decision
	for i := range runs {
		rec := filepath.Join(dir, fmt.Sprintf("run%d.jsonl", i))
		g := playGame(t, e, 11, agentCommand(t, "first", rec), "", "random")
		decisions[i] = g.m.Decisions()
		var err error
		if runs[i], err = os.ReadFile(rec); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(runs[0], runs[1]) {
		t.Errorf("the two runs sent different messages")
	}
	if fmt.Sprint(decisions[0]) != fmt.Sprint(decisions[1]) {
		t.Errorf("the two runs played differently")
	}
}

func TestFailuresFallBackToTheGamesBot(t *testing.T) {
	tests := []struct {
		kind, settings string
		want           string // in the note
	}{
		{"hang", "time=300ms:", `no answer to decision 1 within 300ms: it is stopped`},
		{"deaf", "time=300ms:", `no answer to decision 1 within 300ms: it is stopped`},
		{"silent", "start=300ms:", `no answer to the hello within 300ms: it is stopped`},
		{"crash", "", `it ended before answering decision 1 \(exit status 3\); the last line on its stderr: "something broke"`},
		{"nonsense", "", `it answered decision 1 with "\{\\"type\\":\\"choose\\",\\"index\\":99\}": there (are \d+ options, indexed 0 to \d+|is one option, indexed 0)`},
		{"garbage", "", `it answered decision 1 with "I choose the first": the answer is a line \{"type":"choose","index":N\} or \{"type":"choose","text":"..."\}`},
		{"proto2", "", `it speaks protocol 2; this tabletop speaks protocol 1`},
	}
	e := loadGame(t, "clubs")
	for _, tc := range tests {
		t.Run(tc.kind, func(t *testing.T) {
			out := captureOutput(t)
			name := agentCommand(t, tc.kind)
			name = "exec:" + tc.settings + strings.TrimPrefix(name, "exec:")
			g := playGame(t, e, 5, name, "", "")
			note := regexp.MustCompile(`^The bot exec:.* of seat 1 \(North\): ` + tc.want + `; careful plays the seat for the rest of the game\.$`)
			if len(g.notices) != 1 || !note.MatchString(g.notices[0]) {
				t.Errorf("notices %q, want one like %s", g.notices, note)
			}
			if !strings.Contains(out.String(), "tabletop: bot exec:") {
				t.Errorf("the fallback is not in the output:\n%s", out)
			}
			if len(seatDecisions(g.m, 1)) < 2 {
				t.Errorf("seat 1 made %d decisions", len(seatDecisions(g.m, 1)))
			}
			if Running() != 0 {
				t.Errorf("%d programs still running", Running())
			}
			checkNoChildren(t)
		})
	}
}

// A failed program is told what it did wrong, in its bye.
func TestNonsenseIsExplainedToTheProgram(t *testing.T) {
	captureOutput(t)
	e := loadGame(t, "clubs")
	rec := filepath.Join(t.TempDir(), "seen.jsonl")
	playGame(t, e, 5, agentCommand(t, "nonsense", rec), "", "")
	msgs := messages(t, rec)
	last := msgs[len(msgs)-1]
	if last["type"] != "bye" || last["reason"] != "error" || !strings.Contains(fmt.Sprint(last["error"]), "indexed 0") {
		t.Errorf("last message %v", last)
	}
}

// A program's own children die with it: its whole process group is
// killed.
func TestWhatAProgramStartedIsKilledWithIt(t *testing.T) {
	out := captureOutput(t)
	e := loadGame(t, "clubs")
	name := "exec:time=500ms:" + strings.TrimPrefix(agentCommand(t, "orphan"), "exec:")
	playGame(t, e, 5, name, "", "")
	m := regexp.MustCompile(`child (\d+)`).FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("no child started:\n%s", out)
	}
	pid, _ := strconv.Atoi(m[1])
	deadline := time.Now().Add(5 * time.Second)
	for alive(pid) {
		if time.Now().After(deadline) {
			t.Fatalf("the program's child %d is still running", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// alive reports whether process pid runs (a zombie does not).
func alive(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

// checkNoChildren fails if the test process has a child left: a program
// running, or one exited and not waited for (a zombie).
func checkNoChildren(t *testing.T) {
	t.Helper()
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		return // no /proc here
	}
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	me := strconv.Itoa(os.Getpid())
	for _, f := range stats {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		s := string(b)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		fields := strings.Fields(s[i+1:])
		if len(fields) > 1 && fields[1] == me {
			t.Errorf("a child is left: %s", strings.TrimSpace(s))
		}
	}
}

// A bot that meets another match (an undo, a new game) ends the old
// program's match and starts the program afresh.
func TestANewMatchStartsTheProgramAgain(t *testing.T) {
	out := captureOutput(t)
	e := loadGame(t, "clubs")
	rec := filepath.Join(t.TempDir(), "seen.jsonl")
	b, err := e.NewBot(agentCommand(t, "first", rec), 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 2; seed++ {
		m, err := e.NewMatch(interp.Config{Players: 4, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		defer m.Close()
		for m.Prompt().Seat != 1 {
			if err := m.Step(0); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := b.Choose(m); err != nil {
			t.Fatal(err)
		}
	}
	b.Close() // waits for the program to end
	if n := strings.Count(out.String(), "agent first here"); n != 2 {
		t.Errorf("the program started %d times, want 2:\n%s", n, out)
	}
	if !strings.Contains(out.String(), `"reason":"abandoned"`) {
		t.Errorf("the first program was not told its match was abandoned:\n%s", out)
	}
}

func TestProgramsStartOnlyWhereAllowed(t *testing.T) {
	e, err := interp.LoadFrom(interp.Source{Home: &interp.Library{FS: games.FS(), Name: "games"}, Path: "clubs.lua", Stdlib: stdlib.FS(), Modules: lib.Modules()})
	if err != nil {
		t.Fatal(err)
	}
	name := agentCommand(t, "first")
	for _, err := range []error{e.CheckBot(name), func() error { _, err := e.NewBot(name, 1, 1); return err }()} {
		if err == nil || !strings.Contains(err.Error(), "starts a program on this machine: only tabletop play, sim, compare and ladder may seat it") {
			t.Errorf("got %v", err)
		}
	}
	if !e.StartsProgram(name) || e.StartsProgram("careful") || e.StartsProgram("search:10") {
		t.Errorf("StartsProgram is wrong")
	}
	for _, n := range e.BotNames() {
		if strings.HasPrefix(n, "exec") {
			t.Errorf("BotNames offers %s", n)
		}
	}
}

func TestSettings(t *testing.T) {
	e := loadGame(t, "clubs")
	tests := []struct {
		args string
		want Settings
		err  string
	}{
		{args: "sh agent.sh", want: Settings{Argv: []string{"sh", "agent.sh"}, Time: DefaultTime, Start: DefaultStart, Fallback: "careful"}},
		{args: "time=2s:start=1m:fallback=random:sh -c 'echo a  b' \"x y\" z\\ w", want: Settings{Argv: []string{"sh", "-c", "echo a  b", "x y", "z w"}, Time: 2 * time.Second, Start: time.Minute, Fallback: "random"}},
		{args: "sh -c 'a=1:b'", want: Settings{Argv: []string{"sh", "-c", "a=1:b"}, Time: DefaultTime, Start: DefaultStart, Fallback: "careful"}},
		{args: "", err: "no command: write bot:exec:COMMAND"},
		{args: "time=1s:", err: "no command"},
		{args: "no-such-program-here x", err: `cannot run "no-such-program-here": executable file not found`},
		{args: "./no/such/file", err: `cannot run "./no/such/file"`},
		{args: "time=fast:sh", err: "time=fast: give a duration above zero"},
		{args: "time=0s:sh", err: "time=0s: give a duration above zero"},
		{args: "speed=2:sh", err: "speed=2: the settings are time=, start= and fallback="},
		{args: "fallback=nobody:sh", err: `fallback=nobody: Clubs has no bot called "nobody"`},
		{args: "fallback=exec:sh:sh", err: "fallback=exec: the fallback is one of the game's bots, not another program"},
		{args: "sh 'open", err: "a ' quote that is not closed"},
	}
	for _, tc := range tests {
		got, err := ParseSettings(e, tc.args)
		switch {
		case tc.err != "":
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want %q", tc.args, err, tc.err)
			}
		case err != nil:
			t.Errorf("%q: %v", tc.args, err)
		case fmt.Sprint(got) != fmt.Sprint(tc.want):
			t.Errorf("%q: %+v, want %+v", tc.args, got, tc.want)
		}
	}
}

func TestTheProgramsSeedIsNotTheGames(t *testing.T) {
	seen := map[uint64]bool{}
	for seed := uint64(0); seed < 100; seed++ {
		s := programSeed(interp.BotSeed(seed, 1))
		if s >= 1<<53 || seen[s] || s == seed || s == interp.BotSeed(seed, 1) {
			t.Fatalf("seed %d: program seed %d", seed, s)
		}
		seen[s] = true
		if programSeed(interp.BotSeed(seed, 1)) != s {
			t.Fatal("not repeatable")
		}
	}
}
