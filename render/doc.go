// Package render decides what a seat sees, as lines of text: no I/O and no
// Lua. A front end (the terminal REPL today, a web table later) decides
// when to show them.
//
//	Style   -- the width to wrap to and the colour profile (termenv)
//	Screen  -- one seat's turn, fitted to a terminal: board, table, hand,
//	           the last events and the prompt
//	View    -- everything a seat may see (the view command)
//	Result  -- who won, with the scores
//	Options -- a prompt's legal moves, grouped when there are many; Filter
//	           picks those that match typed words
//	Rules   -- a game's rules text, split into topics (rules TOPIC)
//
// Long texts are word-wrapped by github.com/charmbracelet/x/ansi, which
// knows the width of every character and keeps colour sequences whole;
// colours go through github.com/muesli/termenv, so a terminal with 16
// colours gets the nearest of them.
package render
