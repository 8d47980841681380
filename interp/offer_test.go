package interp

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/savefile"
)

// reaction is a game where seat 1 acts and seats 2 and 3 may react; only
// seat 3 holds a reaction. always says whether every seat is asked.
func reaction(always bool) string {
	flag := "false"
	if always {
		flag = "true"
	}
	return `
local G = { title = "React", players = {3, 3} }
function G.play(t)
  t:ask(1, { "act" })
  local who, what = t:offer({ 2, 3 }, function(seat)
    if seat == 3 then return { "object" } end
  end, "react?", ` + flag + `)
  t:log("%s by %s", tostring(what), tostring(who))
  t:ask(1, { "done" })
end
return G`
}

func TestOfferAsksOnlyThoseWhoCanReactUnlessAlways(t *testing.T) {
	for _, tc := range []struct {
		always bool
		asked  []string // "seat: options" of each prompt after "act"
	}{
		{false, []string{"3: object | pass"}},
		{true, []string{"2: pass", "3: object | pass"}},
	} {
		_, m := startMatch(t, "react.lua", reaction(tc.always), Config{Players: 3})
		if err := m.Apply(1, "act"); err != nil {
			t.Fatal(err)
		}
		if got := asked(t, m); strings.Join(got, "; ") != strings.Join(tc.asked, "; ") {
			t.Errorf("always=%v: asked %q, want %q", tc.always, got, tc.asked)
		}
		if last := m.Log()[len(m.Log())-1].Text; last != "nil by nil" {
			t.Errorf("always=%v: everyone passed, but the log says %q", tc.always, last)
		}
	}
}

// asked answers every prompt after seat 1's "act" with pass until seat 1
// is asked again, and returns "seat: options" of each.
func asked(t *testing.T, m *Match) []string {
	t.Helper()
	var out []string
	for m.Prompt() != nil && m.Prompt().Seat != 1 {
		p := m.Prompt()
		out = append(out, itoa(p.Seat)+": "+strings.Join(p.Options, " | "))
		if err := m.Apply(p.Seat, "pass"); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// At a shared keyboard t:offer asks every seat it names, as with always:
// whether a seat is asked must not tell the people watching what it holds.
// From the decision Config.SharedFrom names on, and only from it.
func TestOfferAtASharedKeyboardAsksEverySeat(t *testing.T) {
	for _, tc := range []struct {
		name  string
		from  int
		asked []string // each round: act, the offer, done
	}{
		{"nobody shares", 0, []string{"3: object | pass", "3: object | pass"}},
		{"shared from the start", 1, []string{"2: pass; 3: object | pass", "2: pass; 3: object | pass"}},
		// the second round's offer comes after four decisions: act,
		// a pass, done, act
		{"shared from the second round", 5, []string{"3: object | pass", "2: pass; 3: object | pass"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.Replace(reaction(false), "  t:ask(1, { \"done\" })", "  t:ask(1, { \"done\" })\n  G.play(t)", 1)
			_, m := startMatch(t, "react.lua", src, Config{Players: 3, SharedFrom: tc.from})
			var rounds []string
			for round := 0; round < 2; round++ {
				if err := m.Apply(1, "act"); err != nil {
					t.Fatal(err)
				}
				rounds = append(rounds, strings.Join(asked(t, m), "; "))
				if err := m.Apply(1, "done"); err != nil {
					t.Fatal(err)
				}
			}
			if strings.Join(rounds, " / ") != strings.Join(tc.asked, " / ") {
				t.Errorf("asked %q, want %q", rounds, tc.asked)
			}
			// a save replays it: same prompts, same decisions
			rec := m.NewRecord(nil)
			var b strings.Builder
			if err := rec.Write(&b); err != nil {
				t.Fatal(err)
			}
			back, err := savefile.Parse(strings.NewReader(b.String()), "react.save")
			if err != nil {
				t.Fatalf("%v\n%s", err, b.String())
			}
			if back.Shared != tc.from || (tc.from != 0) != strings.HasPrefix(b.String(), "tabletop save 3\n") {
				t.Errorf("the save keeps shared %d, want %d:\n%s", back.Shared, tc.from, b.String())
			}
			r, err := m.Engine.ReplayRecord(back)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			if logLines(r) != logLines(m) || len(r.Decisions()) != len(m.Decisions()) {
				t.Errorf("the replay differs")
			}
		})
	}
}

// ShareKeyboard marks the decision after the one asked: the match's save
// says so, an earlier mark stays, and a later one moves back.
func TestShareKeyboard(t *testing.T) {
	e := pickEngine(t, pick)
	m, err := e.NewMatch(Config{Players: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if err := m.Apply(1, "a"); err != nil {
		t.Fatal(err)
	}
	// seat 2's prompt was asked already: from the one after it
	if !m.ShareKeyboard() || m.Config.SharedFrom != 3 || m.ShareKeyboard() {
		t.Errorf("after one decision: SharedFrom %d", m.Config.SharedFrom)
	}
	m.Config.SharedFrom = 9 // an undo went back before it
	if !m.ShareKeyboard() || m.Config.SharedFrom != 3 {
		t.Errorf("a later mark is not moved back: %d", m.Config.SharedFrom)
	}
	if r := m.NewRecord(nil); r.Shared != 3 || RecordConfig(r).SharedFrom != 3 {
		t.Errorf("record: shared %d", r.Shared)
	}
	_, err = savefile.Parse(strings.NewReader("tabletop save 2\nscript s\nplayers 1\nseed 1\nshared 1\ndecisions\nend\n"), "v2.save")
	if err == nil || !strings.Contains(err.Error(), "version 2 save") {
		t.Errorf("a version 2 save with a shared line: %v", err)
	}
}

// People who start sharing the keyboard while an offer waits: the offer
// asked already stands, the next ones ask everyone, and the save replays
// the very same game.
func TestShareKeyboardMidGameReplays(t *testing.T) {
	src := strings.Replace(reaction(false), "  t:ask(1, { \"done\" })", "  t:ask(1, { \"done\" })\n  G.play(t)", 1)
	_, m := startMatch(t, "react.lua", src, Config{Players: 3})
	if err := m.Apply(1, "act"); err != nil {
		t.Fatal(err)
	}
	m.ShareKeyboard() // seat 3 is being asked; seat 2 was not
	var rounds []string
	for round := 0; round < 2; round++ {
		if round > 0 {
			if err := m.Apply(1, "act"); err != nil {
				t.Fatal(err)
			}
		}
		rounds = append(rounds, strings.Join(asked(t, m), "; "))
		if err := m.Apply(1, "done"); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := strings.Join(rounds, " / "), "3: object | pass / 2: pass; 3: object | pass"; got != want {
		t.Errorf("asked %q, want %q", got, want)
	}
	r, err := m.Engine.ReplayRecord(m.NewRecord(nil))
	if err != nil {
		t.Fatalf("the save does not replay: %v", err)
	}
	defer r.Close()
	if logLines(r) != logLines(m) || r.Prompt() == nil || r.Prompt().Seat != 1 {
		t.Errorf("the replay differs")
	}
}
