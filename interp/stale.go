package interp

import (
	"fmt"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/table"
)

// Knowledge that outlives its reason. A seat that saw a card keeps
// knowing it where it goes (table.Move): a card laid open is known to
// everyone, a card that left a hand to its holder. That is how players
// remember — as long as the card can be followed. Once it goes into a
// hidden zone that is not shuffled (a box the dice-cards go back to, a
// face-down pile), the engine still counts it known, though at a real
// table it would be lost among the others; when it comes out into a zone
// only its owner may see (a hand, a cup), the others would see what the
// owner holds. The engine notes that as a leak, with the script's line
// that moved the card (check reports it), unless the move says the
// knowledge is meant: t:move(card, zone, { known = true }), zone:add
// (card, { known = true }) — a card passed face up, a pile whose order
// everyone followed.

// moveCard moves c onto z at pos (0: on top), telling the match's
// MoveWatcher first (belief.go); meant says that the seats that know it
// are meant to go on knowing it.
func (m *Match) moveCard(L *lua.LState, c *Card, z *Zone, pos int, meant bool) {
	if w, ok := m.Config.Chance.(MoveWatcher); ok {
		w.Moving(m, c, z)
	}
	if !meant && !m.silent {
		if stale := table.StaleIn(c, z); stale != 0 {
			m.noteStale(L, c, z, stale)
		}
	}
	table.Move(c, z, pos)
}

// noteStale notes that the seats in stale would see c in z through what
// they knew of it before it went into a hidden zone.
func (m *Match) noteStale(L *lua.LState, c *Card, z *Zone, stale SeatSet) {
	var who []string
	for s := 1; s <= len(m.Seats); s++ {
		if stale.Has(s) {
			who = append(who, m.SeatLabel(s))
		}
	}
	msg := fmt.Sprintf("%s goes into %s, which only %s may see, but %s still %s it from before it went into a hidden zone unshuffled "+
		"(shuffle that zone or t:hide the card first, or move it with { known = true } if the knowledge is meant)",
		c.Name, z.Label, m.SeatLabel(z.Owner), strings.Join(who, " and "), map[bool]string{true: "knows", false: "know"}[len(who) == 1])
	if at := m.scriptPlace(L); at != "" {
		msg = at + ": " + msg
	}
	m.log.NoteLeak(msg)
}

// movePos reads argument n of a move: a position (a number), or a table
// {pos=, known=}; nothing is the top.
func movePos(L *lua.LState, n int) (pos int, meant bool) {
	switch L.Get(n).(type) {
	case *lua.LNilType:
		return 0, false
	case *lua.LTable:
		spec := checkSpec(L, n, "a move's options", "pos", "known")
		a := argAt(L, n)
		return a.integer(spec, "pos", 0), a.boolean(spec, "known", false)
	}
	return L.CheckInt(n), false
}
