package scenario

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/interp"
)

// handleClone implements g:clone() and g:branch(): a new handle on a copy
// of the match at this point, to try one option of many without touching
// the original. The copy is made by replaying: a new match with the same
// config, the same decisions (and table talk) in order, and each g:stack
// arrangement at the moment it was made. The result is the same game, as
// the engine is deterministic.
func handleClone(L *lua.LState) int {
	h := checkHandle(L)
	m, err := h.replay()
	if err != nil {
		L.RaiseError("clone: %v", err)
	}
	c := &handle{run: h.run, engine: h.engine, cfg: h.cfg, m: m}
	c.arranged = append([]arrangeStep(nil), h.arranged...)
	L.Push(h.run.newHandle(c))
	return 1
}

// replay makes h's match again. A move is refused, as g:play refuses it,
// when it names a card an arrangement moved while its prompt was waiting
// (which only g:reask's replay, which moves arrangements earlier, can
// meet).
func (h *handle) replay() (*interp.Match, error) {
	m, err := h.engine.NewMatch(h.cfg)
	if err != nil {
		return nil, err
	}
	steps := h.arranged
	moved := map[int]bool{} // cards moved under the prompt waiting
	arrange := func(made int) error {
		for len(steps) > 0 && steps[0].after == made {
			before := cardZones(m)
			if err := steps[0].apply(m); err != nil {
				return err
			}
			for i, c := range m.Cards {
				if c.Zone != before[i] {
					moved[c.ID] = true
				}
			}
			steps = steps[1:]
		}
		return nil
	}
	if err := arrange(0); err != nil {
		m.Close()
		return nil, err
	}
	for i, d := range h.m.Decisions() {
		var err error
		if d.Say {
			err = m.Say(d.Seat, d.Text)
		} else if err = movedUnder(m, d.Text, moved); err == nil {
			err = m.Apply(d.Seat, d.Text)
			clear(moved)
		}
		if err == nil {
			err = arrange(i + 1)
		}
		if err != nil {
			m.Close()
			return nil, fmt.Errorf("decision %d (%s: %s): %w", i+1, m.SeatLabel(d.Seat), d.Text, err)
		}
	}
	return m, nil
}

// movedUnder refuses the move text when it names one of the cards moved
// since its prompt was made.
func movedUnder(m *interp.Match, text string, moved map[int]bool) error {
	p := m.Prompt()
	if p == nil || len(moved) == 0 {
		return nil
	}
	for _, c := range m.OptionCards(p.Index(text)) {
		if moved[c.ID] {
			return fmt.Errorf("it names %s, which the arrangement moves", c.Name)
		}
	}
	return nil
}
