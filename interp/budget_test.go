package interp

import (
	"strings"
	"testing"
)

// budgetMatch starts a match of src under limits lim.
func budgetMatch(t *testing.T, src string, lim Limits, modes ...Mode) *Match {
	t.Helper()
	e, err := LoadSource("budget.lua", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	e.Limits = lim
	m, err := e.NewMatch(Config{Players: 2, Seed: 1}, modes...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Close)
	return m
}

// playOn answers the first option until the game stops (at most n
// decisions) and returns how many it made and the error that stopped it.
func playOn(m *Match, n int) (int, error) {
	for i := 0; i < n; i++ {
		if m.Prompt() == nil {
			return i, m.Err()
		}
		if err := m.Step(0); err != nil {
			return i, err
		}
	}
	return n, nil
}

// busyGame spends about 90,000 instructions a decision, under a step
// budget of 100,000.
const busyGame = `local Game = { title = "Busy", players = { 2, 2 } }
function Game.play(t)
  while true do
    t:ask(1, { "a", "b" })
    for i = 1, 90000 do end
  end
end
return Game`

// TestAGameHasATotalBudget: steps that each stay under their budget are
// stopped once the game has spent its total, at the same decision in a
// game, its replay and its silent copy, with the game's line.
func TestAGameHasATotalBudget(t *testing.T) {
	lim := DefaultLimits
	lim.StepInstructions, lim.TotalInstructions = 100_000, 1_000_000
	var stops []int
	for _, modes := range [][]Mode{nil, {Silent}} {
		m := budgetMatch(t, busyGame, lim, modes...)
		n, err := playOn(m, 1000)
		if err == nil || !strings.Contains(err.Error(), "budget.lua:5:") || !strings.Contains(err.Error(), "ran 1 million instructions in this game") {
			t.Fatalf("after %d decisions: got %v, want budget.lua:5: and the game's budget named", n, err)
		}
		stops = append(stops, n)
	}
	if stops[0] != stops[1] || stops[0] != 11 {
		t.Errorf("stopped after %v decisions, want 11 in the game and in its silent copy", stops)
	}
}

// TestAForkCarriesTheGamesTotal: a fork has spent what its match spent,
// and stops where the match would.
func TestAForkCarriesTheGamesTotal(t *testing.T) {
	lim := DefaultLimits
	lim.StepInstructions, lim.TotalInstructions = 100_000, 1_000_000
	m := budgetMatch(t, busyGame, lim)
	if n, err := playOn(m, 5); err != nil || n != 5 {
		t.Fatal(n, err)
	}
	f, err := m.Fork()
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if f.Spent() != m.Spent() {
		t.Errorf("the fork spent %d, its match %d", f.Spent(), m.Spent())
	}
	if n, err := playOn(f, 1000); n != 6 || err == nil {
		t.Errorf("the fork stopped after 5 + %d decisions (%v), want 5 + 6", n, err)
	}
}

// TestTheLogIsBounded: a step that logs until a budget stops it leaves at
// most StepLog of text behind, and a game at most TotalLog; a silent copy
// is stopped at the same line.
func TestTheLogIsBounded(t *testing.T) {
	for _, c := range []struct {
		name, src, want string
		least, most     int // the bytes of text left in the log
	}{
		{"in a step", `local Game = { title = "Flood", players = { 2, 2 } }
function Game.play(t)
  t:ask(1, { "go" })
  local i = 0
  while true do i = i + 1; t:log("line %d of the flood", i) end
end
return Game`, "wrote more than 64 KiB to the log in one step", 32 << 10, 64 << 10},
		{"in a game", `local Game = { title = "Flood", players = { 2, 2 } }
function Game.play(t)
  while true do
    t:ask(1, { "go" })
    for i = 1, 200 do t:event("all", { i = i }, "a line of the flood") end
  end
end
return Game`, "wrote more than 256 KiB to the log in this game", 16 << 10, 256 << 10},
	} {
		t.Run(c.name, func(t *testing.T) {
			lim := DefaultLimits
			lim.StepLog, lim.TotalLog = 64<<10, 256<<10
			m := budgetMatch(t, c.src, lim)
			_, err := playOn(m, 1000)
			if err == nil || !strings.Contains(err.Error(), "budget.lua:5:") || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want budget.lua:5: and %q", err, c.want)
			}
			size := 0
			for _, l := range m.Log() {
				size += len(l.Text)
			}
			if size > c.most || size < c.least {
				t.Errorf("the log holds %d bytes of text, want %d to %d", size, c.least, c.most)
			}
			silent := budgetMatch(t, c.src, lim, Silent)
			_, serr := playOn(silent, 1000)
			if serr == nil || serr.Error() != err.Error() {
				t.Errorf("the silent copy stopped with %v, the game with %v", serr, err)
			}
		})
	}
}

