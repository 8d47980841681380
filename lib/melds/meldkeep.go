package melds

import (
	"math"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/luahost"
	"github.com/tabletop/tabletop/table"
)

// A hand asks for its melds every turn, and the same few melds come back
// turn after turn: a set of two 5s, a run 3 4 5. So melds.all and
// melds.extensions give the same Lua table for the same values, as
// zone:cards gives the same list while a zone is unchanged: a script can
// key what it makes of a meld (an option, its text) by the meld itself
// and make it once a game. A kept table is given again only while it is
// exactly as it was made (a script that changed it gets a new one), so
// only rawequal can tell the difference.

// maxKeptMelds bounds the tables a state keeps: a game with small values
// has a few hundred melds; one with values up to 1000 keeps the first ones
// and makes the rest afresh.
const maxKeptMelds = 4096

// keeper keeps one state's meld tables, by their values, and the
// storage melds.all and melds.extensions reuse from call to call.
type keeper struct {
	kept map[string]*lua.LTable
	// What make functions made, by function and values (meldmake.go),
	// and how many things that is.
	made  map[*lua.LFunction]map[string]lua.LValue
	nMade int
	// The value field of each card, by ID - 1, as read for a zone given
	// as a meld (cardValue): 0 not read yet, -1 not a whole number >= 1.
	cardValues []int32

	scratch
}

// scratch is the storage the melds functions reuse from call to call.
type scratch struct {
	key                     []byte
	counts, base, buf, gaps []int
	in                      []bool
}

// list returns the Lua list of vals, the kept one when it is unchanged.
// A meld costs one instruction and one per value, kept or made (the
// budgets, docs/script-host.md).
func (k *keeper) list(L *lua.LState, vals []int) *lua.LTable {
	luahost.MeterOf(L).Work(L, int64(1+len(vals)))
	k.keyOf(vals)
	if t, ok := k.kept[string(k.key)]; ok && unchanged(t, vals) {
		return t
	}
	t := valueList(L, vals)
	if k.kept == nil {
		k.kept = make(map[string]*lua.LTable)
	}
	if _, ok := k.kept[string(k.key)]; ok || len(k.kept) < maxKeptMelds {
		k.kept[string(k.key)] = t
	}
	return t
}

// keyOf sets k.key to what melds are kept under: their values, two
// bytes each.
func (k *keeper) keyOf(vals []int) {
	k.key = k.key[:0]
	for _, v := range vals {
		k.key = append(k.key, byte(v), byte(v>>8))
	}
}

// unchanged reports whether t is still the plain list of vals it was made
// as (sameList, without a closure to allocate).
func unchanged(t *lua.LTable, vals []int) bool {
	if t.Metatable != lua.LNil || t.Len() != len(vals) {
		return false
	}
	for i, v := range vals {
		if t.RawGetInt(i+1) != lua.LNumber(v) {
			return false
		}
	}
	k, _ := t.Next(lua.LNumber(len(vals)))
	return k == lua.LNil
}

// meldsCounts implements melds.counts(cards, top [, field]): how many of the
// cards (a list of card tables) have each value 1..top in field (default
// "value"), as the list {n1, ..., ntop} that melds.all and
// melds.extensions take; cards with another value or none are not counted.
func meldsCounts(L *lua.LState) int {
	cards := L.CheckTable(1)
	top := L.CheckInt(2)
	if top < 1 || top > 1000 {
		L.ArgError(2, "values run from 1 to top, at most 1000")
	}
	field := L.OptString(3, "value")
	n := cards.Len()
	luahost.MeterOf(L).Work(L, int64(n+top))
	counts := make([]int, top+1)
	for i := 1; i <= n; i++ {
		c, ok := cards.RawGetInt(i).(*lua.LTable)
		if !ok {
			L.ArgError(1, "a list of cards expected")
		}
		if v, ok := c.RawGetString(field).(lua.LNumber); ok && v >= 1 && v <= lua.LNumber(top) && v == lua.LNumber(int(v)) {
			counts[int(v)]++
		}
	}
	out := L.CreateTable(top, 0)
	for v := 1; v <= top; v++ {
		out.RawSetInt(v, luahost.Int(counts[v]))
	}
	L.Push(out)
	return 1
}

// cardValue is card c's value field, read the first time: a card's fields
// do not change during a game (a bot's copies of cards hold them likewise,
// interp's botview.go). It is -1 for a field that is not a whole number
// 1..2^31-1.
func (k *keeper) cardValue(host CardTables, c *table.Card) int {
	for len(k.cardValues) < c.ID {
		k.cardValues = append(k.cardValues, 0)
	}
	v := k.cardValues[c.ID-1]
	if v == 0 {
		v = -1
		if f, ok := host.CardTable(c).RawGetString("value").(lua.LNumber); ok && f >= 1 && f <= math.MaxInt32 && f == lua.LNumber(int32(f)) {
			v = int32(f)
		}
		k.cardValues[c.ID-1] = v
	}
	return int(v)
}

// entryBytes is what an entry of a small Go map costs, about.
const entryBytes = 48

// KeptBytes implements luahost.Keeper: the meld tables a state's melds
// functions give again, and what make functions made of them.
func (k *keeper) KeptBytes(root func(lua.LValue)) int64 {
	n := 4 * int64(len(k.cardValues))
	for key, t := range k.kept {
		n += entryBytes + int64(len(key))
		root(t)
	}
	for _, made := range k.made {
		for key, v := range made {
			n += entryBytes + int64(len(key))
			root(v)
		}
	}
	return n
}

var _ luahost.Keeper = (*keeper)(nil)
