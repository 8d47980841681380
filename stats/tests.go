package stats

import (
	"math"
	"math/big"
	"slices"

	"gonum.org/v1/gonum/mathext"
)

// Level is the confidence level of every interval: 95%.
const Level = 0.95

// Sample sums one quantity over n observations (one per game), exactly.
// The zero value is empty and ready to use.
type Sample struct {
	N     int64 `json:"n"`
	Sum   Exact `json:"sum"`
	SumSq Exact `json:"sum_sq"`
}

// Add records one observation, which must be finite.
func (s *Sample) Add(x float64) {
	s.N++
	s.Sum.Add(x)
	s.SumSq.AddProduct(x, x)
}

// Merge adds o's observations.
func (s *Sample) Merge(o Sample) {
	s.N += o.N
	s.Sum.Merge(o.Sum)
	s.SumSq.Merge(o.SumSq)
}

// Clone returns a copy that shares nothing with s.
func (s Sample) Clone() Sample {
	return Sample{N: s.N, Sum: s.Sum.Clone(), SumSq: s.SumSq.Clone()}
}

// Mean returns the mean, or NaN without observations.
func (s Sample) Mean() float64 {
	if s.N == 0 {
		return math.NaN()
	}
	m, _ := new(big.Float).SetPrec(workPrec).Quo(s.Sum.Big(), big.NewFloat(float64(s.N))).Float64()
	return m
}

// Variance returns the unbiased sample variance, or NaN with fewer than
// two observations. It is computed from the exact sums, so it suffers no
// cancellation.
func (s Sample) Variance() float64 {
	return variance(s.N, s.Sum.Big(), s.SumSq.Big())
}

// variance is (Σx² − (Σx)²/n) / (n−1), rounded once.
func variance(n int64, sum, sumSq *big.Float) float64 {
	if n < 2 {
		return math.NaN()
	}
	fn := new(big.Float).SetPrec(workPrec).SetInt64(n)
	sq := new(big.Float).SetPrec(workPrec).Mul(sum, sum)
	sq.Quo(sq, fn)
	d := new(big.Float).SetPrec(workPrec).Sub(sumSq, sq)
	d.Quo(d, fn.Sub(fn, big.NewFloat(1)))
	v, _ := d.Float64()
	return math.Max(v, 0)
}

// MeanCI returns the 95% confidence interval of the mean from Student's t
// distribution with n−1 degrees of freedom (NaN with fewer than two
// observations).
func (s Sample) MeanCI() (lo, hi float64) {
	return tInterval(s.Mean(), s.Variance(), s.N)
}

// ShareCI returns the 95% Wilson score interval of a proportion whose
// observations lie in [0, 1] (a win counts 1, a win shared by k counts
// 1/k): Sum successes out of N. Unlike mean ± 1.96·se it stays inside
// [0, 1] and keeps its coverage near 0% and 100%.
func (s Sample) ShareCI() (lo, hi float64) {
	if s.N == 0 {
		return math.NaN(), math.NaN()
	}
	return Wilson(s.Mean(), s.N)
}

func tInterval(mean, variance float64, n int64) (lo, hi float64) {
	if n < 2 || math.IsNaN(variance) {
		return math.NaN(), math.NaN()
	}
	half := tQuantile(n-1) * math.Sqrt(variance/float64(n))
	return mean - half, mean + half
}

// tQuantile is the two-sided 95% quantile of Student's t with df degrees.
func tQuantile(df int64) float64 {
	return studentsTQuantile(float64(df), 1-(1-Level)/2)
}

// zQuantile is the two-sided 95% quantile of the standard normal.
var zQuantile = mathext.NormalQuantile(1 - (1-Level)/2)

