// Package stats holds the statistics of the balance lab: sums that can be
// split across machines and merged without changing a bit, value counts
// with their quantiles, and the tests that tell a real difference between
// a game and its variant from chance.
//
// Every sum is exact. A series of games may be played in one run or in
// shards on many machines; floating-point addition depends on its order,
// so sums of float64 would differ in their last bits between the two. Exact
// sums (math/big, wide enough for any sum of float64 values and of their
// products) do not, so a merged report is the unsharded report, byte for
// byte. Means and variances are taken from the exact sums at the end.
//
// The tail areas and quantiles of the distributions come from gonum's
// special functions (mathext, see dist.go); this package only puts them
// together into the tests a designer needs (see Sample, Pair and Holm).
package stats

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
)

// exactPrec is the precision of an exact sum, in bits. A float64 or the
// product of two has its lowest bit at or above 2^-2148 and its highest
// below 2^2048, so the sum of up to 2^100 of them fits in 4,300 bits
// without rounding.
const exactPrec = 4400

// workPrec is the precision of the arithmetic on exact sums (squares and
// quotients), which is rounded only once more, to float64, at the end.
const workPrec = 2 * exactPrec

// Exact is a sum of float64 values (and of their products) kept without
// rounding, so that it does not depend on the order of the additions. Its
// zero value is 0. Whole numbers (game lengths, most scores, counts, whole
// wins) are summed in an int64 and cost next to nothing; the rest in a
// big.Float. An Exact must not be copied after use: its value is shared
// (use Clone).
type Exact struct {
	small int64
	v     *big.Float
}

// smallLimit bounds the whole numbers (and factors of products) that are
// summed as integers: products stay under 2^62.
const smallLimit = 1 << 31

// Add adds x, which must be finite.
func (e *Exact) Add(x float64) {
	if x == math.Trunc(x) && math.Abs(x) <= smallLimit {
		e.addSmall(int64(x))
		return
	}
	e.addBig(new(big.Float).SetPrec(exactPrec).SetFloat64(x))
}

// AddProduct adds x·y, exactly.
func (e *Exact) AddProduct(x, y float64) {
	if x == math.Trunc(x) && y == math.Trunc(y) && math.Abs(x) <= smallLimit && math.Abs(y) <= smallLimit {
		e.addSmall(int64(x) * int64(y))
		return
	}
	p := new(big.Float).SetPrec(exactPrec).SetFloat64(x)
	p.Mul(p, new(big.Float).SetFloat64(y))
	e.addBig(p)
}

// addSmall adds n to the integer part, moving that part into the big sum
// first if the addition would overflow.
func (e *Exact) addSmall(n int64) {
	if (n > 0 && e.small > math.MaxInt64-n) || (n < 0 && e.small < math.MinInt64-n) {
		e.addBig(new(big.Float).SetPrec(exactPrec).SetInt64(e.small))
		e.small = 0
	}
	e.small += n
}

// Merge adds the sum o.
func (e *Exact) Merge(o Exact) {
	e.addSmall(o.small)
	if o.v != nil {
		e.addBig(o.v)
	}
}

func (e *Exact) addBig(x *big.Float) {
	if e.v == nil {
		e.v = new(big.Float).SetPrec(exactPrec)
	}
	e.v.Add(e.v, x)
}

// Clone returns a copy that shares nothing with e.
func (e Exact) Clone() Exact {
	if e.v == nil {
		return Exact{small: e.small}
	}
	return Exact{small: e.small, v: new(big.Float).Copy(e.v)}
}

// Big returns the sum as a new big.Float of working precision.
func (e Exact) Big() *big.Float {
	z := new(big.Float).SetPrec(workPrec).SetInt64(e.small)
	if e.v != nil {
		z.Add(z, e.v)
	}
	return z
}

// Float64 returns the sum rounded to the nearest float64.
func (e Exact) Float64() float64 {
	if e.v == nil {
		return float64(e.small) // exact below 2^53, and rounded once above
	}
	f, _ := e.Big().Float64()
	return f
}

// String returns the exact sum in decimal: the shortest text that reads
// back as the same sum, whatever the sum's history.
func (e Exact) String() string {
	z := new(big.Float).SetPrec(exactPrec).SetInt64(e.small)
	if e.v != nil {
		z.Add(z, e.v)
	}
	return z.Text('g', -1)
}

// MarshalJSON writes the sum as a JSON number, exactly.
func (e Exact) MarshalJSON() ([]byte, error) { return []byte(e.String()), nil }

// UnmarshalJSON reads a sum written by MarshalJSON.
func (e *Exact) UnmarshalJSON(b []byte) error {
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("an exact sum must be a number: %w", err)
	}
	v, _, err := big.ParseFloat(string(n), 10, exactPrec, big.ToNearestEven)
	if err != nil {
		return fmt.Errorf("exact sum %s: %w", n, err)
	}
	if v.IsInf() {
		return fmt.Errorf("exact sum %s is out of range", n)
	}
	e.small, e.v = 0, v
	return nil
}
