// Package view is what one seat may see of a game: the zones and the
// cards in them it may see, the faces of the dice under cups it may see,
// the pools, tracks and pads, the notes, the extra objects shown to it,
// the log lines addressed to it, whose turn it is and, when it is its
// own, the legal moves. Seat 0 is a spectator, who
// sees only what is public.
//
// Of builds the part that comes from the table (package table's State);
// the runtime (interp, Match.View) adds the title, the prompt, the notes
// drawn for the seat, the log (package gamelog) and the result. A View is
// plain data: screens (render), the web table (server), program bots
// (execbot) and tests read it, and none of them needs Lua. It is no text:
// package render alone writes a view as text (render.ViewText), and the
// web table builds its frames from the data.
//
// A View holds only what its seat may see, so whatever shows it cannot
// leak a hidden card: a zone the seat may not look into is a count, a die
// it may not see under a cup a face of 0.
package view
