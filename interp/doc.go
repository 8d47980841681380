// Package interp is the tabletop runtime: it loads a game script written in
// Lua, runs it in a sandbox, and owns everything the script manipulates —
// seats, cards and the zones that hold them, chip pools, scoring tracks,
// score pads, dice and prompts.
//
// A game script is a sequential Lua program that runs the game the way the
// rulebook tells it and asks players for decisions. Each ask suspends the
// script (a Lua coroutine) and hands the engine a Prompt: which seat
// decides, and the finite list of legal options. A Match is resumed with
// the chosen option. Because every random draw comes from one seeded
// generator and every decision is recorded, the pair (seed, decisions) is
// the game: saving writes it, loading and undo replay it.
//
// The main types are Engine (a compiled script, shared by many matches),
// Match (one running game), Prompt (a decision to make), View (what one seat
// may see, as data; package render writes it as text) and Record (a saved
// game).
//
// Text is made when it is read: a log line keeps its parts, a note may be
// a function of the seat drawn with the view (draw.go). So replaying a
// game (undo, load) renders nothing, and a Silent match — Match.Copy(Silent),
// Engine.Replay(cfg, decisions, Silent) — keeps no log at all: the copy a
// search plays on from. A bot keeps its view from one decision to the next
// (botview.go). Match.Fork copies a match at a decision without replaying
// it: a deep copy of its Go side and of its whole Lua state (fork.go, by
// a luahost.Copier), many times cheaper than a replay once the game is
// under way. The Go functions of a state keep nothing in Go closures, so that a
// fork shares them: methods find their match through the state's meter
// (matchOf), others keep what is theirs in Lua upvalues.
//
// The objects on the table that need no Lua live in packages of their
// own: cards, zones, pools, tracks, pads and cups of dice are package table's, a board's
// map, moves, paths and drawing package board's. interp binds them to Lua
// and names the table's types too (interp.Card is table.Card). What Lua
// has of an object (a card's table, a zone's userdata) is kept beside it,
// in the match.
//
// Scripts reach the engine through t and the objects it makes (zones,
// pools, tracks, pads, boards, cups of secret dice). Each kind of object is a class: one list of
// its Lua methods, each a named Go function and a flag saying whether it
// changes the game (methods.go). The list is what Lua gets, what keeps a
// note drawn with a view from changing the game, and what the LuaLS
// annotations (stdlib/tabletop.meta.lua) are checked against.
//
// Where to look: engine.go loads a script; match.go runs one game;
// methods.go, tablemethods.go, zonemethods.go, pieces.go, dice.go and
// board.go are what scripts call; stale.go is how a card's knowledge that
// outlived its reason is caught; clauses.go are Go helpers for common rules; view.go,
// draw.go and botview.go are what seats and bots see; record.go is saving,
// loading and replay; fork.go copies a match; sandbox.go and host.go tie
// the script host (package luahost) in, and playthreads.go lets the play
// coroutine ask inside pcall.
//
// What interp does not hold: gopher-lua's private layout, which luahost
// alone reads (interp imports no unsafe: TestNoPrivateLayoutHere); and the
// modules written in Go that scripts require (holders, melds, tricks),
// which are package lib's: whoever builds an engine gives them
// (Source.Modules), and interp imports none of them.
package interp
