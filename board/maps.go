package board

import (
	"maps"
	"sync"
)

// Maps keeps the maps parsed before, so that a game that lays out the
// same board in every match (Cluedo's mansion) reads its map once: later
// matches get a fresh board on the same map (Board.Again, which shares
// the map and nothing else). Matches may parse at once (sim --jobs),
// hence the lock. The zero Maps is ready to use.
type Maps struct {
	mu   sync.Mutex
	list []parsedMap
}

// parsedMap is one map kept: its text and legend, and a board without
// tokens made on it.
type parsedMap struct {
	text   string
	legend map[rune]LegendEntry
	blank  *Board
}

// maxBoardMaps bounds the maps an engine keeps: a script that draws a new
// map every match keeps the first few and parses the rest each time.
const maxBoardMaps = 8

// Parse returns a new board on the map text with the legend, as
// board.Parse does.
func (c *Maps) Parse(text string, legend map[rune]LegendEntry) (*Board, error) {
	c.mu.Lock()
	for _, p := range c.list {
		if p.text == text && maps.Equal(p.legend, legend) {
			c.mu.Unlock()
			return p.blank.Again(), nil
		}
	}
	c.mu.Unlock()
	b, err := Parse(text, legend)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if len(c.list) < maxBoardMaps {
		c.list = append(c.list, parsedMap{text: text, legend: legend, blank: b.Again()})
	}
	c.mu.Unlock()
	return b, nil
}
