package render

import (
	"fmt"
	"strings"

	"github.com/tabletop/tabletop/interp"
)

// Transcript is a turn as a session without a screen prints it (a pipe, a
// file, a test's transcript), before the seat to act types its move: the
// cards in sight on the table — a note of a zone's name in its place,
// which says more (as on a Screen) — the seat's hand, and what it decides,
// with the moves when they are few. The boards are printed apart, when
// they change.
func Transcript(v *interp.View, p *interp.Prompt) []string {
	var out []string
	notes := map[string]string{}
	for _, n := range v.Notes {
		notes[n.Key] = n.Text
	}
	shownHand := false
	for _, z := range v.Zones {
		if z.Count == 0 || len(z.Cards) != z.Count {
			continue
		}
		switch {
		case z.Owner == 0 && notes[z.Name] != "":
			out = append(out, notes[z.Name])
		case z.Owner == 0:
			out = append(out, z.Label+": "+Cards(z.Cards))
		case z.Owner == p.Seat && !shownHand:
			shownHand = true
			out = append(out, z.Label+": "+Cards(z.Cards))
		}
	}
	head := v.Seats[p.Seat-1].Label + ", your move"
	if p.Hint != "" {
		head += " (" + p.Hint + ")"
	}
	moves := strings.Join(p.Options, " | ")
	if len(p.Options) > 16 || len(moves) > 160 {
		moves = fmt.Sprintf("%d legal moves (type legal to list them)", len(p.Options))
	}
	return append(out, head+": "+moves)
}
