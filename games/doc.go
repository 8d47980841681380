// Package games holds the game scripts (one Lua file per game, with its
// *_test.lua scenarios beside it), the variants of those games, and the Go
// tests that run the scenarios and random play as part of `go test ./...`.
//
// The scripts are built into tabletop (FS), so `tabletop play clubs` works
// from any folder and a variant anywhere can `require "clubs"`. A variant's
// file name is its game's name, an underscore and the variant's name
// (clubs_short.lua changes clubs.lua); `tabletop list` groups them so.
package games
