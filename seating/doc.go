// Package seating says who sits in each seat of a game: a person, by
// name, or a bot. Every front end reads the same seat specs — the
// terminal's --seats, the web table's form, a save's "seats" line — so a
// game set up in one is the same game in another.
//
// A spec is one seat:
//
//	ann              a person called Ann
//	me               a person who gives no name: the seat keeps the game's (North)
//	bot              the game's default bot
//	bot:cautious     the script's bot called cautious (or a kind: bot:random, bot:search:200)
//	robo=bot:ones    a bot in a seat named Robo (a person's seat a bot took over keeps its name)
//
// Parse reads a list of specs into Seats, checking each bot against what
// the engine offers and each name against the rules for names: one word
// of letters (digits, - _ and ' after the first), at most MaxName letters,
// no two seats alike whatever the case, since moves may name seats
// ("pass the card to ann"). Default is the seating of a game started with
// none given (one person, then bots), and FromRecord the seating of a
// saved game. Specs writes Seats back as specs, which is what a save
// keeps, so Parse(eng, Specs(seats)) gives the seats again.
//
// Two things a new match needs come from its seats: Names, the players'
// names by seat for interp.Config.Names, and SharedFrom, which says
// whether people share one table (two or more people: from the start),
// for interp.Config.SharedFrom.
//
// Who sits where is all this package knows; what a seat may see and do
// is the engine's (package interp), and how a person or a bot takes a
// turn is the front end's (package repl at a terminal, package server on
// the web).
package seating
