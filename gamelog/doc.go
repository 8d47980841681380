// Package gamelog is a game's log: the lines the script writes (t:log,
// t:tell, t:event), who may read each, and the secrecy check of what they
// name. It knows nothing of Lua: the runtime (interp) reads a line's
// arguments from the script and hands them over; views, saves, bots and
// screens read the lines back.
//
// The log is written often and read seldom: a random playout writes a
// line for every card played and nobody reads any. So a line keeps what
// it is made of — the format, the seats as they were, the cards, the
// numbers and texts — and its text is rendered the first time something
// reads it (All, For). A line rendered later reads exactly as it would
// have then: seat names are those it was written with, card labels never
// change. When every line has its text, the arenas the parts live in
// start again, so a game whose log is read as it goes keeps no parts.
//
// Writing a line goes: Mark where the arenas stand, AddArg and AddCard
// as the arguments are read, Compose to close the line, then AddParts to
// keep it (or RenderNow for a text wanted at once, or Discard for a line
// nobody keeps). Add keeps a line whose text is known.
//
// Each line is judged when it is added: if it names a card one of its
// readers may not see at that moment, the violation is noted (Leaks), so
// that tests and `tabletop check` catch a script that leaks a hand.
//
// A line keeps where the script wrote it (Place, interned by Intern), for
// a person who asks why it came.
//
// A Hint remembers how long the last game's log grew, so that the next
// one is made that long at once.
package gamelog
