package interp

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/tabletop/tabletop/table"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/luahost"

	"github.com/tabletop/tabletop/lib"
)

// forkGame is a built-in game or variant, with a player count.
type forkGame struct {
	game    string
	players int
	variant bool
}

// forkGames are the built-in games and their variants, with a player count.
var forkGames = []forkGame{
	{"clubs", 4, false}, {"clubs_short", 3, true},
	{"cluedo", 3, false}, {"cluedo_burgess_bar", 4, true},
	{"members_only", 4, false}, {"members_only_no_risk", 3, true},
	{"andy_capp", 3, false}, {"andy_capp_thirsty", 4, true},
	{"das_regeln_wir_schon", 4, false}, {"das_regeln_wir_schon_wortgeld", 3, true},
}

// deepForkChecks says whether to fork every game and variant at its
// start, midway and near its end, and play forks on longer, as .ci/run
// does (it sets TABLETOP_CHECK_GAMES); go test alone forks the five games
// midway.
func deepForkChecks() bool { return os.Getenv("TABLETOP_CHECK_GAMES") != "" }

// forkGamesToCheck are the games the fork tests play: all of forkGames in
// deep checks, else the five games without their variants.
func forkGamesToCheck() []forkGame {
	if deepForkChecks() {
		return forkGames
	}
	var base []forkGame
	for _, g := range forkGames {
		if !g.variant {
			base = append(base, g)
		}
	}
	return base
}

// recorded is a random game played to its end: its decisions and, after
// each, what every seat saw.
type recorded struct {
	e         *Engine
	cfg       Config
	decisions []Decision
	states    []string // by decisions made: prompt, views, the log's new lines
	log       string   // the whole log at the end
}

func recordGame(t *testing.T, game string, players int, seed uint64) *recorded {
	t.Helper()
	e, err := Load("../games/"+game+".lua", os.DirFS("../stdlib"), lib.Modules()...)
	if err != nil {
		t.Fatal(err)
	}
	r := &recorded{e: e, cfg: Config{Players: players, Seed: seed}}
	m, err := e.NewMatch(r.cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	bot := NewRandomBot(seed)
	r.states = append(r.states, state(m, 0))
	for m.Prompt() != nil && len(r.decisions) < 3000 {
		i, _ := bot.Choose(m)
		from := m.LogLen()
		if err := m.Step(i); err != nil {
			t.Fatal(err)
		}
		r.decisions = m.Decisions()
		r.states = append(r.states, state(m, from))
	}
	r.decisions = append([]Decision(nil), r.decisions...)
	r.log = linesText(m.Log())
	return r
}

// state is what a match shows now: its prompt, every seat's view (but the
// log), the log's lines from line from on, and its budgets.
func state(m *Match, from int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "done %v %v err %v steps %d kept %d\n", m.Done(), m.Result(), m.Err(), m.meter.Steps(), m.meter.Kept())
	if p := m.Prompt(); p != nil {
		fmt.Fprintf(&b, "prompt %d %q %q %v %d\n", p.Seat, p.Hint, p.Options, p.Secret, p.Group)
	}
	if !m.Silent() {
		b.WriteString(linesText(m.Log()[from:]))
	}
	for s := 0; s <= m.Players(); s++ {
		v := m.View(s)
		fmt.Fprintf(&b, "view %d %q %v turn %d %q %q\n", s, v.Title, v.Seats, v.Turn, v.Hint, v.Options)
		for _, z := range v.Zones {
			fmt.Fprintf(&b, " zone %d %s %q %d %d:", z.ID, z.Name, z.Label, z.Owner, z.Count)
			for _, c := range z.Cards {
				fmt.Fprintf(&b, " %s/%s", c.Name, c.Label)
			}
			b.WriteString("\n")
		}
		for _, p := range v.Pools {
			fmt.Fprintf(&b, " pool %+v\n", *p)
		}
		for _, tr := range v.Tracks {
			fmt.Fprintf(&b, " track %+v\n", *tr)
		}
		for _, p := range v.Pads {
			fmt.Fprintf(&b, " pad %+v\n", *p)
		}
		for _, n := range v.Notes {
			fmt.Fprintf(&b, " note %q %q %v\n", n.Key, n.Text, n.Value)
		}
		for _, x := range v.Extras {
			fmt.Fprintf(&b, " extra %+v\n", x)
		}
	}
	return b.String()
}

