// Package table is the table a game is played on, in plain Go: the cards
// and the zones that hold them, who may see which card, chip pools,
// scoring tracks and score pads. It knows nothing of Lua or of any game:
// the runtime (package interp) lets scripts reach these objects, views and
// bots read them, and a front end may draw them directly.
//
// A Card is one physical piece with an identity. It lies in exactly one
// Zone — a deck, a hand, a trick — whose last card is the top. Who may see
// a card follows from three things: its zone's Visibility (Hidden: only
// how many cards; OwnerOnly: the owner sees them; Public: everyone), the
// seats that came to know it (Card.Known: it was shown to them, or it left
// their hand), and whether it was revealed to all (Card.Revealed). Move
// keeps that knowledge as players would: a card that leaves a public zone
// stays known to everyone, one that leaves a hand stays known to its
// owner, until a shuffle makes it anonymous again. That knowledge goes
// stale (Card.Stale) when the card goes into a hidden zone: a card that
// comes out of one into a zone only its owner sees (StaleIn) would show
// the others what the owner holds, which the runtime reports.
//
// Dice under a cup (Dice) are seen by the cup's owner, and by the seats
// each die was revealed to until it is thrown again. Throws records every
// throw under a cup and who saw it, even once its die is thrown again.
//
// Seats are numbered from 1; a SeatSet is a set of them. Pools count
// pieces of several kinds, always somewhere (the supply or a holder), so
// their totals are conserved; Handfuls goes through the ways to take k
// pieces from a supply. A Track keeps one marker per seat between
// its ends; a Pad keeps rows of scores per seat and their totals.
//
// A State is one game's table: its seats and every object on it, and the
// extra objects a game library adds (a board). Arrange rearranges its
// cards for a test; CheckInvariants checks what the engine promises of
// it. RNG is the generator every shuffle, die and draw comes from.
//
// Every object keeps a version that changes whenever what a seat may see
// of it changes (Version), so that a bot's view can be kept and updated
// only where something changed.
package table
