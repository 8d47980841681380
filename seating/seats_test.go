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
	seats, err := ParseSeats(eng, []string{"me", "bot:withargs:k=v", "ann=bot:withargs:a=b:c=d"})
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

func load(t *testing.T, path string) *interp.Engine {
	t.Helper()
	eng, err := interp.Load(path, stdlib.FS())
	if err != nil {
		t.Fatal(err)
	}
	return eng
}
