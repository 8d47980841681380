package interp

import (
	"fmt"
	"sort"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// View is what one seat may see of a match: its own hand, public zones,
// counts of hidden ones, pieces, tracks, pads, notes and the log lines
// addressed to it. Seat 0 is a spectator who sees only public things.
type View struct {
	Seat    int
	Title   string
	Seats   []Seat
	Turn    int    // seat to act, 0 when nobody is
	Hint    string // the prompt's hint, when Turn == Seat
	Options []string
	Zones   []ZoneView
	Dice    []DiceView // the cups of secret dice, as the seat sees them
	Pools   []*Pool
	Tracks  []*Track
	Pads    []*Pad
	Notes   []Note
	Extras  []ExtraView
	Log     []LogLine
	Done    bool
	Result  Result
}

// ZoneView is a zone as one seat sees it.
type ZoneView struct {
	ID          int
	Name, Label string
	Owner       int
	Count       int
	Cards       []*Card // the cards the seat may see, in zone order
}

// View returns what seat may see now.
func (m *Match) View(seat int) *View {
	v := m.view(seat)
	v.Notes = m.notesFor(seat)
	v.Log = m.LogFor(seat, 0)
	return v
}

// view is View without the log.
func (m *Match) view(seat int) *View {
	v := &View{Seat: seat, Title: m.Engine.Info.Title, Seats: m.Seats, Done: m.done, Result: m.result, Notes: m.Notes}
	if p := m.prompt; p != nil {
		v.Turn = p.Seat
		if p.Seat == seat {
			v.Hint, v.Options = p.Hint, p.Options
		}
	}
	for _, z := range m.Zones {
		zv := ZoneView{ID: z.ID, Name: z.Name, Label: z.Label, Owner: z.Owner, Count: len(z.Cards)}
		for _, c := range z.Cards {
			if c.VisibleTo(seat) {
				zv.Cards = append(zv.Cards, c)
			}
		}
		if z.Shown || zv.Count > 0 && z.Vis != Hidden {
			v.Zones = append(v.Zones, zv)
		}
	}
	v.Dice = m.diceViews(seat)
	v.Pools, v.Tracks, v.Pads = m.Pools, m.Tracks, m.Pads
	for _, x := range m.extras {
		if ev, ok := x.ExtraView(seat); ok {
			v.Extras = append(v.Extras, ev)
		}
	}
	return v
}

// Text renders the view for a person at a terminal. The log is left out
// (the REPL prints it as it happens; `log` shows it).
func (v *View) Text() string {
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
	for _, z := range v.Zones {
		if z.Count == 0 && z.Owner != v.Seat || z.Owner == 0 && noted[z.Name] {
			continue // empty piles of others and of the table are noise; a note of a zone's name stands for it
		}
		if len(z.Cards) == z.Count {
			if z.Count == 0 {
				fmt.Fprintf(&b, "%s: (empty)\n", z.Label)
				continue
			}
			fmt.Fprintf(&b, "%s: %s\n", z.Label, cardLabels(z.Cards))
			continue
		}
		fmt.Fprintf(&b, "%s: %s", z.Label, plural(z.Count, "card"))
		if len(z.Cards) > 0 {
			fmt.Fprintf(&b, " (you know %s)", cardLabels(z.Cards))
		}
		b.WriteByte('\n')
	}
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
	switch {
	case v.Done:
		b.WriteString(ResultText(v.Result, v.Seats))
	case v.Turn == 0:
	case v.Turn == v.Seat:
		fmt.Fprintf(&b, "Your decision")
		if v.Hint != "" {
			fmt.Fprintf(&b, " (%s)", v.Hint)
		}
		if len(v.Options) > 12 {
			fmt.Fprintf(&b, ": %d legal moves (legal lists them)\n", len(v.Options))
		} else {
			fmt.Fprintf(&b, ": %s\n", strings.Join(v.Options, " | "))
		}
	default:
		fmt.Fprintf(&b, "Waiting for %s.\n", v.Seats[v.Turn-1].Label)
	}
	return b.String()
}

// poolText renders a pool: its holders' pieces, and the supply when any
// is left. A pool with one holder and no supply is one line.
func poolText(p *Pool, seats []Seat) string {
	holders := append([]string(nil), p.Holders...)
	sort.SliceStable(holders, func(i, j int) bool { return holderLess(holders[i], holders[j]) })
	var held []string
	for _, h := range holders {
		if sum(p.Held[h]) > 0 {
			held = append(held, h)
		}
	}
	var b strings.Builder
	if sum(p.Supply) == 0 && len(held) == 1 {
		fmt.Fprintf(&b, "%s: %s\n", p.Label, kindCounts(p.Kinds, p.Held[held[0]]))
		return b.String()
	}
	fmt.Fprintf(&b, "%s", p.Label)
	if sum(p.Supply) > 0 {
		fmt.Fprintf(&b, " — supply: %s", kindCounts(p.Kinds, p.Supply))
	}
	b.WriteByte('\n')
	for _, h := range held {
		fmt.Fprintf(&b, "  %s: %s\n", holderLabel(seats, h), kindCounts(p.Kinds, p.Held[h]))
	}
	return b.String()
}

// ResultText says who won and the final scores.
func ResultText(r Result, seats []Seat) string {
	var b strings.Builder
	var names []string
	for _, w := range r.Winners {
		names = append(names, seats[w-1].Label)
	}
	switch len(names) {
	case 0:
		b.WriteString("Game over: nobody wins.")
	case 1:
		fmt.Fprintf(&b, "Game over: %s wins.", names[0])
	default:
		fmt.Fprintf(&b, "Game over: %s share the win.", strings.Join(names, " and "))
	}
	b.WriteString(" Scores:")
	for s := 1; s < len(r.Scores); s++ {
		fmt.Fprintf(&b, " %s %s", seats[s-1].Label, numberText(r.Scores[s]))
	}
	b.WriteByte('\n')
	return b.String()
}

func padText(p *Pad, seats []Seat) string {
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

func cardLabels(cs []*Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.Label
	}
	return strings.Join(parts, " ")
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func kindCounts(kinds []string, counts map[string]int) string {
	parts := make([]string, 0, len(kinds))
	for _, k := range kinds {
		parts = append(parts, fmt.Sprintf("%s %d", k, counts[k]))
	}
	return strings.Join(parts, ", ")
}

func sum(m map[string]int) int {
	s := 0
	for _, v := range m {
		s += v
	}
	return s
}

func holderLess(a, b string) bool {
	var x, y int
	_, ea := fmt.Sscanf(a, "%d", &x)
	_, eb := fmt.Sscanf(b, "%d", &y)
	switch {
	case ea == nil && eb == nil:
		return x < y
	case ea == nil:
		return true
	case eb == nil:
		return false
	}
	return a < b
}

func holderLabel(seats []Seat, h string) string {
	var s int
	if _, err := fmt.Sscanf(h, "%d", &s); err == nil && s >= 1 && s <= len(seats) {
		return seats[s-1].Label
	}
	return h
}

// appendLog adds log lines to a view's log and events tables.
func appendLog(L *lua.LState, log, events *lua.LTable, lines []LogLine) {
	for _, l := range lines {
		log.Append(lua.LString(l.Text))
		if l.Data != nil {
			et := toLua(L, l.Data).(*lua.LTable)
			et.RawSetString("text", lua.LString(l.Text))
			events.Append(et)
		}
	}
}

// toLua converts plain Go data (maps, slices, strings, numbers, bools) to Lua.
func toLua(L *lua.LState, v any) lua.LValue {
	switch x := v.(type) {
	case nil:
		return lua.LNil
	case string:
		return lua.LString(x)
	case bool:
		return lua.LBool(x)
	case int:
		return lua.LNumber(x)
	case float64:
		return lua.LNumber(x)
	case []any:
		t := L.CreateTable(len(x), 0)
		for i, e := range x {
			t.RawSetInt(i+1, toLua(L, e))
		}
		return t
	case []int:
		t := L.CreateTable(len(x), 0)
		for i, e := range x {
			t.RawSetInt(i+1, lua.LNumber(e))
		}
		return t
	case []string:
		t := L.CreateTable(len(x), 0)
		for i, e := range x {
			t.RawSetInt(i+1, lua.LString(e))
		}
		return t
	case map[string]any:
		t := L.CreateTable(0, len(x))
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			t.RawSetString(k, toLua(L, x[k]))
		}
		return t
	case map[int]any:
		t := L.CreateTable(len(x), 0)
		keys := make([]int, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Ints(keys)
		for _, k := range keys {
			t.RawSetInt(k, toLua(L, x[k]))
		}
		return t
	}
	return lua.LString(fmt.Sprint(v))
}
