// Package lib gathers the Lua modules written in Go that tabletop gives
// every script (require "NAME"), one package each, as starlark-go's lib/*:
//
//	lib/holders  who holds which card, deduced from what was seen (Cluedo's notebook)
//	lib/melds    the sets and runs a hand can lay, join or extend (Andy Capp's trays)
//	lib/tricks   who wins a trick, how many cards have some fields
//
// The modules written in Lua are package stdlib's. interp knows neither:
// whoever builds engines registers the modules their scripts may require
// (interp.Source.Modules, interp.Load's and NewHost's arguments): the
// tabletop command, scenario files, and tests, with Modules.
//
// A module is a luahost.Module. It imports luahost (the meter, which it
// charges for what it keeps and counts its work on; luahost.Keeper, for the
// memory measure) and, to read a zone, package table — never interp, so
// that interp's own tests can play the games that require them.
package lib

import (
	"github.com/tabletop/tabletop/lib/holders"
	"github.com/tabletop/tabletop/lib/melds"
	"github.com/tabletop/tabletop/lib/tricks"
	"github.com/tabletop/tabletop/luahost"
)

// Modules returns the modules written in Go every script may require,
// sorted by name.
func Modules() []luahost.Module {
	return []luahost.Module{holders.Module, melds.Module, tricks.Module}
}
