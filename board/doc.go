// Package board is the geometry of a race-around-the-house board — a grid
// of squares drawn as text, with rooms entered through doors, start
// squares, secret passages and walled blocks — and the tokens that move on
// it. It parses the map, answers where a throw of the dice may take a
// token, finds paths and distances, and draws the board as text. It knows
// nothing of Lua or of matches: the interp package binds it to scripts
// (t:board), and a front end or a search may use it directly.
//
// # The map
//
// A map is text, one character a square, every line as wide as the first
// (at most 26 squares wide and 99 tall). A legend says what each character
// stands for; this is the corner of a house with a kitchen (K, entered by
// its door k), a ballroom (B, door b) joined to it by a secret passage (*),
// a walled envelope (=) and two start squares:
//
//	*KK#BB*      legend:
//	KKk.bBB        # outside    . corridor    * passage
//	###.#==        K room "kitchen"   k door of "kitchen"
//	#1...==        B room "ballroom"  b door of "ballroom"
//	#...2##        = block "envelope"
//	               1 start of "plum"  2 start of "peacock"
//
// The kinds of square (LegendEntry.Kind):
//
//	outside (or wall)  not part of the board
//	corridor           a square a token may stand on
//	start              a corridor square where the named token starts
//	room               a square inside the named room
//	door               a square of the named room through which it is
//	                   entered: it touches exactly one corridor square, the
//	                   door's entry square
//	passage            a square of a room holding a secret passage; each
//	                   passage character is drawn in exactly two rooms,
//	                   which it joins
//	block              a walled area no token enters
//
// Parse checks the map and says where it is wrong (an *Error names the
// line and column): a ragged line, a door that opens onto two corridor
// squares or none, a room in two pieces or without a door, a passage drawn
// once or three times.
//
// # Places
//
// Squares are named by column letter and row number from the top left:
// "a1" is the top-left square, "f7" the sixth column of the seventh row.
// A token stands on a square or is in a room, so where it is — a place —
// is either; places are named by a square's name or the room's name
// (ParsePlace, PlaceName). In Go a place is an int: the squares are
// 0..W*H-1 in reading order and room r is W*H+r (RoomPlace, IsRoom).
//
// # Moving
//
// A token moves square by square along the corridors, in one of three step
// modes: orthogonal (up, down, left, right: the usual rule), diagonal, or
// king (any of the eight neighbours). A diagonal step may not cut a corner
// between two squares that are not corridor. A token never steps onto or
// through a square another token stands on; rooms hold any number of
// tokens. Entering a room through a door takes one step from the door's
// entry square and ends the move; leaving it takes one step onto an entry
// square; a secret passage is taken instead of a throw, not by stepping.
//
// Reachable lists the places a throw takes a token to (exactly that many
// steps, or at most that many); Path is a shortest way to a place around
// the other tokens; RoomDistance is the fewest steps into a room ignoring
// tokens, the table a bot steers by.
//
// # Drawing
//
// Text and View draw the board for one seat: the map two characters a
// square with rooms as boxes and their labels inside, the tokens by their
// glyphs, the seat's highlighted squares, and beside the map a sidebar (the
// tokens and where they are, the passages, and lines a script wrote for
// everyone or for that seat). Each drawing comes plain and with ANSI
// 256-colour codes; drawings are cached until a token moves or a sidebar or
// highlight changes.
//
// # For bots and for many matches
//
// Data is the board as plain data for bots: where each token stands, and
// (StaticData, made once a board) the rooms, their labels, passages and
// entries, and the distances into every room. Maps keeps the maps parsed
// before, so that a game that lays out the same board in every match
// parses it once.
package board
