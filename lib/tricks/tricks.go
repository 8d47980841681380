// Package tricks is the Lua module tricks (require "tricks"): clauses of
// trick-taking games run in Go, so that a script states them in a line and
// a playout does not spend its time in Lua loops over cards.
//
//	tricks.winner(cards, weights [, rank [, suit]])  the card that wins a trick, and
//	                                                 the best other that could have
//	tricks.count(cards, pattern)                     how many cards have the pattern's fields
//
// Cards are any Lua tables with fields (a match's card tables, or a bot's
// copies of them); the functions read them and keep nothing. The package
// owns these two functions; a host registers Module with the states it
// wants to have them (interp's Source.Modules, lib.Modules).
package tricks

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/luahost"
)

// Module is tricks, for a host to register.
var Module = luahost.Module{Name: "tricks", Open: open}

// open makes the module's table: Go functions that work on any card
// tables.
func open(L *lua.LState) *lua.LTable {
	mod := L.CreateTable(0, 2)
	mod.RawSetString("winner", L.NewFunction(winner))
	mod.RawSetString("count", L.NewFunction(count))
	return mod
}

// count implements tricks.count(cards, pattern): how many of the
// cards (a list of card tables) have every field of pattern — the clubs
// among the tricks taken: tricks.count(taken, { suit = "C" }).
func count(L *lua.LState) int {
	cards := L.CheckTable(1)
	pattern := L.CheckTable(2)
	var keys []string
	var vals []lua.LValue
	for k, v := pattern.Next(lua.LNil); k != lua.LNil; k, v = pattern.Next(k) {
		ks, ok := k.(lua.LString)
		if !ok {
			L.ArgError(2, "a pattern is a table of fields and the values they must have: { suit = \"C\" }")
		}
		keys, vals = append(keys, string(ks)), append(vals, v)
	}
	n := 0
	for i, k := 1, cards.Len(); i <= k; i++ {
		c, ok := cards.RawGetInt(i).(*lua.LTable)
		if !ok {
			L.ArgError(1, "a list of cards expected")
		}
		match := true
		for j, key := range keys {
			if c.RawGetString(key) != vals[j] {
				match = false
				break
			}
		}
		if match {
			n++
		}
	}
	L.Push(luahost.Int(n))
	return 1
}

// winner implements tricks.winner(cards, weights [, rank [, suit]]): the
// index in cards of the card that wins a trick, and of the best other card
// that could have won (nil when there is none). A card's strength is its
// rank plus the weight of its suit; a card whose suit has no weight cannot
// win. So { [led] = 0 } is "the highest card of the suit led",
// { [led] = 0, [trump] = 100 } adds a trump, and Clubs's clubs, each just
// above the card of its rank in the suit to follow, are
// { [follow] = 0, C = 0.5 }. Ties go to the card played first. rank and
// suit name the cards' fields (default "rank" and "suit").
func winner(L *lua.LState) int {
	cards := L.CheckTable(1)
	weights := L.CheckTable(2)
	rank := L.OptString(3, "rank")
	suit := L.OptString(4, "suit")
	best, second := 0, 0
	var bestS, secondS float64
	n := cards.Len()
	var buf [8]float64
	var can [8]bool
	strength, could := buf[:0], can[:0] // by card: its strength, and whether it could win
	for i := 1; i <= n; i++ {
		c, ok := cards.RawGetInt(i).(*lua.LTable)
		if !ok {
			L.ArgError(1, "a list of cards expected")
		}
		w, ok := weights.RawGet(c.RawGetString(suit)).(lua.LNumber)
		strength, could = append(strength, 0), append(could, ok)
		if !ok {
			continue
		}
		r, ok := c.RawGetString(rank).(lua.LNumber)
		if !ok {
			L.ArgError(1, "card "+lua.LVAsString(c.RawGetString("name"))+" has no number in its field "+rank)
		}
		s := float64(r) + float64(w)
		strength[i-1] = s
		if best == 0 || s > bestS {
			best, bestS = i, s
		}
	}
	if best == 0 {
		L.Push(lua.LNil)
		L.Push(lua.LNil)
		return 2
	}
	for i, s := range strength {
		if i+1 != best && could[i] && (second == 0 || s > secondS) {
			second, secondS = i+1, s
		}
	}
	L.Push(luahost.Int(best))
	if second == 0 {
		L.Push(lua.LNil)
	} else {
		L.Push(luahost.Int(second))
	}
	return 2
}