// Wilson returns the 95% Wilson score interval of a proportion p observed
// in n trials.
func Wilson(p float64, n int64) (lo, hi float64) {
	z2n := zQuantile * zQuantile / float64(n)
	center := (p + z2n/2) / (1 + z2n)
	half := zQuantile / (1 + z2n) * math.Sqrt(p*(1-p)/float64(n)+z2n/(4*float64(n)))
	// Rounding must not push a limit past p itself (0 of n, n of n).
	return math.Max(0, min(p, center-half)), math.Min(1, max(p, center+half))
}

// Test is the outcome of comparing B with A: the estimated difference
// B − A, its 95% confidence interval, the two-sided p-value of "no
// difference", and the name of the test.
type Test struct {
	Diff, Low, High, P float64
	Method             string
}

// Pair sums paired observations (a, b): the same quantity in game i of A
// and game i of B, played from the same seed with the same seats (common
// random numbers). Pairing removes from the comparison the variation the
// two games share — the deal, the dice, the bots' luck — so a smaller
// difference shows than when A and B are compared as independent samples.
type Pair struct {
	A, B  Sample
	SumAB Exact `json:"sum_ab"`
	// Up and Down count the pairs where b > a and where b < a.
	Up   int64 `json:"up"`
	Down int64 `json:"down"`
}

// Add records one pair of finite observations.
func (p *Pair) Add(a, b float64) {
	p.A.Add(a)
	p.B.Add(b)
	p.SumAB.AddProduct(a, b)
	switch {
	case b > a:
		p.Up++
	case b < a:
		p.Down++
	}
}

// Merge adds o's pairs.
func (p *Pair) Merge(o Pair) {
	p.A.Merge(o.A)
	p.B.Merge(o.B)
	p.SumAB.Merge(o.SumAB)
	p.Up += o.Up
	p.Down += o.Down
}

// MethodPairedT and MethodSign name the tests of Test.Method.
const (
	MethodPairedT = "paired t"
	MethodSign    = "sign (exact), Newcombe interval"
)

// MeanDiff compares the means by the paired t-test: the differences
// d = b − a are tested against a mean of 0 with Student's t distribution
// on n−1 degrees of freedom, and the interval is mean(d) ± t·se(d). Game
// lengths, scores and metrics are sums of many small events, so their
// mean differences are close to normal at the sizes a balance run uses.
func (p Pair) MeanDiff() Test {
	n := p.A.N
	res := Test{Diff: math.NaN(), Low: math.NaN(), High: math.NaN(), P: math.NaN(), Method: MethodPairedT}
	if n == 0 {
		return res
	}
	// Σd = Σb − Σa, Σd² = Σb² − 2Σab + Σa², all exact.
	sumD := p.B.Sum.Big()
	sumD.Sub(sumD, p.A.Sum.Big())
	sumD2 := p.B.SumSq.Big()
	sumD2.Add(sumD2, p.A.SumSq.Big())
	ab := p.SumAB.Big()
	sumD2.Sub(sumD2, ab.Add(ab, ab))
	mean, _ := new(big.Float).SetPrec(workPrec).Quo(sumD, big.NewFloat(float64(n))).Float64()
	res.Diff = mean
	v := variance(n, sumD, sumD2)
	res.Low, res.High = tInterval(mean, v, n)
	switch {
	case n < 2:
	case v == 0 && mean == 0:
		res.P = 1 // the same in every pair
	case v == 0:
		res.P = 0 // the same nonzero difference in every pair
	default:
		t := mean / math.Sqrt(v/float64(n))
		res.P = 2 * studentsTSurvival(float64(n-1), math.Abs(t))
	}
	return res
}

