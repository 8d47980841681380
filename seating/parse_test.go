package seating

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	eng := load(t, "testdata/duel.lua")
	seats, err := Parse(eng, []string{"ann", "bot", "bot:ones", "bot:random"})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(Specs(seats), ","); got != "ann,bot,bot:ones,bot:random" {
		t.Errorf("specs = %s", got)
	}
	seats, err = Parse(eng, []string{"me", "robo=bot:ones"})
	if err != nil || seats[1].Name != "robo" || seats[1].Bot != "ones" || seats[1].Human || strings.Join(Specs(seats), ",") != "me,robo=bot:ones" {
		t.Errorf("a named bot: %+v, %v", seats, err)
	}
	if got := strings.Join(Names(seats), ","); got != ",robo" {
		t.Errorf("Names = %q", got)
	}
	// an argument NAME=VALUE of a bot is not a seat's name
	if _, err := Parse(eng, []string{"me", "bot:nosuch:worlds=4"}); err == nil || !strings.Contains(err.Error(), "no bot called") {
		t.Errorf("bot:nosuch:worlds=4: %v", err)
	}
	for _, bad := range [][]string{{""}, {"bot:nosuch"}, {"ann", "Ann"}, {"ann bee"}, {"1ann"}, {"ann=human"}, {"bot=bot"}, {strings.Repeat("a", 17)}} {
		if _, err := Parse(eng, bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}
