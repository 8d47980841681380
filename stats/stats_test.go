package stats

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"
)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.6g, want %.6g (±%g)", what, got, want, tol)
	}
}

// Student's sleep data (1908), as in R's t.test(extra ~ group, paired =
// TRUE): the extra hours of sleep of ten patients under two drugs.
var sleepA = []float64{0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0}
var sleepB = []float64{1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4}

func TestPairedTMatchesStudentsSleepData(t *testing.T) {
	var p Pair
	for i := range sleepA {
		p.Add(sleepA[i], sleepB[i])
	}
	r := p.MeanDiff()
	// t = 4.0621, df = 9, p-value = 0.002833, CI 0.7001142 to 2.4598858.
	near(t, "mean difference", r.Diff, 1.58, 1e-12)
	near(t, "low", r.Low, 0.7001142, 1e-6)
	near(t, "high", r.High, 2.4598858, 1e-6)
	near(t, "p", r.P, 0.002833, 1e-6)
	if p.Up != 9 || p.Down != 0 {
		t.Errorf("up %d down %d, want 9 and 0 (one tie)", p.Up, p.Down)
	}
}

func TestShareDiffMatchesNewcombeAndMcNemar(t *testing.T) {
	// Cavo et al. (2012), the paired 2×2 table [[59, 6], [16, 80]] of
	// Fagerland, Lydersen and Laake's book, chapter 8: the Newcombe
	// square-and-add interval is −0.0621 (−0.1186 to −0.0046). Rows are B,
	// columns A.
	var p Pair
	add := func(a, b float64, n int) {
		for range n {
			p.Add(a, b)
		}
	}
	add(1, 1, 59)
	add(0, 1, 6)
	add(1, 0, 16)
	add(0, 0, 80)
	r := p.ShareDiff()
	near(t, "difference", r.Diff, -10.0/161, 1e-12)
	near(t, "low", r.Low, -0.1186, 5e-5)
	near(t, "high", r.High, -0.0046, 5e-5)
	// McNemar's exact test: 2·P(X ≤ 6), X ~ binomial(22, ½) =
	// 2·110056/2^22.
	near(t, "p", r.P, 2*110056.0/(1<<22), 1e-12)
}

func TestWilsonStaysInsideAndCentres(t *testing.T) {
	for _, tc := range []struct {
		p float64
		n int64
	}{{0, 10}, {1, 10}, {0.5, 100}, {0.02, 50}} {
		lo, hi := Wilson(tc.p, tc.n)
		if lo < 0 || hi > 1 || lo > tc.p || hi < tc.p || lo == hi {
			t.Errorf("Wilson(%v, %d) = [%v, %v]", tc.p, tc.n, lo, hi)
		}
	}
	// 0 of 10: the upper limit is z²/(n+z²).
	_, hi := Wilson(0, 10)
	near(t, "upper limit of 0/10", hi, 1.959964*1.959964/(10+1.959964*1.959964), 1e-6)
}

func TestSignTestAndHolm(t *testing.T) {
	near(t, "sign test 0 of 0", SignTest(0, 0), 1, 0)
	near(t, "sign test 0 of 10", SignTest(0, 10), 2.0/1024, 1e-15)
	near(t, "sign test 5 of 10", SignTest(5, 5), 1, 0)
	adj, sig := Holm([]float64{0.01, math.NaN(), 0.04, 0.03, 0.005}, 0.05)
	// Sorted 0.005, 0.01, 0.03, 0.04 → ×4, ×3, ×2, ×1 = 0.02, 0.03, 0.06, 0.06 (monotone).
	want := []float64{0.03, math.NaN(), 0.06, 0.06, 0.02}
	for i := range want {
		if math.IsNaN(want[i]) != math.IsNaN(adj[i]) || (!math.IsNaN(want[i]) && math.Abs(adj[i]-want[i]) > 1e-12) {
			t.Errorf("adjusted p %d = %v, want %v", i, adj[i], want[i])
		}
	}
	if !sig[0] || sig[1] || sig[2] || sig[3] || !sig[4] {
		t.Errorf("significant = %v", sig)
	}
}

// coinSeed fixes the seeded experiments below: they are deterministic, and
// their bounds would fail an interval of the wrong width or a test of the
// wrong size (1.645 for 1.96 makes one in ten "significant").
const coinSeed = 20240615

