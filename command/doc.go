// Package command is the language a player types, at the tabletop prompt
// (package repl) or in a web table's text box (package server): commands
// such as "undo 2" or "save games/poker.json", and moves such as "play J♣"
// or "bet umbrella 5+". The package reads lines; what a command does is
// the front end's, and the web table refuses those that belong to a
// terminal (save, load, quit).
//
// Parse reads one line with a participle grammar and says which it is.
// The first word decides: a command keyword (case-insensitive, see
// Keywords) makes the line that command, whose arguments the grammar checks;
// anything else is a move, a sequence of tokens made of letters, digits,
// + - ' _ and the suit symbols ♣♦♥♠, or a bare number picking the Nth legal
// move.
//
// Match then resolves a move against the canonical texts of the legal
// options at the current prompt ("play JC", "vote yes 2"), accepting any
// case, suit symbols, T for ten and unambiguous prefixes of each token.
// Complete offers tab completions of a partial line, and Keywords lists the
// commands for help.
//
// Every error from Parse and Match is an *Error that quotes the line with a
// caret under the offending column and says what would have been accepted.
package command
