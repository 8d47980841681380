package render

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/table"
)

// viewFixture is a seat's view with one of each thing a view may hold.
func viewFixture() *interp.View {
	seats := []interp.Seat{{Label: "Ann"}, {Label: "Bob"}, {Label: "Cy"}}
	chips := table.NewPool(1, "chips", "Chips", []string{"red", "blue"}, map[string]int{"red": 9, "blue": 4})
	for _, h := range []string{"used", table.SeatHolder(3), "pot", table.SeatHolder(1)} {
		chips.Shift(chips.Supply, chips.Holding(h), "red", 2)
	}
	chips.Holding(table.SeatHolder(2)) // holds nothing: not listed
	tiles := table.NewPool(2, "tiles", "Tiles", []string{"tiles"}, map[string]int{"tiles": 3})
	tiles.Shift(tiles.Supply, tiles.Holding(table.SeatHolder(2)), "tiles", 3)
	hidden := table.NewPool(3, "secret", "Secret pool", []string{"x"}, map[string]int{"x": 1})
	hidden.Shown = false
	fame := &interp.Track{Label: "Fame", Markers: []int{0, 3, 1, 4}, Shown: true}
	secretTrack := &interp.Track{Label: "Secret", Markers: []int{0, 0, 0, 0}}
	pad := &interp.Pad{Label: "Score", Shown: true, Rows: []interp.PadRow{{Label: "Round 1", Scores: []int{0, 5, -2, 10}, Note: "a note"}}, Totals: []int{0, 5, -2, 10}}
	book := &interp.Pad{Label: "Book", Totals: []int{0, 0, 0, 0}}
	return &interp.View{
		Seat: 1, Title: "Game", Seats: seats, Turn: 2,
		Notes: []interp.Note{{Key: "trick", Text: "Trick: Bob 7♣"}},
		Zones: []interp.ZoneView{
			{Name: "hand", Label: "Ann's hand", Owner: 1, Count: 2, Cards: []*interp.Card{{Label: "A♠"}, {Label: "K♠"}}},
			{Name: "hand", Label: "Bob's hand", Owner: 2, Count: 3, Cards: []*interp.Card{{Label: "Q♥"}}},
			{Name: "hand", Label: "Cy's hand", Owner: 3, Count: 1},
			{Name: "tricks", Label: "Ann's tricks", Owner: 1},
			{Name: "tricks", Label: "Bob's tricks", Owner: 2},
			{Name: "trick", Label: "The trick", Count: 1, Cards: []*interp.Card{{Label: "7♣"}}},
			{Name: "deck", Label: "The deck", Count: 30},
		},
		Dice: []interp.DiceView{
			{Label: "Ann's cup", Owner: 1, Sides: 6, Faces: []int{3, 5}},
			{Label: "Bob's cup", Owner: 2, Sides: 6, Faces: []int{0, 2, 0}},
			{Label: "Cy's cup", Owner: 3, Sides: 6},
		},
		Pools:  []*interp.Pool{chips, tiles, hidden},
		Tracks: []*interp.Track{fame, secretTrack},
		Pads:   []*interp.Pad{pad, book},
		Extras: []interp.ExtraView{{Title: "Board", Lines: []string{"a b", "c d"}}, {Lines: []string{"untitled"}}},
	}
}