// A fair coin against itself: over 2,000 repetitions of a 400-game
// comparison, about 95% find no significant difference and about 95% of
// the intervals hold 0. The sign test is exact and so a little
// conservative (it never rejects more than 5%).
func TestFairCoinIsRarelySignificant(t *testing.T) {
	rng := rand.New(rand.NewPCG(coinSeed, 1))
	const runs, games = 2000, 400
	rejected, covered, tRejected, tCovered := 0, 0, 0, 0
	for range runs {
		var p, scores Pair
		for range games {
			a, b := float64(rng.IntN(2)), float64(rng.IntN(2))
			p.Add(a, b)
			scores.Add(math.Round(rng.NormFloat64()*10)+a, math.Round(rng.NormFloat64()*10)+a)
		}
		r := p.ShareDiff()
		if r.P < 0.05 {
			rejected++
		}
		if r.Low <= 0 && 0 <= r.High {
			covered++
		}
		s := scores.MeanDiff()
		if s.P < 0.05 {
			tRejected++
		}
		if s.Low <= 0 && 0 <= s.High {
			tCovered++
		}
	}
	rate := func(k int) float64 { return float64(k) / runs }
	t.Logf("win rates: %.1f%% significant, %.1f%% cover 0; scores: %.1f%% significant, %.1f%% cover 0",
		100*rate(rejected), 100*rate(covered), 100*rate(tRejected), 100*rate(tCovered))
	// With 2,000 runs a rate's standard error is about 0.5%.
	if r := rate(rejected); r < 0.03 || r > 0.055 {
		t.Errorf("win rates: %.1f%% of fair comparisons significant, want about 4–5%%", 100*r)
	}
	if r := rate(covered); r < 0.93 || r > 0.97 {
		t.Errorf("win rates: %.1f%% of intervals hold 0, want about 95%%", 100*r)
	}
	if r := rate(tRejected); r < 0.035 || r > 0.065 {
		t.Errorf("scores: %.1f%% of fair comparisons significant, want about 5%%", 100*r)
	}
	if r := rate(tCovered); r < 0.935 || r > 0.965 {
		t.Errorf("scores: %.1f%% of intervals hold 0, want about 95%%", 100*r)
	}
}

// A family of ten fair comparisons: Holm keeps the chance of any false
// "significant" at or under 5%, where ten uncorrected tests would raise it
// to about 40%.
func TestHolmKeepsTheFamilyWiseErrorRate(t *testing.T) {
	rng := rand.New(rand.NewPCG(coinSeed, 2))
	const families, tests = 1000, 10
	anyCorrected, anyRaw := 0, 0
	for range families {
		ps := make([]float64, tests)
		for i := range ps {
			var p Pair
			for range 100 {
				p.Add(math.Round(rng.NormFloat64()*10), math.Round(rng.NormFloat64()*10))
			}
			ps[i] = p.MeanDiff().P
		}
		_, sig := Holm(ps, 0.05)
		for i := range ps {
			if sig[i] {
				anyCorrected++
				break
			}
		}
		for _, p := range ps {
			if p < 0.05 {
				anyRaw++
				break
			}
		}
	}
	if r := float64(anyCorrected) / families; r > 0.065 {
		t.Errorf("Holm: %.1f%% of null families had a significant test, want at most about 5%%", 100*r)
	}
	if r := float64(anyRaw) / families; r < 0.3 {
		t.Errorf("uncorrected: only %.1f%% of null families had a significant test; the experiment is too weak", 100*r)
	}
}

// A real difference is found: 50% against 58% wins over 1,000 games.
func TestRealDifferenceIsFound(t *testing.T) {
	rng := rand.New(rand.NewPCG(coinSeed, 3))
	found := 0
	for range 200 {
		var p Pair
		for range 1000 {
			u := rng.Float64()
			a, b := 0.0, 0.0
			if u < 0.5 {
				a = 1
			}
			if u < 0.58 {
				b = 1 // the same luck: B wins wherever A does, and more
			}
			if rng.IntN(4) == 0 { // and a quarter of the games go their own way
				a, b = float64(rng.IntN(2)), float64(rng.IntN(2))
			}
			p.Add(a, b)
		}
		if r := p.ShareDiff(); r.P < 0.05 && r.Low > 0 {
			found++
		}
	}
	if found < 190 {
		t.Errorf("a difference of 8 points was found in %d of 200 runs", found)
	}
}

