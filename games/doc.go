// Package games holds the game scripts (one Lua file per game, with its
// bots in NAME_bots.lua and its *_test.lua scenarios beside it), the
// variants of those games, and the Go tests that run the scenarios and
// random play as part of `go test ./...`.
//
// A game's file holds its rules, in the rulebook's order; its last lines
// load its bots, require("clubs_bots")(Clubs): the bots file returns a
// function of the game's table, which adds the bots (and the game's tools
// and its advice to the search bot) and reads the rules through that table
// as a variant does. Names and IsScript leave the bots files out.
//
// The scripts are built into tabletop (FS), so `tabletop play clubs` works
// from any folder and a variant anywhere can `require "clubs"`. A variant's
// file name is its game's name, an underscore and the variant's name
// (clubs_short.lua changes clubs.lua); `tabletop list` groups them so.
package games
