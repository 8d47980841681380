package sim

import (
	"fmt"
	"reflect"
	"slices"
)

// Merge combines the reports of the shards of one series (`--shard i/n`
// for every i of one n) into the report of the whole series: the same
// figures, to the bit, that one unsharded run prints (its timing aside,
// which adds up the shards' times). It refuses parts of different series,
// a shard given twice, and a series with shards missing.
func Merge(parts []*Report) (*Report, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("merge: no reports")
	}
	first := parts[0]
	count := 0
	seen := map[int]bool{}
	for k, p := range parts {
		switch {
		case p.Shard == nil:
			return nil, fmt.Errorf("report %d covers a whole series, not a shard: merge combines the shards of one series (--shard i/n)", k+1)
		case p.Kind != first.Kind:
			return nil, fmt.Errorf("report %d is a %s report and report 1 a %s report", k+1, p.Kind, first.Kind)
		case !reflect.DeepEqual(p.Setup, first.Setup):
			return nil, fmt.Errorf("report %d is of another series than report 1 (%s)", k+1, setupDifference(first.Setup, p.Setup))
		case count != 0 && p.Shard.Count != count:
			return nil, fmt.Errorf("report %d is shard %s, report 1 of %d shards", k+1, p.Shard, count)
		case seen[p.Shard.Index]:
			return nil, fmt.Errorf("shard %s is given twice", p.Shard)
		}
		count = p.Shard.Count
		seen[p.Shard.Index] = true
	}
	for i := 0; i < count; i++ {
		if !seen[i] && i < first.Setup.Games {
			return nil, fmt.Errorf("shard %d/%d is missing", i, count)
		}
	}
	m := newReport(first.Setup, nil, 0)
	for _, p := range parts {
		m.absorb(p)
	}
	for s := range m.Sides {
		slices.SortFunc(m.Sides[s].Failures, func(a, b Failure) int { return a.Game - b.Game })
	}
	if m.Played != m.Setup.Games {
		return nil, fmt.Errorf("the shards cover %d of the series' %d games", m.Played, m.Setup.Games)
	}
	m.finish()
	return m, nil
}

// absorb adds the games of the report p to r.
func (r *Report) absorb(p *Report) {
	r.Played += p.Played
	r.Pairs += p.Pairs
	r.Timing.Seconds += p.Timing.Seconds
	if r.Labels == nil {
		r.Labels = p.Labels
	}
	for s := range r.Sides {
		r.Sides[s].Finished += p.Sides[s].Finished
		r.Sides[s].Decisions += p.Sides[s].Decisions
		r.Sides[s].Failures = append(r.Sides[s].Failures, p.Sides[s].Failures...)
	}
	for _, pr := range p.Rows {
		row := r.Row(pr.Key)
		if row == nil {
			row = r.addRow(pr.Key, pr.Kind, pr.A.Hist != nil)
			row.Reported = make([]bool, len(r.Sides))
		}
		if pr.Order != nil && (row.Order == nil || pr.Order[0] < row.Order[0] || (pr.Order[0] == row.Order[0] && pr.Order[1] < row.Order[1])) {
			at := *pr.Order
			row.Order = &at
		}
		for s, rep := range pr.Reported {
			if s < len(row.Reported) {
				row.Reported[s] = row.Reported[s] || rep
			}
		}
		row.A.merge(&pr.A)
		if row.B != nil && pr.B != nil {
			row.B.merge(pr.B)
		}
		if row.Paired != nil && pr.Paired != nil {
			row.Paired.SumAB.Merge(pr.Paired.SumAB)
			row.Paired.Up += pr.Paired.Up
			row.Paired.Down += pr.Paired.Down
		}
	}
}

// merge adds o's values to s.
func (s *Stat) merge(o *Stat) {
	s.N += o.N
	s.Sum.Merge(o.Sum)
	s.SumSq.Merge(o.SumSq)
	if s.Hist != nil && o.Hist != nil {
		s.Hist.Merge(*o.Hist)
	}
}

// setupDifference names the first thing two setups differ in.
func setupDifference(a, b Setup) string {
	switch {
	case a.Tool != b.Tool:
		return fmt.Sprintf("played by %s, report 1 by %s", b.Tool, a.Tool)
	case a.Games != b.Games:
		return fmt.Sprintf("%d games against %d", b.Games, a.Games)
	case a.Seed != b.Seed:
		return fmt.Sprintf("seed %d against %d", b.Seed, a.Seed)
	case a.Players != b.Players:
		return fmt.Sprintf("%d players against %d", b.Players, a.Players)
	case !slices.Equal(a.Lineup, b.Lineup) || a.Rotate != b.Rotate:
		return "other seats"
	case len(a.Scripts) != len(b.Scripts):
		return "other scripts"
	}
	for i := range a.Scripts {
		if a.Scripts[i].Hash != b.Scripts[i].Hash {
			return fmt.Sprintf("another version of %s", b.Scripts[i].Title)
		}
		if !reflect.DeepEqual(a.Scripts[i].Options, b.Scripts[i].Options) {
			return fmt.Sprintf("other options of %s", b.Scripts[i].Title)
		}
	}
	return "other settings"
}
