// Package scenario runs scenario tests: Lua files (games/clubs_test.lua)
// that state a game's rules as short stories and check that the script
// under test tells them the same way. It is tabletop's counterpart of
// starlark-go's starlarktest.
//
// A test file declares scenarios; each starts games, plays moves and looks
// at what happened:
//
//	scenario("the 2♣ leads the first trick", function()
//	  local g = game { players = 4, stack = { deck = { ... } } }
//	  expect_eq(g:legal(), { "play 2C" })
//	  g:play("play 2C", "declare diamonds")
//	  expect_event(g, { kind = "declare", seat = 2 })
//	end)
//
// The pieces, each in its own file:
//
//	RunFile      -- run.go: reads a test file, runs its scenarios one by one
//	game{...}    -- game.go: starts a match of the script under test; a file
//	                NAME_something_test.lua tests NAME.lua unless it says
//	                script = "..."
//	g:method()   -- handle.go: the handle's methods, one Go function each,
//	                in the package-level table handleMethods
//	g:stack()    -- arrange.go: what a zone holds from now on
//	g:clone()    -- branch.go: a copy of the match at this point, made by
//	                replaying its decisions and arrangements
//	expect...    -- prelude.lua: the assertions, in Lua, embedded
//
// A test sees everything (every hand, the whole log); it never changes the
// rules. The file runs in the same sandbox as a game script (interp.Host),
// with a generous step budget so an endless loop in a test still stops.
// See docs/scripting.md, "Scenario tests", for the whole API with examples.
package scenario
