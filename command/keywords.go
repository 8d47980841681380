package command

// The REPL command names, as they appear in Line.Command.
const (
	CmdHelp  = "help"
	CmdView  = "view"
	CmdLegal = "legal"
	CmdRules = "rules"
	CmdLog   = "log"
	CmdStep  = "step"
	CmdRun   = "run"
	CmdUndo  = "undo"
	CmdRedo  = "redo"
	CmdSave  = "save"
	CmdLoad  = "load"
	CmdSeat  = "seat"
	CmdBot   = "bot"
	CmdHuman = "human"
	CmdNotes = "notes"
	CmdSay   = "say"
	CmdQuit  = "quit" // also typed as "exit"
)

// Keyword describes one REPL command for the help text.
type Keyword struct {
	Name string // the command word, e.g. "undo"
	Args string // its arguments in usage notation, e.g. "[N]"; "" if none
	Help string // one line saying what it does
}

// Usage is the command with its arguments, e.g. "undo [N]".
func (k Keyword) Usage() string {
	if k.Args == "" {
		return k.Name
	}
	return k.Name + " " + k.Args
}

var keywords = []Keyword{
	{CmdHelp, "[TOPIC]", "list the commands, or explain one of them"},
	{CmdView, "", "show the game as your seat sees it"},
	{CmdLegal, "[WORD…]", "list the legal moves, numbered (or those with WORDs); a number picks one"},
	{CmdRules, "[TOPIC]", "the game's rules in short, or one topic of them"},
	{CmdLog, "[N]", "show the game log, or its last N entries"},
	{CmdStep, "[N]", "let the bots make the next move, or the next N moves"},
	{CmdRun, "", "let the bots play until a human must move or the game ends"},
	{CmdUndo, "[N]", "take back the last move, or the last N moves"},
	{CmdRedo, "[N]", "replay the last undone move, or N of them"},
	{CmdSave, "FILE", "save the game to FILE (a path, or a \"quoted string\")"},
	{CmdLoad, "FILE", "load a saved game from FILE"},
	{CmdSeat, "N", "play from seat N"},
	{CmdBot, "[N] [NAME]", "hand seat N (default: yours) to a bot, optionally the bot NAME"},
	{CmdHuman, "[N]", "take seat N (default: yours) back from its bot"},
	{CmdNotes, "", "show the game's notes on its rules and notation"},
	{CmdSay, "TEXT…", "say TEXT to the table; the rest of the line is the message"},
	{CmdQuit, "", "leave the game (also: exit)"},
}

// aliases are extra spellings of commands, mapped to their Line.Command.
var aliases = map[string]string{"exit": CmdQuit}

// Keywords lists the REPL commands, in the order help should show them.
// The slice is a copy; callers may modify it.
func Keywords() []Keyword {
	return append([]Keyword(nil), keywords...)
}

// lookupKeyword returns the command named by word (case-insensitively,
// aliases included) and whether there is one.
func lookupKeyword(word string) (Keyword, bool) {
	w := lower(word)
	if a, ok := aliases[w]; ok {
		w = a
	}
	for _, k := range keywords {
		if k.Name == w {
			return k, true
		}
	}
	return Keyword{}, false
}
