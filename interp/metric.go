package interp

import (
	"fmt"
	"math"

	lua "github.com/yuin/gopher-lua"
)

// Metrics are what a game's designer wants measured over many games ("how
// often does a hand scramble?", "how many fights a game?"): numbers a
// script keeps per match with t:metric, which sim and compare sum up.
// They are not part of the game: no view, log or save shows them, and the
// rules cannot be changed by them.

// Metric is one named number a script measured in a match.
type Metric struct {
	Name  string
	Value float64
}

// MaxMetrics is how many different metrics one match may keep.
const MaxMetrics = 32

// maxMetricName is the longest metric name, in bytes.
const maxMetricName = 40

// Metrics returns the match's metrics in the order the script first named
// them. The slice is the match's own: do not change it.
func (m *Match) Metrics() []Metric { return m.metrics }

// luaMetric implements t:metric(name [, value]): it adds value (default 1)
// to the match's metric called name, which starts at 0, and returns the new
// total. t:metric(name, 0) declares a metric without counting anything.
func (m *Match) luaMetric(L *lua.LState) int {
	name := L.CheckString(2)
	if problem := metricNameProblem(name); problem != "" {
		L.ArgError(2, problem)
	}
	value := 1.0
	if L.GetTop() >= 3 {
		value = float64(L.CheckNumber(3))
		if math.IsNaN(value) || math.IsInf(value, 0) {
			L.ArgError(3, "a metric's value must be a finite number")
		}
	}
	for i := range m.metrics {
		if m.metrics[i].Name == name {
			m.metrics[i].Value += value
			L.Push(lua.LNumber(m.metrics[i].Value))
			return 1
		}
	}
	if len(m.metrics) >= MaxMetrics {
		L.RaiseError("t:metric: a game may keep at most %d metrics (%q would be one more)", MaxMetrics, name)
	}
	m.metrics = append(m.metrics, Metric{Name: name, Value: value})
	L.Push(lua.LNumber(value))
	return 1
}

// metricNameProblem says what is wrong with a metric name, or "". Names
// appear in reports, JSON and command lines, so they are short words.
func metricNameProblem(name string) string {
	if name == "" || len(name) > maxMetricName {
		return fmt.Sprintf("a metric's name is 1 to %d characters long", maxMetricName)
	}
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '-':
		default:
			return fmt.Sprintf("a metric's name is made of letters, digits, _ and -, not %q", name)
		}
	}
	return ""
}
