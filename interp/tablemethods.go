package interp

import (
	"strconv"

	"github.com/tabletop/tabletop/gameinfo"
	"github.com/tabletop/tabletop/luahost"
	lua "github.com/yuin/gopher-lua"
)

// tableClass is t, the table a game's play(t) receives: its seats, the
// objects on it, its randomness, its log and its prompts. The Lua prelude
// (prelude.lua) adds the methods written in Lua.
var tableClass = class{lua: "t", meta: "Table", methods: []method{
	// Seats.
	{"name", reads, (*Match).seatName},
	{"set_name", changes, (*Match).luaSetName},
	{"left", reads, (*Match).seatLeft},
	{"right", reads, (*Match).seatRight},
	{"seats", reads, (*Match).tableSeats},

	// Cards and zones.
	{"zone", changes, (*Match).luaZone},
	{"cards", changes, (*Match).luaCards},
	{"card", reads, (*Match).cardNamed},
	{"move", changes, (*Match).tableMove},
	{"where", reads, (*Match).cardWhere},
	{"show", changes, (*Match).cardShow},
	{"reveal", changes, (*Match).cardReveal},
	{"hide", changes, (*Match).cardHide},
	{"visible", reads, (*Match).cardVisible},

	// Pieces, tracks, pads, boards, notes.
	{"pool", changes, (*Match).luaPool},
	{"track", changes, (*Match).luaTrack},
	{"pad", changes, (*Match).luaPad},
	{"board", changes, (*Match).luaBoard},
	{"note", changes, (*Match).luaNote},
	{"format", reads, (*Match).tableFormat},

	// Randomness: always the match's generator.
	{"random", changes, (*Match).tableRandom},
	{"roll", changes, (*Match).tableRoll},
	{"dice", changes, (*Match).luaDice},
	{"shuffle", changes, (*Match).tableShuffle},

	// The log.
	{"log", changes, (*Match).tableLog},
	{"tell", changes, (*Match).tableTell},
	{"event", changes, (*Match).tableEvent},

	// Prompts.
	{"ask", changes, (*Match).luaAsk},

	// What a designer measures over many games (metric.go).
	{"metric", changes, (*Match).luaMetric},

	// Where the seats stand mid-game, for the search bot (estimate.go).
	{"estimate", changes, (*Match).luaEstimate},
}}

// newTableObject builds the object a script's play(t) receives: the
// player count, the game's options, the methods of tableClass and those
// the prelude adds.
func (m *Match) newTableObject() *lua.LTable {
	L := m.L
	t := L.NewTable()
	m.meta.cardByName = map[string]*Card{}
	m.meta.cardIDs = map[*lua.LTable]int{}
	t.RawSetString("players", lua.LNumber(len(m.Seats)))
	t.RawSetString("options", m.optionsTable(L))
	tableClass.install(m, t)
	L.Push(luahost.Load(L, preludeProto()))
	L.Push(t)
	L.Push(L.NewFunction(luaSharedKeyboard))
	L.Push(L.NewFunction(luaPromptArgs))
	L.Call(3, 0)
	return t
}

// optionsTable is t.options (and a bot's view.settings), made in L: each
// option of the game as the match was configured, typed as the game
// declared it.
func (m *Match) optionsTable(L *lua.LState) *lua.LTable {
	opts := L.CreateTable(0, len(m.Engine.Info.Options))
	for _, d := range m.Engine.Info.Options {
		v := m.Config.Options[d.Name]
		switch d.Kind {
		case gameinfo.OptionNumber:
			f, _ := strconv.ParseFloat(v, 64)
			opts.RawSetString(d.Name, lua.LNumber(f))
		case gameinfo.OptionBoolean:
			opts.RawSetString(d.Name, lua.LBool(v == "true"))
		default:
			opts.RawSetString(d.Name, lua.LString(v))
		}
	}
	return opts
}

// seatName implements t:name(seat): the seat's name as views show it.
func (m *Match) seatName(L *lua.LState) int {
	L.Push(lua.LString(m.SeatLabel(m.checkSeat(L, 2))))
	return 1
}

// seatLeft implements t:left(seat): the next seat clockwise.
func (m *Match) seatLeft(L *lua.LState) int {
	s := m.checkSeat(L, 2)
	L.Push(boxNumber(s%len(m.Seats) + 1))
	return 1
}

// seatRight implements t:right(seat): the next seat anticlockwise.
func (m *Match) seatRight(L *lua.LState) int {
	s := m.checkSeat(L, 2)
	L.Push(boxNumber((s+len(m.Seats)-2)%len(m.Seats) + 1))
	return 1
}

// cardNamed implements t:card(name): the card of that name, or nil.
func (m *Match) cardNamed(L *lua.LState) int {
	if c := m.meta.cardByName[L.CheckString(2)]; c != nil {
		L.Push(m.luaCard(c))
	} else {
		L.Push(lua.LNil)
	}
	return 1
}

// tableMove implements t:move(card, zone [, pos]).
func (m *Match) tableMove(L *lua.LState) int {
	c := m.checkCard(L, 2)
	z := m.checkZone(L, 3)
	pos, meant := movePos(L, 4)
	m.moveCard(L, c, z, pos, meant)
	return 0
}

