package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/render/rendertest"
)

func TestWrap(t *testing.T) {
	st := Style{Width: 20, Profile: termenv.Ascii}
	tests := []struct {
		text, indent string
		want         []string
	}{
		{"short", "  ", []string{"short"}},
		{"Space Commander Lehman's hand: [black board]", "  ", []string{"Space Commander", "  Lehman's hand:", "  [black board]"}},
		{"one\ntwo", "", []string{"one", "two"}},
	}
	for _, tt := range tests {
		if got := st.Wrap(tt.text, tt.indent); strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("Wrap(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
	if got := Plain.Wrap(strings.Repeat("word ", 40), ""); len(got) != 1 {
		t.Errorf("Plain wraps: %q", got)
	}
}

func TestDegrade(t *testing.T) {
	line := "\x1b[48;5;180mab\x1b[0m"
	if got := (Style{Profile: termenv.ANSI256}).Degrade(line); got != line {
		t.Errorf("256 colours changed: %q", got)
	}
	if got := (Style{Profile: termenv.ANSI}).Degrade(line); strings.Contains(got, ";5;") || ansi.Strip(got) != "ab" {
		t.Errorf("16 colours: %q", got)
	}
	if got := (Style{Profile: termenv.Ascii}).Degrade(line); got != "ab" {
		t.Errorf("no colour: %q", got)
	}
}

func membersOptions() []string {
	opts := []string{"pass"}
	for _, k := range []string{"umbrella", "newspaper", "tea", "bigben", "hat"} {
		for _, sp := range []string{"1-", "2-", "3-", "4-", "5+", "6+", "7+", "8+"} {
			opts = append(opts, "bet "+k+" "+sp, "bet "+k+" "+sp+" double")
		}
	}
	return opts
}

// checkList checks a grouped list against the options it lists: every
// move listed once, with the number that picks it, the numbers going up
// as the list is read, and no line wider than width.
func checkList(t *testing.T, opts []string, idx []int, width int) []string {
	t.Helper()
	lines := Options(opts, idx, Style{Width: width, Profile: termenv.Ascii})
	numbers, moves := rendertest.ReadList(lines)
	if idx == nil {
		for i := range opts {
			idx = append(idx, i)
		}
	}
	if len(numbers) != len(idx) {
		t.Errorf("%d moves listed, not %d:\n%s", len(numbers), len(idx), strings.Join(lines, "\n"))
	}
	for k, n := range numbers {
		if k < len(idx) && n != idx[k]+1 {
			t.Errorf("move %d of the list is numbered %d, not %d", k+1, n, idx[k]+1)
		}
		if moves[n] != opts[n-1] {
			t.Errorf("%d reads as %q, but picks %q", n, moves[n], opts[n-1])
		}
	}
	for _, l := range lines {
		if ansi.StringWidth(l) > width {
			t.Errorf("%q is wider than %d", l, width)
		}
	}
	return lines
}

// takeOptions are Das Regeln's handfuls of 7 chips of four colours, in the
// script's order: all those with white first, then purple, and so on.
func takeOptions() []string {
	colours := []string{"white", "purple", "yellow", "green"}
	var out []string
	var take func(from, left int, parts []string)
	take = func(from, left int, parts []string) {
		if left == 0 {
			out = append(out, "take "+strings.Join(parts, " "))
			return
		}
		for c := from; c < len(colours); c++ {
			for n := left; n >= 1; n-- {
				if c == len(colours)-1 && n != left {
					continue
				}
				take(c+1, left-n, append(append([]string(nil), parts...), fmt.Sprint(n), colours[c]))
			}
		}
	}
	take(0, 7, nil)
	return out
}

// A grouped list numbers what it shows, in the order it shows it: Members
// Only's bets, Das Regeln's handfuls (where "take 7 white" and "take 7
// purple" are far apart), a filtered list, at 80 and 60 columns.
func TestOptionsGrouped(t *testing.T) {
	members := membersOptions()
	lines := checkList(t, members, nil, 80)
	if lines[1] != "bet umbrella    2. 1-          3. 1- double   4. 2-          5. 2- double" || len(lines) != 21 {
		t.Errorf("Members Only's bets:\n%s", strings.Join(lines, "\n"))
	}
	take := takeOptions()
	if len(take) != 120 || take[0] != "take 7 white" || take[84] != "take 7 purple" {
		t.Fatalf("%d handfuls: %q, %q", len(take), take[0], take[84])
	}
	for _, w := range []int{80, 60} {
		checkList(t, take, nil, w)
		checkList(t, take, Filter(take, []string{"purple"}), w)
	}
	if plain := Options(members, nil, Plain); len(plain) != 81 || plain[80] != "  81. bet hat 8+ double" {
		t.Errorf("a pipe gets every move on a line of its own: %d lines", len(plain))
	}
	few := Options([]string{"play 2C", "play 3C"}, nil, Style{Width: 80})
	if strings.Join(few, "|") != "   1. play 2C|   2. play 3C" {
		t.Errorf("few: %q", few)
	}
}

// A long list comes in pages that fit the height, each group whole, in
// order.
func TestOptionPages(t *testing.T) {
	list := OptionList(takeOptions(), nil, Style{Width: 80})
	pages := Pages(list, 20)
	if len(pages) < 3 {
		t.Fatalf("%d pages", len(pages))
	}
	next := 1
	for i, p := range pages {
		n := 0
		for _, e := range p {
			n += len(e.Lines)
			if e.First != next {
				t.Errorf("page %d: an entry starts at %d, not %d", i+1, e.First, next)
			}
			next = e.Last + 1
		}
		if n > 20 {
			t.Errorf("page %d has %d lines", i+1, n)
		}
	}
	if next != 121 {
		t.Errorf("the pages end at %d", next-1)
	}
	if one := Pages(list, 0); len(one) != 1 || len(one[0]) != len(list) {
		t.Errorf("no height: %d pages", len(one))
	}
}

func TestFilter(t *testing.T) {
	opts := membersOptions()
	tea := Filter(opts, []string{"TEA"})
	if len(tea) != 16 || opts[tea[0]] != "bet tea 1-" {
		t.Errorf("legal tea: %d options, first %q", len(tea), opts[tea[0]])
	}
	if got := Filter(opts, []string{"tea", "5+", "d"}); len(got) != 1 || opts[got[0]] != "bet tea 5+ double" {
		t.Errorf("legal tea 5+ d: %v", got)
	}
	if got := Filter(opts, []string{"x"}); got != nil {
		t.Errorf("legal x: %v", got)
	}
	listed := Options(opts, tea, Style{Width: 80})
	if len(listed) != 16 || listed[0] != "  34. bet tea 1-" {
		t.Errorf("legal tea lists %q", listed)
	}
}

func TestRules(t *testing.T) {
	base := "# Game\n\nSummary line.\n\n## Setup\n\nDeal.\n\n## The cards\n\nCards.\n\n### S1 Single\nOne.\n\n### S2 Double\nTwo.\n"
	variant := "# Game (variant)\n\nA variant.\n\n### S2 Triple\nThree.\n\n## Extra\nMore.\n"
	r := ParseRules(base, variant)
	if r.Title != "Game (variant)" || strings.Join(r.Summary, "|") != "Summary line.||A variant." {
		t.Errorf("title %q, summary %q", r.Title, r.Summary)
	}
	if got := strings.Join(r.Topics(), "|"); got != "Setup|The cards|Extra" {
		t.Errorf("topics %q", got)
	}
	tests := []struct{ topic, want string }{
		{"setup", "Setup"},
		{"S2", "S2 Triple"},
		{"s1", "S1 Single"},
		{"cards", "The cards|S1 Single|S2 Triple"},
		{"nothing", ""},
	}
	for _, tt := range tests {
		var titles []string
		for _, s := range r.Find(tt.topic) {
			titles = append(titles, s.Title)
		}
		if got := strings.Join(titles, "|"); got != tt.want {
			t.Errorf("Find(%q) = %q, want %q", tt.topic, got, tt.want)
		}
	}
}

func TestMarkdown(t *testing.T) {
	st := Style{Width: 30, Profile: termenv.Ascii}
	got := st.Markdown([]string{"A paragraph that is long enough", "to wrap.", "", "- an item that wraps onto", "  a second line", "| a | table |"})
	want := []string{"A paragraph that is long", "enough to wrap.", "", "- an item that wraps onto a", "  second line", "| a | table |"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Markdown:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestPickWindow(t *testing.T) {
	tests := []struct {
		focus          []int
		total, k, want int
	}{
		{nil, 25, 10, 8},
		{[]int{1}, 25, 10, 1},
		{[]int{25}, 25, 10, 16},
		{[]int{10, 14}, 25, 10, 8},
		{[]int{2, 24}, 25, 10, 9},
	}
	for _, tt := range tests {
		if got := pickWindow(tt.focus, tt.total, tt.k); got != tt.want {
			t.Errorf("pickWindow(%v, %d, %d) = %d, want %d", tt.focus, tt.total, tt.k, got, tt.want)
		}
	}
}

// A turn with a tall board, many notes and many events still fits.
func TestScreenFits(t *testing.T) {
	seats := []interp.Seat{{Label: "Ann", Name: "ann", GameLabel: "North"}, {Label: "East", GameLabel: "East"}}
	var mapRows []string
	for i := 0; i <= 25; i++ {
		mapRows = append(mapRows, fmt.Sprintf("%3d %s", i, strings.Repeat(". ", 24)))
	}
	v := &interp.View{
		Seat: 1, Title: "Game", Seats: seats,
		Notes:  []interp.Note{{Key: "a", Text: strings.Repeat("a note that goes on ", 10)}},
		Zones:  []interp.ZoneView{{Name: "hand", Label: "Ann's hand", Owner: 1, Count: 2, Cards: []*interp.Card{{Label: "A♠"}, {Label: "K♠"}}}},
		Extras: []interp.ExtraView{{Name: "board", Title: "Board", Lines: mapRows, Map: mapRows, Side: []string{"Tokens"}, Focus: []int{20}}},
	}
	var events []Event
	for i := 0; i < 40; i++ {
		events = append(events, Event{Text: fmt.Sprintf("event %d", i)})
	}
	p := &interp.Prompt{Seat: 1, Hint: "your lead", Options: []string{"play AS", "play KS"}}
	for _, h := range []int{24, 40, 60} {
		lines := Screen(Turn{View: v, Prompt: p, Events: events}, h, Style{Width: 80, Profile: termenv.Ascii})
		text := strings.Join(lines, "\n")
		switch {
		case len(lines) > h-1:
			t.Errorf("height %d: %d lines:\n%s", h, len(lines), text)
		case !strings.Contains(text, "Game — Ann (North)"), !strings.Contains(text, "Ann's hand: A♠ K♠"),
			!strings.Contains(text, "event 39"), !strings.Contains(lines[len(lines)-1], "play KS"):
			t.Errorf("height %d: something is missing:\n%s", h, text)
		case !strings.Contains(text, " 20 . ."):
			t.Errorf("height %d: the focus row is not in sight:\n%s", h, text)
		}
		for _, l := range lines {
			if ansi.StringWidth(l) > 80 {
				t.Errorf("height %d: line wider than 80: %q", h, l)
			}
		}
	}
}

// The events that concern the seat stay on its screen however many came
// after them: the line told to it, then those that name it; the others
// fill what is left, the latest first, and a line says how many the log
// holds besides.
func TestScreenKeepsWhatConcernsTheSeat(t *testing.T) {
	v := &interp.View{Seat: 1, Title: "Game", Seats: []interp.Seat{{Label: "Ann"}, {Label: "Bob"}}}
	p := &interp.Prompt{Seat: 1, Options: []string{"go"}}
	events := []Event{
		{Text: "Ann suggests the Rope in the Refectory", For: Named},
		{Text: "Bob shows you [Refectory]", For: Told},
		{Text: "Votes: Ann yes (2), Bob no (1). Yes 2, no 1: adopted", For: Named},
	}
	for i := 0; i < 30; i++ {
		events = append(events, Event{Text: fmt.Sprintf("Bob moves to square %d", i)})
	}
	for _, h := range []int{12, 24} {
		lines := Screen(Turn{View: v, Prompt: p, Events: events}, h, Style{Width: 80, Profile: termenv.Ascii})
		text := strings.Join(lines, "\n")
		if len(lines) > h-1 {
			t.Errorf("height %d: %d lines", h, len(lines))
		}
		for _, want := range []string{"Bob shows you [Refectory]", "Votes: Ann yes", "Ann suggests", "Bob moves to square 29", "… "} {
			if !strings.Contains(text, want) {
				t.Errorf("height %d: %q is not on the screen:\n%s", h, want, text)
			}
		}
		if strings.Index(text, "Bob shows you") > strings.Index(text, "Votes:") || strings.Index(text, "Votes:") > strings.Index(text, "square 29") {
			t.Errorf("height %d: the events are out of order:\n%s", h, text)
		}
	}
	// at 6 lines, room for two: what was told to the seat, then the last
	// line naming it
	lines := Screen(Turn{View: v, Prompt: p, Events: events}, 6, Style{Width: 80, Profile: termenv.Ascii})
	if text := strings.Join(lines, "\n"); !strings.Contains(text, "Bob shows you") || !strings.Contains(text, "Votes:") || !strings.Contains(text, "… 31 more (log shows them)") {
		t.Errorf("height 6:\n%s", text)
	}
}

// The view of a seat at a narrow terminal: a score pad's rows are cut to
// the width, never broken across lines (their numbers stay in their
// columns); the moves of the seat's decision are each kept whole.
func TestViewKeepsTablesAndMovesWhole(t *testing.T) {
	seats := []interp.Seat{{Label: "Player 1"}, {Label: "Player 2"}, {Label: "Player 3"}, {Label: "Player 4"}, {Label: "Player 5"}}
	pad := &interp.Pad{Label: "Score pad", Shown: true, Rows: []interp.PadRow{{Label: "R1 prediction", Scores: []int{0, 15, 15, 0, 0, 15}, Note: "Own Place: 15 Points"}}, Totals: []int{0, 15, 15, 0, 0, 15}}
	opts := []string{"take 2 white", "take 1 white 1 purple", "take 1 white 1 yellow", "take 2 purple", "take 1 purple 1 green"}
	v := &interp.View{Seat: 1, Turn: 1, Title: "Game", Seats: seats, Pads: []*interp.Pad{pad}, Options: opts, Hint: "you get 2 chips"}
	st := Style{Width: 50, Profile: termenv.Ascii}
	lines := View(v, st)
	text := strings.Join(lines, "\n")
	for _, l := range lines {
		if ansi.StringWidth(l) > 50 {
			t.Errorf("wider than 50: %q", l)
		}
	}
	row := lineStarting(lines, "R1 prediction")
	if !strings.HasSuffix(row, "…") || !strings.Contains(row, "      15       15        0") {
		t.Errorf("the pad's row: %q\n%s", row, text)
	}
	for _, o := range opts {
		whole := false
		for _, l := range lines {
			whole = whole || strings.Contains(l, o)
		}
		if !whole {
			t.Errorf("%q is broken across lines:\n%s", o, text)
		}
	}
}

func lineStarting(lines []string, prefix string) string {
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			return l
		}
	}
	return ""
}
