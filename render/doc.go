// Package render decides what a seat sees, as lines of text: no I/O and no
// Lua. A front end (the terminal REPL today, a web table later) decides
// when to show them.
//
//	Style   -- the width to wrap to and the colour profile (termenv)
//	Screen  -- one seat's turn, fitted to a terminal: board, table, hand,
//	           the events (those that concern the seat first) and the prompt
//	View    -- everything a seat may see (the view command)
//	Result  -- who won, with the scores
//	Options -- a prompt's legal moves, grouped when there are many, each
//	           with its number; Pages cuts them to a terminal's height;
//	           Filter picks those that match typed words
//	Rules   -- a game's rules text, split into topics (rules TOPIC)
//	Writer  -- everything else printed to a terminal, wrapped a line at a
//	           time
//
// One wrapping rule serves them all (wrap.go): lines break between words,
// at spaces only, so a number, a move or a path stays whole when it fits
// a line. github.com/charmbracelet/x/ansi gives the width of every
// character and keeps colour sequences whole; colours go through
// github.com/muesli/termenv, so a terminal with 16 colours gets the
// nearest of them.
package render