func linesText(lines []LogLine) string {
	var b strings.Builder
	for _, l := range lines {
		fmt.Fprintf(&b, "log %v %q %v %v\n", l.To, l.Text, l.Cards, l.Data)
	}
	return b.String()
}

// TestForkPlaysOnTheSame forks a replay of a recorded game early, midway
// and near its end, and plays the fork on with the recorded decisions: it
// must show what the game showed, step by step, and end with the same log
// and result, while the match it was forked from plays on otherwise and is
// then wrecked and closed. Three decisions on, the fork is forked in its
// turn, and the same is asked of the fork's fork.
func TestForkPlaysOnTheSame(t *testing.T) {
	for _, g := range forkGamesToCheck() {
		t.Run(g.game, func(t *testing.T) {
			t.Parallel()
			r := recordGame(t, g.game, g.players, 5)
			n := len(r.decisions)
			at := []int{n / 2}
			if deepForkChecks() {
				at = []int{0, n / 2, max(n-5, 0)}
			}
			for _, k := range at {
				for _, c := range []struct{ orig, fork Mode }{{0, 0}, {Silent, 0}, {0, Silent}} {
					r.checkForks(t, k, c.orig, c.fork)
				}
			}
		})
	}
}

// checkForks replays r to decision k in mode orig, forks it with mode
// fork, and checks the fork (and the fork of the fork) against the
// recorded game. A fork is silent when its original is or when it is
// asked to be.
func (r *recorded) checkForks(t *testing.T, k int, orig, fork Mode) {
	t.Helper()
	m, err := r.e.Replay(r.cfg, r.decisions[:k], orig)
	if err != nil {
		t.Fatal(err)
	}
	silent := (orig|fork)&Silent != 0
	f := forkAndWreck(t, m, 1, fork)
	defer f.Close()
	if f.Silent() != silent || (silent && f.LogLen() != 0) {
		t.Fatalf("decision %d: the fork's mode is wrong", k)
	}
	k2 := min(k+3, len(r.decisions))
	r.playOn(t, f, k, k2, silent)
	g := forkAndWreck(t, f, 2, 0)
	defer g.Close()
	r.playOn(t, g, k2, len(r.decisions), silent)
	if !silent {
		if got := linesText(g.Log()); got != r.log {
			t.Fatalf("fork at %d: the log differs at the end:\n%s", k, firstDiff(got, r.log))
		}
	}
}

// forkAndWreck forks m, plays m on with other decisions, wrecks what it
// holds and closes it: the fork must not notice.
func forkAndWreck(t *testing.T, m *Match, seed uint64, modes ...Mode) *Match {
	t.Helper()
	f, err := m.Fork(modes...)
	if err != nil {
		t.Fatalf("decision %d: %v", len(m.Decisions()), err)
	}
	bot := NewRandomBot(seed + 100)
	for i := 0; i < 30 && m.Prompt() != nil; i++ {
		c, _ := bot.Choose(m)
		if err := m.Step(c); err != nil {
			t.Fatal(err)
		}
	}
	wreck(m)
	m.Close()
	return f
}

