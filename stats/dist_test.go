package stats

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// TestDistributions: the distributions of dist.go give, bit for bit, what
// gonum's stat/distuv gives (the package they replace in tabletop's
// build), so every p-value and interval tabletop reports is unchanged.
func TestDistributions(t *testing.T) {
	same := func(what string, got, want float64) {
		t.Helper()
		if math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
			t.Errorf("%s = %v, distuv says %v", what, got, want)
		}
	}
	for _, nu := range []float64{1, 2, 3, 7, 29, 30, 99, 1999, 1e6} {
		st := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: nu}
		for _, p := range []float64{0, 0.001, 0.025, 0.3, 0.5, 0.7, 0.975, 0.999, 1} {
			same("t quantile", studentsTQuantile(nu, p), st.Quantile(p))
		}
		for _, x := range []float64{-40, -3, -1.96, -0.1, 0, 1e-9, 0.5, 2.1, 8, 1e3} {
			same("t survival", studentsTSurvival(nu, x), st.Survival(x))
		}
		for _, x := range []float64{-1, 0, 0.5, 3.84, 20, 400} {
			same("chi-squared survival", chiSquaredSurvival(nu, x), distuv.ChiSquared{K: nu}.Survival(x))
		}
	}
	for _, n := range []float64{1, 2, 10, 57, 400, 20000} {
		for _, k := range []float64{-1, 0, 1, 3, math.Floor(n / 2), n - 1, n, n + 2} {
			for _, p := range []float64{0.5, 0.1, 0.93} {
				same("binomial cdf", binomialCDF(n, k, p), distuv.Binomial{N: n, P: p}.CDF(k))
			}
		}
	}
	same("z", zQuantile, distuv.UnitNormal.Quantile(1-(1-Level)/2))
}

// TestHistQuantileIsGonums: Hist.Quantile is gonum's empirical quantile
// of the values weighted by their counts.
func TestHistQuantileIsGonums(t *testing.T) {
	var h Hist
	for i, x := range []float64{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4} {
		h.AddCount(x, int64(i%4+1))
	}
	xs, counts := h.Values()
	ws := make([]float64, len(counts))
	for i, c := range counts {
		ws[i] = float64(c)
	}
	for _, p := range []float64{0, 0.01, 0.1, 0.25, 0.5, 0.5001, 0.75, 0.9, 0.99, 1} {
		if got, want := h.Quantile(p), stat.Quantile(p, stat.Empirical, xs, ws); got != want {
			t.Errorf("Quantile(%v) = %v, gonum says %v", p, got, want)
		}
	}
}