func TestExactSumsDoNotDependOnOrder(t *testing.T) {
	xs := []float64{0.1, 1e17, -1e17, 0.2, 1.0 / 3, 1e-300, -0.1, 7}
	var fwd, back, split, other Exact
	for i := range xs {
		fwd.Add(xs[i])
		back.Add(xs[len(xs)-1-i])
	}
	for i, x := range xs {
		if i%2 == 0 {
			split.Add(x)
		} else {
			other.Add(x)
		}
	}
	split.Merge(other)
	if fwd.String() != back.String() || fwd.String() != split.String() {
		t.Errorf("sums differ: %s, %s, %s", fwd, back, split)
	}
	naive := 0.0
	for _, x := range xs {
		naive += x
	}
	if fwd.Float64() == naive {
		t.Logf("(float64 happened to agree: %v)", naive)
	}
	b, err := json.Marshal(fwd)
	if err != nil {
		t.Fatal(err)
	}
	var back2 Exact
	if err := json.Unmarshal(b, &back2); err != nil {
		t.Fatal(err)
	}
	if back2.String() != fwd.String() {
		t.Errorf("JSON round trip: %s became %s", fwd, back2)
	}
	var big Exact
	for range 4 {
		big.AddProduct(1<<31, 1<<31) // 2^64 in all: past int64
	}
	big.Add(0.5)
	if got := big.Float64(); got != 1<<64 {
		t.Errorf("2^64 + 0.5 summed as %v", got)
	}
	if got := big.String(); got != "18446744073709551616.5" && got != "1.84467440737095516165e+19" {
		t.Errorf("2^64 + 0.5 written as %s", got)
	}
	var ints Exact
	for _, x := range []float64{3, -5, 12} {
		ints.AddProduct(x, x)
	}
	if got, _ := json.Marshal(ints); string(got) != "178" {
		t.Errorf("sum of squares = %s, want 178", got)
	}
}

func TestHistQuantilesAndJSON(t *testing.T) {
	var h Hist
	for _, x := range []float64{5, 1, 3, 3, 2, 4, 3, 10, 3, 2} {
		h.Add(x)
	}
	// Sorted: 1 2 2 3 3 3 3 4 5 10.
	for _, tc := range []struct{ p, want float64 }{{0.1, 1}, {0.5, 3}, {0.9, 5}, {1, 10}} {
		if got := h.Quantile(tc.p); got != tc.want {
			t.Errorf("quantile %v = %v, want %v", tc.p, got, tc.want)
		}
	}
	b, err := json.Marshal(h)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != "[[1,1],[2,2],[3,4],[4,1],[5,1],[10,1]]" {
		t.Errorf("JSON %s", b)
	}
	var h2 Hist
	if err := json.Unmarshal(b, &h2); err != nil {
		t.Fatal(err)
	}
	h2.Merge(h)
	if h2.N() != 20 || h2.Quantile(0.5) != 3 {
		t.Errorf("merged: n %d median %v", h2.N(), h2.Quantile(0.5))
	}
	negZero := math.Copysign(0, -1)
	if Key(1234567) != 1234570 || Key(negZero) != 0 || math.Signbit(Key(negZero)) {
		t.Errorf("keys: %v %v", Key(1234567), Key(negZero))
	}
}

func TestUniform(t *testing.T) {
	// 30, 20, 25, 25 over four seats: χ² = (25+25+0+0)/25 = 2, 3 df,
	// p = 0.5724 (the chi-square survival function at 2 on 3 df).
	chi2, p := Uniform([]float64{30, 20, 25, 25})
	near(t, "chi-square", chi2, 2, 1e-12)
	near(t, "p", p, 0.5724067, 1e-6)
	if _, p := Uniform([]float64{50, 0}); p > 1e-10 {
		t.Errorf("all wins in one of two seats: p = %v", p)
	}
	if _, p := Uniform([]float64{0, 0}); !math.IsNaN(p) {
		t.Errorf("no wins: p = %v, want NaN", p)
	}
}