// playOn plays decisions from..upto of r in m, comparing what m shows with
// what the game showed.
func (r *recorded) playOn(t *testing.T, m *Match, from, upto int, silent bool) {
	t.Helper()
	want := func(i int) string {
		if silent {
			return dropLog(r.states[i])
		}
		return r.states[i]
	}
	if got := state(m, m.LogLen()); dropLog(got) != dropLog(want(from)) {
		t.Fatalf("forked at %d: the fork shows otherwise:\n%s", from, firstDiff(dropLog(got), dropLog(want(from))))
	}
	for i := from; i < upto; i++ {
		d := r.decisions[i]
		before := m.LogLen()
		if err := m.Apply(d.Seat, d.Text); err != nil {
			t.Fatalf("decision %d: %v", i+1, err)
		}
		if got := state(m, before); got != want(i+1) {
			t.Fatalf("decision %d: the fork shows otherwise:\n%s", i+1, firstDiff(got, want(i+1)))
		}
	}
}

func dropLog(s string) string {
	var keep []string
	for _, l := range strings.Split(s, "\n") {
		if !strings.HasPrefix(l, "log ") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			at := 0
			for at < min(len(g[i]), len(w[i])) && g[i][at] == w[i][at] {
				at++
			}
			from := max(at-60, 0)
			return fmt.Sprintf("line %d, byte %d:\n got  ...%s\n want ...%s", i+1, at, clip(g[i][from:]), clip(w[i][from:]))
		}
	}
	return fmt.Sprintf("%d lines, want %d", len(g), len(w))
}

func clip(s string) string { return s[:min(len(s), 160)] }

// wreck overwrites everything m holds, Go and Lua: the tables, upvalues
// and userdata of its state (found by a fork's walk), its cards, zones and
// generator. A fork that shared any of it would go otherwise.
func wreck(m *Match) {
	c := luahost.NewCopier(forkPlan)
	c.Special = func(dst, src reflect.Value) { dst.Set(src) }
	c.Threads(m.L, m.co)
	c.Originals(func(o any) {
		switch x := o.(type) {
		case *lua.LTable:
			var keys []lua.LValue
			x.ForEach(func(k, _ lua.LValue) { keys = append(keys, k) })
			for _, k := range keys {
				x.RawSet(k, lua.LNil)
			}
			x.Metatable = lua.LNil
		case *lua.Upvalue:
			x.Close()
			x.SetValue(lua.LString("wrecked"))
		case *lua.LUserData:
			x.Value = nil
		}
	})
	for _, card := range m.Cards {
		*card = Card{Name: "wrecked"}
	}
	for _, z := range m.Zones {
		*z = Zone{Name: "wrecked"}
	}
	*m.RNG = *table.NewRNG(99)
	for i := range m.record {
		m.record[i] = Decision{Text: "wrecked"}
	}
}

// TestForksRunTogether plays a match and three forks of it at once, each
// its own way: under the race detector, any memory they shared and one of
// them wrote would be reported.
func TestForksRunTogether(t *testing.T) {
	for _, g := range forkGamesToCheck() {
		t.Run(g.game, func(t *testing.T) {
			r := recordGame(t, g.game, g.players, 7)
			m, err := r.e.Replay(r.cfg, r.decisions[:len(r.decisions)/2])
			if err != nil {
				t.Fatal(err)
			}
			steps := 60
			if deepForkChecks() {
				steps = 200
			}
			ms := []*Match{m}
			for range 3 {
				f, err := m.Fork()
				if err != nil {
					t.Fatal(err)
				}
				ms = append(ms, f)
			}
			var wg sync.WaitGroup
			errs := make([]error, len(ms))
			for i, x := range ms {
				wg.Add(1)
				go func() {
					defer wg.Done()
					defer x.Close()
					bot := NewRandomBot(uint64(i))
					for n := 0; n < steps && x.Prompt() != nil && errs[i] == nil; n++ {
						c, _ := bot.Choose(x)
						errs[i] = x.Step(c)
						_ = x.View(1 + n%x.Players())
					}
				}()
			}
			wg.Wait()
			for i, err := range errs {
				if err != nil {
					t.Errorf("match %d: %v", i, err)
				}
			}
		})
	}
}
