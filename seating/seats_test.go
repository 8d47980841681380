package seating

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/stdlib"
)

// withargs is a bot kind that takes arguments. It is Local, which keeps
// it out of BotNames (the other tests list a game's bots), so the test's
// engine allows it.
func init() {
	interp.RegisterBotKind("withargs", interp.BotKind{
		New: func(e *interp.Engine, args string, seat int, seed uint64) (interp.Bot, error) {
			return interp.NewRandomBot(seed), nil
		},
		Local: true,
	})
}

// A bot's arguments may hold "=" (bot:search:guide=none, bot:exec:time=2s:...):
// the seat is the bot's, not a person called "bot:withargs:k".
func TestBotArgumentsWithEquals(t *testing.T) {
	eng := load(t, "testdata/duel.lua")
	eng.AllowPrograms()
	seats, err := Parse(eng, []string{"me", "bot:withargs:k=v", "ann=bot:withargs:a=b:c=d"})
	if err != nil {
		t.Fatal(err)
	}
	if seats[1].Human || seats[1].Bot != "withargs:k=v" || seats[1].Name != "" {
		t.Errorf("seat 2: %+v", seats[1])
	}
	if seats[2].Human || seats[2].Bot != "withargs:a=b:c=d" || seats[2].Name != "ann" {
		t.Errorf("seat 3: %+v", seats[2])
	}
	if got := strings.Join(Names(seats), ","); got != ",,ann" {
		t.Errorf("Names = %q", got)
	}
	if got := strings.Join(Specs(seats), ","); got != "me,bot:withargs:k=v,ann=bot:withargs:a=b:c=d" {
		t.Errorf("specs = %s", got)
	}
}

// Specs gives back what Parse read, and a saved game without seats is
// one person and bots.
func TestRoundTripAndRecord(t *testing.T) {
	eng := load(t, "testdata/duel.lua")
	for _, specs := range [][]string{
		{"me", "bot"},
		{"ann", "bob", "bot:ones", "robo=bot"},
		{"Ann", "bot:random", "bea=bot:ones"},
	} {
		seats, err := Parse(eng, specs)
		if err != nil {
			t.Fatal(err)
		}
		if got := Specs(seats); strings.Join(got, ",") != strings.Join(specs, ",") {
			t.Errorf("Specs(Parse(%q)) = %q", specs, got)
		}
	}
	for _, tc := range []struct {
		rec  interp.Record
		want string
	}{
		{interp.Record{Players: 3}, "me,bot,bot"},
		{interp.Record{Players: 2, Seats: []string{"ann", "bot:ones"}}, "ann,bot:ones"},
	} {
		seats, err := FromRecord(eng, &tc.rec)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(Specs(seats), ","); got != tc.want {
			t.Errorf("FromRecord(%+v) = %s, want %s", tc.rec, got, tc.want)
		}
	}
	if _, err := FromRecord(eng, &interp.Record{Players: 2, Seats: []string{"ann", "bot:nosuch"}}); err == nil {
		t.Error("FromRecord accepted a bot the game lacks")
	}
}

// People share the table from the start when two or more play.
func TestSharedFrom(t *testing.T) {
	for _, tc := range []struct {
		seats []Seat
		want  int
	}{
		{[]Seat{{Human: true}, {Bot: "ones"}}, 0},
		{[]Seat{{Bot: "ones"}, {Bot: ""}}, 0},
		{[]Seat{{Human: true, Name: "ann"}, {Bot: "ones"}, {Human: true, Name: "bob"}}, 1},
	} {
		if got := SharedFrom(tc.seats); got != tc.want {
			t.Errorf("SharedFrom(%+v) = %d, want %d", tc.seats, got, tc.want)
		}
	}
}

func load(t *testing.T, path string) *interp.Engine {
	t.Helper()
	eng, err := interp.Load(path, stdlib.FS())
	if err != nil {
		t.Fatal(err)
	}
	return eng
}
