// Package execbot seats a program written in any language at the table:
// --seats bot:exec:COMMAND. The engine starts the program when its seat
// first has a decision to make and talks with it in lines of JSON over
// its stdin and stdout (the protocol, versioned, is docs/exec-bots.md):
//
//	engine → program   hello    the game, the seat, the players, the options
//	program → engine   ready    (and whether it wants every log line)
//	engine → program   observe  a log line the seat reads (if asked for)
//	engine → program   decide   the seat's view and its options
//	program → engine   choose   an option, by index or by text
//	engine → program   bye      the result, or why the match ended
//
// Nothing reaches the program that its seat may not see: every message is
// built from the seat's View (interp.Match.View), its prompt's options and
// the log lines the seat may read (LogFor), with the fields of the cards
// the view shows — what a script bot sees, in JSON. The seed it is given
// is a one-way hash of its bot seed, never the game's.
//
// A program that does not start, dies, hangs past its time per decision,
// or answers nonsense is stopped, the reason is written to the output
// (SetOutput) and told at the table (interp.Noticer), and the game's bot
// plays the seat for the rest of the match. The program runs in a process
// group of its own, which is killed when the match ends, on a timeout, on
// a failure and by KillAll (the command line calls it on Ctrl-C and
// SIGTERM); every process is waited for, so none is left a zombie. What a
// program writes to its stderr goes to the output, a line at a time, each
// prefixed with the seat and the process id: never to the screen of play.
//
// A game played with exec bots is as repeatable as their programs: the
// engine sends the same messages for the same game, and a program that
// draws its random numbers from the seed it is given answers the same.
// A fallback (a time budget missed on a busy machine) is logged, and
// changes the game from there.
//
// Starting a program is the command line's privilege, for its own user:
// the kind is registered as interp.BotKind.Local, so an engine seats it
// only after AllowPrograms, and a web table refuses it outright.
package execbot