// The view command's text of a seat: its notes, the zones it may see (a
// note standing for a table's zone of its name), pools with their holders
// in order, tracks, pads, boards, and whose decision it is — nothing that
// is not shown.
func TestViewText(t *testing.T) {
	v := viewFixture()
	want := `== Game — the view of Ann ==
Trick: Bob 7♣
Ann's hand: A♠ K♠
Bob's hand: 3 cards (you know Q♥)
Cy's hand: 1 card
Ann's tricks: (empty)
The deck: 30 cards
Ann's cup: [3] [5]
Bob's cup: [?] [2] [?]
Cy's cup: (no dice)
Chips — supply: red 1, blue 4
  Ann: red 2, blue 0
  Cy: red 2, blue 0
  pot: red 2, blue 0
  used: red 2, blue 0
Tiles: tiles 3
Fame track: Ann 3 Bob 1 Cy 4
Score
           Ann   Bob    Cy
Round 1      5    -2    10  a note
total        5    -2    10
Board
a b
c d
untitled
Waiting for Bob.`
	if got := strings.Join(View(v, Plain), "\n"); got != want {
		t.Errorf("the view:\n%s\n--- want:\n%s", got, want)
	}

	v.Seat, v.Turn, v.Hint = 0, 0, ""
	if got := View(v, Plain); got[0] != "== Game — the view of spectator ==" || strings.Contains(got[len(got)-1], "Waiting") {
		t.Errorf("a spectator's view, nobody to act:\n%s", strings.Join(got, "\n"))
	}

	v.Seat, v.Turn, v.Hint, v.Options = 2, 2, "your lead", []string{"play Q♥", "pass"}
	if got := View(v, Plain); got[len(got)-1] != "Your decision (your lead): play Q♥ | pass" {
		t.Errorf("the decision: %q", got[len(got)-1])
	}
	v.Options = strings.Fields(strings.Repeat("x ", 13))
	if got := View(v, Plain); got[len(got)-1] != "Your decision (your lead): 13 legal moves (legal lists them)" {
		t.Errorf("many moves: %q", got[len(got)-1])
	}

	v.Done, v.Result = true, interp.Result{Winners: []int{1, 3}, Scores: []float64{0, 10, 2.5, 10}}
	if got := View(v, Plain); got[len(got)-1] != "Game over: Ann and Cy share the win. Scores: Ann 10 Bob 2.5 Cy 10" {
		t.Errorf("the result: %q", got[len(got)-1])
	}
}

// Result names the winners and the scores; whole numbers without a
// decimal point.
func TestResult(t *testing.T) {
	seats := []interp.Seat{{Label: "Ann"}, {Label: "Bob"}}
	for _, c := range []struct {
		r    interp.Result
		want string
	}{
		{interp.Result{Scores: []float64{0, 1, 1}}, "Game over: nobody wins. Scores: Ann 1 Bob 1"},
		{interp.Result{Winners: []int{2}, Scores: []float64{0, -3, 1e6}}, "Game over: Bob wins. Scores: Ann -3 Bob 1000000"},
		{interp.Result{Winners: []int{1, 2}, Scores: []float64{0, 0.5, 0.5}}, "Game over: Ann and Bob share the win. Scores: Ann 0.5 Bob 0.5"},
	} {
		if got := Result(c.r, seats); got != c.want {
			t.Errorf("Result = %q, want %q", got, c.want)
		}
	}
}

// A pool's holders are named as the table says who they are: a seat by
// its label, a place by its name — one that starts with a number too.
// The view lists the seats first, then the places by name; the screen's
// line keeps the order they first got pieces in.
func TestPoolHolders(t *testing.T) {
	seats := []interp.Seat{{Label: "Ann"}, {Label: "Bob"}, {Label: "Cy"}}
	p := table.NewPool(1, "chips", "Chips", []string{"red"}, map[string]int{"red": 9})
	for _, h := range []string{"2nd row", table.SeatHolder(3), "pot", table.SeatHolder(1), table.SeatHolder(10)} {
		p.Shift(p.Supply, p.Holding(h), "red", 1)
	}
	want := `Chips — supply: red 4
  Ann: red 1
  Cy: red 1
  10: red 1
  2nd row: red 1
  pot: red 1
`
	if got := poolText(p, seats); got != want {
		t.Errorf("the view's pool:\n%s--- want:\n%s", got, want)
	}
	if got, want := poolLine(p, seats), "Chips: 2nd row 1 red · Cy 1 red · pot 1 red · Ann 1 red · 10 1 red · supply 4 red"; got != want {
		t.Errorf("the screen's pool: %q, want %q", got, want)
	}
}

// A transcript's turn: the table's cards (a note of a zone's name in its
// place), the seat's hand and its decision; others' cards are left out,
// and many moves are counted, not listed.
func TestTranscript(t *testing.T) {
	v := viewFixture()
	p := &interp.Prompt{Seat: 1, Hint: "your lead", Options: []string{"play A♠", "play K♠"}}
	want := []string{"Ann's hand: A♠ K♠", "Trick: Bob 7♣", "Ann, your move (your lead): play A♠ | play K♠"}
	if got := Transcript(v, p); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the turn:\n%s\n--- want:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	p.Hint, p.Options = "", strings.Fields(strings.Repeat("x ", 17))
	if got := Transcript(v, p); got[len(got)-1] != "Ann, your move: 17 legal moves (type legal to list them)" {
		t.Errorf("many moves: %q", got[len(got)-1])
	}
}
