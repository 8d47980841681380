package scenario

import (
	"fmt"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/interp"
)

// arrangeStep is one g:stack or g:rolls call, remembered with the number
// of decisions made before it so that a clone can make it at the same
// moment.
type arrangeStep struct {
	after     int
	zone      zoneRef
	top       []string
	only      bool
	rest      zoneRef
	restGiven bool
	from      zoneRef
	fromGiven bool
	rolls     []int // g:rolls: the next dice; the fields above are unused
	isRolls   bool
}

// zoneRef names a zone as a test does: its name and owner (0: none).
type zoneRef struct {
	name  string
	owner int
}

// handleStack implements g:stack(zone [, owner], cards [, {only=, rest=,
// from=}]): from now on the zone holds cards (names, from the top down) on
// top of what it holds, swapping with the zones they come from so no zone
// changes size; with only = true it holds those cards and nothing else,
// and its other cards go to rest (a zone name, or {name, owner}). from
// names the one zone the cards it does not hold are taken from.
func handleStack(L *lua.LState) int {
	h := checkHandle(L)
	z, n := h.zoneArg(L, 2)
	st := arrangeStep{after: len(h.m.Decisions()), zone: zoneRef{z.Name, z.Owner}, top: names(L.CheckTable(n))}
	if opts := L.OptTable(n+1, nil); opts != nil {
		checkFields(L, opts, "g:stack's options", "only", "rest", "from")
		st.only = lua.LVAsBool(opts.RawGetString("only"))
		st.rest, st.restGiven = zoneRefArg(L, n+1, opts, "rest")
		st.from, st.fromGiven = zoneRefArg(L, n+1, opts, "from")
	}
	h.arrange(L, st)
	return 0
}

// zoneRefArg reads field key of opts: a zone name or {name, owner}.
func zoneRefArg(L *lua.LState, n int, opts *lua.LTable, key string) (zoneRef, bool) {
	switch r := opts.RawGetString(key).(type) {
	case lua.LString:
		return zoneRef{name: string(r)}, true
	case *lua.LTable:
		return zoneRef{lua.LVAsString(r.RawGetInt(1)), int(lua.LVAsNumber(r.RawGetInt(2)))}, true
	case *lua.LNilType:
		return zoneRef{}, false
	}
	L.ArgError(n, key+" must be a zone name or {name, owner}")
	return zoneRef{}, false
}

// handleRolls implements g:rolls{...}: the next dice thrown show these
// values, in order (in place of fixed rolls not thrown yet), then chance
// again.
func handleRolls(L *lua.LState) int {
	h := checkHandle(L)
	st := arrangeStep{after: len(h.m.Decisions()), rolls: readRolls(L, L.CheckTable(2), "g:rolls"), isRolls: true}
	h.arrange(L, st)
	return 0
}

// arrange makes st in h's match and remembers it, and the cards it moved
// under a prompt already waiting (stale).
func (h *handle) arrange(L *lua.LState, st arrangeStep) {
	before := cardZones(h.m)
	if err := st.apply(h.m); err != nil {
		L.RaiseError("%v", err)
	}
	h.arranged = append(h.arranged, st)
	if h.m.Prompt() == nil {
		return
	}
	if at := lastMove(h.m.Decisions()); h.stale == nil || h.staleAt != at {
		h.stale, h.staleAt = map[int]bool{}, at
	}
	for i, c := range h.m.Cards {
		if c.Zone != before[i] {
			h.stale[c.ID] = true
		}
	}
}

// cardZones is where each card of m lies, by its index.
func cardZones(m *interp.Match) []*interp.Zone {
	out := make([]*interp.Zone, len(m.Cards))
	for i, c := range m.Cards {
		out[i] = c.Zone
	}
	return out
}

// apply makes the arrangement in m.
func (st arrangeStep) apply(m *interp.Match) error {
	if st.isRolls {
		m.FixRolls(st.rolls)
		return nil
	}
	a := interp.Arrangement{Zone: findZone(m, st.zone.name, st.zone.owner), Top: st.top, Only: st.only}
	if a.Zone == nil {
		return fmt.Errorf("no zone %q with owner %d", st.zone.name, st.zone.owner)
	}
	if st.restGiven {
		if a.Rest = findZone(m, st.rest.name, st.rest.owner); a.Rest == nil {
			return fmt.Errorf("rest: no zone %q with owner %d", st.rest.name, st.rest.owner)
		}
	}
	if st.fromGiven {
		if a.From = findZone(m, st.from.name, st.from.owner); a.From == nil {
			return fmt.Errorf("from: no zone %q with owner %d", st.from.name, st.from.owner)
		}
	}
	return m.Arrange(a)
}

// staleCards names the cards option text of the waiting prompt names that
// an arrangement moved after the prompt was made, or "".
func (h *handle) staleCards(i int) string {
	if len(h.stale) == 0 || h.staleAt != lastMove(h.m.Decisions()) {
		return ""
	}
	var moved []string
	for _, c := range h.m.OptionCards(i) {
		if h.stale[c.ID] {
			moved = append(moved, c.Name)
		}
	}
	return strings.Join(moved, ", ")
}

// handleReask implements g:reask(): the waiting prompt made again under
// the arrangements (g:stack, g:rolls) made since it was made. The script
// cannot be asked to build a prompt twice, so the game is replayed with
// those arrangements made just before the decision that led to the
// prompt, as if the table had been so before it; that decision must still
// be legal then.
func handleReask(L *lua.LState) int {
	h := checkHandle(L)
	last := lastMove(h.m.Decisions())
	moved := 0
	for _, st := range h.arranged {
		if st.after > last {
			moved++
		}
	}
	switch {
	case h.m.Prompt() == nil:
		L.RaiseError("g:reask: no prompt is waiting")
	case moved == 0:
		L.RaiseError("g:reask: nothing was arranged (g:stack, g:rolls) since the prompt was made")
	case last < 0:
		L.RaiseError("g:reask: the first prompt was made by the game's setup, which cannot run again: arrange the deal with game{stack=, rolls=}")
	}
	steps := append([]arrangeStep(nil), h.arranged...)
	for i := range steps {
		if steps[i].after > last {
			steps[i].after = last
		}
	}
	c := &handle{run: h.run, engine: h.engine, cfg: h.cfg, m: h.m, arranged: steps}
	m, err := c.replay()
	if err != nil {
		L.RaiseError("g:reask: with the table arranged before it, %v", err)
	}
	h.run.open = append(h.run.open, m)
	h.m, h.arranged, h.stale = m, steps, nil
	return 0
}

// lastMove is the index of the last answer to a prompt among decisions
// (table talk aside), -1 when there is none.
func lastMove(ds []interp.Decision) int {
	for i := len(ds) - 1; i >= 0; i-- {
		if !ds[i].Say {
			return i
		}
	}
	return -1
}
