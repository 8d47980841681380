package render

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/tabletop/tabletop/interp"
)

// Turn is what a seat's screen shows when it has a decision to make (or
// when the game is over).
type Turn struct {
	View   *interp.View   // the seat's view
	Prompt *interp.Prompt // the seat's decision; nil when the game is over
	// Events are the log lines the seat may read since its last turn,
	// oldest first.
	Events []Event
}

// Event is a line of the log on a seat's screen, and how much it
// concerns the seat.
type Event struct {
	Text string
	For  Concern
}

// Concern says how much a line of the log concerns the seat that reads
// it: a screen keeps the lines that concern it most in sight.
type Concern uint8

const (
	// Others: the line is about other seats.
	Others Concern = iota
	// Named: the line names the seat — what it did, what was done to it,
	// an outcome it had a part in (a vote's tally, a fight).
	Named
	// Told: the line was told to the seat, not to everyone ("Bob shows
	// you the Refectory").
	Told
)

// minEvents is how many of the last events a screen keeps before the
// table, the board and the scores get what is left.
const minEvents = 3

// Screen lays a turn out for a terminal of height lines, at the style's
// width: a title line, the board, the table (notes and cards in sight),
// the scores, the seat's hand, the events and the prompt, in that order,
// leaving the last line for the input. The events that concern the seat
// (see Concern) and the last three take room first; what does not fit is
// left out in this order: the other events, scores, the board (a board
// too tall is shown around the seat's token instead), the table.
func Screen(t Turn, height int, st Style) []string {
	v := t.View
	if height <= 0 {
		height = 1 << 20
	}
	head := []string{st.Cut(st.Reverse(" " + v.Title + " — " + seatTitle(v) + " "))}
	prompt := promptLines(t, st)
	hand := handLines(v, st)
	table := tableLines(v, st)
	scores := scoreLines(v, st)
	events := eventLines(t.Events, st)

	avail := height - 1 - len(head) - len(prompt) - len(hand)
	total, kept := 0, 0
	for i, e := range events {
		total += len(e)
		if t.Events[i].For != Others {
			kept += len(e)
		}
	}
	nev := min(total, max(minEvents, kept+1), max(avail, 0)) // +1: the line saying what is left out
	avail -= nev
	if len(table) > max(avail, 0) {
		table = truncate(table, max(avail, 1), st)
	}
	avail -= len(table)
	board := boardLines(v.Extras, avail, st)
	avail -= len(board)
	if len(scores) > avail {
		scores = nil
	}
	avail -= len(scores)
	nev += max(0, min(total-nev, avail))

	out := head
	for _, part := range [][]string{board, table, scores, hand, pickEvents(t.Events, events, nev, st), prompt} {
		out = append(out, part...)
	}
	return out
}

func seatTitle(v *interp.View) string {
	if v.Seat < 1 || v.Seat > len(v.Seats) {
		return "spectator"
	}
	return SeatTitle(v.Seats[v.Seat-1])
}

// promptLines says what the seat decides, with the moves when they fit
// in two lines; or, when the game is over, the result.
func promptLines(t Turn, st Style) []string {
	v, p := t.View, t.Prompt
	if p == nil {
		if v.Done {
			return st.Wrap(Result(v.Result, v.Seats), "  ")
		}
		return nil
	}
	head := v.Seats[p.Seat-1].Label + ", your move"
	if p.Hint != "" {
		head += " (" + p.Hint + ")"
	}
	whole := make([]string, len(p.Options))
	for i, o := range p.Options {
		whole[i] = nbsp(o) // a move is not wrapped across lines
	}
	moves := strings.Join(whole, " | ")
	if st.Width > 0 && ansi.StringWidth(head+": "+moves) > 2*st.Width || len(p.Options) > listAll {
		moves = fmt.Sprintf("%d moves (legal lists them, legal WORD those with WORD)", len(p.Options))
	}
	return st.Wrap(st.Bold(head)+": "+moves, "  ")
}

// handLines is the seat's first zone of cards it sees: its hand.
func handLines(v *interp.View, st Style) []string {
	for _, z := range v.Zones {
		if z.Owner == v.Seat && v.Seat > 0 && z.Count > 0 && len(z.Cards) == z.Count {
			return st.Wrap(z.Label+": "+Cards(z.Cards), "  ")
		}
	}
	return nil
}

// tableLines are the notes and the cards in sight on the table and before
// the other seats. A public zone with a note of the same name is left to
// the note, which says more ("Trick: North 7♣ · East 8♣").
func tableLines(v *interp.View, st Style) []string {
	var out []string
	noted := map[string]bool{}
	for _, n := range v.Notes {
		noted[n.Key] = true
		out = append(out, st.Wrap(n.Text, "  ")...)
	}
	hand := true
	for _, z := range v.Zones {
		switch {
		case z.Owner == v.Seat && v.Seat > 0 && z.Count > 0 && len(z.Cards) == z.Count && hand:
			hand = false // shown by handLines
		case z.Count == 0 || noted[z.Name] && z.Owner == 0:
		case len(z.Cards) == z.Count:
			out = append(out, st.Wrap(z.Label+": "+Cards(z.Cards), "  ")...)
		case z.Owner == 0:
			out = append(out, z.Label+": "+plural(z.Count, "card"))
		}
	}
	return append(out, hiddenCounts(v, st)...)
}

