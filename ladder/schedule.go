package ladder

import (
	"github.com/tabletop/tabletop/sim"
	"github.com/tabletop/tabletop/table"
)

// Plan is a ladder's games: deals of Players games each.
type Plan struct {
	Bots    int // k
	Players int // P: seats, and games a deal
	Cycle   int // deals a cycle: every bot sits every seat equally often in each
	Deals   int
	Lineups [][]int // by deal: the bot (index) of each seat in its first game
}

// Games is the number of games the plan plays.
func (p Plan) Games() int { return p.Deals * p.Players }

// plan schedules at least n games of bots bots at players seats, in
// whole cycles (see the package's documentation), from seed.
func plan(bots, players, n int, seed uint64) Plan {
	cycle := bots / gcd(bots, players)
	perCycle := cycle * players
	cycles := max(1, (n+perCycle-1)/perCycle)
	p := Plan{Bots: bots, Players: players, Cycle: cycle, Deals: cycles * cycle}
	for c := 0; c < cycles; c++ {
		circle := shuffled(bots, table.DeriveSeed(seed^0x1adde5, c))
		for d := 0; d < cycle; d++ {
			lineup := make([]int, players)
			for s := range lineup {
				lineup[s] = circle[(d*players+s)%bots]
			}
			p.Lineups = append(p.Lineups, lineup)
		}
	}
	return p
}

// seats is the bot of each seat in the r-th game of deal d: the lineup
// moved r seats to the left.
func (p Plan) seats(d, r int) []int {
	out := make([]int, p.Players)
	for e, b := range p.Lineups[d] {
		out[(e+r)%p.Players] = b
	}
	return out
}

// games are the plan's games for sim.Play, deal after deal: a deal's
// games share their seed.
func (p Plan) games(names []string, seed uint64) []sim.Game {
	var out []sim.Game
	for d := range p.Lineups {
		s := sim.GameSeed(seed, d)
		for r := 0; r < p.Players; r++ {
			bots := make([]string, p.Players)
			for i, b := range p.seats(d, r) {
				bots[i] = names[b]
			}
			out = append(out, sim.Game{Seed: s, Bots: bots})
		}
	}
	return out
}

// shuffled is 0..n-1 in an order drawn from seed.
func shuffled(n int, seed uint64) []int {
	rng := table.NewRNG(seed)
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	for i := n - 1; i > 0; i-- {
		j := rng.Intn(i + 1)
		out[i], out[j] = out[j], out[i]
	}
	return out
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