// TestDrawingHasABudget: a note that costs nearly a step's budget each
// time it is drawn fails to draw once the game's drawings have spent
// theirs, with a message that says so; the game itself goes on, and
// counts what drawing spent.
func TestDrawingHasABudget(t *testing.T) {
	src := `local Game = { title = "Heavy note", players = { 2, 2 } }
function Game.play(t)
  t:note("heavy", function(seat)
    local x = 0
    for i = 1, 90000 do x = x + 1 end
    return "x = " .. x
  end)
  for i = 1, 100 do t:ask(1, { "a", "b" }) end
end
return Game`
	lim := DefaultLimits
	lim.StepInstructions, lim.DrawInstructions = 1_000_000, 2_000_000
	m := budgetMatch(t, src, lim)
	drawn := 0
	var err error
	for ; drawn < 100 && err == nil; drawn++ {
		err = m.CheckDrawingFor(drawn % 3)
		if serr := m.Step(0); serr != nil {
			t.Fatal(serr)
		}
	}
	if err == nil || !strings.Contains(err.Error(), "budget.lua:5:") || !strings.Contains(err.Error(), "2 million instructions drawing this game's notes and sidebars and running its tools") {
		t.Fatalf("after %d drawings: got %v", drawn, err)
	}
	if drawn < 5 || drawn > 15 {
		t.Errorf("drawing failed at the %d-th drawing, want about the 11th", drawn)
	}
	if text := m.View(1).Notes[0].Text; !strings.Contains(text, "cannot draw this") {
		t.Errorf("the note reads %q once its budget is spent", text)
	}
	if m.Spent() < StartCost+2_000_000 {
		t.Errorf("the match spent %d, which leaves out its drawings", m.Spent())
	}
}

// TestDeepDataIsNotForked: a match whose data nests deeper than a fork
// copies is refused by Fork with the reason (its driver replays it
// instead), quickly; data as deep as Fork copies forks.
func TestDeepDataIsNotForked(t *testing.T) {
	src := `local Game = { title = "Deep", players = { 2, 2 } }
function Game.play(t)
  local deck = t:zone { name = "deck" }
  local f = {}
  local cur = f
  for i = 1, DEPTH do local n = {}; cur[1] = n; cur = n end
  t:cards({ { name = "A", deep = f } }, deck)
  for i = 1, 10 do t:ask(1, { "a", "b" }) end
end
return Game`
	for _, c := range []struct {
		depth string
		ok    bool
	}{{"900", true}, {"40000", false}} {
		m := budgetMatch(t, strings.Replace(src, "DEPTH", c.depth, 1), DefaultLimits)
		f, err := m.Fork()
		if c.ok {
			if err != nil {
				t.Errorf("depth %s: %v", c.depth, err)
			} else {
				f.Close()
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), "nested more than 1000 deep") {
			t.Errorf("depth %s: got %v, want the depth named", c.depth, err)
		}
		if cp, err := m.Copy(); err != nil {
			t.Errorf("depth %s: the copy by replay failed: %v", c.depth, err)
		} else {
			cp.Close()
		}
	}
}

