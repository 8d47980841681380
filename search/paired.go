package search

import (
	"math"

	"gonum.org/v1/gonum/mathext"

	"github.com/tabletop/tabletop/interp"
)

// A guided decision asks one question: is another option better than the
// guide's? The tree (tree.go) answers it with the few iterations a decision
// has. Its options' mean rewards mix the worlds they happened to be played
// in, and which world it was — how good the seat's imagined hand is, how
// the stock lies — moves a rollout's reward far more than the option does;
// and a root option visited again expands an untried reply below it, so
// most of its rollouts begin with a move picked at random. A paired
// decision (Params.Paired, bot:search:paired) compares by world instead:
// each world plays the guide's option, then a few others (Params.Shortlist;
// each untried one first, then by what they gained on the guide so far),
// each once, straight into a rollout; and the decision departs only when
// the best of them beat the guide's in the same worlds by a clear margin —
// a paired test, the differences' mean against their standard error
// (Params.Margin, read as Student's t's tail for so few worlds), in at
// least minPaired worlds. Once every world has played its options the time
// goes into new worlds, up to pairedWorlds times Params.Worlds: another
// world is another sample of the hidden cards, where the same world played
// again by bots that decide alike says the same again. Measured, it played
// no better than the tree (doc.go), so it is not the default.

// minPaired is the fewest worlds a departure must be measured in.
const minPaired = 4

// pairedWorlds is how many times Params.Worlds a paired decision builds at
// most; the first Params.Worlds are carried to the next decision.
const pairedWorlds = 4

// minPairedSD bounds a difference's standard deviation from below: an
// option a hair better in every one of four worlds is not proven better.
const minPairedSD = 0.02

// paired is a guided decision's comparisons: each world's rollout reward
// for the seat after each option it played there, and each option's
// differences from the guide's in the worlds where both were played.
type paired struct {
	guide   string // the guide's option
	k       int    // options besides the guide's a world plays
	offered int    // options searched
	evals   map[*world]map[string]float64
	diffs   map[string][]float64 // by option: its reward less the guide's, world by world
	tried   int                  // rollouts of options besides the guide's
}

func newPaired(guide string, k, offered int) *paired {
	return &paired{guide: guide, k: k, offered: offered, evals: map[*world]map[string]float64{}, diffs: map[string][]float64{}}
}

// complete reports whether world w has played the guide's option and its
// share of the others (all of them, when fewer are searched).
func (pr *paired) complete(w *world) bool {
	return len(pr.evals[w]) >= min(pr.k+1, pr.offered)
}

// next is the option world w plays now, of prompt p's options that allow
// permits (all, if it permits none of them): the guide's first, then the
// untried option, and then the one with the highest upper bound on its
// gain over the guide, among those w has not played. When w has played
// them all it plays one again (by the same bound).
func (pr *paired) next(w *world, p *interp.Prompt, allow map[string]bool, rng *interp.RNG) int {
	done := pr.evals[w]
	var open, again []int
	for i, o := range p.Options {
		if allow != nil && !allow[o] {
			continue
		}
		if o == pr.guide && !has(done, o) {
			return i
		}
		if has(done, o) {
			again = append(again, i)
		} else {
			open = append(open, i)
		}
	}
	if len(open)+len(again) == 0 {
		return pr.next(w, p, nil, rng)
	}
	if len(open) == 0 {
		open = again
	}
	best, bestV := open[0], math.Inf(-1)
	for _, i := range open {
		v := pr.bound(p.Options[i]) + 1e-9*unit(rng) // ties at random
		if v > bestV {
			best, bestV = i, v
		}
	}
	return best
}

func has(m map[string]float64, k string) bool {
	_, ok := m[k]
	return ok
}

// bound is UCB1's bound on option o's gain over the guide: +Inf untried.
func (pr *paired) bound(o string) float64 {
	d := pr.diffs[o]
	if o == pr.guide {
		return math.Inf(-1)
	}
	if len(d) == 0 {
		return math.Inf(1)
	}
	mean := 0.0
	for _, x := range d {
		mean += x
	}
	mean /= float64(len(d))
	return mean + exploration*math.Sqrt(math.Log(float64(pr.tried+1))/float64(len(d)))
}

// record notes the seat's reward r after option o in world w.
func (pr *paired) record(w *world, o string, r float64) {
	done := pr.evals[w]
	if done == nil {
		done = map[string]float64{}
		pr.evals[w] = done
	}
	if has(done, o) {
		return // the same world again: its pairing stands
	}
	done[o] = r
	if o == pr.guide {
		return
	}
	pr.tried++
	if g, ok := done[pr.guide]; ok {
		pr.diffs[o] = append(pr.diffs[o], r-g)
	}
}

// choice is the option to play: the one whose mean gain over the guide's
// is highest among those measured in at least minPaired worlds, if that
// gain is clear — z standard errors of a normal tail, as Student's t with
// the worlds less one degrees of freedom has it — else the guide's, g.
func (pr *paired) choice(options []string, g int, z float64) int {
	best, bestGain := g, 0.0
	for i, o := range options {
		d := pr.diffs[o]
		if o == pr.guide || len(d) < minPaired {
			continue
		}
		mean, sd := meanSD(d)
		crit := tCritical(float64(len(d)-1), z)
		if mean > crit*max(sd, minPairedSD)/math.Sqrt(float64(len(d))) && mean > bestGain {
			best, bestGain = i, mean
		}
	}
	return best
}

// tCritical is the value of Student's t with nu degrees of freedom that
// is exceeded as seldom as a standard normal exceeds z: for t > 0,
// P(T > t) = ½·I_x(nu/2, ½) with x = nu/(nu+t²), I the regularized
// incomplete beta function.
func tCritical(nu, z float64) float64 {
	if z <= 0 {
		return 0
	}
	tail := 0.5 * math.Erfc(z/math.Sqrt2) // P(Z > z)
	x := mathext.InvRegIncBeta(nu/2, 0.5, 2*tail)
	return math.Sqrt(nu * (1 - x) / x)
}

// meanSD returns the mean of xs and their sample standard deviation.
func meanSD(xs []float64) (mean, sd float64) {
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(ss / float64(len(xs)-1))
}
