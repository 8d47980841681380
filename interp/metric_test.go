package interp

import (
	"reflect"
	"strings"
	"testing"
)

func TestMetricsAddUpInTheOrderFirstNamed(t *testing.T) {
	src := `
local G = { title = "Measured", players = {2, 2} }
function G.play(t)
  t:metric("fights", 0)
  t:metric("rounds")
  for _ = 1, 3 do t:metric("fights") end
  local total = t:metric("spread", 2.5)
  t:metric("spread", -1)
  t:ask(1, { "ok" })
  t:metric("rounds", total)
  return { winners = { 1 } }
end
return G`
	_, m := startMatch(t, "measured.lua", src, Config{Players: 2})
	want := []Metric{{"fights", 3}, {"rounds", 1}, {"spread", 1.5}}
	if got := m.Metrics(); !reflect.DeepEqual(got, want) {
		t.Errorf("before the decision: %v, want %v", got, want)
	}
	if err := m.Step(0); err != nil {
		t.Fatal(err)
	}
	want[1].Value = 3.5
	if got := m.Metrics(); !reflect.DeepEqual(got, want) {
		t.Errorf("at the end: %v, want %v", got, want)
	}
}

func TestMetricRefusesBadNamesAndValues(t *testing.T) {
	for _, tc := range []struct{ call, want string }{
		{`t:metric("", 1)`, "1 to 40 characters"},
		{`t:metric("two words", 1)`, "letters, digits, _ and -"},
		{`t:metric("x", 1/0)`, "finite number"},
		{`t:metric("x", "many")`, "number expected"},
		{`for i = 1, 40 do t:metric("m" .. i) end`, "at most 32 metrics"},
	} {
		t.Run(tc.call, func(t *testing.T) {
			src := "local G = { title = 'x', players = {1, 1} }\nfunction G.play(t)\n  " + tc.call + "\nend\nreturn G"
			e, err := LoadSource("bad.lua", []byte(src), nil)
			if err != nil {
				t.Fatal(err)
			}
			_, err = e.NewMatch(Config{Players: 1})
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "bad.lua:3") {
				t.Errorf("error %v, want one at bad.lua:3 saying %q", err, tc.want)
			}
		})
	}
}
