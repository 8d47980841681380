package interp

import (
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// luaSetName implements t:set_name(seat, label): the game's name for a
// seat from now on, for games where it is decided in play (the character a
// player chooses). Labels are what log lines and views call the seat, so
// they must be distinct and short. Zones keep the labels they were made
// with.
func (m *Match) luaSetName(L *lua.LState) int {
	seat := m.checkSeat(L, 2)
	label := strings.TrimSpace(L.CheckString(3))
	if label == "" || len(label) > 40 || strings.ContainsAny(label, "\n\t") {
		L.ArgError(3, "a seat's name is one line of 1 to 40 bytes")
	}
	for i, s := range m.Seats {
		if i+1 != seat && s.Label == label {
			L.ArgError(3, "another seat is called "+label)
		}
	}
	m.Seats[seat-1].Label = label
	return 0
}
