package interp

import (
	"strings"

	"github.com/tabletop/tabletop/printable"
	"github.com/tabletop/tabletop/table"

	lua "github.com/yuin/gopher-lua"
)

// luaSetName implements t:set_name(seat, label): the game's name for a
// seat from now on, for games where it is decided in play (the character a
// player chooses). A seat whose player gave a name keeps going by it ("Ann");
// the game's name is what it is introduced as ("Ann (Rev. Green)"). Names
// are what log lines and views call the seats, so they must be distinct and
// short. Zones keep the labels they were made with.
func (m *Match) luaSetName(L *lua.LState) int {
	seat := m.checkSeat(L, 2)
	label := strings.TrimSpace(printable.Line(L.CheckString(3)))
	if label == "" || len(label) > 40 {
		L.ArgError(3, "a seat's name is one line of 1 to 40 bytes")
	}
	seats := append([]Seat(nil), m.Seats...)
	s := &seats[seat-1]
	s.GameLabel = label
	if s.Name == "" {
		s.Label = label
	}
	for i, o := range seats {
		if i+1 != seat && (strings.EqualFold(o.Label, label) || strings.EqualFold(o.GameLabel, label)) {
			L.ArgError(3, "another seat is called "+label)
		}
	}
	if err := table.CheckSeatNames(seats); err != nil {
		L.ArgError(3, err.Error())
	}
	// Log lines written since keep the seats as they were: the copy may
	// be kept as long as the log, and is counted so.
	size := int64(len(seats)) * seatBytes
	m.meter.Charge(L, size)
	m.renamed += size
	m.Seats = seats
	return 0
}
