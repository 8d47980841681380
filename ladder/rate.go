package ladder

import (
	"math"
	"slices"

	"github.com/tabletop/tabletop/table"
)

// tally is the pairwise results of some games: wins[i][j] is what bot i
// scored against bot j (a win 1, a tie ½), met[i][j] how often they met.
type tally struct {
	wins, met [][]float64
}

func newTally(k int) tally {
	t := tally{wins: make([][]float64, k), met: make([][]float64, k)}
	for i := range t.wins {
		t.wins[i], t.met[i] = make([]float64, k), make([]float64, k)
	}
	return t
}

// add adds u's results to t.
func (t tally) add(u tally) {
	for i := range t.wins {
		for j := range t.wins[i] {
			t.wins[i][j] += u.wins[i][j]
			t.met[i][j] += u.met[i][j]
		}
	}
}

// addGame adds the pairwise results of one game: bots by seat - 1, the
// game's winners and scores (by seat, index 0 unused).
func (t tally) addGame(bots []int, winners []int, scores []float64) {
	won := make([]bool, len(bots))
	for _, w := range winners {
		if w >= 1 && w <= len(bots) {
			won[w-1] = true
		}
	}
	byScore := scoresOrder(won, scores)
	for s := range bots {
		for u := s + 1; u < len(bots); u++ {
			a, b := bots[s], bots[u]
			if a == b {
				continue // a bot's copies: nothing learnt
			}
			t.met[a][b]++
			t.met[b][a]++
			switch c := compare(s, u, won, scores, byScore); {
			case c > 0:
				t.wins[a][b]++
			case c < 0:
				t.wins[b][a]++
			default:
				t.wins[a][b] += 0.5
				t.wins[b][a] += 0.5
			}
		}
	}
}

// scoresOrder reports whether a game's scores say who did better: its
// winners have its highest scores, and the scores differ somewhere.
func scoresOrder(won []bool, scores []float64) bool {
	if len(scores) < len(won)+1 {
		return false
	}
	lowestWinner, highestOther := math.Inf(1), math.Inf(-1)
	differ := false
	for s := range won {
		x := scores[s+1]
		if math.IsNaN(x) {
			return false
		}
		differ = differ || x != scores[1]
		if won[s] {
			lowestWinner = min(lowestWinner, x)
		} else {
			highestOther = max(highestOther, x)
		}
	}
	return differ && lowestWinner >= highestOther
}

// compare says whether seat s (from 0) did better than seat u (1), worse
// (-1) or as well (0).
func compare(s, u int, won []bool, scores []float64, byScore bool) int {
	switch {
	case won[s] && !won[u]:
		return 1
	case won[u] && !won[s]:
		return -1
	case !byScore || scores[s+1] == scores[u+1]:
		return 0
	case scores[s+1] > scores[u+1]:
		return 1
	}
	return -1
}

// prior is the results every bot gets against one of the mean's strength:
// a win and a loss (see the package's documentation).
const prior = 1.0

// fit returns the Bradley–Terry ratings of the tally on the Elo scale,
// centred on 1500: Hunter's MM iterations on γ, each bot with its prior
// games against a bot of strength 1.
func fit(t tally) []float64 {
	k := len(t.wins)
	gamma := make([]float64, k)
	for i := range gamma {
		gamma[i] = 1
	}
	won := make([]float64, k)
	for i := range won {
		for j := range t.wins[i] {
			won[i] += t.wins[i][j]
		}
	}
	next := make([]float64, k)
	for it := 0; it < 10_000; it++ {
		change := 0.0
		for i := range gamma {
			d := 2 * prior / (gamma[i] + 1)
			for j := range gamma {
				if j != i && t.met[i][j] > 0 {
					d += t.met[i][j] / (gamma[i] + gamma[j])
				}
			}
			next[i] = (won[i] + prior) / d
			change = max(change, math.Abs(math.Log(next[i]/gamma[i])))
		}
		copy(gamma, next)
		if change < 1e-10 {
			break
		}
	}
	return eloScale(gamma)
}

// eloScale is 400·log10 γ, centred so that the mean is 1500.
func eloScale(gamma []float64) []float64 {
	out := make([]float64, len(gamma))
	mean := 0.0
	for i, g := range gamma {
		out[i] = 400 * math.Log10(g)
		mean += out[i]
	}
	mean /= float64(len(out))
	for i := range out {
		out[i] += 1500 - mean
	}
	return out
}

// bootstrap refits the ratings to resamples of the deals (each deal's
// tally, drawn with replacement) and returns each bot's 2.5% and 97.5%
// quantiles.
func bootstrap(deals []tally, k, resamples int, seed uint64) (low, high []float64) {
	rng := table.NewRNG(seed)
	draws := make([][]float64, k)
	for r := 0; r < resamples; r++ {
		sum := newTally(k)
		for range deals {
			sum.add(deals[rng.Intn(len(deals))])
		}
		for i, x := range fit(sum) {
			draws[i] = append(draws[i], x)
		}
	}
	low, high = make([]float64, k), make([]float64, k)
	for i, d := range draws {
		slices.Sort(d)
		low[i], high[i] = quantile(d, 0.025), quantile(d, 0.975)
	}
	return low, high
}

// quantile is the q-quantile of sorted xs, interpolated.
func quantile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	h := q * float64(len(xs)-1)
	i := int(h)
	if i+1 >= len(xs) {
		return xs[len(xs)-1]
	}
	return xs[i] + (h-float64(i))*(xs[i+1]-xs[i])
}
