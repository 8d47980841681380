// Package knowledge is what each seat learned, and when. A person may
// take back a decision only while his seat has learned nothing since he
// made it (package takeback decides the rest); this package is how the
// engine knows. A match made with the Learning mode (interp) notes, for
// every decision, which seats learned something while it was played out:
// from the decision to the next prompt (or the end).
//
// A seat learns when something reaches it after the game took in
// something it did not know. What the game takes in:
//
//   - another seat's decision (a move, a say, a secret choice);
//   - chance: a die, a shuffle, a secret draw, math.random — anything that
//     moves the match's generator, and t:roll even when a test fixed it;
//   - cards the seat cannot see: a method of a zone that hides cards from
//     it (but count, empty, owner and name, which every view shows), or of
//     t with such a card (t:where, t:show, t:move, ...).
//
// What reaches a seat: a log line it may read; a change in its view
// (zones and the cards it sees in them, pools, tracks, pads, notes as
// drawn for it, boards) from the moment the game took in the unknown to
// the end of the step; a prompt for it. Whose turn it is is not counted:
// every game reads the next seat's hand to make its prompt, and that
// teaches the others nothing. A game that asks a seat only when its hidden
// cards allow (Andy Capp's reactions without always_ask) tells everyone
// so by asking, which this does not see. Only the order matters within a
// step: the line "North plays 9♣" written before the script reads East's
// hand to make East's prompt teaches North nothing, the line "East cannot
// show a card" after it does.
//
// Secret choices (t:ask_all) are held apart: once another seat has
// answered, everything that reaches a seat counts until the group's last
// answer has been revealed, whatever else the seat saw meanwhile — a
// tally is shown after the last answer, which may be the seat's own.
//
// The engine sees what the script asks of it, not what the script keeps
// in its own variables: a script that kept the card tables of a hidden
// zone from an earlier decision and tells a seat something of them later
// without asking the zone again is not seen consulting it. Scripts that
// read the cards they talk about when they talk about them (as the games
// here do) are seen whole.
//
// A Learner keeps the account; the runtime (interp) tells it what the
// game takes in and what reaches the seats, and a Sight is the
// fingerprint of what a seat sees that it compares. The package knows
// nothing of Lua: which methods read hidden cards is the runtime's to
// say.
package knowledge
