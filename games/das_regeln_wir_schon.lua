-- Das Regeln Wir Schon! (We'll settle this yet!), by Karl-Heinz Schmiel
-- (Moskito 1995), for 3 to 5 players. Rulebook: shared/rules/das-regeln-wir-
-- schon.txt (Kurt Adam's translation); missing facts from shared/rules/DATA.md.
-- Rulebook sections are cited in [brackets]: [Setup], [1.1 Card Play],
-- [1.2 Voting], [1.3 Chip Payment], [1.4 Move End], [2 Scoring Round],
-- [3 Prediction Round], [Game End], [Example] (the scoring example).
-- All 48 cards, with their effects, are listed in das_regeln_wir_schon.md.
--
-- Facts from DATA.md:
--  * Chips in four colours (white, purple, yellow, green), base value 1.
--    (decision, DATA.md) 20 chips of each colour, 15 with 3 players
--    (Game.setup.supply).
--  * 7 Scoring, 5 Prediction, 16 Correction, 10 Voting, 10 Incident Rules; the
--    30 cards left after the six are laid out are dealt 6 / 7 / 9 each to 5 /
--    4 / 3 players, the rest (0 / 2 / 3) go to the discard space (face down:
--    our reading; the rulebook does not say).
--  * The 16 Correction Rules, S1-S4, P1, V1-V3 and I1-I3 are the published
--    cards. (decision, DATA.md) S5-S7, P2-P5, V4-V10 and I4-I10 are designed
--    here in the same spirit; S2's two colours are the best two for the
--    player.
--
-- How we read the rulebook where it is silent or ambiguous (each is tested in
-- das_regeln_wir_schon_test.lua where it can be):
--  * [Setup] A Correction Rule laid out for a colour that already has one is
--    set aside and the next card is laid out; set-aside cards are shuffled
--    into the cards dealt to the players.
--  * [Setup] Order: rule cards, deal, place cards (Platz 1 also takes
--    Punktbeste and is the starting player; the highest number takes
--    Punktletzte), 4 voting tiles each, 7 starting chips each chosen by the
--    players in seating order from the starting player, then the first
--    (secret) predictions. The cartoon summary puts the predictions last,
--    after the chips, which lets them be made knowing the chips.
--  * [1.3] Whoever receives chips chooses their colours (as with the starting
--    chips). A payment is taken chip by chip, as the rulebook does, but
--    asked for in handfuls: a `take` prompt lists every handful of the chips
--    still due that leaves a chip of each colour in the pool, and, for each
--    colour whose last chip is within reach, the handful of all that is left
--    of it (`take 1 yellow`). That handful ends with the last chip: every
--    player (the taker included) returns all chips of that colour at once,
--    "all colors are again available, and the payment is continued" with a
--    new prompt for the rest. (The other chips of a payment may as well be
--    taken before the last one as after: the return touches one colour.)
--    So a player owed 5 with one yellow left may take it, see yellow come
--    back, and take 4 yellow. The rule holds for every take from the pool,
--    the starting chips included (it is the same pool). The pool runs dry
--    of a colour only for a moment, so a payment is always made in full.
--  * [1.3] Both Voting Rules are applied to each player in turn (the first
--    slot's rule, then the second's), one handful per rule, starting with
--    the active player and going clockwise (to the left).
--  * [1.2] "Minority" and "majority" count players, not tiles ("the basic vote
--    is the only thing considered"); an even split has neither. Only the
--    adoption itself counts tiles.
--  * [1.4] A Correction Rule for a colour that already has one in force must
--    replace that one (no prompt); any other adopted card replaces a card of
--    its type of the active player's choice (`replace voting 1`). The covered
--    card goes to a "covered rules" pile, out of play.
--  * [1.4]/[2] The scoring round begins at the reveal of a vote in which every
--    player used exactly one tile. The payments are still made and an
--    adopted card still goes into force (the rulebook's list of what happens
--    to it is missing from the translation: we put it in force, so it counts
--    in that scoring). Speaking from the reveal on is speaking "during the
--    scoring round".
--  * [2] So that there is always a moment to speak in the scoring round, it
--    opens with a roll call: each player in turn from the active player says
--    `count` (silent) or `count grumble` (a remark). Then the chips are
--    counted (Scoring Rule with the Correction Rules' values and bonuses),
--    then the Incident Rules that look at the count (I5, I8, I10), then the
--    interim standings are drawn up (ties drawn with the place cards), then
--    the Incident Rules that look at the interim standings (I3, I4), then the
--    predictions are scored against those same interim places [Example: "A is
--    first and so he deducts 10 points. Now the predictions are evaluated"].
--    Then the final standings of the round give out the place cards, again
--    with ties drawn, and Punktbeste/Punktletzte.
--  * [3] Tied players draw the contested place cards: the cards are shuffled
--    (zone "place draw") and dealt to the tied players in seat order.
--  * [3] The next Prediction Rule is chosen by the next-to-last player; when
--    only one is left it goes into force by itself. The next round starts
--    with the left neighbour of the player whose vote began the scoring.
--  * [Game End] Every player has played all his cards exactly when the next
--    active player has none left (cards are played in strict rotation); then
--    the scoring round that follows (triggered or not) is the last one. The
--    highest total wins; equal highest totals share the win.
--  * Speaking. At this table speaking is (a) `say TEXT` in the REPL, which the
--    engine logs to everyone and passes to Game.on_say, or (b) a remark made
--    through a prompt option: `vote yes 2 grumble` or `count grumble` (this
--    is how bots speak: they only answer prompts). Both go through
--    Game.speak, so Incident Rules about speaking apply alike. A remark made
--    with a vote is spoken when the vote is cast, before the reveal. A line
--    the script itself logs is never speaking. A "Move Round" for I9 lasts
--    from the end of one scoring round (or the start) to the next.
--  * (decision) Fines (I1, I6, I7) are paid by the script, so on_say needs no
--    prompt: one chip at a time, the colour worth least under the Correction
--    Rules in force, then the colour held most, then colour order. A player
--    who has fewer chips pays what he has.
--  * Points won or lost by speaking are noted at once (log, "pending" note)
--    and written on the score pad at the next count ("R1 speech").
--  * Predictions and listed colours (S3) are secret prompts; each player sees
--    his own in a private log line until the prediction round reveals them.
--    With S3 chosen for the next round, each player lists his colour right
--    after his prediction ("after the prediction round", card text).
--  * The bot "lobbyist" is described in das_regeln_wir_schon_bots.lua, and
--    in das_regeln_wir_schon.md with its figures against random players.
--
-- Moves: `take 1 white 1 purple 4 yellow 1 green` (colours always in this
-- order), `predict 2`, `predict player 3`, `list green`, `propose 3` (the 3rd
-- card in hand), `vote yes`, `vote no 3`, `vote yes 2 grumble`, `adopt` /
-- `reject` (a tie), `replace voting 1`, `count`, `count grumble`, `choose
-- scoring 4`, `choose prediction 2`, and `say ...` at any time.

local scores = require "scores"

local Game = {
  title = "Das Regeln Wir Schon!",
  about = "Vote on the rules that value your chips, predict your place, and keep quiet.",
  players = { 3, 5 },
}

local COLOURS = { "white", "purple", "yellow", "green" }
Game.colours = COLOURS

-- [Setup] and DATA.md.
Game.setup = {
  supply = { [3] = 15, [4] = 20, [5] = 20 }, -- chips of each colour (decision, DATA.md)
  hand = { [3] = 9, [4] = 7, [5] = 6 },
  laid_out = 2,          -- Correction, Voting and Incident Rules in force
  tiles = 4,             -- voting tiles each
  start_chips = 7,
  rounds = 5,
  first_scoring = "S1",  -- Single + Bonus
  first_prediction = "P1", -- Own Place: 15 Points
}

-- The remark a prompt option may carry: saying it is speaking.
Game.remark = "grumble"

-- The cards -----------------------------------------------------------------
-- Each card is data plus (for most) one small function. A house variant adds
-- or changes a card by editing Game.cards before play (see
-- das_regeln_wir_schon.md). Hooks by type:
--   scoring:    score(c, seat) -> chip points, bonus points   (c: score context)
--   prediction: ask = "place" or "player"; points(guess, seat, places, n)
--   correction: colour + value (a chip value), or bonus(c, seat) -> points
--   voting:     pays(v, seat) -> chips from the pool          (v: vote context)
--   incident:   speak(sp) -> {points=, chips=} (chips < 0: a fine);
--                 sp = {seat=, text=, scoring=, first=}
--               vote(v, seat) -> chips to pay
--               count(c, seat, info) -> points, before the interim standings
--               interim(place, n) -> points, after them

local function best_product(c, s)
  local best = 0
  for i = 1, #COLOURS do
    for j = i + 1, #COLOURS do
      best = math.max(best, c:points(s, COLOURS[i]) * c:points(s, COLOURS[j]))
    end
  end
  return best
end

Game.cards = {
  -- Scoring Rules (Wertung-Regel): one in force, chosen each round.
  { name = "S1", kind = "scoring", short = "Single + Bonus",
    text = "Every chip scores its value; bonuses are added.",
    score = function(c, s) return c:sum(s), c:bonus(s) end },
  { name = "S2", kind = "scoring", short = "Product of 2 Colours + Bonus",
    text = "Only 2 colours score: the points of one times the points of the other (each player's best pair); bonuses are added.",
    score = function(c, s) return best_product(c, s), c:bonus(s) end },
  { name = "S3", kind = "scoring", short = "Listed Colour x 5 + Bonus", listed = true,
    text = "After the prediction round each player secretly lists a colour; only that colour scores, times 5; bonuses are added.",
    score = function(c, s) return c:points(s, c.listed[s]) * 5, c:bonus(s) end },
  { name = "S4", kind = "scoring", short = "Points x Colours + Bonus",
    text = "The chip points are multiplied by the number of colours the player holds; bonuses are added.",
    score = function(c, s) return c:sum(s) * c:colours_held(s), c:bonus(s) end },
  { name = "S5", kind = "scoring", short = "Weakest Colour x 5 + Bonus",
    text = "Only the colour scoring fewest points for the player counts (of the colours worth anything), times 5; bonuses are added.",
    score = function(c, s)
      local weakest
      for _, col in ipairs(COLOURS) do
        if c.value[col] > 0 then
          local p = c:points(s, col)
          if weakest == nil or p < weakest then weakest = p end
        end
      end
      return (weakest or 0) * 5, c:bonus(s)
    end },
  { name = "S6", kind = "scoring", short = "Double, No Bonus",
    text = "Every chip scores twice its value; no bonuses.",
    score = function(c, s) return 2 * c:sum(s), 0 end },
  { name = "S7", kind = "scoring", short = "Majorities x 2 + Bonus",
    text = "Each colour scores only for the player(s) holding most of it, at twice its points; bonuses are added.",
    score = function(c, s)
      local sum = 0
      for _, col in ipairs(COLOURS) do
        if c:count(s, col) > 0 and c:count(s, col) == c:most(col) then sum = sum + 2 * c:points(s, col) end
      end
      return sum, c:bonus(s)
    end },

  -- Prediction Rules (Prognose-Regel): one in force, chosen each round.
  { name = "P1", kind = "prediction", short = "Own Place: 15 Points", ask = "place",
    text = "Predict your place in the interim standings: 15 points if right.",
    points = function(guess, s, places) return guess == places[s] and 15 or 0 end },
  { name = "P2", kind = "prediction", short = "Own Place Near: 10 / 5 Points", ask = "place",
    text = "Predict your place: 10 points if right, 5 if one place off.",
    points = function(guess, s, places)
      local off = math.abs(guess - places[s])
      return off == 0 and 10 or (off == 1 and 5 or 0)
    end },
  { name = "P3", kind = "prediction", short = "The Leader: 10 Points", ask = "player",
    text = "Name the player in first place of the interim standings: 10 points if right.",
    points = function(guess, s, places) return places[guess] == 1 and 10 or 0 end },
  { name = "P4", kind = "prediction", short = "The Last: 10 Points", ask = "player",
    text = "Name the player in last place of the interim standings: 10 points if right.",
    points = function(guess, s, places, n) return places[guess] == n and 10 or 0 end },
  { name = "P5", kind = "prediction", short = "Own Place x 5 Points", ask = "place",
    text = "Predict your place: if right, 5 points times the place (last place pays most).",
    points = function(guess, s, places) return guess == places[s] and 5 * guess or 0 end },

  -- Correction Rules (Korrektur-Regel): two in force, one per colour at most.
  { name = "C1", kind = "correction", colour = "white", value = 0, short = "white 0", text = "White chips count 0 points." },
  { name = "C2", kind = "correction", colour = "white", value = 2, short = "white 2", text = "White chips count 2 points." },
  { name = "C3", kind = "correction", colour = "white", value = 3, short = "white 3", text = "White chips count 3 points." },
  { name = "C4", kind = "correction", colour = "purple", value = 0, short = "purple 0", text = "Purple chips count 0 points." },
  { name = "C5", kind = "correction", colour = "purple", value = 2, short = "purple 2", text = "Purple chips count 2 points." },
  { name = "C6", kind = "correction", colour = "purple", value = 3, short = "purple 3", text = "Purple chips count 3 points." },
  { name = "C7", kind = "correction", colour = "yellow", value = 0, short = "yellow 0", text = "Yellow chips count 0 points." },
  { name = "C8", kind = "correction", colour = "yellow", value = 2, short = "yellow 2", text = "Yellow chips count 2 points." },
  { name = "C9", kind = "correction", colour = "yellow", value = 3, short = "yellow 3", text = "Yellow chips count 3 points." },
  { name = "C10", kind = "correction", colour = "green", value = 0, short = "green 0", text = "Green chips count 0 points." },
  { name = "C11", kind = "correction", colour = "green", value = 2, short = "green 2", text = "Green chips count 2 points." },
  { name = "C12", kind = "correction", colour = "green", value = 3, short = "green 3", text = "Green chips count 3 points." },
  { name = "C13", kind = "correction", short = "one colour only +30",
    text = "A player holding chips of one colour only gets 30 bonus points.",
    bonus = function(c, s) return c:colours_held(s) == 1 and 30 or 0 end },
  { name = "C14", kind = "correction", short = "single chips +10",
    text = "10 bonus points for each colour of which a player holds exactly one chip.",
    bonus = function(c, s)
      local b = 0
      for _, col in ipairs(COLOURS) do if c:count(s, col) == 1 then b = b + 10 end end
      return b
    end },
  { name = "C15", kind = "correction", short = "full sets +5",
    text = "5 bonus points for each complete set of all 4 colours.",
    bonus = function(c, s)
      local sets = math.huge
      for _, col in ipairs(COLOURS) do sets = math.min(sets, c:count(s, col)) end
      return 5 * sets
    end },
  { name = "C16", kind = "correction", short = "sole holder +30",
    text = "30 bonus points for each colour of which a player is the only holder.",
    bonus = function(c, s)
      local b = 0
      for _, col in ipairs(COLOURS) do
        if c:count(s, col) > 0 and c:holders(col) == 1 then b = b + 30 end
      end
      return b
    end },

  -- Voting Rules (Abstimm-Regel): two in force; they pay chips after a vote.
  { name = "V1", kind = "voting", short = "lone voice +5",
    text = "A player who votes differently from every other player gets 5 chips.",
    pays = function(v, s) return v:alike(s) == 1 and 5 or 0 end },
  { name = "V2", kind = "voting", short = "like left neighbour +2",
    text = "A player who voted like his left neighbour gets 2 chips.",
    pays = function(v, s) return v.vote[v.left[s]] == v.vote[s] and 2 or 0 end },
  { name = "V3", kind = "voting", short = "minority +2",
    text = "Every player in the minority (fewer players) gets 2 chips.",
    pays = function(v, s) return v:alike(s) < v.players - v:alike(s) and 2 or 0 end },
  { name = "V4", kind = "voting", short = "like right neighbour +2",
    text = "A player who voted like his right neighbour gets 2 chips.",
    pays = function(v, s) return v.vote[v.right[s]] == v.vote[s] and 2 or 0 end },
  { name = "V5", kind = "voting", short = "majority +1",
    text = "Every player in the majority (more players) gets 1 chip.",
    pays = function(v, s) return v:alike(s) > v.players - v:alike(s) and 1 or 0 end },
  { name = "V6", kind = "voting", short = "contradict the proposer +2",
    text = "A player who voted differently from the active player gets 2 chips.",
    pays = function(v, s) return v.vote[s] ~= v.vote[v.active] and 2 or 0 end },
  { name = "V7", kind = "voting", short = "on the winning side +1",
    text = "Every player who voted for the outcome (yes if adopted, no if rejected) gets 1 chip.",
    pays = function(v, s) return (v.vote[s] == "yes") == v.adopted and 1 or 0 end },
  { name = "V8", kind = "voting", short = "on the losing side +2",
    text = "Every player who voted against the outcome gets 2 chips.",
    pays = function(v, s) return (v.vote[s] == "yes") ~= v.adopted and 2 or 0 end },
  { name = "V9", kind = "voting", short = "unanimous +3",
    text = "If all players voted alike, each gets 3 chips.",
    pays = function(v, s) return v:alike(s) == v.players and 3 or 0 end },
  { name = "V10", kind = "voting", short = "adopted proposal +3",
    text = "The active player gets 3 chips if his card is adopted.",
    pays = function(v, s) return (s == v.active and v.adopted) and 3 or 0 end },

  -- Incident Rules (Ereignis-Regel): two in force.
  { name = "I1", kind = "incident", short = "speaking costs 3 chips",
    text = "Whoever speaks pays 3 chips to the pool.",
    speak = function(sp) return { chips = -3 } end },
  { name = "I2", kind = "incident", short = "first word in scoring -15",
    text = "The first to speak during the scoring round loses 15 points.",
    speak = function(sp) if sp.scoring and sp.first then return { points = -15 } end end },
  { name = "I3", kind = "incident", short = "interim leader -10",
    text = "The player in first place after the interim scoring loses 10 points.",
    interim = function(place, n) return place == 1 and -10 or 0 end },
  { name = "I4", kind = "incident", short = "interim last +10",
    text = "The player in last place after the interim scoring gets 10 points.",
    interim = function(place, n) return place == n and 10 or 0 end },
  { name = "I5", kind = "incident", short = "silence is golden +5",
    text = "At the count, every player who has not spoken since the previous scoring round gets 5 points.",
    count = function(c, s, info) return info.spoke[s] and 0 or 5 end },
  { name = "I6", kind = "incident", short = "rejected proposal pays 2",
    text = "When a card is rejected, the active player pays 2 chips to the pool.",
    vote = function(v, s) return (s == v.active and not v.adopted) and 2 or 0 end },
  { name = "I7", kind = "incident", short = "3+ tiles pay 2",
    text = "Whoever votes with 3 or more tiles pays 2 chips to the pool.",
    vote = function(v, s) return v.tiles[s] >= 3 and 2 or 0 end },
  { name = "I8", kind = "incident", short = "most chips -10",
    text = "At the count, whoever holds the most chips loses 10 points (all of them, if tied).",
    count = function(c, s)
      local most = c:most_chips()
      return (most > 0 and c:total(s) == most) and -10 or 0
    end },
  { name = "I9", kind = "incident", short = "icebreaker +5",
    text = "The first to speak in each Move Round (between scoring rounds) gets 5 points.",
    speak = function(sp) if not sp.scoring and sp.first then return { points = 5 } end end },
  { name = "I10", kind = "incident", short = "alms +10",
    text = "At the count, every player holding fewer than 5 chips gets 10 points.",
    count = function(c, s) return c:total(s) < 5 and 10 or 0 end },
}

Game.kinds = {
  { kind = "scoring", title = "Scoring Rule" },
  { kind = "prediction", title = "Prediction Rule" },
  { kind = "correction", title = "Correction Rule" },
  { kind = "voting", title = "Voting Rule" },
  { kind = "incident", title = "Incident Rule" },
}

-- Fills in the fields every card has: number, order, label.
local KIND_ORDER = { scoring = 100, prediction = 200, correction = 300, voting = 400, incident = 500 }
-- (A variant that changes Game.cards calls Game.prepare_cards() again.)
function Game.prepare_cards(list)
  list = list or Game.cards
  local by_name = {}
  for _, c in ipairs(list) do
    c.number = tonumber(c.name:sub(2))
    c.order = KIND_ORDER[c.kind] + c.number
    c.label = "[" .. c.name .. " " .. c.short .. "]"
    by_name[c.name] = c
  end
  Game.card_by_name = by_name
  return by_name
end
Game.prepare_cards()

function Game.card_def(name) return Game.card_by_name[name] end

-- Contexts the card functions see --------------------------------------------

local ScoreCtx = {}
ScoreCtx.__index = ScoreCtx
function ScoreCtx:count(s, col)
  local h = self.chips[s]
  return (h and col and h[col]) or 0
end
function ScoreCtx:points(s, col)
  local h = self.chips[s]
  if not (h and col) then return 0 end
  return (h[col] or 0) * self.value[col]
end
function ScoreCtx:sum(s)
  local sum = 0
  for i = 1, #COLOURS do sum = sum + self:points(s, COLOURS[i]) end
  return sum
end
function ScoreCtx:total(s)
  local sum = 0
  for i = 1, #COLOURS do sum = sum + self:count(s, COLOURS[i]) end
  return sum
end
function ScoreCtx:colours_held(s)
  local k = 0
  for i = 1, #COLOURS do if self:count(s, COLOURS[i]) > 0 then k = k + 1 end end
  return k
end

-- The questions about everyone's chips are worked out once per context
-- and kept in self[field] (BotCtx:put, which puts other chips in, forgets
-- them; a nil colour is asked every time).
local function kept_by_colour(field, work)
  return function(self, col)
    local memo = self[field]
    if not memo then memo = {}; self[field] = memo end
    local x = memo[col]
    if x == nil then
      x = work(self, col)
      if col ~= nil then memo[col] = x end
    end
    return x
  end
end
-- How many players hold chips of col.
ScoreCtx.holders = kept_by_colour("holders_of", function(self, col)
  local k = 0
  for p = 1, self.players do if self:count(p, col) > 0 then k = k + 1 end end
  return k
end)
-- The most chips of col any player holds.
ScoreCtx.most = kept_by_colour("most_of", function(self, col)
  local m = 0
  for p = 1, self.players do m = math.max(m, self:count(p, col)) end
  return m
end)
-- The most chips any player holds.
function ScoreCtx:most_chips()
  local m = self.most_held
  if m == nil then
    m = 0
    for p = 1, self.players do m = math.max(m, self:total(p)) end
    self.most_held = m
  end
  return m
end
function ScoreCtx:bonus(s)
  local b = 0
  local corrections = self.corrections
  for i = 1, #corrections do
    local card = corrections[i]
    if card.bonus then b = b + card.bonus(self, s) end
  end
  return b
end

-- The methods above are the game's, for a bot's own score contexts to
-- build on.
Game.ScoreCtx = ScoreCtx

-- chips: {[seat] = {white =, purple =, yellow =, green =}}; corrections: the
-- Correction Rules in force; listed: {[seat] = colour} for S3.
function Game.score_context(chips, corrections, listed, players)
  return setmetatable({ chips = chips, corrections = corrections, listed = listed or {}, players = players, value = Game.chip_values(corrections) }, ScoreCtx)
end

-- What a chip of each colour is worth: 1, unless a Correction Rule says
-- otherwise.
function Game.chip_values(corrections)
  local value = {}
  for _, col in ipairs(COLOURS) do value[col] = 1 end
  for _, card in ipairs(corrections) do
    if card.colour then value[card.colour] = card.value end
  end
  return value
end

-- Chip points and bonus per seat under a Scoring Rule: two lists by seat.
function Game.chip_scores(c, scoring)
  local points, bonuses = {}, {}
  for s = 1, c.players do
    local pts, bonus = scoring.score(c, s)
    points[s], bonuses[s] = pts, bonus
  end
  return points, bonuses
end

local VoteCtx = {}
VoteCtx.__index = VoteCtx
-- How many players voted as s did (s included).
function VoteCtx:alike(s)
  if self.vote[s] == "yes" then return self.yes end
  return self.players - self.yes
end

-- Each seat's left and right neighbour, by the number of players.
local NEIGHBOURS = {}
local function neighbours(players)
  local nb = NEIGHBOURS[players]
  if not nb then
    nb = { left = {}, right = {} }
    for s = 1, players do
      nb.left[s] = s % players + 1
      nb.right[s] = (s - 2) % players + 1
    end
    NEIGHBOURS[players] = nb
  end
  return nb
end

-- votes: {[seat] = "yes"/"no"}; tiles: {[seat] = n}. v: a context to fill
-- afresh (a move fills the same one each time), or nil for a new one.
function Game.vote_context(players, votes, tiles, active, adopted, v)
  local nb, yes = neighbours(players), 0
  for s = 1, players do
    if votes[s] == "yes" then yes = yes + 1 end
  end
  v = v or setmetatable({}, VoteCtx)
  v.players = players
  v.vote = votes
  v.tiles = tiles
  v.active = active
  v.adopted = adopted
  v.left = nb.left
  v.right = nb.right
  v.yes = yes
  return v
end

-- [1.3] What each seat is paid, in payment order (seats in order, each
-- Voting Rule in force in turn): pay(seat, chips, card) for each payment.
function Game.payments(v, voting_rules, order, pay)
  for i = 1, #order do
    local s = order[i]
    for j = 1, #voting_rules do
      local card = voting_rules[j]
      local k = card.pays(v, s)
      if k > 0 then pay(s, k, card) end
    end
  end
end

-- [1.2] More yes tiles than no tiles adopts, more no rejects, else a tie.
function Game.tally(votes, tiles, players)
  local yes, no = 0, 0
  for s = 1, players do
    if votes[s] == "yes" then yes = yes + tiles[s] else no = no + tiles[s] end
  end
  local result = "tie"
  if yes > no then result = "adopted" elseif no > yes then result = "rejected" end
  return result, yes, no
end

-- [1.4] / [2] The scoring round begins when every player used one tile.
function Game.all_used_one(tiles, players)
  for s = 1, players do
    if tiles[s] ~= 1 then return false end
  end
  return true
end

-- [3] Places by total, highest first; draw(group) orders tied seats (it
-- returns them in their drawn order). Returns {[seat] = place}.
function Game.places(totals, players, draw)
  local order = {}
  for s = 1, players do order[s] = s end
  table.sort(order, function(a, b)
    if totals[a] ~= totals[b] then return totals[a] > totals[b] end
    return a < b
  end)
  local places, i = {}, 1
  while i <= players do
    local j = i
    while j < players and totals[order[j + 1]] == totals[order[i]] do j = j + 1 end
    local group = {}
    for k = i, j do group[#group + 1] = order[k] end
    if #group > 1 then group = draw(group, i) end
    for k, s in ipairs(group) do places[s] = i + k - 1 end
    i = j + 1
  end
  return places
end

-- [1.4] The slots an adopted card may cover: a Correction Rule for a colour
-- in force must cover that one.
function Game.replaceable(in_force, card)
  if card.kind == "correction" and card.colour then
    for i, c in ipairs(in_force) do
      if c.colour == card.colour then return { i }, true end
    end
  end
  local slots = {}
  for i = 1, #in_force do slots[i] = i end
  return slots, false
end

-- Options ---------------------------------------------------------------------

-- A table whose entries are made the first time they are asked for, by
-- make(key), and kept: the game's texts, hints and options, each made once.
local function memo(make)
  return setmetatable({}, { __index = function(made, key)
    local v = make(key)
    made[key] = v
    return v
  end })
end

local function chips_text(counts)
  local text
  for i = 1, #COLOURS do
    local col = COLOURS[i]
    local n = counts[col]
    if n and n > 0 then text = text and (text .. " " .. n .. " " .. col) or (n .. " " .. col) end
  end
  return text or ""
end
Game.chips_text = chips_text

-- [1.3] The next handful of a payment of k chips, taken chip by chip: every
-- handful of k chips that leaves at least one chip of each colour in the
-- pool, then, for each colour whose last chip is within reach, the handful
-- that ends with its last chip ("take 1 yellow"). After that one the colour
-- comes back (Game.last_chip) and the payment goes on with what is left:
-- taking the other chips of the payment before or after the last one comes
-- to the same, as the return touches only that colour.
-- The lists are kept by what they depend on (k, and each colour's supply up
-- to k + 1), and given again: a prompt never changes its options.
local take_lists = {}  -- [k][supply key]
local last_opts = {}   -- the handfuls that end with a colour's last chip

-- Each colour's supply in the pool, up to k + 1, as one number (below
-- zero: the VM would keep a large positive one in the table's array part,
-- filling the gap below it).
local function supply_key(pool, k)
  local key = 0
  for i = 1, #COLOURS do
    local n = pool:supply(COLOURS[i])
    if n > k + 1 then n = k + 1 end
    key = key * (k + 2) + n
  end
  return -1 - key
end

function Game.take_options(pool, k)
  if k <= 0 then return {} end
  local by_supply = take_lists[k]
  if not by_supply then by_supply = {}; take_lists[k] = by_supply end
  local key = supply_key(pool, k)
  local opts = by_supply[key]
  if not opts then opts = Game.handfuls(pool, k); by_supply[key] = opts end
  return opts
end

-- The handful of the n chips of col left in the pool, made once.
local function last_chip_option(col, n)
  local by_n = last_opts[col]
  if not by_n then by_n = {}; last_opts[col] = by_n end
  local o = by_n[n]
  if not o then
    o = { white = 0, purple = 0, yellow = 0, green = 0, count = n, last = col }
    o[col] = n
    o.text = "take " .. chips_text(o)
    by_n[n] = o
  end
  return o
end

function Game.handfuls(pool, k)
  local opts = pool:handfuls(k, 1)
  for _, col in ipairs(COLOURS) do
    local n = pool:supply(col)
    if n > 0 and n <= k then opts[#opts + 1] = last_chip_option(col, n) end
  end
  return opts
end

local vote_lists = {} -- by tiles: a prompt never changes its options

function Game.vote_options(tiles)
  if vote_lists[tiles] then return vote_lists[tiles] end
  local opts = {}
  for _, remark in ipairs({ false, true }) do
    for _, side in ipairs({ "yes", "no" }) do
      for k = 1, tiles do
        local text = "vote " .. side .. (k > 1 and (" " .. k) or "") .. (remark and (" " .. Game.remark) or "")
        opts[#opts + 1] = { text = text, vote = side, tiles = k, remark = remark }
      end
    end
  end
  vote_lists[tiles] = opts
  return opts
end

local prediction_lists = {} -- by card (the players are the match's)

function Game.prediction_options(card, players)
  local key = card
  if prediction_lists[key] then return prediction_lists[key] end
  local opts = {}
  for i = 1, players do
    if card.ask == "player" then
      opts[i] = { text = "predict player " .. i, value = i }
    else
      opts[i] = { text = "predict " .. i, value = i }
    end
  end
  prediction_lists[key] = opts
  return opts
end

local SUFFIX = { "st", "nd", "rd" }
local function ordinal(n)
  return n .. (SUFFIX[n] or "th")
end

function Game.prediction_text(t, card, value)
  if card.ask == "player" then return t:name(value) end
  return ordinal(value) .. " place"
end

-- An option that names a card ("propose 3", "choose scoring 4"), made once
-- per card and text.
local card_options = {}
local function card_option(text, card)
  local by_text = card_options[card]
  if not by_text then by_text = {}; card_options[card] = by_text end
  local o = by_text[text]
  if not o then o = { text = text, card = card }; by_text[text] = o end
  return o
end

-- The table ---------------------------------------------------------------------

-- Per-match state that on_say needs as well as play (a Lua table owned by
-- the match's own Lua state; replays rebuild it).
local STATE = setmetatable({}, { __mode = "k" })

local IN_FORCE = {
  scoring = { zone = "scoring rule", label = "Scoring Rule in force" },
  prediction = { zone = "prediction rule", label = "Prediction Rule in force" },
  correction = { zone = "correction rules", label = "Correction Rules in force" },
  voting = { zone = "voting rules", label = "Voting Rules in force" },
  incident = { zone = "incident rules", label = "Incident Rules in force" },
}

function Game.make_table(t, S)
  local z = { hand = {}, place = {}, force = {} }
  S.z = z
  for _, k in ipairs(Game.kinds) do
    local f = IN_FORCE[k.kind]
    z.force[k.kind] = t:zone { name = f.zone, label = f.label, visibility = "all" }
  end
  z.scoring_left = t:zone { name = "scoring rules", label = "Scoring Rules to choose from", visibility = "all" }
  z.prediction_left = t:zone { name = "prediction rules", label = "Prediction Rules to choose from", visibility = "all" }
  z.ballot = t:zone { name = "ballot", label = "Rule card to vote on", visibility = "all" }
  z.discard = t:zone { name = "discard", label = "Discard pile", visibility = "hidden" }
  z.covered = t:zone { name = "covered", label = "Covered rules", visibility = "all", shown = false }
  z.deck = t:zone { name = "deck", visibility = "hidden", shown = false }
  z.decks = {}
  for _, kind in ipairs({ "correction", "voting", "incident" }) do
    z.decks[kind] = t:zone { name = kind .. " deck", visibility = "hidden", shown = false }
  end
  z.draw = t:zone { name = "place draw", visibility = "hidden", shown = false }
  z.box = t:zone { name = "box", visibility = "hidden", shown = false }
  for _, s in ipairs(t:seats()) do
    z.hand[s] = t:zone { name = "hand", owner = s, visibility = "owner" }
    z.place[s] = t:zone { name = "place", owner = s, label = t:name(s) .. "'s place cards", visibility = "all" }
  end
  S.chips = t:pool { name = "chips", label = "Chips", kinds = COLOURS, supply = Game.setup.supply[t.players] }
  S.tiles = t:pool { name = "tiles", label = "Voting tiles (used: out until after the scoring round)", kinds = { "tiles" }, supply = Game.setup.tiles * t.players }
  S.pad = t:pad { name = "score", label = "Score pad" }

  -- The cards: the rule cards by type (the definitions themselves: the
  -- script runs afresh for every match), the place cards.
  local by_kind = {}
  for _, k in ipairs(Game.kinds) do by_kind[k.kind] = {} end
  for _, def in ipairs(Game.cards) do
    local list = by_kind[def.kind]
    list[#list + 1] = def
  end
  t:cards(by_kind.scoring, z.scoring_left)
  t:cards(by_kind.prediction, z.prediction_left)
  for _, kind in ipairs({ "correction", "voting", "incident" }) do t:cards(by_kind[kind], z.decks[kind]) end
  z.scoring_left:sort()
  z.prediction_left:sort()
  z.places = {} -- the place cards by number
  -- The cards keep the rulebook's names; they read in English ("1st place",
  -- "Most points") on the screen, as the rulebook explains them.
  for i = 1, t.players do z.places[i] = { name = "Platz " .. i, label = ordinal(i) .. " place", place = i } end
  t:cards(z.places, z.draw)
  z.best = { name = "Punktbeste", label = "Most points" }
  z.worst = { name = "Punktletzte", label = "Fewest points" }
  t:cards({ z.best, z.worst }, z.box)
end

-- The rules in force, kept in S.rules until a rule card moves
-- (Game.rules_changed).
function Game.in_force(S)
  local F = S.rules
  if not F then
    local f = S.z.force
    F = {
      scoring = f.scoring:top(), prediction = f.prediction:top(),
      correction = f.correction:cards(), voting = f.voting:cards(), incident = f.incident:cards(),
    }
    S.rules = F
  end
  return F
end

-- The chip values of the Correction Rules in force.
local function values_in_force(S)
  local F = Game.in_force(S)
  if not F.values then F.values = Game.chip_values(F.correction) end
  return F.values
end

-- The notes show every card in force with its text, a note per card
-- ("rule voting 2": "Voting Rule 2: [V5 majority +1] Every player ..."). A
-- card's note is made once per slot.
local RULE_TITLE = { correction = "Correction", voting = "Voting", incident = "Incident" }
local note_keys = memo(function(kind) -- by kind, then slot
  return memo(function(i) return "rule " .. kind .. " " .. i end)
end)
local note_texts = memo(function(c) -- by card (in force among its kind: Game.adopt), then slot
  return memo(function(i) return string.format("%s Rule %d: %s %s", RULE_TITLE[c.kind], i, c.label, c.text) end)
end)

local function rule_note(t, kind, i, c)
  t:note(note_keys[kind][i], note_texts[c][i], c.name)
end

local function rule_notes(t, F, kind)
  if kind == "scoring" then
    t:note("rule scoring", "Scoring Rule: " .. F.scoring.label .. " " .. F.scoring.text, F.scoring.name)
  elseif kind == "prediction" then
    t:note("rule prediction", "Prediction Rule: " .. F.prediction.label .. " " .. F.prediction.text, F.prediction.name)
  else
    local cards = F[kind]
    for i = 1, #cards do rule_note(t, kind, i, cards[i]) end
  end
end

-- After rule cards have moved: the rules in force are read again, and the
-- notes of the kinds that moved (all when none is given) are written anew.
function Game.rules_changed(t, S, ...)
  S.rules = nil
  local F = Game.in_force(S)
  local kinds = select("#", ...) > 0 and { ... } or { "scoring", "prediction", "correction", "voting", "incident" }
  for _, kind in ipairs(kinds) do rule_notes(t, F, kind) end
end

function Game.chips_table(S, players)
  local out, chips = {}, S.chips
  for s = 1, players do
    out[s] = {
      white = chips:count(s, "white"), purple = chips:count(s, "purple"),
      yellow = chips:count(s, "yellow"), green = chips:count(s, "green"),
    }
  end
  return out
end

-- Chips ---------------------------------------------------------------------

-- [1.3] If the pool gave its last chip of a colour, everyone returns that
-- colour. (Only a handful that says so takes a colour's last chip.)
function Game.last_chip(t, S, col)
  t:event("all", { kind = "return", colour = col },
    "The last %s chip has left the pool: everyone returns all his %s chips", col, col)
  for _, s in ipairs(t:seats()) do S.chips:take(s, col, S.chips:count(s, col)) end
end

local take_event = { kind = "take" } -- (t:event copies the data it is given)

-- What a handful shows in the log ("1 white 4 yellow"): its option's text
-- without the verb "take ", kept by handful (the same handful is the same
-- table every time).
local handful_texts = memo(function(o) return o.text:sub(#"take " + 1) end)

-- A hint with the note on a colour's last chip, made once per hint.
local with_last_chip = memo(function(hint)
  return hint .. " (a colour's last chip ends a handful: then everyone returns that colour and you take the rest)"
end)

-- [1.3] seat takes k chips of his choice from the pool, chip by chip: a
-- handful at a time, which ends early with the last chip of a colour; then
-- everyone returns that colour and the payment goes on.
function Game.take(t, S, seat, k, hint)
  local ask = hint
  while k > 0 do
    local opts = Game.take_options(S.chips, k)
    if #opts == 0 then
      t:log("The pool is empty: %p gets nothing more", seat)
      return
    end
    local choice = opts[1]
    if #opts > 1 then
      if opts[#opts].last then ask = with_last_chip[ask] end
      choice = t:ask(seat, opts, ask)
    end
    for i = 1, #COLOURS do
      local col = COLOURS[i]
      if choice[col] > 0 then S.chips:give(seat, col, choice[col]) end
    end
    local e = take_event
    e.seat, e.white, e.purple, e.yellow, e.green = seat, choice.white, choice.purple, choice.yellow, choice.green
    t:event("all", e, "%p takes %s", seat, handful_texts[choice])
    if choice.last then Game.last_chip(t, S, choice.last) end
    k = k - choice.count
    if k > 0 then ask = string.format("%s: %d more to take", hint, k) end
  end
end

-- (decision) The colours a fine is paid in: worth least first, then the
-- colour held most, then colour order. held (every colour's count) is the
-- caller's own: the fine is counted down in it.
function Game.fine_colours(held, values, n)
  local out = {}
  for _ = 1, n do
    local best
    for i = 1, #COLOURS do
      local col = COLOURS[i]
      if held[col] > 0 and (best == nil or values[col] < values[best] or (values[col] == values[best] and held[col] > held[best])) then
        best = col
      end
    end
    if not best then break end
    held[best] = held[best] - 1
    out[best] = (out[best] or 0) + 1
  end
  return out
end

local held_now = {} -- the chips a fine is paid from, filled afresh

function Game.pay(t, S, seat, n, card)
  local chips, held = S.chips, held_now
  for i = 1, #COLOURS do
    local col = COLOURS[i]
    held[col] = chips:count(seat, col)
  end
  local pay = Game.fine_colours(held, values_in_force(S), n)
  local paid = 0
  for i = 1, #COLOURS do
    local col = COLOURS[i]
    local k = pay[col]
    if k then chips:take(seat, col, k); paid = paid + k end
  end
  local text = chips_text(pay)
  t:metric("fines", paid)
  t:log("%p pays %s to the pool (%s)", seat, text == "" and "nothing (he has no chips)" or text, card.label)
end

-- Speaking ---------------------------------------------------------------------

local function pending_note(t, S)
  local parts = {}
  for _, s in ipairs(t:seats()) do
    if (S.speech[s] or 0) ~= 0 then parts[#parts + 1] = string.format("%s %+d", t:name(s), S.speech[s]) end
  end
  if #parts == 0 then t:note("pending", nil)
  else t:note("pending", "Points for speaking, noted at the next count: " .. table.concat(parts, ", ")) end
end

local speaking = {} -- what the cards about speaking are told: {seat =, scoring =, first =, text =}

-- Every way of speaking comes here: the Incident Rules about speaking apply.
-- text is what was said (the remark word for a remark).
function Game.speak(t, S, seat, text)
  if S.phase == "over" then return end
  local scoring = S.phase == "scoring"
  local first
  if scoring then
    first = S.first_word == nil
    if first then
      S.first_word = seat
      t:note("first word", t:name(seat) .. " spoke first in this scoring round", seat)
    end
  else
    first = S.icebreaker == nil
    if first then
      S.icebreaker = seat
      t:note("icebreaker", t:name(seat) .. " spoke first in this move round", seat)
    end
  end
  S.spoke[seat] = true
  local sp -- what the cards about speaking are told (one table, filled afresh)
  local incident = Game.in_force(S).incident
  for i = 1, #incident do
    local card = incident[i]
    if card.speak and not sp then
      sp = speaking
      sp.seat, sp.scoring, sp.first, sp.text = seat, scoring, first, text or ""
    end
    local e = card.speak and card.speak(sp)
    if e then
      if e.points and e.points ~= 0 then
        S.speech[seat] = (S.speech[seat] or 0) + e.points
        t:log("%p spoke: %s points (%s)", seat, string.format("%+d", e.points), card.label)
        pending_note(t, S)
      end
      if e.chips and e.chips < 0 then Game.pay(t, S, seat, -e.chips, card) end
    end
  end
end

-- The engine calls this for `say TEXT` (the line itself is already logged).
function Game.on_say(t, seat, text)
  local S = STATE[t]
  if S then Game.speak(t, S, seat, text) end
end

local function remark(t, S, seat)
  t:log("%p grumbles.", seat)
  Game.speak(t, S, seat, Game.remark)
end

-- Set-up ---------------------------------------------------------------------

-- [Setup] Two Correction Rules, never two for one colour.
function Game.lay_out(t, S, kind)
  local deck, force = S.z.decks[kind], S.z.force[kind]
  deck:shuffle()
  local aside = {}
  while force:count() < Game.setup.laid_out and not deck:empty() do
    local card = deck:top()
    local clash = false
    for _, c in ipairs(force:cards()) do
      if card.colour and c.colour == card.colour then clash = true end
    end
    if clash then
      t:move(card, S.z.deck)
      t:reveal(card)
      aside[#aside + 1] = card
    else
      t:move(card, force)
    end
  end
  for _, c in ipairs(aside) do
    t:log("%s contradicts a Correction Rule already laid out: it is replaced", c)
  end
end

-- [3] Ties are drawn with the place cards of the contested places: they
-- are shuffled (zone "place draw") and dealt to the tied players in seat
-- order.
function Game.assign_places(t, S, totals, final)
  local n, z = t.players, S.z
  for i = 1, n do t:move(z.places[i], z.box) end
  t:move(z.best, z.box)
  t:move(z.worst, z.box)
  local places = Game.places(totals, n, function(group, first)
    for k = 1, #group do t:move(z.places[first + k - 1], z.draw) end
    z.draw:shuffle()
    local drawn, each, got = {}, {}, {}
    for k, s in ipairs(group) do
      local c = z.draw:top()
      t:move(c, z.box)
      t:reveal(c) -- shown to the table, and named in the line below
      drawn[c.place - first + 1] = s
      each[k] = "%p %s"
      got[2 * k - 1], got[2 * k] = s, c
    end
    local names = {}
    for _, s in ipairs(group) do names[#names + 1] = t:name(s) end
    t:log("%s are tied on %d and draw place cards: " .. table.concat(each, ", "),
      table.concat(names, " and "), totals[group[1]], unpack(got, 1, 2 * #group))
    return drawn
  end)
  for s = 1, n do t:move(z.places[places[s]], z.place[s]) end
  if final then
    for s = 1, n do
      if places[s] == 1 then t:move(z.best, z.place[s]) end
      if places[s] == n then t:move(z.worst, z.place[s]) end
    end
  end
  return places
end

local function seat_at(places, p)
  for s, q in pairs(places) do
    if q == p then return s end
  end
end

-- The secret prompts of the prediction round, made once per card: the
-- prediction, and the colour listed for a Scoring Rule that asks for one.
local secret_prompts = memo(function(card)
  if card.kind == "prediction" then
    return { hint = "secret prediction: " .. card.short .. " - " .. card.text, secret = true }
  end
  return { hint = "secretly list the colour that will score (" .. card.short .. ")", secret = true }
end)
local list_options -- "list white", ..., made when first asked

function Game.ask_predictions(t, S, first)
  local F = Game.in_force(S)
  S.predictions, S.listed = {}, {}
  for _, s in ipairs(t:seats(first)) do
    local c = t:ask(s, Game.prediction_options(F.prediction, t.players), secret_prompts[F.prediction])
    S.predictions[s] = c.value
    t:tell(s, "You predict: %s (%s)", Game.prediction_text(t, F.prediction, c.value), F.prediction.label)
    if F.scoring.listed then
      if not list_options then
        list_options = {}
        for i, col in ipairs(COLOURS) do list_options[i] = { text = "list " .. col, colour = col } end
      end
      local l = t:ask(s, list_options, secret_prompts[F.scoring])
      S.listed[s] = l.colour
      t:tell(s, "You list %s", l.colour)
    end
  end
end

function Game.set_up(t, S)
  local n, z = t.players, S.z
  -- The first Scoring and Prediction Rules, face up on their piles.
  t:move(t:card(Game.setup.first_scoring), z.force.scoring)
  t:move(t:card(Game.setup.first_prediction), z.force.prediction)
  for _, kind in ipairs({ "correction", "voting", "incident" }) do Game.lay_out(t, S, kind) end
  for _, kind in ipairs({ "correction", "voting", "incident" }) do z.decks[kind]:move_all(z.deck) end
  Game.rules_changed(t, S)

  -- The deal; the rest to the discard space.
  z.deck:shuffle()
  for _ = 1, Game.setup.hand[n] do
    for _, s in ipairs(t:seats()) do z.deck:deal(z.hand[s], 1) end
  end
  z.deck:move_all(z.discard)
  for _, s in ipairs(t:seats()) do z.hand[s]:sort() end

  -- Place cards: Platz 1 starts and is Punktbeste; the highest is Punktletzte.
  z.draw:shuffle()
  local start
  for _, s in ipairs(t:seats()) do
    local c = z.draw:top()
    t:move(c, z.place[s])
    if c.place == 1 then start = s; t:move(z.best, z.place[s]) end
    if c.place == n then t:move(z.worst, z.place[s]) end
    t:log("%p draws %s", s, c)
  end

  for _, s in ipairs(t:seats()) do S.tiles:give(s, "tiles", Game.setup.tiles) end
  for _, s in ipairs(t:seats(start)) do
    Game.take(t, S, s, Game.setup.start_chips, "your " .. Game.setup.start_chips .. " starting chips")
  end
  Game.ask_predictions(t, S, start)
  return start
end

-- A move ---------------------------------------------------------------------

-- "[C7 yellow 0] Yellow chips count 0 points.", by card
local card_lines = memo(function(c) return c.label .. " " .. c.text end)

local function hand_hint(hand)
  local parts = {}
  for i = 1, #hand do parts[i] = i .. " " .. card_lines[hand[i]] end
  return "put a card to the vote: " .. table.concat(parts, " | ")
end

-- "Votes: Anna yes (2), Bert no (1), .... Yes 2, no 1: adopted", in seat
-- order from the active player: a format for t:log per number of players
-- (t:log fills it in), and its arguments in one table, filled afresh.
local votes_formats, vote_args = {}, {}
local function log_votes(t, order, votes, tiles, yes, no, result)
  local n = #order
  local f = votes_formats[n]
  if not f then
    local each = {}
    for i = 1, n do each[i] = "%p %s (%d)" end
    f = "Votes: " .. table.concat(each, ", ") .. ". Yes %d, no %d: %s"
    votes_formats[n] = f
  end
  local args = vote_args
  for i = 1, n do
    local s = order[i]
    args[3 * i - 2], args[3 * i - 1], args[3 * i] = s, votes[s], tiles[s]
  end
  args[3 * n + 1], args[3 * n + 2], args[3 * n + 3] = yes, no, result
  t:log(f, unpack(args, 1, 3 * n + 3))
end

local TIE_OPTIONS = { { text = "adopt", adopt = true }, { text = "reject", adopt = false } }

-- What a move fills afresh: the votes and tiles by seat and their context.
local move_votes = { votes = {}, tiles = {} }
-- The prompt of a vote (t:ask reads it when asked: its hint is set first).
local VOTE_PROMPT = { hint = "", secret = true }

-- The hint of a payment of k chips by a Voting Rule, made once per card and k.
local payment_hints = memo(function(card)
  return memo(function(k) return string.format("you get %d chips (%s)", k, card.label) end)
end)

-- [1.1]-[1.4] One move; returns true when it began the scoring round.
function Game.move(t, S, active)
  local n, z = t.players, S.z
  -- [1.1] Card play.
  local hand = z.hand[active]:cards()
  local opts = {}
  for i, c in ipairs(hand) do opts[i] = { text = "propose " .. i, card = c } end
  local card = t:ask(active, opts, hand_hint(hand)).card
  t:metric("proposals")
  t:move(card, z.ballot)
  t:log("%p puts %s to the vote: %s", active, card, card.text)
  t:note("ballot", "To vote on: " .. card.label .. " " .. card.text, card.name)

  -- [1.2] Secret votes, revealed together.
  local order = t:seats(active)
  local votes, tiles, hints = move_votes.votes, move_votes.tiles, {}
  for i = 1, n do
    local s = order[i]
    local avail = S.tiles:count(s, "tiles")
    hints[avail] = hints[avail] or
      string.format("vote on %s with 1 to %d of your tiles (%s: a remark, which is speaking)", card.label, avail, Game.remark)
    VOTE_PROMPT.hint = hints[avail]
    local c = t:ask(s, Game.vote_options(avail), VOTE_PROMPT)
    votes[s], tiles[s] = c.vote, c.tiles
    if c.remark then remark(t, S, s) end
  end
  local result, yes, no = Game.tally(votes, tiles, n)
  local scoring = Game.all_used_one(tiles, n)
  if scoring then S.phase = "scoring" end
  if result == "tie" then
    log_votes(t, order, votes, tiles, yes, no, "a tie")
    local d = t:ask(active, TIE_OPTIONS, "the vote is tied: you decide")
    result = d.adopt and "adopted" or "rejected"
    t:log("%p breaks the tie: %s", active, result)
  else
    log_votes(t, order, votes, tiles, yes, no, result)
  end
  local adopted = result == "adopted"
  -- One tile returns to its owner; the others are used up.
  for s = 1, n do
    if tiles[s] > 1 then S.tiles:move(s, "used", "tiles", tiles[s] - 1) end
  end
  if scoring then t:log("Every player used one tile: the scoring round begins") end

  -- [1.3] Chip payments, by the Voting Rules in force (not the card voted on).
  local F = Game.in_force(S)
  local v = Game.vote_context(n, votes, tiles, active, adopted, move_votes.context)
  move_votes.context = v
  Game.payments(v, F.voting, order, function(seat, k, card)
    t:log("%p gets %d chip%s (%s)", seat, k, k == 1 and "" or "s", card.label)
    Game.take(t, S, seat, k, payment_hints[card][k])
  end)
  local incident = F.incident
  for i = 1, n do
    local s = order[i]
    for j = 1, #incident do
      local inc = incident[j]
      local k = inc.vote and inc.vote(v, s) or 0
      if k > 0 then Game.pay(t, S, s, k, inc) end
    end
  end

  -- [1.4] Move end.
  if adopted then
    Game.adopt(t, S, active, card)
  else
    t:move(card, z.discard, 1)
    t:log("%s goes under the discard pile", card)
  end
  t:note("ballot", nil)
  return scoring
end

-- "replace voting 1": made once per type and slot.
local replace_options = memo(function(kind)
  return memo(function(slot) return { text = "replace " .. kind .. " " .. slot, slot = slot } end)
end)

function Game.adopt(t, S, active, card)
  t:metric("adopted")
  local zone = S.z.force[card.kind]
  local in_force = zone:cards()
  local slots, forced = Game.replaceable(in_force, card)
  local slot = slots[1]
  if not forced then
    local opts, parts = {}, {}
    for i, s in ipairs(slots) do
      opts[i] = replace_options[card.kind][s]
      parts[i] = s .. " " .. in_force[s].label
    end
    slot = t:ask(active, opts, card.label .. " replaces which " .. card.kind .. " rule? " .. table.concat(parts, ", ")).slot
  end
  local old = in_force[slot]
  t:move(old, S.z.covered)
  t:move(card, zone, slot)
  t:log("%s comes into force and covers %s%s", card, old, forced and " (same colour)" or "")
  Game.rules_changed(t, S, card.kind)
end

-- Scoring and prediction rounds -------------------------------------------------

local function row_nonzero(row, n)
  for s = 1, n do
    if (row[s] or 0) ~= 0 then return true end
  end
  return false
end

-- "1. Anna 40, 2. Bert 31, ...": the standings after the line's title, as
-- a format for t:log per title and number of players (t:log fills it in)
-- and its arguments in one table, filled afresh. title_args: the title's
-- own arguments (0 or 1).
local standings_formats, standings_args = {}, {}
local function log_standings(t, title, title_args, r, places, totals, n)
  local by_n = standings_formats[title]
  if not by_n then by_n = {}; standings_formats[title] = by_n end
  local f = by_n[n]
  if not f then
    local each = {}
    for p = 1, n do each[p] = p .. ". %p %d" end
    f = title .. table.concat(each, ", ")
    by_n[n] = f
  end
  local args, k = standings_args, title_args
  args[1] = r
  for s = 1, n do
    local i = k + 2 * places[s] - 1
    args[i], args[i + 1] = s, totals[s]
  end
  t:log(f, unpack(args, 1, k + 2 * n))
end

-- The roll call's options and hint, made once per remark.
local roll_calls = memo(function(remark_word)
  return {
    options = { { text = "count" }, { text = "count " .. remark_word, remark = true } },
    hint = "the chips are about to be counted (" .. remark_word .. ": a remark, which is speaking)",
  }
end)

-- [2] The scoring round, then [3] the prediction round and the new place
-- cards. first: the seat that opens the roll call (the active player).
function Game.scoring_round(t, S, first)
  local n, r = t.players, S.round
  S.phase = "scoring"
  t:note("phase", "Round " .. r .. ": scoring round", "scoring")
  t:log("Scoring round %d", r)
  local order, rc = t:seats(first), roll_calls[Game.remark]
  for i = 1, n do
    local s = order[i]
    local c = t:ask(s, rc.options, rc.hint)
    if c.remark then remark(t, S, s) end
  end
  S.phase = "count"

  local F = Game.in_force(S)
  local chips = Game.chips_table(S, n)
  if F.scoring.listed then
    local parts = {}
    for _, s in ipairs(t:seats()) do parts[#parts + 1] = t:name(s) .. " " .. (S.listed[s] or "nothing") end
    t:log("Listed colours: %s", table.concat(parts, ", "))
  end
  local label = "R" .. r .. " "

  -- Points for speaking, noted as they happened.
  local speech = {}
  for s = 1, n do speech[s] = S.speech[s] or 0 end
  if row_nonzero(speech, n) then S.pad:add(label .. "speech", speech) end
  S.speech = {}
  pending_note(t, S)

  -- The chips, per the Scoring Rule with the Correction Rules.
  local c = Game.score_context(chips, F.correction, S.listed, n)
  local points, bonuses = Game.chip_scores(c, F.scoring)
  local row = {}
  for s = 1, n do
    row[s] = points[s] + bonuses[s]
    local held = chips_text(chips[s])
    t:log("%p: %s - %d points for chips + %d bonus = %d", s, held == "" and "no chips" or held,
      points[s], bonuses[s], row[s])
  end
  S.pad:add(label .. "chips", row, F.scoring.short)

  -- Incident Rules that look at the count.
  local inc, info, incident = {}, { spoke = S.spoke }, F.incident
  for s = 1, n do
    inc[s] = 0
    for i = 1, #incident do
      local card = incident[i]
      local p = card.count and card.count(c, s, info) or 0
      if p ~= 0 then
        inc[s] = inc[s] + p
        t:log("%p: %s points (%s)", s, string.format("%+d", p), card.label)
      end
    end
  end
  if row_nonzero(inc, n) then S.pad:add(label .. "incidents", inc) end
  S.spoke = {}

  -- The interim standings, and the Incident Rules that look at them.
  local totals = S.pad:totals()
  local places = Game.assign_places(t, S, totals, false)
  log_standings(t, "Interim standings: ", 0, r, places, totals, n)
  local after = {}
  for s = 1, n do
    after[s] = 0
    for i = 1, #incident do
      local card = incident[i]
      local p = card.interim and card.interim(places[s], n) or 0
      if p ~= 0 then
        after[s] = after[s] + p
        t:log("%p: %s points (%s)", s, string.format("%+d", p), card.label)
      end
    end
  end
  if row_nonzero(after, n) then S.pad:add(label .. "standings", after) end

  -- [3] The prediction round.
  S.phase = "prediction"
  t:note("phase", "Round " .. r .. ": prediction round", "prediction")
  local pred = {}
  for s = 1, n do
    local guess = S.predictions[s]
    pred[s] = F.prediction.points(guess, s, places, n)
    t:log("%p predicted %s: %d points", s, Game.prediction_text(t, F.prediction, guess), pred[s])
  end
  S.pad:add(label .. "prediction", pred, F.prediction.short)

  totals = S.pad:totals()
  places = Game.assign_places(t, S, totals, true)
  log_standings(t, "Standings after round %d: ", 1, r, places, totals, n)
  S.first_word, S.icebreaker = nil, nil
  t:note("first word", nil)
  t:note("icebreaker", nil)
  return places
end

-- [3] Preparations for the next round.
function Game.next_round(t, S, places, first)
  local n, z = t.players, S.z
  for _, s in ipairs(t:seats()) do
    local missing = Game.setup.tiles - S.tiles:count(s, "tiles")
    if missing > 0 then S.tiles:move("used", s, "tiles", missing) end
  end
  t:move(z.force.scoring:top(), z.discard, 1)
  t:move(z.force.prediction:top(), z.discard, 1)

  local function choose(kind, zone, target, seat)
    local left = zone:cards()
    if #left == 0 then return end
    local card = left[1]
    if #left > 1 then
      local opts, parts = {}, {}
      for i, c in ipairs(left) do
        opts[i] = card_option("choose " .. kind .. " " .. c.number, c)
        parts[i] = card_lines[c]
      end
      card = t:ask(seat, opts, "choose the next " .. kind .. " rule: " .. table.concat(parts, " | ")).card
      t:log("%p chooses %s", seat, card)
    else
      t:log("%s is the only %s rule left", card, kind)
    end
    t:move(card, target)
  end
  choose("scoring", z.scoring_left, z.force.scoring, seat_at(places, n))
  choose("prediction", z.prediction_left, z.force.prediction, seat_at(places, n - 1))
  Game.rules_changed(t, S, "scoring", "prediction")
  Game.ask_predictions(t, S, first)
end

function Game.winners(totals, n)
  return scores.highest(totals, n)
end

local turn_notes = {} -- "Anna is the active player", by seat
local function turn_note(t, seat)
  local text = turn_notes[seat]
  if not text then text = t:name(seat) .. " is the active player"; turn_notes[seat] = text end
  return text
end

function Game.play(t)
  local S = { round = 1, phase = "setup", speech = {}, spoke = {}, predictions = {}, listed = {} }
  STATE[t] = S
  Game.make_table(t, S)
  t:metric("adopted", 0) -- what a designer measures (tabletop sim, compare)
  t:metric("proposals", 0)
  t:metric("fines", 0)
  local active = Game.set_up(t, S)
  local rounds = Game.setup.rounds
  for r = 1, rounds do
    S.round = r
    S.phase = "move"
    t:note("phase", "Round " .. r .. " of " .. rounds .. ": move rounds", "move")
    local last = false
    while true do
      t:note("turn", turn_note(t, active), active)
      local scoring = Game.move(t, S, active)
      if S.z.hand[t:left(active)]:empty() then
        last = true
        if not scoring then t:log("Every player has played all his cards: the last scoring round") end
      end
      if scoring or last then break end
      active = t:left(active)
    end
    local places = Game.scoring_round(t, S, active)
    active = t:left(active)
    if last or r == rounds then break end
    S.round = r + 1
    Game.next_round(t, S, places, active)
  end
  S.phase = "over"
  t:note("turn", nil)
  t:note("phase", "The game is over", "over")
  return { winners = Game.winners(S.pad:totals(), t.players) }
end

-- The bot and the `notes` command read a seat's view; they are not part of
-- the rules above: das_regeln_wir_schon_bots.lua adds them (Game.bots,
-- Game.tools).
require("das_regeln_wir_schon_bots")(Game)

return Game
