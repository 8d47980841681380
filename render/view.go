package render

import (
	"strings"

	"github.com/tabletop/tabletop/interp"
)

// View is everything a seat may see, for the view command: the view's
// text (interp.View.Text) with boards in colour when the style has it,
// each line wrapped to the width.
func View(v *interp.View, st Style) []string {
	c := *v
	if st.Color() {
		c.Extras = make([]interp.ExtraView, len(v.Extras))
		for i, x := range v.Extras {
			c.Extras[i] = x
			if x.Color != nil {
				c.Extras[i].Lines = x.Color
			}
		}
	}
	var out []string
	for _, l := range strings.Split(strings.TrimRight(c.Text(), "\n"), "\n") {
		if strings.Contains(l, "\x1b[") {
			out = append(out, st.Cut(st.Degrade(l)))
			continue
		}
		out = append(out, st.Wrap(l, "  ")...)
	}
	return out
}

// SeatTitle is how a seat is introduced: "Ann (North)" when a player's
// name stands for the game's own name of the seat, else its label.
func SeatTitle(s interp.Seat) string {
	if s.Name == "" || s.GameLabel == "" || s.GameLabel == s.Label || strings.HasPrefix(s.GameLabel, "Player ") {
		return s.Label
	}
	return s.Label + " (" + s.GameLabel + ")"
}

// Result says who won and the final scores, in one line.
func Result(r interp.Result, seats []interp.Seat) string {
	return strings.TrimSuffix(interp.ResultText(r, seats), "\n")
}

// Cards is the labels of cards, separated by spaces.
func Cards(cs []*interp.Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.Label
	}
	return strings.Join(parts, " ")
}
