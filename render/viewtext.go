package render

import (
	"fmt"
	"strings"

	"github.com/tabletop/tabletop/interp"
)

// ViewText is everything a seat may see (its view), as plain lines for a
// person: notes, the zones in sight, pools, tracks, pads, boards, and
// whose decision it is or the result. The log is left out (the REPL
// prints it as it happens; `log` shows it). View lays it out for a
// terminal; scenarios read it with g:text.
func ViewText(v *interp.View) string {
	var b strings.Builder
	who := "spectator"
	if v.Seat > 0 {
		who = v.Seats[v.Seat-1].Label
	}
	fmt.Fprintf(&b, "== %s — the view of %s ==\n", v.Title, who)
	noted := map[string]bool{}
	for _, n := range v.Notes {
		fmt.Fprintf(&b, "%s\n", n.Text)
		noted[n.Key] = true
	}
	zonesText(&b, v, noted)
	for _, d := range v.Dice {
		fmt.Fprintf(&b, "%s: %s\n", d.Label, diceLine(d))
	}
	for _, p := range v.Pools {
		if p.Shown {
			b.WriteString(poolText(p, v.Seats))
		}
	}
	for _, t := range v.Tracks {
		if !t.Shown {
			continue
		}
		fmt.Fprintf(&b, "%s track:", t.Label)
		for s := 1; s <= len(v.Seats); s++ {
			fmt.Fprintf(&b, " %s %d", v.Seats[s-1].Label, t.Markers[s])
		}
		b.WriteByte('\n')
	}
	for _, p := range v.Pads {
		if p.Shown {
			b.WriteString(padText(p, v.Seats))
		}
	}
	for _, x := range v.Extras {
		if x.Title != "" {
			fmt.Fprintf(&b, "%s\n", x.Title)
		}
		for _, l := range x.Lines {
			fmt.Fprintf(&b, "%s\n", l)
		}
	}
	b.WriteString(turnText(v))
	return b.String()
}

// zonesText writes the zones in sight: their cards, or how many there
// are and those the seat knows. The seat's own empty zones are shown;
// others' and the table's are noise, and a note of a table zone's name
// stands for the zone.
func zonesText(b *strings.Builder, v *interp.View, noted map[string]bool) {
	for _, z := range v.Zones {
		if z.Count == 0 && z.Owner != v.Seat || z.Owner == 0 && noted[z.Name] {
			continue
		}
		if len(z.Cards) == z.Count {
			if z.Count == 0 {
				fmt.Fprintf(b, "%s: (empty)\n", z.Label)
				continue
			}
			fmt.Fprintf(b, "%s: %s\n", z.Label, Cards(z.Cards))
			continue
		}
		fmt.Fprintf(b, "%s: %s", z.Label, plural(z.Count, "card"))
		if len(z.Cards) > 0 {
			fmt.Fprintf(b, " (you know %s)", Cards(z.Cards))
		}
		b.WriteByte('\n')
	}
}

// turnText says whose decision it is — the seat's own with its moves, when
// they are few — or the result; "" when nobody is to act.
func turnText(v *interp.View) string {
	switch {
	case v.Done:
		return Result(v.Result, v.Seats) + "\n"
	case v.Turn == 0:
		return ""
	case v.Turn != v.Seat:
		return "Waiting for " + v.Seats[v.Turn-1].Label + ".\n"
	}
	head := "Your decision"
	if v.Hint != "" {
		head += " (" + v.Hint + ")"
	}
	if len(v.Options) > 12 {
		return fmt.Sprintf("%s: %d legal moves (legal lists them)\n", head, len(v.Options))
	}
	return head + ": " + strings.Join(v.Options, " | ") + "\n"
}

// padText is a score pad as a table: a row per line written on it, a
// column per seat, and the totals.
func padText(p *interp.Pad, seats []interp.Seat) string {
	var b strings.Builder
	w := 8 // the label column
	for _, r := range p.Rows {
		w = max(w, len([]rune(r.Label))+1)
	}
	cw := 6 // each seat's column: its name and a space
	for _, s := range seats {
		cw = max(cw, len([]rune(s.Label))+1)
	}
	fmt.Fprintf(&b, "%s\n%-*s", p.Label, w, "")
	for _, s := range seats {
		fmt.Fprintf(&b, "%*s", cw, s.Label)
	}
	b.WriteByte('\n')
	for _, r := range p.Rows {
		fmt.Fprintf(&b, "%-*s", w, r.Label)
		for s := 1; s <= len(seats); s++ {
			fmt.Fprintf(&b, "%*d", cw, r.Scores[s])
		}
		if r.Note != "" {
			fmt.Fprintf(&b, "  %s", r.Note)
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "%-*s", w, "total")
	for s := 1; s <= len(seats); s++ {
		fmt.Fprintf(&b, "%*d", cw, p.Totals[s])
	}
	b.WriteByte('\n')
	return b.String()
}
