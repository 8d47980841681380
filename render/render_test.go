package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/tabletop/tabletop/interp"
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

func TestOptionsGrouped(t *testing.T) {
	opts := membersOptions()
	st := Style{Width: 80, Profile: termenv.Ascii}
	got := Options(opts, nil, st)
	want := []string{
		"       1.  pass",
		"    2-17.  bet umbrella: 1-  2-  3-  4-  5+  6+  7+  8+  [double]",
		"   18-33.  bet newspaper: 1-  2-  3-  4-  5+  6+  7+  8+  [double]",
		"   34-49.  bet tea: 1-  2-  3-  4-  5+  6+  7+  8+  [double]",
		"   50-65.  bet bigben: 1-  2-  3-  4-  5+  6+  7+  8+  [double]",
		"   66-81.  bet hat: 1-  2-  3-  4-  5+  6+  7+  8+  [double]",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("grouped:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if plain := Options(opts, nil, Plain); len(plain) != 81 || plain[80] != "  81. bet hat 8+ double" {
		t.Errorf("a pipe gets every move on a line of its own: %d lines", len(plain))
	}
	few := Options([]string{"play 2C", "play 3C"}, nil, st)
	if strings.Join(few, "|") != "   1. play 2C|   2. play 3C" {
		t.Errorf("few: %q", few)
	}
}

// Moves of several words are kept whole when a group wraps.
func TestOptionsKeepMovesWhole(t *testing.T) {
	var opts []string
	for w := 7; w >= 0; w-- {
		for p := 7 - w; p >= 0; p-- {
			opts = append(opts, fmt.Sprintf("take %d white %d purple %d yellow", w, p, 7-w-p))
		}
	}
	st := Style{Width: 60, Profile: termenv.Ascii}
	legal := map[string]bool{}
	for _, o := range opts {
		legal[o] = true
	}
	key := ""
	for _, l := range Options(opts, nil, st) {
		body := strings.TrimSpace(l)
		if k, rest, ok := strings.Cut(body, ": "); ok && !strings.HasPrefix(l, "             ") {
			key, body = k[strings.Index(k, "  ")+2:], rest
		}
		for _, item := range strings.Split(body, " · ") {
			move := key + " " + strings.ReplaceAll(strings.TrimSuffix(strings.TrimSpace(item), " ·"), "\u00a0", " ")
			if item != "" && !legal[move] {
				t.Errorf("%q is not a move (split across lines?) in %q", move, l)
			}
		}
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
	var events []string
	for i := 0; i < 40; i++ {
		events = append(events, fmt.Sprintf("event %d", i))
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
