package sim

import (
	"sync/atomic"
	"testing"
)

// forEach makes every call once, whatever the number of workers, and
// tells of each return once, counting them in order on one goroutine.
func TestForEach(t *testing.T) {
	for _, tc := range []struct{ n, jobs int }{{0, 0}, {1, 0}, {7, 1}, {7, 3}, {50, 0}, {5, 64}} {
		calls := make([]atomic.Int32, tc.n)
		seen := make([]int, tc.n)
		last := 0
		forEach(tc.n, tc.jobs, func(k int) { calls[k].Add(1) }, func(k, done int) {
			if calls[k].Load() != 1 {
				t.Errorf("n %d jobs %d: call %d told of before it returned", tc.n, tc.jobs, k)
			}
			seen[k]++
			if done != last+1 {
				t.Errorf("n %d jobs %d: done %d after %d", tc.n, tc.jobs, done, last)
			}
			last = done
		})
		for k := range calls {
			if calls[k].Load() != 1 || seen[k] != 1 {
				t.Errorf("n %d jobs %d: call %d made %d times, told of %d times", tc.n, tc.jobs, k, calls[k].Load(), seen[k])
			}
		}
		if last != tc.n {
			t.Errorf("n %d jobs %d: %d returns told of", tc.n, tc.jobs, last)
		}
		forEach(tc.n, tc.jobs, func(int) {}, nil) // nothing to tell
	}
}
