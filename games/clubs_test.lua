-- Scenarios for clubs.lua: each rule of the rulebook on a stacked deck.
local cards = require "cards"
local Clubs = require "clubs"

-- Four hands chosen so the first two tricks are forced to show the
-- rulebook's example. North deals the first hand, so East is dealt first.
local EXAMPLE = {
  { "8D", "3D", "AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H", "5H", "4H" }, -- North
  { "2C", "7D", "AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S" }, -- East
  { "6D", "4D", "AD", "KD", "QD", "JD", "10D", "9D", "5D", "3S", "2S", "3H", "2H" }, -- South
  { "7C", "3C", "4C", "5C", "6C", "8C", "9C", "10C", "JC", "QC", "KC", "AC", "2D" }, -- West
}

-- Every club to West, hearts to North, spades to East, diamonds to South.
local SUITED = { {}, {}, {}, {} }
for rank = 2, 14 do
  local r = cards.rank_text(rank)
  SUITED[1][#SUITED[1] + 1] = r .. "H"
  SUITED[2][#SUITED[2] + 1] = r .. "S"
  SUITED[3][#SUITED[3] + 1] = r .. "D"
  SUITED[4][#SUITED[4] + 1] = r .. "C"
end

local function deal(hands) return { deck = { cards.deal_order(hands, 2) } } end

scenario("the 2♣ leads the first trick and its holder must play it", function()
  local g = game { players = 4, stack = deal(EXAMPLE) }
  expect_eq(g:turn(), 2, "East holds the 2♣")
  expect_eq(g:legal(), { "play 2C" })
end)

scenario("a club lead is followed by a declaration", function()
  local g = game { players = 4, stack = deal(EXAMPLE) }
  g:play("play 2C")
  expect_eq(g:legal(), { "declare hearts", "declare diamonds", "declare spades", "declare clubs" })
  g:play("declare diamonds")
  expect_log(g, "East declares diamonds")
  -- South must now play a diamond (or a club, which he has none of).
  expect_eq(g:legal(), { "play 4D", "play 5D", "play 6D", "play 9D", "play 10D", "play JD", "play QD", "play KD", "play AD" })
end)

scenario("rulebook: the seven of clubs beats the seven of diamonds but not the eight", function()
  local g = game { players = 4, stack = deal(EXAMPLE) }
  -- Trick 1: diamonds declared; West's club loses to North's eight of diamonds.
  g:play("play 2C", "declare diamonds", "play 6D", "play 3C", "play 8D")
  expect_log(g, "North takes the trick")
  -- Trick 2: diamonds led; West's seven of clubs beats East's seven of diamonds.
  g:play("play 3D", "play 7D", "play 4D")
  expect_eq(g:view(1).notes.trick, "Trick: North 3♦ · East 7♦ · South 4♦", "who played what")
  g:play("play 7C")
  expect_log(g, "West takes the trick: 7♣ ranks above 7♦")
  local seven_d, seven_c, eight_d = { suit = "D", rank = 7 }, { suit = "C", rank = 7 }, { suit = "D", rank = 8 }
  expect_eq(Clubs.trick_winner({ seven_d, seven_c }, "D"), 2, "7♣ beats 7♦")
  expect_eq(Clubs.trick_winner({ eight_d, seven_c }, "D"), 1, "8♦ beats 7♣")
end)

scenario("follow the suit or a club; out of both, anything", function()
  local g = game { players = 4, stack = deal(EXAMPLE) }
  g:play("play 2C", "declare diamonds", "play 6D", "play 3C", "play 8D")
  -- North leads a heart: East has neither hearts nor clubs, so any card.
  g:play("play 4H")
  expect_eq(#g:legal(), 12, "East may play any of his twelve cards")
  g:play("play AS")
  -- South has hearts: hearts only (no clubs).
  expect_eq(g:legal(), { "play 2H", "play 3H" })
  g:play("play 3H")
  -- West has no heart but clubs: clubs only.
  for _, o in ipairs(g:legal()) do expect(o:sub(-1) == "C", "West must play a club, not " .. o) end
end)

scenario("a card of another suit cannot win, however high", function()
  local g = game { players = 4, stack = deal(EXAMPLE) }
  g:play("play 2C", "declare diamonds", "play 6D", "play 3C", "play 8D")
  g:play("play 4H", "play AS", "play 2H", "play 4C")
  expect_log(g, "West takes the trick") -- the 4♣ beats the 4♥; the A♠ cannot win
end)

scenario("clubs alone: others must play a club if they can, and only clubs win", function()
  local g = game { players = 4, stack = deal(EXAMPLE) }
  g:play("play 2C", "declare clubs")
  expect_log(g, "East declares clubs alone")
  expect_eq(#g:legal(), 13, "South has no club: any of his thirteen cards")
  g:play("play AD")
  for _, o in ipairs(g:legal()) do expect(o:sub(-1) == "C", "West must play a club, not " .. o) end
  g:play("play 3C", "play 8D")
  expect_log(g, "West takes the trick")
end)

scenario("scoring: -1 a card, +3 a club, -10 for the J♣", function()
  local function named(list)
    local out = {}
    for i, n in ipairs(list) do out[i] = { rank = 0, suit = n:sub(-1), name = n } end
    return out
  end
  local taken = named({ "2H", "3H", "4C", "5C" })
  expect_eq(Clubs.tally(taken), -4 + 6)
  local jack = { { suit = "C", rank = 11 }, { suit = "H", rank = 2 } }
  expect_eq(Clubs.tally(jack), -2 - 10)
  -- A whole deck tallies -26 either way, which is why -26 triggers a scramble.
  expect_eq(Clubs.tally(cards.standard52()), -26)
  expect_eq(Clubs.scramble_tally(cards.standard52()), -26)
end)

scenario("scramble: a tally of -26 or worse rescores everyone", function()
  local deck = cards.standard52()
  local by = {}
  for _, c in ipairs(deck) do by[c.name] = c end
  local function pick(names)
    local out = {}
    for i, n in ipairs(names) do out[i] = by[n] end
    return out
  end
  -- North took the J♣ and 20 other cards (one club): 21 cards, -21 + 3 - 10 = -28.
  local north = pick({ "JC", "2C", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH", "2S", "3S", "4S", "5S", "6S", "7S" })
  local east = pick({ "3C", "4C", "8S", "9S" })
  local scores, scramble = Clubs.score_hand({ north, east, {}, {} }, -26)
  expect(scramble, "North's -28 triggers a scramble")
  expect_eq(scores, { 10 - 3, -6, 0, 0 }, "scramble: J♣ +10, clubs -3, no per-card penalty")
  local _, calm = Clubs.score_hand({ east, {}, {}, {} }, -26)
  expect(not calm, "no scramble above -26")
end)

scenario("a whole hand: West takes every trick with clubs alone and scrambles", function()
  local g = game { players = 4, stack = deal(SUITED), options = { target = -20 } }
  for trick = 1, 13 do
    expect_eq(g:turn(), 4, "West leads trick " .. trick)
    g:play(1, "declare clubs")
    g:play(1, 1, 1)
  end
  expect_log(g, "Hand 1 scores: North 0, East 0, South 0, West -26, scramble!")
  expect_eq(g:total(4), -26)
  -- West reached the target of -20: the game ends; the other three share the win.
  expect(g:done(), "the game is over")
  expect_eq(g:result().winners, { 1, 2, 3 })
end)

scenario("three players: the left-over card lies face down; the 3♣ leads when it is the 2♣", function()
  -- 51 cards dealt round-robin from East; the 2♣ is left for the face-down card.
  local hands = { {}, {}, {} }
  local rest = {}
  for _, c in ipairs(cards.standard52()) do
    if c.name ~= "2C" then rest[#rest + 1] = c.name end
  end
  for i, name in ipairs(rest) do
    local seat = (i - 1) % 3 + 1
    hands[seat][#hands[seat] + 1] = name
  end
  local g = game { players = 3, stack = { deck = { cards.deal_order(hands, 2) } } }
  local holder
  for s = 1, 3 do
    for _, n in ipairs(g:cards("hand", s)) do
      if n == "3C" then holder = s end
    end
  end
  expect_eq(#g:cards("face-down card"), 1)
  expect_eq(g:cards("face-down card"), { "2C" })
  expect_eq(g:turn(), holder, "the holder of the 3♣ leads")
  expect_eq(g:legal(), { "play 3C" })
  -- Nobody sees the face-down card.
  for s = 1, 3 do
    expect(not string.find(g:text(s), "2♣", 1, true), "seat " .. s .. " must not see the face-down 2♣")
  end
  -- Play the hand out: the taker of the last trick gets it.
  for _ = 1, 17 * 3 + 17 do
    if g:log()[#g:log()]:find("scores") then break end
    local p = g:prompt()
    if p == nil then break end
    g:play(p.options[1])
    local log = g:log()
    if log[#log]:find("face%-down card") then break end
  end
  local line = expect_log(g, "takes the face-down card: 2♣")
  expect(line, line)
end)

scenario("the game ends at -100 and the highest total wins", function()
  expect_eq(Clubs.game_over({ -50, -99, -20, -30 }, -100), nil)
  expect_eq(Clubs.game_over({ -50, -100, -20, -30 }, -100), { 3 })
  expect_eq(Clubs.game_over({ -20, -120, -20, -30 }, -100), { 1, 3 }, "equal highest totals share")
  local g = game { players = 4, seed = 3 }
  g:finish("random", 5)
  expect(g:done())
  local r = g:result()
  local lowest = math.huge
  for s = 1, 4 do lowest = math.min(lowest, r.scores[s]) end
  expect(lowest <= -100, "someone reached -100")
  for s = 1, 4 do expect_eq(r.scores[s], g:total(s), "scores come from the pad") end
end)

scenario("the deal passes to the left each hand", function()
  local g = game { players = 3, seed = 4 }
  g:finish("random", 1)
  local names = { "North", "East", "West" }
  for hand = 1, 4 do
    expect_log(g, string.format("Hand %d: %s deals", hand, names[(hand - 1) % 3 + 1]))
  end
end)

scenario("every hand totals -26", function()
  local g = game { players = 4, seed = 11 }
  g:finish("random", 2)
  local view = g:view(1)
  for _, row in ipairs(view.pads.score.rows) do
    local sum = 0
    for s = 1, 4 do sum = sum + row.scores[s] end
    expect_eq(sum, -26, row.label)
  end
end)

scenario("the careful bot plays whole games", function()
  local g = game { players = 3, seed = 5 }
  g:finish("careful", 1)
  expect(g:done())
end)

-- A seat's view as the careful bot reads it, made up: North to lead from
-- hand, his tricks so far taken, the others' tricks empty, and the game's
-- options (view.settings).
local function lead_view(hand, taken, settings)
  local function of(list)
    local out = {}
    for i, c in ipairs(list) do out[i] = cards.card(c[1], c[2]) end
    return out
  end
  local h = of(hand)
  local seats = { { tricks = { cards = of(taken) } } }
  for s = 2, 4 do seats[s] = { tricks = { cards = {} } } end
  return {
    seat = 1, players = 4, settings = settings, facts = {}, seats = seats,
    mine = { hand = { cards = h } }, table = { trick = { cards = {} } }, values = h,
  }
end

scenario("the careful bot reads scramble_at from the options in force", function()
  -- Every view has the game's options, as t.options has them.
  local g = game { players = 4, options = { scramble_at = -40 } }
  expect_eq(g:view(1).settings, { target = -100, scramble_at = -40 })
  expect_eq(game { players = 4 }:view(2).settings.scramble_at, -26)
  -- North has taken 15 hearts (a tally of -15) and leads. Within 12 points
  -- of a scramble at -26 he plays for it and leads the J♣ (which pays +10
  -- in a scramble); with scramble_at = -40 a scramble is far off and he
  -- keeps the J♣ back.
  local taken = {}
  for rank = 2, 14 do taken[#taken + 1] = { rank, "H" } end
  taken[14], taken[15] = { 2, "D" }, { 3, "D" }
  local hand = { { 11, "C" }, { 9, "S" }, { 12, "D" } }
  local options = { "play JC", "play 9S", "play QD" }
  expect_eq(Clubs.bots.careful(lead_view(hand, taken, { target = -100, scramble_at = -26 }), options, 1), 1, "the J♣ at -26")
  expect_eq(Clubs.bots.careful(lead_view(hand, taken, { target = -100, scramble_at = -40 }), options, 1), 2, "the 9♠ at -40")
end)

scenario("variant clubs_short.lua: the game ends at -50 and -26 does not scramble", function()
  local g = game { script = "clubs_short.lua", players = 4, stack = deal(SUITED) }
  for _ = 1, 13 do
    g:play(1, "declare clubs")
    g:play(1, 1, 1)
  end
  -- West took everything: -26, but the variant scrambles only at -30.
  expect_log(g, "Hand 1 scores: North 0, East 0, South 0, West -26")
  expect_no_log(g, "scramble!")
  expect(not g:done(), "-26 is above the variant's -50")
  g:finish("random", 4)
  -- The game ended after the first hand in which some total reached -50.
  local rows, totals = g:view(1).pads.score.rows, { 0, 0, 0, 0 }
  for i, row in ipairs(rows) do
    local lowest = math.huge
    for s = 1, 4 do
      totals[s] = totals[s] + row.scores[s]
      lowest = math.min(lowest, totals[s])
    end
    if i < #rows then
      expect(lowest > -50, "the game went on after " .. row.label .. " although a total was " .. lowest)
    else
      expect(lowest <= -50, "the last hand brought a total to -50")
    end
  end
end)

-- The scenario API: copies, arrangements and moves judged at their moment -----

scenario("every declaration, each tried on a copy: South follows the suit declared, or plays anything", function()
  local g = game { players = 4, stack = deal(EXAMPLE) }
  g:play("play 2C")
  -- South holds diamonds, two spades and two hearts, and no club.
  local follow = {
    H = { "play 2H", "play 3H" },
    D = { "play 4D", "play 5D", "play 6D", "play 9D", "play 10D", "play JD", "play QD", "play KD", "play AD" },
    S = { "play 2S", "play 3S" },
  }
  for _, declaration in ipairs(g:legal()) do
    local c = g:clone()
    c:play(declaration)
    local suit = expect_event(c, { kind = "declare", seat = 2 }).suit
    if suit == "C" then
      expect_eq(#c:legal(), 13, "clubs alone: South has none, so any card")
    else
      expect_eq(c:legal(), follow[suit], declaration)
    end
  end
  expect_eq(g:events(), {}, "the copies left the original alone")
end)

scenario("out of the suit led, a club if he has one: East is handed West's K♣ during the lead", function()
  local g = game { players = 4, stack = deal(EXAMPLE) }
  -- Each move is the first legal one when its turn comes: South's 4♦,
  -- West's lowest club, North's 3♦.
  g:play("play 2C", "declare diamonds", 1, 1, 1)
  expect_eq(g:cards("trick"), {}, "trick 1 is over")
  expect_eq(g:turn(), 3, "South's 4♦ took it")
  g:stack("hand", 2, { "KC" })
  expect_eq(#g:cards("hand", 2), 12, "East gave West a card for it")
  g:play("play 2H", 1, 1)
  expect_eq(g:turn(), 2)
  expect_eq(g:legal(), { "play KC" }, "no heart: his one club")
end)