// cardWhere implements t:where(card): the zone the card is in.
func (m *Match) cardWhere(L *lua.LState) int {
	L.Push(m.zoneLua(m.checkCard(L, 2).Zone).ud)
	return 1
}

// cardShow implements t:show(card, seats): those seats now know the card.
func (m *Match) cardShow(L *lua.LState) int {
	c := m.checkCard(L, 2)
	to := m.checkSeats(L, 3)
	c.Known |= to
	c.Stale &^= to // what they know of it now has its reason
	c.Zone.Touch()
	return 0
}

// cardReveal implements t:reveal(card): everyone knows the card.
func (m *Match) cardReveal(L *lua.LState) int {
	c := m.checkCard(L, 2)
	c.Revealed, c.Stale = true, 0
	c.Zone.Touch()
	return 0
}

// cardHide implements t:hide(card): nobody knows the card any longer
// (beyond what its zone shows).
func (m *Match) cardHide(L *lua.LState) int {
	c := m.checkCard(L, 2)
	c.Revealed, c.Known, c.Stale = false, 0, 0
	c.Zone.Touch()
	return 0
}

// cardVisible implements t:visible(card, seat).
func (m *Match) cardVisible(L *lua.LState) int {
	c := m.checkCard(L, 2)
	L.Push(lua.LBool(c.VisibleTo(m.checkSeat(L, 3))))
	return 1
}

// tableFormat implements t:format(fmt, ...): the text t:log would write.
func (m *Match) tableFormat(L *lua.LState) int {
	L.Push(lua.LString(m.formatNow(L, 2)))
	return 1
}

// tableRandom implements t:random(n): 1..n from the match's generator,
// or as its Chance decides (SecretChance).
func (m *Match) tableRandom(L *lua.LState) int {
	n := L.CheckInt(2)
	if n < 1 {
		L.ArgError(2, "need at least 1")
	}
	v := 0
	if sc, ok := m.Config.Chance.(SecretChance); ok {
		if v = sc.Draw(m, n); v < 1 || v > n {
			L.RaiseError("t:random(%d): the match's chance drew %d", n, v)
		}
	} else {
		v = m.DrawSecret(n)
	}
	L.Push(boxNumber(v))
	return 1
}

// tableRoll implements t:roll([sides [, count]]): count dice, returned
// as that many values. A test may have fixed the next rolls (m.rolls),
// and a search bot's world draws them from its own chance (Config.Chance).
func (m *Match) tableRoll(L *lua.LState) int {
	sides := L.OptInt(2, 6)
	n := L.OptInt(3, 1)
	if sides < 1 || n < 1 || n > 100 {
		L.RaiseError("t:roll(sides, count): sides >= 1 and 1 <= count <= 100")
	}
	for i := 0; i < n; i++ {
		r := 0
		switch {
		case len(m.rolls) > 0:
			r, m.rolls = m.rolls[0], m.rolls[1:]
			if m.cfgLeft > 0 {
				m.cfgLeft, m.cfgSeen = m.cfgLeft-1, append(m.cfgSeen, r)
			}
			if r < 1 || r > sides {
				L.RaiseError("t:roll(%d): the roll fixed for this die is %d, not one of its faces (1 to %d)", sides, r, sides)
			}
		case m.Config.Chance != nil:
			r = m.Config.Chance.Roll(m, sides)
		default:
			r = m.RNG.Intn(sides) + 1
		}
		L.Push(boxNumber(r))
	}
	return n
}

// tableShuffle implements t:shuffle(list): shuffles a Lua list in place
// with the match's generator and returns it.
func (m *Match) tableShuffle(L *lua.LState) int {
	list := L.CheckTable(2)
	n := list.Len()
	m.RNG.Shuffle(n, func(i, j int) {
		a, b := list.RawGetInt(i+1), list.RawGetInt(j+1)
		list.RawSetInt(i+1, b)
		list.RawSetInt(j+1, a)
	})
	L.Push(list)
	return 1
}

// tableLog implements t:log(fmt, ...): a line every seat reads.
func (m *Match) tableLog(L *lua.LState) int {
	parts, cards := m.format(L, 2)
	m.writeLine(L, AllSeats, parts, cards, nil, nil)
	return 0
}

// tableTell implements t:tell(seats, fmt, ...): a line only they read.
func (m *Match) tableTell(L *lua.LState) int {
	to := m.checkSeats(L, 2)
	parts, cards := m.format(L, 3)
	m.writeLine(L, to, parts, cards, nil, nil)
	return 0
}

// tableEvent implements t:event(to, data, fmt, ...): a log line that also
// carries data for bots. to is "all", a seat or a list of seats; data is a
// table of plain values, lists of them, and cards (given to bots by name).
func (m *Match) tableEvent(L *lua.LState) int {
	to := AllSeats
	if s, ok := L.Get(2).(lua.LString); !ok || s != "all" {
		to = m.checkSeats(L, 2)
	}
	tbl := L.CheckTable(3)
	if m.cardOf(tbl) != nil || tbl.Len() > 0 {
		L.ArgError(3, "event data must be a table with string keys")
	}
	var d eventData
	data, _ := m.plainData(L, tbl, &d, 0).(map[string]any)
	parts, more := m.format(L, 4)
	m.writeLine(L, to, parts, more, &d, data)
	return 0
}
