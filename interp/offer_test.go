package interp

import (
	"strings"
	"testing"
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
		var asked []string
		for m.Prompt() != nil && m.Prompt().Seat != 1 {
			p := m.Prompt()
			asked = append(asked, itoa(p.Seat)+": "+strings.Join(p.Options, " | "))
			if err := m.Apply(p.Seat, "pass"); err != nil {
				t.Fatal(err)
			}
		}
		if strings.Join(asked, "; ") != strings.Join(tc.asked, "; ") {
			t.Errorf("always=%v: asked %q, want %q", tc.always, asked, tc.asked)
		}
		if last := m.Log()[len(m.Log())-1].Text; last != "nil by nil" {
			t.Errorf("always=%v: everyone passed, but the log says %q", tc.always, last)
		}
	}
}
