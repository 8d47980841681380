package gamelog

// Where each line was written. A person asks why a line of the log came
// (the REPL's why): the answer is the rule that wrote it, a place in the
// script. Lines are written often and asked about seldom, so a line keeps
// only a small handle into the log's table of the places lines were
// written from, interned: a game writes its thousands of lines from a few
// dozen places. The runtime finds the place (it knows the Lua call stack)
// and interns it; the log keeps it with the line.

// Place is a place in a script: the file as errors name it
// ("games/clubs.lua", a module as "stdlib/cards.lua"), the line, and
// the first line of the function holding it (0: the file's main chunk).
type Place struct {
	File       string
	Line, Func int
}

// Intern returns the handle of place p for AddParts: 1 + its index in the
// log's places, adding it if it is not there. A game writes its lines
// from a few dozen places, and its writer looks a place up only the first
// time an instruction writes a line, so a walk through them is enough.
func (l *Log) Intern(p Place) int32 {
	for i, q := range l.places {
		if q == p {
			return int32(i + 1)
		}
	}
	l.places = append(l.places, p)
	return int32(len(l.places))
}

// Places returns the places lines were written from, each once, in the
// order they were first interned.
func (l *Log) Places() []Place { return l.places }

// Place returns where the script wrote line i: ok is false for a line no
// line of a script wrote — what a seat said, a takeback — or whose writer
// was not seen, and for an i out of range.
func (l *Log) Place(i int) (Place, bool) {
	if i < 0 || i >= len(l.lines) || l.lines[i].place == 0 {
		return Place{}, false
	}
	return l.places[l.lines[i].place-1], true
}
