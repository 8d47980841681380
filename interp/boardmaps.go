package interp

import (
	"maps"
	"sync"

	"github.com/tabletop/tabletop/board"
)

// boardMaps keeps the maps an engine's matches have parsed, so that a game
// that lays out the same board in every match (Cluedo's mansion) reads its
// map once: later matches get a fresh board on the same map
// (board.Board.Again, which shares the map and nothing else). Matches of
// one engine may run at once (sim --jobs), hence the lock.
type boardMaps struct {
	mu   sync.Mutex
	list []parsedMap
}

// parsedMap is one map kept: its text and legend, and a board without
// tokens made on it.
type parsedMap struct {
	text   string
	legend map[rune]board.LegendEntry
	blank  *board.Board
}

// maxBoardMaps bounds the maps an engine keeps: a script that draws a new
// map every match keeps the first few and parses the rest each time.
const maxBoardMaps = 8

// parse returns a new board on the map text with the legend, as
// board.Parse does.
func (c *boardMaps) parse(text string, legend map[rune]board.LegendEntry) (*board.Board, error) {
	c.mu.Lock()
	for _, p := range c.list {
		if p.text == text && maps.Equal(p.legend, legend) {
			c.mu.Unlock()
			return p.blank.Again(), nil
		}
	}
	c.mu.Unlock()
	b, err := board.Parse(text, legend)
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