// hiddenCounts says how many cards the other seats hold unseen, one line
// per kind of zone: "Cards in hand: Bob 7 · South 7 · West 6".
func hiddenCounts(v *interp.View, st Style) []string {
	var names []string
	counts := map[string][]string{}
	for _, z := range v.Zones {
		if z.Owner == 0 || z.Owner == v.Seat || z.Count == 0 || len(z.Cards) == z.Count {
			continue
		}
		if _, ok := counts[z.Name]; !ok {
			names = append(names, z.Name)
		}
		counts[z.Name] = append(counts[z.Name], fmt.Sprintf("%s %d", v.Seats[z.Owner-1].Label, z.Count))
	}
	var out []string
	for _, n := range names {
		out = append(out, st.Wrap("Cards in "+n+": "+strings.Join(counts[n], " · "), "  ")...)
	}
	return out
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// scoreLines are the score pads' totals, the tracks and the pools, one
// line each.
func scoreLines(v *interp.View, st Style) []string {
	var out []string
	seatList := func(label string, val func(s int) string) {
		parts := make([]string, len(v.Seats))
		for s := range v.Seats {
			parts[s] = v.Seats[s].Label + " " + val(s+1)
		}
		out = append(out, st.Wrap(label+": "+strings.Join(parts, " · "), "  ")...)
	}
	for _, p := range v.Pads {
		if p.Shown {
			seatList(p.Label, func(s int) string { return fmt.Sprint(p.Totals[s]) })
		}
	}
	for _, t := range v.Tracks {
		if t.Shown {
			seatList(t.Label+" track", func(s int) string { return fmt.Sprint(t.Markers[s]) })
		}
	}
	for _, p := range v.Pools {
		if p.Shown {
			out = append(out, st.Wrap(poolLine(p, v.Seats), "  ")...)
		}
	}
	return out
}

// poolLine is a pool in one line: what each holder has, and the supply;
// only what the one holder has when nobody else has any.
func poolLine(p *interp.Pool, seats []interp.Seat) string {
	var parts, alone []string
	for _, h := range p.Holders {
		if n := kinds(p.Kinds, p.Held[h]); n != "" {
			parts = append(parts, holder(seats, h)+" "+n)
			alone = append(alone, n)
		}
	}
	supply := kinds(p.Kinds, p.Supply)
	if len(alone) == 1 && supply == "" {
		return p.Label + ": " + alone[0]
	}
	if supply != "" {
		parts = append(parts, "supply "+supply)
	}
	return p.Label + ": " + strings.Join(parts, " · ")
}

func kinds(ks []string, counts map[string]int) string {
	var parts []string
	for _, k := range ks {
		if counts[k] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[k], k))
		}
	}
	return strings.Join(parts, ", ")
}

func holder(seats []interp.Seat, h string) string {
	var s int
	if _, err := fmt.Sscanf(h, "%d", &s); err == nil && s >= 1 && s <= len(seats) {
		return seats[s-1].Label
	}
	return h
}

func eventLines(events []Event, st Style) [][]string {
	out := make([][]string, len(events))
	for i, e := range events {
		out[i] = st.Wrap(e.Text, "  ")
	}
	return out
}

// pickEvents keeps the events that fit in n lines (lines are each event's
// wrapped lines): those told to the seat first, then those naming it, then
// the others, the latest first in each; they are shown in their order,
// after a line saying how many the log holds besides.
func pickEvents(events []Event, lines [][]string, n int, st Style) []string {
	total := 0
	for _, l := range lines {
		total += len(l)
	}
	keep := make([]bool, len(events))
	if total <= n {
		for i := range keep {
			keep[i] = true
		}
	} else {
		room := n - 1 // the line saying what is left out
		for c := Told; ; c-- {
			for i := len(events) - 1; i >= 0; i-- {
				if events[i].For == c && len(lines[i]) <= room {
					keep[i], room = true, room-len(lines[i])
				}
			}
			if c == Others {
				break
			}
		}
	}
	var out []string
	left, gap := 0, false
	for i, k := range keep {
		switch {
		case k:
			out = append(out, lines[i]...)
		case len(out) > 0:
			left, gap = left+1, true
		default:
			left++
		}
	}
	switch {
	case left == 0:
		return out
	case gap:
		return append([]string{st.Faint(fmt.Sprintf("… %d more (log shows them)", left))}, out...)
	}
	return append([]string{st.Faint(fmt.Sprintf("… %d earlier (log shows them)", left))}, out...)
}

// truncate keeps the first n-1 lines and says that view has the rest.
func truncate(lines []string, n int, st Style) []string {
	if len(lines) <= n {
		return lines
	}
	return append(lines[:n-1:n-1], st.Faint(fmt.Sprintf("… %d more lines (view shows them)", len(lines)-n+1)))
}