// TestABotPaysForItsView: a bot's view mirrors the game, and the engine
// remakes what changed in it at every decision; a game whose pad grows by
// two thousand rows a decision makes each remade view costlier and larger,
// and the bot pays for it, in instructions and in what it keeps, so that
// it stays within its budgets (before, a bot's view was made for free and
// not counted, however large the game grew).
func TestABotPaysForItsView(t *testing.T) {
	src := `local Game = { title = "Rows", players = { 2, 2 } }
function Game.play(t)
  local pad = t:pad { name = "p" }
  while true do
    for i = 1, 2000 do pad:add("r", { 1, 0 }) end
    t:ask(1, { "a", "b" })
  end
end
Game.bots = { first = function(view) return 1 end }
return Game`
	lim := DefaultLimits
	lim.StepInstructions = 100_000
	var stops []int
	for run := 0; run < 2; run++ {
		m := budgetMatch(t, src, lim)
		b, err := m.Engine.NewBot("first", 1, 1)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for ; n < 100; n++ {
			i, err := b.Choose(m)
			if err != nil {
				if !strings.HasPrefix(err.Error(), "bot first: budget.lua: making the view of the game: the script ") {
					t.Errorf("got %v, want the bot's view named with the budget it spent", err)
				}
				break
			}
			if err := m.Step(i); err != nil {
				t.Fatal(err)
			}
		}
		b.Close()
		if n == 100 {
			t.Fatal("a hundred views of a pad growing by 2000 rows a decision cost the bot nothing")
		}
		stops = append(stops, n)
	}
	if stops[0] != stops[1] {
		t.Errorf("the bot stopped at decision %d, then %d", stops[0], stops[1])
	}
}

// busyBot's bot spends about 90,000 instructions a decision in a game of
// five decisions (or endless).
const busyBot = `local Game = { title = "Busy bot", players = { 2, 2 }, bots = { "busy" } }
function Game.play(t)
  local n = 0
  while t.options.endless or n < 5 do
    n = n + 1
    t:ask(1, { "a", "b" })
  end
  return { winners = { 1 }, scores = { 1, 0 } }
end
Game.options = { endless = { default = false } }
Game.bots = {}
function Game.bots.busy(view, options)
  for i = 1, 90000 do end
  return 1
end
return Game`

// TestABotHasABudgetPerGame: a bot that plays game after game (a search
// bot's rollouts) gets the budget of a whole game for each, and is still
// stopped by it within one game.
func TestABotHasABudgetPerGame(t *testing.T) {
	lim := DefaultLimits
	lim.StepInstructions, lim.TotalInstructions = 100_000, 1_000_000
	e, err := LoadSource("busy.lua", []byte(busyBot), nil)
	if err != nil {
		t.Fatal(err)
	}
	e.Limits = lim
	bot, err := e.NewBot("busy", 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer bot.Close()
	play := func(cfg Config) (int, error) {
		m, err := e.NewMatch(cfg)
		if err != nil {
			t.Fatal(err)
		}
		defer m.Close()
		n := 0
		for ; m.Prompt() != nil; n++ {
			i, err := bot.Choose(m)
			if err != nil {
				return n, err
			}
			if err := m.Step(i); err != nil {
				t.Fatal(err)
			}
		}
		return n, nil
	}
	for g := 1; g <= 6; g++ {
		if n, err := play(Config{Players: 2, Seed: uint64(g)}); err != nil {
			t.Fatalf("game %d, after %d decisions: %v (each game spends half the budget)", g, n, err)
		}
	}
	n, err := play(Config{Players: 2, Seed: 7, Options: map[string]string{"endless": "true"}})
	if err == nil || !strings.Contains(err.Error(), "1 million instructions in this game") || n != 11 {
		t.Errorf("an endless game stopped the bot after %d decisions with %v, want 11 and the game's budget", n, err)
	}
}
