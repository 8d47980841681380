package stats

import (
	"math"

	"gonum.org/v1/gonum/mathext"
)

// The four distributions the tests need, written from gonum's special
// functions (mathext: the regularized incomplete beta and gamma functions
// and the normal quantile) by the textbook relations. gonum's package of
// distributions (stat/distuv) would do it too, but it brings in gonum's
// matrices and LAPACK, twenty packages that every first build of tabletop
// compiled for nothing. TestDistributions checks these against it, bit
// for bit.

// studentsTQuantile returns the p-quantile of Student's t with nu degrees
// of freedom: for t > 0, P(T > t) = ½·I_x(nu/2, ½) with x = nu/(nu+t²).
func studentsTQuantile(nu, p float64) float64 {
	switch {
	case p == 0.5:
		return 0
	case p > 0.5:
		x := mathext.InvRegIncBeta(nu/2, 0.5, 2*(1-p))
		return math.Sqrt(nu * (1 - x) / x)
	default:
		x := mathext.InvRegIncBeta(nu/2, 0.5, 2*p)
		return -math.Sqrt(nu * (1 - x) / x)
	}
}

// studentsTSurvival returns P(T > t) for Student's t with nu degrees of
// freedom.
func studentsTSurvival(nu, t float64) float64 {
	if t == 0 {
		return 0.5
	}
	x := nu / (t*t + nu)
	if t > 0 {
		return 0.5 * mathext.RegIncBeta(nu/2, 0.5, x)
	}
	return 1 - 0.5*mathext.RegIncBeta(nu/2, 0.5, x)
}

// binomialCDF returns P(X <= k) for X binomial with n trials of
// probability p: I_{1-p}(n-k, k+1).
func binomialCDF(n, k, p float64) float64 {
	switch {
	case k < 0:
		return 0
	case k >= n:
		return 1
	}
	k = math.Floor(k)
	return mathext.RegIncBeta(n-k, k+1, 1-p)
}

// chiSquaredSurvival returns P(X > x) for X chi-squared with k degrees of
// freedom: the upper regularized incomplete gamma Q(k/2, x/2).
func chiSquaredSurvival(k, x float64) float64 {
	if x < 0 {
		return 1
	}
	return mathext.GammaIncRegComp(0.5*k, 0.5*x)
}
