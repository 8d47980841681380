package render

import (
	"sort"
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
		switch {
		case strings.Contains(l, "\x1b["):
			out = append(out, st.Cut(st.Degrade(l)))
		case isTableRow(l):
			out = append(out, st.Cut(l)) // its last column shortened, not its numbers broken
		case strings.HasPrefix(l, "Your decision") && v.Turn == v.Seat:
			out = append(out, st.Wrap(wholeMoves(l, v.Options), "  ")...)
		default:
			out = append(out, st.Wrap(l, "  ")...)
		}
	}
	return out
}

// isTableRow reports whether a line of a view is a row of a table (a score
// pad): its columns are lined up with runs of spaces, or it starts with a
// wide blank (the head of the seats' columns).
func isTableRow(l string) bool {
	body := strings.TrimLeft(l, " ")
	return strings.Contains(body, "  ") || len(l)-len(body) >= 4
}

// wholeMoves keeps each of the moves in a line whole when it is wrapped:
// the spaces inside a move become no-break spaces.
func wholeMoves(line string, moves []string) string {
	sorted := append([]string(nil), moves...)
	sort.SliceStable(sorted, func(i, j int) bool { return len(sorted[i]) > len(sorted[j]) }) // "take 1 white 1 purple" before "take 1 white"
	for _, m := range sorted {
		line = strings.ReplaceAll(line, m, nbsp(m))
	}
	return line
}

// nbsp is a move whose words wrapping keeps on one line.
func nbsp(move string) string { return strings.ReplaceAll(move, " ", nbspace) }

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
