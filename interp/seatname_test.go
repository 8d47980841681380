package interp

import (
	"strings"
	"testing"
)

func TestSetName(t *testing.T) {
	for _, tc := range []struct{ call, want string }{
		{`t:set_name(2, "Miss Kingston")`, ""},
		{`t:set_name(1, "Player 2")`, "another seat is called Player 2"},
		{`t:set_name(1, "")`, "one line of 1 to 40 bytes"},
		{`t:set_name(3, "x")`, "seat"},
	} {
		src := `local G = { players = { 2, 2 } }
function G.play(t)
  ` + tc.call + `
  t:log("%p and %p", 1, 2)
  t:ask(1, { "wait" })
end
return G`
		e, err := LoadSource("names.lua", []byte(src), nil)
		if err != nil {
			t.Fatal(err)
		}
		m, err := e.NewMatch(Config{})
		if tc.want != "" {
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s: want an error containing %q, got %v", tc.call, tc.want, err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if got := m.Log()[0].Text; got != "Player 1 and Miss Kingston" || m.SeatLabel(2) != "Miss Kingston" {
			t.Errorf("%s: log %q, label %q", tc.call, got, m.SeatLabel(2))
		}
		m.Close()
	}
}
