// Package repl is the interactive loop of tabletop: it reads what a person
// types (moves and commands in the language of package command), applies it
// to a running game, lets the bots move, and prints every event as a line of
// the game log.
//
// A Session holds the engine and match, who sits in each seat (a person or a
// bot: package seating), the seat whose view is shown, the undo and redo
// stacks and the autosave file. It reads lines through a LineReader:
// NewPlainReader for a file or a pipe (each line is echoed after the prompt
// so a transcript reads well) and NewTerminal for an interactive terminal
// (line editing, a line history for each person, tab completion of commands
// and of the legal moves). Nothing in a Session needs a terminal, so it is
// tested by feeding it lines.
//
// People who share one keyboard take turns at it behind a hand-over pause;
// keyboard.go says how the session keeps each seat's screen, options and
// history to the person of that seat.
//
// The same Session replays a saved game step by step (StartReplay): next
// or step applies the next recorded decision, run goes to the end of the
// record, and a move typed leaves the record there.
package repl
