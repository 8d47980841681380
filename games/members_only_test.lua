-- Scenarios for members_only.lua: each club rule on stacked decks.
--
-- Decks are written as kinds ("umbrella:3 tea hat-no"); they get unique card
-- names in order ("umbrella1", "umbrella2", …, "hat-no1"), the hands first
-- (Red's, then Blue's, …), then the cards turned face up.
--
-- The helper run_heat answers every reveal with the first legal option and
-- every discard with the first one (or as told). A hand is sorted by
-- category (umbrella, newspaper, tea, bigben, hat; each NO! after its
-- category), and the first reveal option is always its two lowest cards, so
-- with 11 cards a player reveals his first 8, discards the 9th and lays open
-- the last two. That makes every count below exact.
local cards = require "cards"
local Game = require "members_only"

local function kinds(spec)
  local list = {}
  for word in spec:gmatch("%S+") do
    local kind, n = word:match("^([%a%-]+):?(%d*)$")
    for _ = 1, tonumber(n) or 1 do list[#list + 1] = kind end
  end
  return list
end

-- The deck of one heat, top down: hands dealt one card at a time starting
-- with seat first, then the face-up cards. Returns the deck and the names
-- by seat.
local function heat_deck(hands, up, first)
  local used, named = {}, {}
  local function name(kind)
    used[kind] = (used[kind] or 0) + 1
    return kind .. used[kind]
  end
  for s, spec in ipairs(hands) do
    named[s] = {}
    for i, k in ipairs(kinds(spec)) do named[s][i] = name(k) end
  end
  local order = cards.deal_order(named, first or 1)
  local shown = {}
  for _, k in ipairs(kinds(up)) do
    shown[#shown + 1] = name(k)
    order[#order + 1] = shown[#shown]
  end
  return order, named, shown
end

-- Plays a heat: bets[i] is the move of the i-th bet prompt (default pass);
-- reveals take the first option; discards[seat] names a discard (default the
-- first option). Stops at the first bet prompt of the next heat, or the end.
local function run_heat(g, bets, discards)
  local i, discarded = 0, false
  while true do
    local p = g:prompt()
    if p == nil then return end
    local first = p.options[1]
    if first == "pass" then
      if discarded then return end
      i = i + 1
      g:play((bets or {})[i] or "pass")
    elseif first:match("^reveal") then
      g:play(first)
    else
      discarded = true
      g:play((discards or {})[p.seat] or first)
    end
  end
end

-- Final counts: umbrella 3, newspaper 9, tea 9, bigben 5, hat 6.
local EXAMPLE = {
  "umbrella:2 newspaper:4 tea:2 bigben hat:2",   -- Red: discards bigben1
  "umbrella newspaper:3 tea:3 bigben:2 hat:2",   -- Blue
  "newspaper:2 tea:3 bigben:4 hat:2",            -- Green
}
local EXAMPLE_UP = "tea bigben"

-- Final counts: umbrella 11, newspaper 11, tea 0, bigben 8, hat 2.
local QUIET = {
  "umbrella:4 newspaper:4 bigben:3",
  "umbrella:4 newspaper:4 bigben:3",
  "umbrella:3 newspaper:3 bigben:5",
}
local QUIET_UP = "hat hat"

local function stacked(hands, up, extra)
  local deck = heat_deck(hands, up)
  local spec = { players = #hands, stack = { deck = deck } }
  for k, v in pairs(extra or {}) do spec[k] = v end
  return game(spec)
end

local function contains(list, x)
  for _, v in ipairs(list) do
    if v == x then return true end
  end
  return false
end

-- A seat's view lists no card of names, and no log line named a card its
-- reader may not see (the engine notes that as each line is written).
local function expect_secret(g, seat, names, when)
  local hidden = {}
  for _, n in ipairs(names) do hidden[n] = true end
  for _, z in ipairs(g:view(seat).zones) do
    for _, c in ipairs(z.cards) do
      expect(not hidden[c.name], string.format("%s: seat %d's view shows %s in %s", when, seat, c.name, z.label))
    end
  end
  expect_eq(g:leaks(), {}, when .. ": no log line names a card its reader may not see")
end

local function card_names(cards)
  local out = {}
  for i, c in ipairs(cards) do out[i] = c.name end
  return out
end

-- Rule 1: the deal ------------------------------------------------------------

scenario("heats deal 11 / 9 / 7 cards, turn two face up and set the rest aside", function()
  local expected = { [3] = { 11, 30, 5 }, [4] = { 9, 27, 4 }, [5] = { 7, 28, 3 } }
  for players = 3, 5 do
    local g = game { players = players, seed = players }
    local e = expected[players]
    for s = 1, players do expect_eq(#g:cards("hand", s), e[1], players .. " players: hand of seat " .. s) end
    local open = #g:cards("no pairs")
    for _, c in ipairs(Game.categories) do open = open + #g:cards(c.name) end
    expect_eq(open, 2, "two cards turned face up")
    expect_eq(#g:cards("set aside"), e[2], players .. " players: cards set aside")
    expect_eq(g:view(1).table["set aside"].count, e[2], "everyone sees how many sit out")
    expect_eq(g:view(1).table["set aside"].cards, {}, "but not which")
    expect_eq(g:turn(), 1, "the first player starts")
    expect_log(g, "Heat 1: " .. g:view(1).names[players] .. " deals, Red starts")
    -- Count the rounds: each player bets once a round until he holds three cards.
    local bets = 0
    while g:legal()[1] == "pass" or g:legal()[1]:match("^reveal") do
      if g:prompt().options[1] == "pass" then bets = bets + 1 end
      g:play(1)
    end
    expect_eq(bets, e[3] * players, players .. " players: rounds a heat")
    for s = 1, players do expect_eq(#g:cards("hand", s), 3, "three cards left at the end") end
  end
end)

scenario("the 65 cards: 11 normal and 2 NO! cards in each of five categories", function()
  local defs = Game.card_defs()
  expect_eq(#defs, 65)
  local by = {}
  for _, d in ipairs(defs) do by[d.kind] = (by[d.kind] or 0) + 1 end
  for _, c in ipairs(Game.categories) do
    expect_eq(by[c.name], 11, c.name)
    expect_eq(by[c.name .. "-no"], 2, c.name .. " NO!")
  end
end)

-- Rules 1 and 2: turns ----------------------------------------------------------

scenario("the first round reveals nothing; later turns bet, then reveal two cards", function()
  local g = stacked(EXAMPLE, EXAMPLE_UP)
  expect_eq(g:prompt().hint, "first round: a bet carries your risk piece (double points); no cards are revealed")
  g:play("pass")
  expect_eq(g:turn(), 2, "no reveal in the first round: Blue bets next")
  expect_eq(g:legal()[1], "pass")
  g:play("pass", "pass")
  expect_eq(g:turn(), 1)
  expect_eq(g:view(1).facts.round, 2)
  g:play("pass")
  expect_eq(g:turn(), 1, "then Red reveals")
  expect_eq(g:legal(), {
    "reveal umbrella umbrella", "reveal umbrella newspaper", "reveal umbrella tea", "reveal umbrella bigben",
    "reveal umbrella hat", "reveal newspaper newspaper", "reveal newspaper tea", "reveal newspaper bigben",
    "reveal newspaper hat", "reveal tea tea", "reveal tea bigben", "reveal tea hat", "reveal bigben hat",
    "reveal hat hat",
  })
  g:play("reveal tea bigben")
  expect_log(g, "Red reveals tea bigben")
  expect_eq(g:cards("tea"), { "tea9", "tea1" }, "the face-up tea and Red's")
  expect_eq(#g:cards("hand", 1), 9)
  expect(g:view(2).notes.counts:find("Tea 2", 1, true), "the open count is in every view")
  expect_error(function() g:play("reveal hat hat hat") end, "not a legal move")
end)

scenario("a bet goes on any vacant space, several per category, one a turn", function()
  local g = stacked(EXAMPLE, EXAMPLE_UP)
  expect_eq(#g:legal(), 1 + 5 * 8 * 2, "pass, and every space with a single or the double")
  g:play("bet umbrella 5+")
  expect_log(g, "Red bets a single piece on umbrella 5 or more (5+) with the risk piece under it")
  expect(not contains(g:legal(), "bet umbrella 5+"), "the space is taken")
  expect(not contains(g:legal(), "bet umbrella 5+ double"), "the space is taken for the double too")
  expect_error(function() g:play("bet umbrella 5+") end, "not a legal move")
  expect(contains(g:legal(), "bet umbrella 6+"), "other spaces of the category stay open")
  g:play("pass", "pass")
  -- Red again: a second piece in the same category is allowed.
  expect(contains(g:legal(), "bet umbrella 4-"))
  g:play("bet umbrella 4- double", "reveal umbrella umbrella")
  expect_eq(g:pool("pieces1", "umbrella 4-", "double"), 1)
  expect_eq(g:pool("pieces1", "umbrella 4-", "risk"), 0, "no risk piece after the first round")
  g:play("pass", "reveal umbrella newspaper", "pass", "reveal newspaper newspaper")
  for _, o in ipairs(g:legal()) do
    expect(not o:find("double", 1, true), "Red's double piece is on the board: " .. o)
  end
  local board = g:view(3).notes.board
  expect(board:find("umbrella   4- Red double · 5+ Red single+risk", 1, true), board)
end)

-- Rule 3: the end of a heat -----------------------------------------------------

scenario("at three cards: no more bets, one secret discard each, the rest laid open", function()
  local g = stacked(EXAMPLE, EXAMPLE_UP)
  -- Five rounds: nobody bets, every reveal takes the first option.
  while g:legal()[1] == "pass" or g:legal()[1]:match("^reveal") do g:play(1) end
  for s = 1, 3 do expect_eq(#g:cards("hand", s), 3) end
  local p = g:prompt()
  expect_eq(p.seat, 1, "the discards start with the starter")
  expect(p.secret, "a simultaneous secret choice")
  expect_eq(p.options, { "discard bigben", "discard hat" })
  g:play("discard bigben")
  expect_eq(g:turn(), 2)
  expect_no_log(g, "bigben1", 2)
  expect_no_log(g, "bigben1", 3)
  g:play("discard bigben", "discard bigben")
  expect_log(g, "You discard bigben face down", 1)
  expect_log(g, "Everyone discards one card face down")
  expect_log(g, "Red lays open hat hat")
  expect_log(g, "Umbrella counts 3")
  expect_log(g, "Newspaper counts 9")
  expect_log(g, "Tea counts 9")
  expect_log(g, "Big Ben counts 5")
  expect_log(g, "Hat counts 6")
end)

-- Rule 4: NO! cards -------------------------------------------------------------

scenario("the final count of a heat stays in view while the next heat is played", function()
  local g = stacked(QUIET, QUIET_UP)
  expect(not g:text(1):find("Last heat", 1, true), "no last heat before the first one ends")
  run_heat(g, {})
  expect(not g:done(), "nobody scored, so the game goes on")
  expect_log(g, "Heat 2:")
  local line = expect_log(g, "Umbrella counts")
  local umbrella = line:match("Umbrella counts (%d+)")
  local view = g:view(1)
  expect(view.notes["last heat"], "a note keeps the final count")
  expect(view.notes["last heat"]:find("Umbrella " .. umbrella, 1, true), view.notes["last heat"])
end)

scenario("NO! cancels one normal card of its category, pair by pair", function()
  local hands = {
    "umbrella-no newspaper:4 tea:4 hat:2",
    "umbrella:2 newspaper:3 tea:2 bigben:2 hat:2",
    "newspaper:2 tea:2 bigben:5 hat-no:2",
  }
  local g = stacked(hands, "umbrella umbrella-no")
  -- The two face-up cards cancel at once.
  expect_log(g, "umbrella-NO cancels umbrella: the pair leaves the layout")
  expect_eq(g:cards("umbrella"), {})
  expect_eq(g:cards("no pairs"), { "umbrella3", "umbrella-no2" })
  g:play("bet hat 2-", "bet umbrella 1-", "pass")
  -- Red's NO! waits for a normal umbrella card...
  g:play("pass", "reveal umbrella-no newspaper")
  expect_eq(g:cards("umbrella"), { "umbrella-no1" })
  expect(g:view(2).notes.counts:find("Umbrella 0 (1 NO! waiting)", 1, true), g:view(2).notes.counts)
  -- ...and cancels the first one Blue reveals; the second counts.
  g:play("pass", "reveal umbrella umbrella")
  expect_log(g, "umbrella-NO cancels umbrella")
  expect_eq(g:cards("umbrella"), { "umbrella2" })
  run_heat(g)
  -- Green's two hat NO! cards cancel two of the four hats laid open.
  expect_log(g, "Hat counts 2")
  expect_log(g, "Umbrella counts 1")
  expect_log(g, "Red wins 6 on hat 2- (single+risk): hat marker 0 -> 6")
  expect_log(g, "Blue wins 10 on umbrella 1- (single+risk): umbrella marker 0 -> 10")
  expect_eq(Game.count_of({ { no = true }, { no = true }, { no = false } }), 0, "never below zero")
end)

-- Rule 5: scoring ---------------------------------------------------------------

scenario("rulebook: three umbrellas; double on 3 or less scores 4, single on 4 or less 1, the rest are lost", function()
  local g = stacked(EXAMPLE, EXAMPLE_UP)
  run_heat(g, { [4] = "bet umbrella 3- double", [5] = "bet umbrella 4-", [6] = "bet umbrella 2-", [7] = "bet umbrella 5+" })
  expect_log(g, "Umbrella counts 3")
  expect_log(g, "Red wins 4 on umbrella 3- (double): umbrella marker 0 -> 4")
  expect_log(g, "Blue wins 1 on umbrella 4- (single): umbrella marker 0 -> 1")
  expect_log(g, "Green loses the single piece on umbrella 2-")
  expect_log(g, "Red loses the single piece on umbrella 5+")
  expect_eq(g:track("umbrella", 1), 4)
  expect_eq(g:track("umbrella", 2), 1)
  expect_eq(g:track("umbrella", 3), 0)
  -- Winning pieces come home; wrong ones are lost for the game.
  expect_eq(g:pool("pieces1", 1, "double"), 1)
  expect_eq(g:pool("pieces1", 1, "single"), 3)
  expect_eq(g:pool("pieces1", "lost", "single"), 1)
  expect_eq(g:pool("pieces2", 2, "single"), 4)
  expect_eq(g:pool("pieces3", "lost", "single"), 1)
  expect_eq(Game.points(Game.space("3-"), "double", false), 4)
  expect_eq(Game.points(Game.space("4-"), "single", false), 1)
end)

scenario("the risk piece: first-round bets score double, with the double piece triple, and it always comes back", function()
  local g = stacked(QUIET, QUIET_UP)
  g:play("bet umbrella 8+", "bet newspaper 7+ double", "bet tea 5+")
  expect_eq(g:pool("pieces1", "umbrella 8+", "risk"), 1, "Red's risk piece lies under his bet")
  expect_eq(g:pool("pieces1", 1, "risk"), 0)
  expect_eq(g:pool("pieces3", "tea 5+", "risk"), 1)
  g:play("bet umbrella 7+")
  expect_eq(g:pool("pieces1", "umbrella 7+", "risk"), 0, "later bets carry no risk piece")
  run_heat(g, {})
  expect_log(g, "Red wins 10 on umbrella 8+ (single+risk)")
  expect_log(g, "Red wins 3 on umbrella 7+ (single)")
  expect_log(g, "Blue wins 9 on newspaper 7+ (double+risk): newspaper marker 0 -> 9")
  expect_log(g, "Green loses the single piece on tea 5+")
  expect_eq(g:track("umbrella", 1), 10)
  expect_eq(g:pool("pieces3", 3, "risk"), 1, "a losing bet's risk piece comes back")
  expect_eq(g:pool("pieces3", "lost", "risk"), 0)
  expect_eq(g:pool("pieces1", 1, "risk"), 1)
  expect_eq(Game.points(Game.space("8+"), "single", true), 10)
  expect_eq(Game.points(Game.space("7+"), "double", true), 9)
end)

scenario("a marker never passes 10: points beyond are lost", function()
  local g = stacked(QUIET, QUIET_UP)
  run_heat(g, { [1] = "bet tea 1- double", [4] = "bet tea 2-" })
  expect_log(g, "Red wins 15 on tea 1- (double+risk): tea marker 0 -> 10 (capped at 10)")
  expect_log(g, "Red wins 3 on tea 2- (single): tea marker 10 -> 10 (capped at 10)")
  expect_eq(g:track("tea", 1), 10)
end)

-- Rule 6: lost pieces -----------------------------------------------------------

scenario("a player down to one betting piece or none gets all five back at the next heat", function()
  local g = stacked(QUIET, QUIET_UP)
  run_heat(g, {
    [1] = "bet umbrella 1-", [4] = "bet umbrella 2-", [7] = "bet umbrella 3-", [10] = "bet umbrella 4-", -- Red: 4 lost
    [2] = "bet newspaper 1-", [5] = "bet newspaper 2-", [8] = "bet newspaper 3-",                      -- Blue: 3 lost
    [3] = "bet bigben 1-", [6] = "bet bigben 2-", [9] = "bet bigben 3-", [12] = "bet bigben 4-",       -- Green: all 5
    [15] = "bet newspaper 4- double",
  })
  expect(not g:done())
  expect_log(g, "Red has 1 betting piece left and gets all of them back")
  expect_log(g, "Green has 0 betting pieces left and gets all of them back")
  expect_no_log(g, "Blue has")
  expect_eq({ g:pool("pieces1", 1, "single"), g:pool("pieces1", 1, "double"), g:pool("pieces1", "lost") }, { 4, 1, 0 })
  expect_eq({ g:pool("pieces3", 3, "single"), g:pool("pieces3", 3, "double"), g:pool("pieces3", "lost") }, { 4, 1, 0 })
  expect_eq({ g:pool("pieces2", 2, "single"), g:pool("pieces2", 2, "double"), g:pool("pieces2", "lost") }, { 1, 1, 3 })
  for s = 1, 3 do expect_eq(g:pool("pieces" .. s, s, "risk"), 1, "risk pieces are never lost") end
  -- Blue starts heat 2; his options show what he has left: a single and the double.
  expect_eq(g:turn(), 2)
  expect(contains(g:legal(), "bet hat 1-") and contains(g:legal(), "bet hat 1- double"))
end)

-- Rule 5: the next heat ---------------------------------------------------------

scenario("the starter of a heat deals the next; the player to his left starts it", function()
  local deck1 = heat_deck(QUIET, QUIET_UP)
  local deck2, named2 = heat_deck({ "hat:11", "tea:11", "bigben:11" }, "umbrella newspaper", 2)
  local g = game { players = 3, stack = { deck = { deck1, deck2 } } }
  run_heat(g)
  expect_log(g, "Heat 2: Red deals, Blue starts")
  expect_eq(g:turn(), 2)
  expect_eq(g:cards("hand", 2), named2[2], "the deal starts at the dealer's left")
  run_heat(g)
  expect_log(g, "Heat 3: Blue deals, Green starts")
  expect_eq(g:turn(), 3)
  run_heat(g)
  expect_log(g, "Heat 4: Green deals, Red starts")
  expect_eq(g:turn(), 1)
end)

-- Game end ----------------------------------------------------------------------

scenario("the game ends when every track has a marker in 5-10; only 5-10 counts", function()
  local g = stacked(QUIET, QUIET_UP)
  run_heat(g, {
    [1] = "bet tea 1- double", [2] = "bet hat 2-", [3] = "bet umbrella 4-",
    [4] = "bet umbrella 8+", [5] = "bet newspaper 8+", [6] = "bet hat 3-",
    [7] = "bet bigben 8+", [8] = "bet tea 2-", [9] = "bet hat 4-",
  })
  expect(g:done(), "one heat was enough")
  -- Red: tea 10, umbrella 5, bigben 5. Blue: hat 6, newspaper 5, tea 3 (light).
  -- Green: hat 3 (light).
  expect_eq(g:track("tea", 2), 3)
  expect_eq(g:track("hat", 3), 3)
  expect_eq(g:result().scores, { 20, 11, 0 }, "light-band markers are ignored")
  expect_eq(g:result().winners, { 1 })
  expect_log(g, "Every track has a marker in 5-10 after heat 1: the game ends. Club points: Red 20, Blue 11, Green 0")
  expect_eq(Game.club_points({ 4, 5, 10, 0, 1 }), 15)
  expect_eq(Game.winners({ 12, 15, 15 }), { 2, 3 }, "equal highest totals share the win")
  local tracks = { umbrella = { 5, 0 }, newspaper = { 0, 7 }, tea = { 5, 5 }, bigben = { 10, 0 }, hat = { 4, 4 } }
  expect(not Game.game_over(tracks, 2), "hat has no marker in 5-10")
  tracks.hat[2] = 5
  expect(Game.game_over(tracks, 2))
end)

scenario("random and steward bots play whole games for 3, 4 and 5 players", function()
  for players = 3, 5 do
    local g = game { players = players, seed = 10 + players }
    g:finish("steward", 7)
    expect(g:done(), players .. " players, steward")
    local r = g:result()
    for s = 1, players do
      local sum = 0
      for _, c in ipairs(Game.categories) do
        local m = g:track(c.name, s)
        expect(m >= 0 and m <= 10, "markers stay on the track")
        if m >= 5 then sum = sum + m end
      end
      expect_eq(r.scores[s], sum, "the score is the sum of the dark-band markers")
      local pieces = 0
      for _, h in ipairs({ s, "lost" }) do pieces = pieces + g:pool("pieces" .. s, h) end
      expect_eq(pieces, 6, "a player's six pieces are all at home or lost at the end")
    end
    local h = game { players = players, seed = 20 + players }
    h:finish("random", 3)
    expect(h:done(), players .. " players, random")
  end
end)

-- Hidden information --------------------------------------------------------------

scenario("set-aside cards, other hands and face-down discards never reach a seat", function()
  for players = 3, 5 do
    local g = game { players = players, seed = 30 + players }
    local aside = g:cards("set aside")
    for s = 1, players do
      local hidden = {}
      for _, n in ipairs(aside) do hidden[#hidden + 1] = n end
      for o = 1, players do
        if o ~= s then
          for _, n in ipairs(g:cards("hand", o)) do hidden[#hidden + 1] = n end
        end
      end
      expect_secret(g, s, hidden, players .. " players, after the deal")
      expect_eq(card_names(g:view(s).mine.hand.cards), g:cards("hand", s), "a seat sees its own hand")
    end
  end
  -- After the discards: a game that ends with its first heat keeps them in view.
  local g = stacked(QUIET, QUIET_UP)
  run_heat(g, {
    [1] = "bet tea 1- double", [2] = "bet hat 2-", [3] = "bet umbrella 4-",
    [4] = "bet umbrella 8+", [5] = "bet newspaper 8+", [6] = "bet hat 3-",
    [7] = "bet bigben 8+", [8] = "bet tea 2-", [9] = "bet hat 4-",
  })
  expect(g:done())
  local aside = g:cards("set aside")
  expect_eq(#aside, 30)
  for s = 1, 3 do
    local hidden = {}
    for _, n in ipairs(aside) do hidden[#hidden + 1] = n end
    for o = 1, 3 do
      expect_eq(#g:cards("discard", o), 1)
      if o ~= s then hidden[#hidden + 1] = g:cards("discard", o)[1] end
    end
    expect_secret(g, s, hidden, "after the discards")
    local own = g:view(s).mine.discard.cards
    expect_eq(card_names(own), g:cards("discard", s), "a seat sees its own discard")
    expect_log(g, "You discard " .. own[1].label .. " face down", s)
  end
  expect_eq(g:view(2).seats[1].discard.count, 1, "others see that a card was discarded")
  expect_eq(g:view(2).seats[1].discard.cards, {})
end)

scenario("the steward bets from its own seat's view only", function()
  -- Same hand for Red and same face-up cards; the other hands differ.
  local one = heat_deck({ "umbrella:3 newspaper:3 tea:3 hat:2", "bigben:11", "newspaper:8 tea:3" }, "hat hat")
  local two = heat_deck({ "umbrella:3 newspaper:3 tea:3 hat:2", "newspaper:8 tea:3", "bigben:11" }, "hat hat")
  local moves = {}
  for i, deck in ipairs({ one, two }) do
    local g = game { players = 3, stack = { deck = deck } }
    expect_eq(g:cards("hand", 1), { "umbrella1", "umbrella2", "umbrella3", "newspaper1", "newspaper2", "newspaper3", "tea1", "tea2", "tea3", "hat1", "hat2" })
    g:finish("steward", 4, 1)
    local log = g:log()
    moves[i] = log[#log]
  end
  expect(moves[1]:find("^Red "), moves[1])
  expect_eq(moves[1], moves[2], "Red's first bet cannot depend on cards Red cannot see")
end)

-- The house variant ----------------------------------------------------------------

scenario("variant members_only_no_risk: first-round bets carry no risk piece", function()
  local g = game { script = "members_only_no_risk.lua", players = 3, stack = { deck = heat_deck(QUIET, QUIET_UP) } }
  expect_eq(g:prompt().hint, "first round: no cards are revealed")
  g:play("bet umbrella 8+")
  expect_log(g, "Red bets a single piece on umbrella 8 or more (8+)")
  expect_no_log(g, "risk piece under it")
  expect_eq(g:pool("pieces1", "umbrella 8+", "risk"), 0)
  expect_eq(g:pool("pieces1", 1, "risk"), 1)
  run_heat(g, { [1] = "bet newspaper 8+ double" })
  expect_log(g, "Red wins 5 on umbrella 8+ (single): umbrella marker 0 -> 5")
  expect_log(g, "Blue wins 10 on newspaper 8+ (double): newspaper marker 0 -> 10")
end)

scenario("every move uses the move alphabet: letters, digits, + - ' _ and spaces", function()
  local g = game { players = 4, seed = 9 }
  local k = 0
  while g:prompt() and k < 2000 do
    local legal = g:legal()
    for _, o in ipairs(legal) do
      expect(o:match("^[%w%+%-'_ ]+$"), "move " .. o)
    end
    k = k + 1
    g:play(legal[(k * 7) % #legal + 1])
  end
  expect(g:done(), "the game ended")
end)

-- The scenario API: copies, arrangements and events ------------------------------

scenario("[Rule 5] a bet wins when the final count lies in its space: each umbrella space tried on a copy", function()
  -- Umbrella counts 3 at the end of this heat; Red's first-round bet
  -- carries the risk piece (double points).
  local g = stacked(EXAMPLE, EXAMPLE_UP)
  local wins = { ["3-"] = 4, ["4-"] = 2 }
  for _, sp in ipairs(Game.spaces) do
    local c = g:clone()
    local place = "umbrella " .. sp.name
    c:play("bet " .. place)
    run_heat(c, {})
    if wins[sp.name] then
      expect_event(c, { kind = "win", seat = 1, place = place, piece = "single", risk = true, points = wins[sp.name] })
    else
      expect_event(c, { kind = "lose", seat = 1, place = place, piece = "single" })
    end
  end
  expect_eq(g:events(), {}, "the copies left the original alone")
end)

scenario("[Rule 4] two umbrella NO! cards slipped into Green's hand cancel two umbrellas", function()
  local g = stacked(EXAMPLE, EXAMPLE_UP)
  local plain = g:clone()
  g:stack("hand", 3, { "umbrella-no1", "umbrella-no2" })
  expect_eq(#g:cards("hand", 3), 11, "Green gave two cards back to the cards set aside")
  for _, h in ipairs({ g, plain }) do
    h:play("bet umbrella 1-")
    run_heat(h, {})
  end
  expect_log(plain, "Umbrella counts 3")
  expect_event(plain, { kind = "lose", seat = 1, place = "umbrella 1-" })
  expect_log(g, "umbrella-NO cancels umbrella")
  expect_log(g, "Umbrella counts 1")
  expect_event(g, { kind = "win", seat = 1, place = "umbrella 1-", points = 10 })
  expect_eq(g:leaks(), {})
end)
