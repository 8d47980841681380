package interp

import (
	"fmt"
	"testing"
)

func TestDuplicate(t *testing.T) {
	long := make([]string, 100)
	for i := range long {
		long[i] = fmt.Sprintf("play %d", i)
	}
	longDup := append(append([]string(nil), long...), "play 42")
	m := &Match{}
	for _, tc := range []struct {
		texts []string
		want  string
	}{
		{nil, ""},
		{[]string{"a"}, ""},
		{[]string{"a", "b", "a"}, "a"},
		{long, ""},
		{longDup, "play 42"},
		{long, ""}, // the set is emptied after each use
	} {
		if got := m.duplicate(tc.texts); got != tc.want {
			t.Errorf("duplicate(%d texts) = %q, want %q", len(tc.texts), got, tc.want)
		}
	}
}

func TestObjectSpecs(t *testing.T) {
	_, m := startMatch(t, "spec.lua", `
local G = { title = "Spec", players = {2, 2} }
function G.play(t)
  t:zone { name = "hand", owner = 2, visibility = "owner" }
  t:zone { name = "pile", label = "The pile", visibility = "all" }
  t:track { name = "secret track", min = 0, max = 3, shown = false }
  t:track { name = "fame", min = 0, max = 3 }
  t:pad {}
  t:pad { name = "bookkeeping", shown = false }
  t:ask(1, { "ok" })
end
return G`, Config{Players: 2})
	if got := m.Zones[0].Label; got != "Player 2's hand" {
		t.Errorf("an owned zone's default label is %q", got)
	}
	if got := m.Zones[1].Label; got != "The pile" {
		t.Errorf("a zone's given label is %q", got)
	}
	if m.Pads[0].Name != "score" || m.Pads[0].Label != "score" {
		t.Errorf("a pad without a name is %q/%q, want score", m.Pads[0].Name, m.Pads[0].Label)
	}
	v := m.View(1)
	if !v.Tracks[1].Shown || !v.Pads[0].Shown {
		t.Errorf("a track or a pad is not shown by default: %+v %+v", v.Tracks[1], v.Pads[0])
	}
	if v.Tracks[0].Shown || v.Pads[1].Shown {
		t.Errorf("a track or a pad whose spec says shown = false is shown: %+v %+v", v.Tracks[0], v.Pads[1])
	}
}
