// Package games holds the game scripts (one Lua file per game, with its
// *_test.lua scenarios beside it) and the Go test that runs those scenarios
// as part of `go test ./...`.
package games
