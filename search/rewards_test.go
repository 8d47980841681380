package search

import (
	"fmt"
	"testing"
)

// TestRoundRewards: a rollout stopped mid-game rewards each seat by what
// it gained meanwhile against the others' mean, or (Params.Rival) on its
// best-placed rival — where a point taken from the leader counts and one
// taken from the last does not.
func TestRoundRewards(t *testing.T) {
	base := score{by: []float64{0, 30, 50, 10, 10}}
	for _, c := range []struct {
		name  string
		rival bool
		sign  float64
		now   []float64
		want  string
	}{
		// Seat 1 takes 4 from the leader (seat 2), or from seat 4.
		{"mean, from the leader", false, 1, []float64{0, 34, 46, 10, 10}, "0.75 0.25 0.50 0.50"},
		{"mean, from the last", false, 1, []float64{0, 34, 50, 10, 6}, "0.75 0.50 0.50 0.25"},
		// The leader's loss is also a gain on him for seats 3 and 4.
		{"rival, from the leader", true, 1, []float64{0, 34, 46, 10, 10}, "1.00 0.00 0.75 0.75"},
		{"rival, from the last", true, 1, []float64{0, 34, 50, 10, 6}, "0.75 0.25 0.50 0.25"},
		// Fewest points win: seats 3 and 4 lead, and seat 1 gaining 4
		// falls back.
		{"rival, fewest win", true, -1, []float64{0, 34, 50, 10, 10}, "0.25 0.50 0.50 0.50"},
	} {
		ts := &searcher{params: Params{Rival: c.rival}, scoreSign: c.sign}
		// A scale of 4, learnt over many rollouts (this one moves it by
		// nothing to see): 4 points are a quarter of the reward's range.
		ts.spreadSum, ts.spreadN = 4e9, 1e9
		r := ts.roundRewards(base, score{by: c.now})
		got := fmt.Sprintf("%.2f %.2f %.2f %.2f", r[1], r[2], r[3], r[4])
		if got != c.want {
			t.Errorf("%s: rewards %s, want %s", c.name, got, c.want)
		}
	}
}
