package scenario

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/interp"
)

// arrangeStep is one g:stack call, remembered with the number of decisions
// made before it so that a clone can make it at the same moment.
type arrangeStep struct {
	after     int
	zone      zoneRef
	top       []string
	only      bool
	rest      zoneRef
	restGiven bool
}

// zoneRef names a zone as a test does: its name and owner (0: none).
type zoneRef struct {
	name  string
	owner int
}

// handleStack implements g:stack(zone [, owner], cards [, {only=, rest=}]):
// from now on the zone holds cards (names, from the top down) on top of
// what it holds, swapping with the zones they come from so no zone changes
// size; with only = true it holds those cards and nothing else, and its
// other cards go to rest (a zone name, or {name, owner}).
func handleStack(L *lua.LState) int {
	h := checkHandle(L)
	z, n := h.zoneArg(L, 2)
	st := arrangeStep{after: len(h.m.Decisions()), zone: zoneRef{z.Name, z.Owner}, top: names(L.CheckTable(n))}
	if opts := L.OptTable(n+1, nil); opts != nil {
		st.only = lua.LVAsBool(opts.RawGetString("only"))
		switch r := opts.RawGetString("rest").(type) {
		case lua.LString:
			st.rest, st.restGiven = zoneRef{name: string(r)}, true
		case *lua.LTable:
			st.rest = zoneRef{lua.LVAsString(r.RawGetInt(1)), int(lua.LVAsNumber(r.RawGetInt(2)))}
			st.restGiven = true
		case *lua.LNilType:
		default:
			L.ArgError(n+1, "rest must be a zone name or {name, owner}")
		}
	}
	if err := st.apply(h.m); err != nil {
		L.RaiseError("%v", err)
	}
	h.arranged = append(h.arranged, st)
	return 0
}

// apply makes the arrangement in m.
func (st arrangeStep) apply(m *interp.Match) error {
	a := interp.Arrangement{Zone: findZone(m, st.zone.name, st.zone.owner), Top: st.top, Only: st.only}
	if a.Zone == nil {
		return fmt.Errorf("no zone %q with owner %d", st.zone.name, st.zone.owner)
	}
	if st.restGiven {
		if a.Rest = findZone(m, st.rest.name, st.rest.owner); a.Rest == nil {
			return fmt.Errorf("rest: no zone %q with owner %d", st.rest.name, st.rest.owner)
		}
	}
	return m.Arrange(a)
}