// ShareDiff compares two paired proportions (win rates). The p-value is
// the exact sign test on the pairs that differ: under "no difference" a
// pair is as likely to favour B as A, so Up is binomial(Up+Down, ½). With
// whole wins this is McNemar's exact test. The interval is Newcombe's
// (1998, method 10) for paired proportions, built from the two Wilson
// score intervals and the correlation of the pairs, which keeps its
// coverage near 0% and 100% where mean ± 1.96·se does not. A shared win
// counts as its fraction in both.
func (p Pair) ShareDiff() Test {
	n := p.A.N
	res := Test{Diff: math.NaN(), Low: math.NaN(), High: math.NaN(), P: math.NaN(), Method: MethodSign}
	if n == 0 {
		return res
	}
	pa, pb := p.A.Mean(), p.B.Mean()
	res.Diff = pb - pa
	res.P = SignTest(p.Up, p.Down)
	la, ua := Wilson(pa, n)
	lb, ub := Wilson(pb, n)
	phi := newcombePhi(n, p.A.Sum.Float64(), p.B.Sum.Float64(), p.SumAB.Float64())
	res.Low = res.Diff - math.Sqrt(sq(pb-lb)+sq(ua-pa)-2*phi*(pb-lb)*(ua-pa))
	res.High = res.Diff + math.Sqrt(sq(ub-pb)+sq(pa-la)-2*phi*(ub-pb)*(pa-la))
	return res
}

func sq(x float64) float64 { return x * x }

// newcombePhi is the correlation between the two proportions that
// Newcombe's paired interval uses: with whole wins, (ad − bc) over the root
// of the four margins' product, where ad − bc = n·Σab − Σa·Σb; a positive
// value is reduced by n/2 (his continuity correction) but not below 0.
func newcombePhi(n int64, sa, sb, sab float64) float64 {
	fn := float64(n)
	margins := sa * (fn - sa) * sb * (fn - sb)
	if margins <= 0 {
		return 0
	}
	a := fn*sab - sa*sb
	switch {
	case a > fn/2:
		a -= fn / 2
	case a >= 0:
		a = 0
	}
	return a / math.Sqrt(margins)
}

// SignTest returns the two-sided exact p-value of up successes and down
// failures under a fair coin: twice the smaller tail of binomial(up+down,
// ½), at most 1.
func SignTest(up, down int64) float64 {
	n := up + down
	if n == 0 {
		return 1
	}
	tail := binomialCDF(float64(n), float64(min(up, down)), 0.5)
	return math.Min(1, 2*tail)
}

// Holm applies Holm's step-down correction to a family of p-values (NaN:
// not tested) at level alpha: it returns the adjusted p-values and which
// tests are significant. Holm controls the chance of any false
// "significant" in the family at alpha, whatever the dependence between
// the tests — a balance report's tests are far from independent (win rates
// add up to one, scores follow wins) — and rejects everything Bonferroni
// does and often more.
func Holm(ps []float64, alpha float64) (adjusted []float64, significant []bool) {
	adjusted = make([]float64, len(ps))
	significant = make([]bool, len(ps))
	var order []int
	for i, p := range ps {
		adjusted[i] = math.NaN()
		if !math.IsNaN(p) {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(i, j int) int {
		switch {
		case ps[i] < ps[j]:
			return -1
		case ps[i] > ps[j]:
			return 1
		}
		return 0
	})
	m := len(order)
	running := 0.0
	for k, i := range order {
		running = math.Max(running, math.Min(1, float64(m-k)*ps[i]))
		adjusted[i] = running
		significant[i] = running <= alpha
	}
	return adjusted, significant
}

// Uniform tests whether counts spread evenly over their categories — the
// wins over the seats, when every bot played every seat equally often —
// by Pearson's chi-square test against equal expected counts, with k−1
// degrees of freedom. It returns the statistic and its p-value (NaN with
// fewer than two categories or nothing counted).
func Uniform(counts []float64) (chi2, p float64) {
	total := 0.0
	for _, c := range counts {
		total += c
	}
	k := len(counts)
	if k < 2 || total <= 0 {
		return math.NaN(), math.NaN()
	}
	want := total / float64(k)
	for _, c := range counts {
		chi2 += (c - want) * (c - want) / want
	}
	return chi2, chiSquaredSurvival(float64(k-1), chi2)
}
