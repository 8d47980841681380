// Package interp is the tabletop runtime: the Lua binding of the table. It
// loads a game script written in Lua, runs it in a sandbox, and lets it
// act on the table — seats, cards and the zones that hold them, chip
// pools, scoring tracks, score pads, boards, dice — and ask for decisions.
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
// Match (one running game) and Prompt (a decision to make).
//
// Text is made when it is read: a log line keeps its parts, a note may be
// a function of the seat drawn with the view (draw.go). So replaying a
// game (undo, load) renders nothing, and a Silent match — Match.Copy(Silent),
// Engine.Replay(cfg, decisions, Silent) — keeps no log at all: the copy a
// search plays on from. A bot keeps its view from one decision to the next
// (botview.go). Match.Fork copies a match at a decision without replaying
// it: a deep copy of its Go side and of its whole Lua state (fork.go, by
// a luahost.Copier), many times cheaper than a replay once the game is
// under way. The Go functions of a state keep nothing in Go closures, so
// that a fork shares them: methods find their match through the state's meter
// (matchOf), others keep what is theirs in Lua upvalues.
//
// A Match is three things: the table's state, the log, and the Lua
// session. The state is package table's: a table.State (seats, cards,
// zones, pools, tracks, pads, cups of dice, extra objects), which Match
// embeds, so that m.Cards is the table's; arranging it and its invariants
// are table's too. The log is a gamelog.Log; what each seat learned when,
// a knowledge.Learner. What is left here is the session — the Lua state,
// the play coroutine, the prompt it waits at, the record of decisions, the
// meter — and what Lua has of each object (a card's table, a zone's
// userdata), kept beside it in the match. So a fork is the state's copy
// plus the Lua copy, and whatever only reads the table (views, search, the
// web table) reads plain Go.
//
// The rest that needs no Lua lives in packages of its own, and interp
// names their types too (interp.Card is table.Card, interp.View is
// view.View, interp.Record is savefile.Record): a seat's view, as data
// (view; package render alone writes it as text), a board's map, moves,
// drawing and data (board), the save format (savefile), a game's files
// (gamefiles), printable texts (printable).
//
// Scripts reach the engine through t and the objects it makes (zones,
// pools, tracks, pads, boards, cups of secret dice). Each kind of object
// is a class: one list of its Lua methods, each a named Go function and a
// flag saying whether it changes the game (methods.go). The list is what
// Lua gets, what keeps a note drawn with a view from changing the game,
// and what the LuaLS annotations (stdlib/tabletop.meta.lua) are checked
// against.
//
// Where to look: engine.go loads a script; match.go runs one game;
// methods.go, tablemethods.go, zonemethods.go, pieces.go, dice.go and
// board.go are what scripts call; stale.go is how a card's knowledge that
// outlived its reason is caught; clauses.go are Go helpers for common
// rules; view.go, draw.go and botview.go are what seats and bots see;
// record.go is saving, loading and replay (the format is package
// savefile's); log.go writes the log, logplace.go finds the script place
// that wrote each line, and knowledge.go tells the learner; fork.go copies
// a match; sandbox.go and host.go tie the script host (package luahost)
// in, and playthreads.go lets the play coroutine ask inside pcall.
//
// What interp does not hold: gopher-lua's private layout, which luahost
// alone reads (interp imports no unsafe: TestNoPrivateLayoutHere); and the
// modules written in Go that scripts require (holders, melds, tricks),
// which are package lib's: whoever builds an engine gives them
// (Source.Modules), and interp imports none of them.
package interp
