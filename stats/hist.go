package stats

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
)

// HistDigits is the number of significant digits a Hist keeps of a value:
// counts of game lengths, scores and event counts below a million are
// exact, and a measure that takes many values is counted at 6 digits.
const HistDigits = 6

// Hist counts the values of a quantity: how many games had each value. It
// merges by adding counts, so a sharded run counts what one run counts.
// The zero value is empty and ready to use.
type Hist struct {
	counts map[float64]int64
}

// Key is the value under which x is counted: x at HistDigits significant
// digits.
func Key(x float64) float64 {
	k, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', HistDigits, 64), 64)
	if k == 0 {
		return 0 // no -0
	}
	return k
}

// Add counts x once.
func (h *Hist) Add(x float64) { h.AddCount(x, 1) }

// AddCount counts x n times.
func (h *Hist) AddCount(x float64, n int64) {
	if n == 0 {
		return
	}
	if h.counts == nil {
		h.counts = map[float64]int64{}
	}
	h.counts[Key(x)] += n
}

// Merge adds o's counts.
func (h *Hist) Merge(o Hist) {
	for x, n := range o.counts {
		h.AddCount(x, n)
	}
}

// N returns the number of values counted.
func (h Hist) N() int64 {
	var n int64
	for _, c := range h.counts {
		n += c
	}
	return n
}

// Values returns the distinct values in increasing order and how many
// times each was counted.
func (h Hist) Values() (xs []float64, counts []int64) {
	xs = make([]float64, 0, len(h.counts))
	for x := range h.counts {
		xs = append(xs, x)
	}
	slices.Sort(xs)
	counts = make([]int64, len(xs))
	for i, x := range xs {
		counts[i] = h.counts[x]
	}
	return xs, counts
}

// Quantile returns the smallest counted value that is at least the
// fraction p of the values (the empirical quantile: the first value whose
// running count reaches p times the total), or NaN when nothing was
// counted.
func (h Hist) Quantile(p float64) float64 {
	xs, counts := h.Values()
	if len(xs) == 0 {
		return math.NaN()
	}
	var total int64
	for _, c := range counts {
		total += c
	}
	want, sum := p*float64(total), int64(0)
	for i, c := range counts {
		sum += c
		if float64(sum) >= want {
			return xs[i]
		}
	}
	return xs[len(xs)-1]
}

// MarshalJSON writes the counts as [[value, count], ...] in increasing
// order of value.
func (h Hist) MarshalJSON() ([]byte, error) {
	xs, counts := h.Values()
	pairs := make([][2]json.Number, len(xs))
	for i, x := range xs {
		pairs[i] = [2]json.Number{json.Number(strconv.FormatFloat(x, 'g', -1, 64)), json.Number(strconv.FormatInt(counts[i], 10))}
	}
	return json.Marshal(pairs)
}

// UnmarshalJSON reads counts written by MarshalJSON.
func (h *Hist) UnmarshalJSON(b []byte) error {
	var pairs [][2]float64
	if err := json.Unmarshal(b, &pairs); err != nil {
		return fmt.Errorf("a histogram is a list of [value, count] pairs: %w", err)
	}
	h.counts = nil
	for _, p := range pairs {
		if p[1] < 0 || p[1] != math.Trunc(p[1]) {
			return fmt.Errorf("histogram count %v for %v is not a whole number", p[1], p[0])
		}
		h.AddCount(p[0], int64(p[1]))
	}
	return nil
}
