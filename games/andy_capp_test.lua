-- Scenarios for andy_capp.lua: each card, each chain of answers and the end
-- of a round, on stacked decks. With four players North, East, South and
-- West, West deals the first round, so North is dealt first and plays first.
local Game = require "andy_capp"

-- A stacked stock: hands (seat 1 first, seven cards each) dealt one card at
-- a time, then the cards the players draw, top first, then beer cards
-- nobody needs (the copies the hands and draws left, sixes first), so no
-- stray Fight or Landlord is drawn.
local FILLER_ORDER = { 6, 5, 4, 3, 2, 1, 8, 7 }

local function deal(hands, draws)
  local order, used = {}, {}
  local function put(name)
    order[#order + 1] = name
    used[name] = (used[name] or 0) + 1
  end
  for i = 1, 7 do
    for s = 1, #hands do put(hands[s][i]) end
  end
  for _, n in ipairs(draws or {}) do put(n) end
  local filler = 0
  for _, v in ipairs(FILLER_ORDER) do
    local name = tostring(v)
    while (used[name] or 0) < 10 and filler < 24 do
      put(name)
      filler = filler + 1
    end
  end
  return { stock = { order } }
end

local function count(list, name)
  local n = 0
  for _, x in ipairs(list) do
    if x == name then n = n + 1 end
  end
  return n
end

local function has(list, x) return count(list, x) > 0 end

local function join(...)
  local out = {}
  for _, l in ipairs({ ... }) do
    for _, x in ipairs(l) do out[#out + 1] = x end
  end
  return out
end

scenario("the deck: 80 beer cards, ten of each value, and 30 action cards", function()
  local defs = Game.card_defs()
  expect_eq(#defs, 110)
  local by = {}
  for _, d in ipairs(defs) do by[d.name] = (by[d.name] or 0) + 1 end
  for v = 1, 8 do expect_eq(by[tostring(v)], 10, "value " .. v) end
  expect_eq({ by.Drink, by.Loan, by.Flo, by.Fight, by.Landlord }, { 10, 4, 6, 6, 4 })
  local g = game { players = 4 }
  expect_eq(#g:cards("stock"), 110 - 4 * 7, "seven cards each")
  expect_eq(#g:cards("hand", 1), 7)
  expect_log(g, "Round 1: West deals")
  expect_eq(g:turn(), 1, "the dealer's left neighbour plays first")
end)

scenario("trays: one card, equal values, or a series", function()
  expect_eq(Game.tray_shape({ 5 }), "single")
  expect_eq(Game.tray_shape({ 5, 5, 5 }), "set")
  expect_eq(Game.tray_shape({ 4, 2, 3 }), "run")
  expect_eq(Game.tray_shape({ 2, 3, 5 }), nil, "a gap")
  expect_eq(Game.tray_shape({ 2, 2, 3 }), nil, "mixed")
  -- Additions keep a set, or extend a series at the bottom, the top or both
  -- (the melds module's rule, with the game's eight values).
  local melds = require "melds"
  local top = Game.deck.beer_values
  local function extensions(base, counts, with_empty) return melds.extensions(base, counts, top, with_empty) end
  local counts = { 1, 1, 0, 1, 1, 1, 0, 0 } -- a 1, 2, 4, 5, 6 in hand
  expect_eq(extensions({ 3 }, counts, false), { { 4 }, { 4, 5 }, { 4, 5, 6 }, { 2 }, { 2, 4 }, { 2, 4, 5 }, { 2, 4, 5, 6 }, { 1, 2 }, { 1, 2, 4 }, { 1, 2, 4, 5 }, { 1, 2, 4, 5, 6 } })
  expect_eq(extensions({ 5, 5 }, counts, false), { { 5 } })
  expect_eq(extensions({ 2, 3 }, { 0, 1, 0, 0, 0, 0, 0, 0 }, false), {}, "a 2 would spoil the series")
  -- Two trays merged by Flo, with the gap filled from the hand.
  expect_eq(extensions({ 2, 3, 5, 6 }, { 0, 0, 0, 1, 0, 0, 1, 0 }, true), { { 4 }, { 4, 7 } })
  expect_eq(extensions({ 2, 3, 5, 6 }, { 0, 0, 0, 0, 0, 0, 1, 0 }, true), {}, "nothing fills the gap")
end)

scenario("a turn lays one tray, or adds to one tray, then the hand is made up to seven", function()
  local g = game { players = 4, stack = deal({
    { "1", "2", "3", "5", "5", "Drink", "Loan" },
    { "6", "6", "6", "7", "8", "Drink", "Drink" },
    { "4", "4", "4", "1", "1", "1", "2" },
    { "8", "8", "8", "7", "7", "7", "2" },
  }, { "4", "2", "2" }) }
  expect_eq(g:legal(), { "tray 1", "tray 1 2", "tray 1 2 3", "tray 2", "tray 2 3", "tray 3", "tray 5", "tray 5 5", "drink", "loan" },
    "every set and series in the hand, and the action cards")
  g:play("tray 1 2 3")
  expect_eq(g:cards("tray 1", 1), { "1", "2", "3" })
  expect_log(g, "North lays tray 1: 1 2 3")
  expect_eq(#g:cards("hand", 1), 7, "drew three")
  expect_log(g, "North draws 3 cards", 2)
  expect_eq(g:turn(), 2, "one tray a turn: East's turn")
  g:play("tray 6 6 6", "tray 4 4", "tray 7 7 7")
  -- North drew 4 2 2: a 4 extends the series, a 2 would spoil it, a 5 is too far.
  local legal = g:legal()
  expect(has(legal, "add 4 to 1") and has(legal, "add 4 5 to 1"), "the series grows at the top")
  expect(not has(legal, "add 2 to 1") and not has(legal, "add 5 to 1"), "no doubles, no gaps")
  expect(has(legal, "drink 1"))
  g:play("add 4 5 to 1")
  expect_eq(g:cards("tray 1", 1), { "1", "2", "3", "4", "5" })
  expect_log(g, "North adds 4 5 to tray 1: 1 2 3 4 5")
  -- A set grows by its own value only.
  expect_eq(g:turn(), 2)
  expect(has(g:legal(), "add 6 to 1") and not has(g:legal(), "add 7 to 1"), "East's 6 6 6 takes 6s only")
end)

scenario("Drink: the tray is turned over, its values hidden until the scoring", function()
  local g = game { players = 4, stack = deal({
    { "4", "5", "6", "Drink", "1", "1", "1" },
    { "2", "2", "2", "2", "2", "2", "2" },
    { "3", "3", "3", "3", "3", "3", "3" },
    { "7", "7", "7", "7", "7", "7", "7" },
  }) }
  g:play("tray 4 5 6", "tray 2", "tray 3", "tray 7")
  expect_eq(g:legal()[#g:legal()], "drink 1")
  g:play("drink 1")
  expect_log(g, "North drinks tray 1: 4 5 6")
  expect_eq(g:cards("tray 1", 1), {})
  expect_eq(#g:cards("drunk", 1), 3)
  for s = 1, 4 do
    local v = g:view(s)
    expect_eq(v.seats[1].drunk.count, 3)
    expect_eq(#v.seats[1].drunk.cards, 0, "face down, even for North")
    expect(v.seats[1]["tray 1"] == nil, "the empty tray is gone from the view")
  end
  expect(string.find(g:text(2), "North's drunk trays (3): 3 cards", 1, true), g:text(2))
  expect_eq(g:cards("discard"), { "Drink" }, "the discard pile shows its top card")
end)

scenario("Loan: one unseen card from each opponent; one of three resists with a Fight", function()
  local g = game { players = 4, stack = deal({
    { "Loan", "1", "1", "1", "1", "1", "1" },
    { "Fight", "Landlord", "2", "2", "2", "2", "2" },
    { "4", "4", "4", "4", "4", "4", "4" },
    { "5", "5", "5", "5", "5", "5", "5" },
  }) }
  g:play("loan")
  -- Only East holds an answer, so only East is asked; no tray is at stake,
  -- so his Landlord is no answer.
  expect_eq(g:turn(), 2)
  expect_eq(g:legal(), { "fight", "pass" })
  g:play("fight")
  expect_log(g, "East resists North's Loan with a Fight")
  expect_log(g, "East keeps his cards")
  expect_log(g, "North borrows a card from South")
  expect_log(g, "North borrows a card from West")
  expect_no_log(g, "North borrows a card from East")
  expect_log(g, "You borrow 4 from South", 1)
  expect_log(g, "North borrows your 5", 4)
  expect_no_log(g, "You borrow", 2)
  -- Hand above 7 after a Loan: North keeps eight and draws nothing.
  local hand = g:cards("hand", 1)
  expect_eq(#hand, 8)
  expect(has(hand, "4") and has(hand, "5"))
  expect_eq(#g:cards("hand", 2), 6)
  expect_eq(#g:cards("hand", 3), 6)
  expect_eq(g:cards("discard"), { "Fight" })
  expect_eq(g:turn(), 2, "East's turn")
  -- Nobody else sees which cards moved.
  local east = g:view(2)
  expect_eq(#east.seats[1].hand.cards, 0, "East sees no card of North's hand")
  expect_eq(#g:view(3).seats[1].hand.cards, 1, "South knows the 4 he lent")
  -- The lenders draw back to seven at the end of their own turns.
  g:play("tray 2")
  expect_eq(#g:cards("hand", 2), 7)
  g:play("tray 4", "tray 5")
  g:play("tray 1 1")
  expect_eq(#g:cards("hand", 1), 7, "eight less two is six: North draws one")
end)

scenario("Loan: the lender's Fight is answered by the borrower's, the last Fight wins", function()
  local g = game { players = 3, stack = deal({
    { "Loan", "Fight", "1", "1", "1", "1", "1" },
    { "Fight", "Fight", "2", "2", "2", "2", "2" },
    { "4", "4", "4", "4", "4", "4", "4" },
  }) }
  g:play("loan")
  g:play("fight") -- East resists
  expect_eq(g:turn(), 1, "North may answer the Fight")
  expect_eq(g:legal(), { "fight", "pass" })
  g:play("fight")
  expect_eq(g:turn(), 2, "East may answer again")
  g:play("pass")
  expect_log(g, "North fights back")
  expect_log(g, "North borrows a card from East")
  expect_log(g, "North borrows a card from West")
  expect_eq(#g:cards("hand", 1), 7, "7 - Loan - Fight + 2")
  expect_eq(#g:cards("hand", 2), 5, "7 - Fight - a card lent")
end)

-- North plays Flo on East's 6 6 6; what each holds decides the brawl.
local function flo_game(north, east, options)
  local g = game { players = 4, options = options, stack = deal({
    join({ "Flo", "1" }, north),
    join({ "6", "6", "6" }, east),
    { "3", "3", "3", "3", "3", "3", "3" },
    { "7", "7", "7", "7", "7", "7", "7" },
  }) }
  g:play("tray 1", "tray 6 6 6", "tray 3", "tray 7", "flo east 1")
  expect_log(g, "North plays Flo on East's tray 1 (6 6 6)")
  return g
end

scenario("Flo: an unanswered Flo takes the tray", function()
  local g = flo_game({ "2", "2", "2", "2", "2" }, { "5", "5", "5", "5" })
  expect_eq(g:turn(), 2, "East holds no answer and is not asked: his turn")
  expect_eq(g:prompt().hint, "your turn: lay a tray or add to one, or play an action card")
  expect_eq(g:cards("tray 2", 1), { "6", "6", "6" })
  expect_eq(g:cards("tray 1", 2), {})
  expect_log(g, "North takes the tray as tray 2: 6 6 6")
  expect_log(g, "North has taken your tray 1", 2)
end)

scenario("Flo–Fight: the owner keeps his tray", function()
  local g = flo_game({ "2", "2", "2", "2", "2" }, { "Fight", "5", "5", "5" })
  expect_eq(g:turn(), 2)
  expect_eq(g:legal(), { "fight", "pass" })
  expect(string.find(g:prompt().hint, "North plays Flo on your tray 1 (6 6 6)", 1, true), g:prompt().hint)
  g:play("fight")
  expect_log(g, "East fights for his tray")
  expect_log(g, "East keeps tray 1 from North")
  expect_eq(g:cards("tray 1", 2), { "6", "6", "6" })
  expect_eq(g:prompt().hint, "your turn: lay a tray or add to one, or play an action card", "North had no answer")
end)

scenario("Flo–Fight–Fight: Flo fights back and takes the tray", function()
  local g = flo_game({ "Fight", "2", "2", "2", "2" }, { "Fight", "Fight", "5", "5" })
  g:play("fight")
  expect_eq(g:turn(), 1)
  expect_eq(g:legal(), { "fight", "pass" })
  g:play("fight")
  expect_eq(g:turn(), 2, "East holds another Fight")
  g:play("pass")
  expect_log(g, "North fights back")
  expect_eq(g:cards("tray 2", 1), { "6", "6", "6" })
  expect_eq(g:cards("tray 1", 2), {})
end)

scenario("Flo–Fight–Fight–Fight: the last Fight wins", function()
  local g = flo_game({ "Fight", "2", "2", "2", "2" }, { "Fight", "Fight", "5", "5" })
  g:play("fight", "fight", "fight")
  expect_log(g, "East fights back")
  expect_log(g, "East keeps tray 1 from North")
  expect_eq(g:cards("tray 1", 2), { "6", "6", "6" })
  expect_eq(count(g:log(), "North fights back against East"), 1)
  expect_eq(g:turn(), 2, "no Fight left anywhere: East's turn")
end)

scenario("Flo–Landlord: the tray leaves the game and nothing answers", function()
  local g = flo_game({ "Fight", "2", "2", "2", "2" }, { "Landlord", "5", "5", "5" })
  expect_eq(g:legal(), { "landlord", "pass" })
  g:play("landlord")
  expect_log(g, "Closing time: East's tray 1 (6 6 6) is out of the game")
  expect_eq(g:cards("out"), { "6", "6", "6" })
  expect_eq(g:cards("tray 1", 2), {})
  expect_eq(g:cards("tray 2", 1), {})
  expect_eq(g:turn(), 2, "North's Fight cannot answer a Landlord")
  expect_eq(g:prompt().hint, "your turn: lay a tray or add to one, or play an action card")
end)

scenario("Flo–Fight–Landlord: Flo calls the Landlord on the tray she cannot win", function()
  local g = flo_game({ "Landlord", "2", "2", "2", "2" }, { "Fight", "5", "5", "5" })
  g:play("fight")
  expect_eq(g:legal(), { "landlord", "pass" })
  g:play("landlord")
  expect_log(g, "North calls the Landlord")
  expect_eq(g:cards("out"), { "6", "6", "6" })
  expect_eq(g:cards("discard"), { "Landlord" })
end)

scenario("Flo: the rulebook's series, 2-3 and a taken 4-5-6 made up with a 7", function()
  local g = game { players = 4, stack = deal({
    { "8", "2", "3", "7", "Flo", "Drink", "1" },
    { "4", "5", "6", "1", "1", "1", "1" },
    { "7", "7", "7", "3", "3", "3", "3" },
    { "8", "8", "8", "2", "2", "2", "2" },
  }) }
  g:play("tray 8", "tray 4 5 6", "tray 7 7 7", "tray 8 8 8")
  g:play("tray 2 3", "tray 1 1", "tray 3 3", "tray 2 2")
  expect(has(g:legal(), "flo east 1 merge 2 with 7"))
  expect(has(g:legal(), "flo east 1 with 7"), "or as a new tray 4 5 6 7")
  expect(not has(g:legal(), "flo east 1 merge 1"), "4 5 6 and 8 make no tray")
  g:play("flo east 1 merge 2 with 7")
  expect_log(g, "North plays Flo on East's tray 1 (4 5 6)")
  expect_no_log(g, "North plays Flo on East's tray 1 (4 5 6) onto") -- the 7 is not named before the brawl
  expect_log(g, "North takes the tray onto tray 2 with 7: 2 3 4 5 6 7")
  expect_eq(g:cards("tray 2", 1), { "2", "3", "4", "5", "6", "7" })
  expect_eq(g:cards("tray 1", 2), {})
  expect_eq(g:cards("tray 2", 2), { "1", "1" }, "East keeps his other tray")
  expect(not has(g:cards("hand", 1), "7"), "the 7 came from North's hand")
end)

scenario("Landlord on your own turn: another player's tray leaves the game, unanswered", function()
  local g = game { players = 4, stack = deal({
    { "Landlord", "1", "1", "1", "1", "1", "1" },
    { "Fight", "Landlord", "6", "6", "6", "2", "2" },
    { "3", "3", "3", "3", "3", "3", "3" },
    { "7", "7", "7", "7", "7", "7", "7" },
  }) }
  g:play("tray 1", "tray 6 6 6", "tray 3", "tray 7")
  local legal = g:legal()
  expect(has(legal, "landlord east 1") and has(legal, "landlord west 1"))
  expect(not has(legal, "landlord north 1"), "not your own tray")
  g:play("landlord east 1")
  expect_log(g, "North calls the Landlord: East's tray 1 (6 6 6) is out of the game")
  expect_eq(g:cards("out"), { "6", "6", "6" })
  expect_eq(g:prompt().hint, "your turn: lay a tray or add to one, or play an action card",
    "East holds a Fight and a Landlord but nothing answers a Landlord")
end)

scenario("every card can be played: a Fight on your turn, a Drink with nothing to drink", function()
  local g = game { players = 3, stack = deal({
    { "Fight", "Drink", "Flo", "Landlord", "Loan", "1", "1" },
    { "2", "2", "2", "2", "2", "2", "2" },
    { "4", "4", "4", "4", "4", "4", "4" },
  }) }
  local legal = g:legal()
  for _, o in ipairs({ "drink", "loan", "flo", "landlord", "fight" }) do
    expect(has(legal, o), o .. " without a target")
  end
  g:play("fight")
  expect_log(g, "North plays a Fight, to no effect")
  expect_eq(g:turn(), 2)
end)

scenario("a seat is asked only when it holds an answer; always_ask asks everyone", function()
  local g = flo_game({ "2", "2", "2", "2", "2" }, { "5", "5", "5", "5" }, { always_ask = true })
  expect_eq(g:turn(), 2)
  expect_eq(g:legal(), { "pass" }, "East can only pass, but the table cannot tell")
  g:play("pass")
  expect_eq(g:cards("tray 2", 1), { "6", "6", "6" })
  -- A Loan asks every opponent in turn from the player's left.
  local l = game { players = 4, options = { always_ask = true }, stack = deal({
    { "Loan", "1", "1", "1", "1", "1", "1" },
    { "2", "2", "2", "2", "2", "2", "2" },
    { "Fight", "4", "4", "4", "4", "4", "4" },
    { "5", "5", "5", "5", "5", "5", "5" },
  }) }
  l:play("loan")
  local asked = {}
  while l:prompt().hint ~= "your turn: lay a tray or add to one, or play an action card" do
    asked[#asked + 1] = l:turn()
    l:play("pass")
  end
  expect_eq(asked, { 2, 3, 4 })
end)

scenario("the end of a round: after the stock runs out, the first empty hand ends it", function()
  local g = game { players = 4, seed = 7 }
  local empty_at, turns_after = nil, 0
  for _ = 1, 2000 do
    if #g:view(1).pads.score.rows >= 1 then break end
    local p = g:prompt()
    local pick = p.options[1]
    for _, o in ipairs(p.options) do
      if o == "pass" or o:match("^tray %d$") then pick = o end
    end
    if empty_at then
      turns_after = turns_after + 1
      expect_eq(#g:cards("stock"), 0, "nothing comes back to the stock")
    end
    g:play(pick)
    if not empty_at and #g:cards("stock") == 0 then empty_at = true end
  end
  expect(empty_at, "the stock ran out")
  expect_log(g, "The stock is empty: the round ends when a player has played his last card")
  expect(turns_after > 4, "play went on after the stock ran out")
  local over = expect_log(g, "has no cards left: the round is over")
  local who
  for s = 1, 4 do
    if over:find(g:view(0).names[s], 1, true) == 1 then who = s end
  end
  expect(who, over)
  expect_log(g, "Round 1 scores:")
  expect_eq(#g:view(1).pads.score.rows, 1)
  -- A new round is dealt at once: North deals, East plays first.
  expect_log(g, "Round 2: North deals")
  for s = 1, 4 do
    expect_eq(#g:cards("hand", s), 7)
    expect_eq(g:cards("drunk", s), {})
  end
  expect_eq(#g:cards("stock"), 110 - 28)
  expect_eq(g:turn(), 2)
end)

scenario("scores are the drunk beer values; the game ends at 200, highest wins", function()
  expect_eq(Game.game_over({ 150, 199, 20 }, 200), nil)
  expect_eq(Game.game_over({ 150, 210, 205 }, 200), { 2 })
  expect_eq(Game.game_over({ 201, 201, 20 }, 200), { 1, 2 }, "equal highest totals share")
  local g = game { players = 3, seed = 4, options = { target = 60 } }
  g:finish("regular", 4)
  expect(g:done())
  local r, best = g:result(), 0
  for s = 1, 3 do
    expect_eq(r.scores[s], g:total(s), "scores come from the pad")
    best = math.max(best, r.scores[s])
  end
  expect(best >= 60)
  for _, w in ipairs(r.winners) do expect_eq(r.scores[w], best) end
  -- Every round's row sums what was drunk.
  local rows = g:view(1).pads.score.rows
  expect(#rows >= 1)
end)

scenario("the view: own hand, every tray, drunk counts, stock, discard top, the pad", function()
  local g = game { players = 4, stack = deal({
    { "4", "5", "6", "Drink", "1", "1", "1" },
    { "2", "2", "2", "2", "2", "2", "2" },
    { "3", "3", "3", "3", "3", "3", "3" },
    { "7", "7", "7", "7", "7", "7", "7" },
  }) }
  g:play("tray 4 5 6", "tray 2 2", "tray 3", "tray 7")
  local text = g:text(2)
  for _, line in ipairs({ "Stock: ", "North's tray 1: 4 5 6", "East's tray 1: 2 2", "South's tray 1: 3",
    "North's hand: 7 cards", "East's hand: 2 2 2 2 2", "Beer drunk" }) do
    expect(string.find(text, line, 1, true), "missing " .. line .. " in\n" .. text)
  end
  expect(not string.find(text, "Drink", 1, true), "North's Drink stays hidden from East")
  g:play("drink 1")
  text = g:text(3)
  expect(string.find(text, "Discard pile (top): Drink", 1, true), text)
  expect(string.find(text, "North's drunk trays (3): 3 cards", 1, true), text)
end)

scenario("the regular bot plays whole games with 3 to 6 players", function()
  for n = 3, 6 do
    local g = game { players = n, seed = 10 + n }
    g:finish("regular", n)
    expect(g:done())
  end
  local g = game { players = 4, seed = 9 }
  g:finish("random", 9)
  expect(g:done())
end)

-- The house variant: Drink may target any face-up tray.
scenario("variant thirsty: a Drink may empty another player's tray", function()
  local g = game { script = "andy_capp_thirsty.lua", players = 3, stack = deal({
    { "Drink", "1", "1", "1", "1", "1", "1" },
    { "4", "5", "6", "2", "2", "2", "2" },
    { "3", "3", "3", "3", "3", "3", "3" },
  }) }
  g:play("tray 1", "tray 4 5 6", "tray 3")
  local legal = g:legal()
  expect(has(legal, "drink 1") and has(legal, "drink east 1") and has(legal, "drink west 1"))
  g:play("drink east 1")
  expect_log(g, "North drinks East's tray 1: 4 5 6")
  expect_eq(g:cards("tray 1", 2), {})
  expect_eq(#g:cards("drunk", 1), 3, "North drank it")
  expect_eq(g:cards("tray 1", 1), { "1" })
end)

scenario("variant thirsty: the regular bot drinks other players' trays too", function()
  local g = game { script = "andy_capp_thirsty.lua", players = 4, seed = 3 }
  g:finish("regular", 3)
  expect(g:done())
  local stolen = false
  for _, l in ipairs(g:log()) do
    if l:find("drinks %a+'s tray") then stolen = true end
  end
  expect(stolen, "somebody drank another player's tray")
end)

scenario("once the stock is out, any empty hand ends the round, even one a Loan emptied", function()
  local function zone(n) return { empty = function() return n == 0 end } end
  local t = { seats = function() return { 1, 2, 3 } end }
  expect_eq(Game.round_over(t, { stock = zone(5), hands = { zone(0), zone(3), zone(2) } }), false,
    "with cards in the stock an empty hand draws at its turn")
  local over, who = Game.round_over(t, { stock = zone(0), hands = { zone(2), zone(0), zone(1) } })
  expect(over)
  expect_eq(who, 2)
end)

-- [The Game End] "After the last card is taken from the pack the game
-- continues as normal until someone plays out his last card. The round ends
-- immediately." Four hands; North, East and South lay a tray each; then,
-- while West decides, the stock runs out and North is left holding one
-- card (g:stack: no seed search needed). West's play comes next, so North's
-- turn is asked with that one card.
local function stock_out(east)
  local g = game { players = 4, stack = deal({
    { "1", "2", "3", "4", "5", "6", "Loan" },
    join(east or { "2" }, { "2", "2", "2", "2", "2", "2" }),
    { "3", "3", "3", "3", "3", "3", "3" },
    { "7", "7", "7", "7", "7", "7", "7" },
  }) }
  g:play("tray 1 2 3", "tray 2 2", "tray 3 3")
  g:stack("stock", {}, { only = true, rest = "discards" })
  return g
end

local function last_card(g, card)
  g:stack("hand", 1, { card }, { only = true, rest = "discards" })
  g:play("tray 7") -- West: the stock is out, he draws nothing
  expect_eq(g:turn(), 1)
end

scenario("[The Game End] a Loan played as the last card ends the round before anyone lends", function()
  local g = stock_out()
  last_card(g, "Loan")
  expect_eq(g:legal(), { "loan" }, "North holds nothing but his Loan")
  g:play("loan")
  expect_no_log(g, "North borrows")
  expect_log(g, "North plays his last card, a Loan: he has played out, and nobody lends")
  expect_event(g, { kind = "out", seat = 1, round = 1 })
  expect_event(g, { kind = "round", round = 2 })
  expect_eq(g:turn(), 2, "North dealt round 2: East plays first")
end)

scenario("[The Game End] whatever the last card, playing it ends the round (each tried on a copy)", function()
  local base = stock_out({ "Fight" })
  for _, card in ipairs({ "5", "Drink", "Loan", "Flo", "Landlord", "Fight" }) do
    local g = base:clone()
    last_card(g, card)
    g:play(1)
    local legal = g:legal()
    if legal[#legal] == "pass" then g:play("pass") end -- East lets a Flo go
    expect_no_log(g, "North borrows")
    expect_event(g, { kind = "out", seat = 1, round = 1 })
    local events = g:events()
    expect_eq(events[#events].round, 2, card .. ": round 2 is dealt")
  end
end)
