package savefile

import "strconv"

// Text is the line that tells every seat of takeback tb, in which who
// names tb.Seat: "Ann takes back 2 decisions, as everyone agreed.".
func (tb Takeback) Text(who string) string {
	what := "a decision"
	if tb.Undone != 1 {
		what = strconv.Itoa(tb.Undone) + " decisions"
	}
	if tb.How == Reloaded {
		text := who + " changes the rules (reload)"
		if tb.Undone > 0 {
			text += ", dropping " + what + " that no longer fitted"
		}
		return text + ": this game is practice."
	}
	text := who + " takes back " + what
	switch tb.How {
	case Agreed:
		text += ", as everyone agreed"
	case Practice:
		text += " after seeing what followed: this game is practice"
	}
	return text + "."
}

// IsPractice reports whether a game with takebacks tbs is practice: a
// seat took back what it had learned from, or changed the rules, with
// only bots to agree.
func IsPractice(tbs []Takeback) bool {
	for _, tb := range tbs {
		if tb.How == Practice || tb.How == Reloaded {
			return true
		}
	}
	return false
}
