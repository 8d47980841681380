package interp

import (
	"fmt"
	"strings"
	"testing"
)

// snoop is a game whose bot tries to read what its seat may not see: the
// module-level table the game keeps its secret in, other seats' hands, and
// the engine through globals.
const snoop = `
local secret = {}              -- bad practice: state outside the engine
local G = { title = "Snoop", players = {2, 2} }
function G.play(t)
  local deck = t:zone { name = "deck" }
  local hands = {
    t:zone { name = "hand", owner = 1, visibility = "owner" },
    t:zone { name = "hand", owner = 2, visibility = "owner" },
  }
  t:cards({ { name = "A" }, { name = "B" }, { name = "C" }, { name = "D" } }, deck)
  deck:shuffle()
  deck:deal(hands[1], 2)
  deck:deal(hands[2], 2)
  for _, c in ipairs(hands[2]:cards()) do secret[#secret + 1] = c.name end
  local answer = t:ask(1, { "guess", "pass" })
  return { winners = { answer == "guess" and 1 or 2 } }
end
G.bots = {
  snoop = function(view, options, seat)
    local found = {}
    for _, n in ipairs(secret) do found[#found + 1] = "secret:" .. n end
    for _, c in ipairs(view.seats[2].hand.cards) do found[#found + 1] = "hand2:" .. c.name end
    for _, z in ipairs(view.zones) do
      if z.owner ~= seat then
        for _, c in ipairs(z.cards) do found[#found + 1] = z.label .. ":" .. c.name end
      end
    end
    if rawget(_G, "t") or rawget(_G, "G") or debug or io or os then found[#found + 1] = "engine" end
    if #view.mine.hand.cards ~= 2 then found[#found + 1] = "own hand missing" end
    if view.seats[2].hand.count ~= 2 then found[#found + 1] = "count missing" end
    if #found > 0 then error("the bot read: " .. table.concat(found, ", ")) end
    return "pass"
  end,
}
return G
`

func TestBotSeesOnlyItsView(t *testing.T) {
	e, m := startMatch(t, "snoop.lua", snoop, Config{Players: 2, Seed: 3})
	b, err := e.NewBot("snoop", 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	i, err := b.Choose(m)
	if err != nil {
		t.Fatalf("the bot got more than its view: %v", err)
	}
	if m.Prompt().Options[i] != "pass" {
		t.Errorf("the bot chose %q", m.Prompt().Options[i])
	}
}

func TestBotErrorsAreClear(t *testing.T) {
	e, m := startMatch(t, "bad.lua", strings.Replace(snoop, `return "pass"`, `return 7`, 1), Config{Players: 2})
	if _, err := e.NewBot("nobody", 1, 1); err == nil || !strings.Contains(err.Error(), "no bot called") {
		t.Errorf("unknown bot: %v", err)
	}
	b, _ := e.NewBot("snoop", 1, 1)
	defer b.Close()
	if _, err := b.Choose(m); err == nil || !strings.Contains(err.Error(), "not one of the 2 legal options") {
		t.Errorf("bad answer: %v", err)
	}
}

// TestBotShortlist: a bot may return, after its choice, the options it
// rates next (indices or texts); Shortlist gives them as 0-based indices
// until the next decision. A list that names something else is refused
// with the line of the bot's function, and so is one that names an
// option twice or is not a list.
func TestBotShortlist(t *testing.T) {
	for _, c := range []struct {
		ret  string
		want string // the shortlist, or the error's text
	}{
		{`"pass", { 1 }`, "[0]"},
		{`2, { "guess" }`, "[0]"},
		{`"pass", {}`, "[]"},
		{`"pass"`, "none"},
		{`"pass", { 3 }`, `bad.lua:19: bot snoop returned a shortlist whose entry 1, 3, is not one of the 2 legal options`},
		{`"pass", { "fold" }`, "whose entry 1, fold, is not one of"},
		{`"pass", { 1, "guess" }`, "that names option 1 twice"},
		{`"pass", "guess"`, "that is guess, not a list of options"},
	} {
		_, m := startMatch(t, "bad.lua", strings.Replace(snoop, `return "pass"`, "return "+c.ret, 1), Config{Players: 2, Seed: 3})
		e := m.Engine
		b, err := e.NewBot("snoop", 1, 1)
		if err != nil {
			t.Fatal(err)
		}
		_, err = b.Choose(m)
		got := ""
		if err != nil {
			got = err.Error()
		} else {
			got = fmt.Sprint(b.(Shortlister).Shortlist())
			if b.(Shortlister).Shortlist() == nil {
				got = "none" // no list, told from an empty one
			}
		}
		if !strings.Contains(got, c.want) {
			t.Errorf("return %s: got %s, want %s", c.ret, got, c.want)
		}
		b.Close()
		m.Close()
	}
}
