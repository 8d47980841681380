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
// may see) and Record (a saved game).
//
// Text is made when it is read: a log line keeps its parts, a note may be
// a function of the seat drawn with the view (draw.go). So replaying a
// game (undo, load) renders nothing, and a Silent match — Match.Copy(Silent),
// Engine.Replay(cfg, decisions, Silent) — keeps no log at all: the copy a
// search plays on from. A bot keeps its view from one decision to the next
// (botview.go).
//
// Table objects that need no Lua live in packages of their own, and this
// package binds them to scripts: a board's map, moves, paths and drawing
// are package board; board.go here is t:board and the board's methods.
package interp
