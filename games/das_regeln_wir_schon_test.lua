-- Scenarios for das_regeln_wir_schon.lua: the rulebook's two examples and
-- each rule on stacked decks. Seats 1, 2, 3 are the rulebook's A (Ingrid),
-- B (Hans) and C (Klaus); seat 1 draws "1. Platz" and starts.
local Game = require "das_regeln_wir_schon"

-- A game with the rule cards in force chosen (the first two of each deck are
-- laid out) and the place cards drawn in seat order.
local function table_game(spec)
  spec = spec or {}
  local players = spec.players or 3
  local places = {}
  for i = 1, players do places[i] = "Platz " .. i end
  local stack = {
    ["correction deck"] = spec.correction or { "C7", "C14" },
    ["voting deck"] = spec.voting or { "V1", "V2" },
    ["incident deck"] = spec.incident or { "I2", "I3" },
    ["place draw"] = spec.places or { places },
  }
  if spec.deck then stack.deck = spec.deck end
  return game { players = players, seed = spec.seed or 1, stack = stack }
end

local function hand_index(g, seat, name)
  for i, n in ipairs(g:cards("hand", seat)) do
    if n == name then return i end
  end
  error("seat " .. seat .. " does not hold " .. name, 2)
end

local function propose(g, seat, name)
  g:play_as(seat, "propose " .. hand_index(g, seat, name))
end

local function chips(g, seat)
  return {
    white = g:pool("chips", seat, "white"), purple = g:pool("chips", seat, "purple"),
    yellow = g:pool("chips", seat, "yellow"), green = g:pool("chips", seat, "green"),
  }
end

-- The usual start: everyone takes 7 chips, then predicts.
local function start(g, takes, predictions)
  for s, take in ipairs(takes) do g:play_as(s, take) end
  for s, p in ipairs(predictions) do g:play_as(s, p) end
end

scenario("set-up: six rules laid out, the deal, place cards, tiles and the pool", function()
  for players, per in pairs({ [3] = 9, [4] = 7, [5] = 6 }) do
    local g = game { players = players, seed = 7 }
    expect_eq(#g:cards("scoring rule"), 1)
    expect_eq(g:cards("scoring rule"), { "S1" }, "Single + Bonus is the first Scoring Rule")
    expect_eq(g:cards("prediction rule"), { "P1" }, "Own Place: 15 Points is the first Prediction Rule")
    expect_eq(#g:cards("scoring rules"), 6)
    expect_eq(#g:cards("prediction rules"), 4)
    for _, kind in ipairs({ "correction", "voting", "incident" }) do
      expect_eq(#g:cards(kind .. " rules"), 2, kind)
    end
    for s = 1, players do
      expect_eq(#g:cards("hand", s), per, players .. " players: cards each")
      expect_eq(g:pool("tiles", s, "tiles"), 4)
      expect_eq(#g:cards("place", s) >= 1, true)
    end
    expect_eq(#g:cards("discard"), 30 - per * players, "the rest goes to the discard space")
    local supply = players == 3 and 15 or 20
    for _, col in ipairs(Game.colours) do expect_eq(g:pool("chips", "supply", col), supply, col) end
    -- The starting player (1. Platz, Punktbeste) chooses his 7 chips first:
    -- every way of taking 7 chips of 4 colours is an option.
    local starter = g:turn()
    expect_eq(g:cards("place", starter), { "Platz 1", "Punktbeste" })
    expect_eq(#g:legal(), 120)
    expect(g:legal()[1] == "take 7 white", g:legal()[1])
  end
end)

scenario("set-up: a contradicting Correction Rule is replaced by the next one", function()
  local g = table_game { correction = { "C7", "C8", "C14" } }
  expect_eq(g:cards("correction rules"), { "C7", "C14" })
  expect_log(g, "[C8 yellow 2] contradicts a Correction Rule already laid out")
  -- C8 was shuffled into the cards dealt out.
  local found = false
  for s = 1, 3 do
    for _, n in ipairs(g:cards("hand", s)) do found = found or n == "C8" end
  end
  for _, n in ipairs(g:cards("discard")) do found = found or n == "C8" end
  expect(found, "C8 is among the dealt cards")
end)

scenario("set-up: chips in seating order from the starting player, then secret predictions", function()
  local g = table_game { places = { { "Platz 3", "Platz 1", "Platz 2" } } }
  expect_eq(g:cards("place", 2), { "Platz 1", "Punktbeste" })
  expect_eq(g:cards("place", 1), { "Platz 3", "Punktletzte" })
  expect_eq(g:turn(), 2, "Platz 1 starts")
  g:play("take 7 white")
  expect_eq(g:turn(), 3)
  g:play("take 7 purple")
  expect_eq(g:turn(), 1)
  g:play("take 7 green")
  expect_eq(chips(g, 2), { white = 7, purple = 0, yellow = 0, green = 0 })
  -- Predictions are secret prompts; each sees only his own.
  expect_eq(g:turn(), 2)
  expect(g:prompt().secret, "a secret prompt")
  expect_eq(g:legal(), { "predict 1", "predict 2", "predict 3" })
  g:play("predict 3")
  g:play("predict 1", "predict 2")
  expect_log(g, "You predict: 3rd place", 2)
  for _, s in ipairs({ 1, 3 }) do expect_no_log(g, "You predict: 3rd place", s) end
  expect_eq(g:turn(), 2, "the starting player puts the first card to the vote")
  expect(g:legal()[1] == "propose 1")
end)

scenario("rulebook chip-payment example: A alone votes yes and gets 5, B voted like his left neighbour and gets 2, C nothing", function()
  local g = table_game { deck = { "C9" } }
  start(g, { "take 7 white", "take 7 purple", "take 7 green" }, { "predict 1", "predict 2", "predict 3" })
  propose(g, 1, "C9") -- A puts a Correction Rule to the vote
  expect_log(g, "Player 1 puts [C9 yellow 3] to the vote")
  -- Secret votes, asked from the active player clockwise.
  expect_eq(g:turn(), 1)
  expect(g:prompt().secret)
  g:play("vote yes")
  expect_no_log(g, "Votes:")
  g:play("vote no 2", "vote no")
  expect_log(g, "Votes: Player 1 yes (1), Player 2 no (2), Player 3 no (1). Yes 1, no 3: rejected")
  -- A settles first: 5 chips of his choice (V1); V2 gives him nothing.
  expect_log(g, "Player 1 gets 5 chips ([V1 lone voice +5])")
  expect_eq(g:turn(), 1)
  expect_eq(#g:legal(), 56, "every handful of 5 chips")
  g:play("take 5 yellow")
  -- B voted like his left neighbour C: 2 chips; the tiles do not matter.
  expect_log(g, "Player 2 gets 2 chips ([V2 like left neighbour +2])")
  expect_eq(g:turn(), 2)
  g:play("take 2 green")
  expect_no_log(g, "Player 3 gets")
  expect_eq(chips(g, 1), { white = 7, purple = 0, yellow = 5, green = 0 })
  expect_eq(chips(g, 2), { white = 0, purple = 7, yellow = 0, green = 2 })
  expect_eq(chips(g, 3), { white = 0, purple = 0, yellow = 0, green = 7 })
  -- The rejected card goes under the discard pile; B used one tile up.
  expect_eq(g:cards("discard")[1], "C9")
  expect_eq(g:pool("tiles", 2, "tiles"), 3)
  expect_eq(g:pool("tiles", "used", "tiles"), 1)
  expect_eq(g:pool("tiles", 1, "tiles"), 4)
  expect_eq(g:turn(), 2, "B is the next active player")
  expect_eq(g:legal()[1], "propose 1")
end)

scenario("rulebook scoring example: A = 23, B = 36, C = 7", function()
  -- On the mat: Correction Rules "yellow chips count 0" and "single chips
  -- +10"; Incident Rules "first to speak in the scoring round -15" and
  -- "first place after the interim scoring -10"; Single + Bonus; Own Place:
  -- 15 Points. The Voting Rules are those of the payment example.
  local g = table_game {}
  expect_eq(g:cards("correction rules"), { "C7", "C14" })
  expect_eq(g:cards("incident rules"), { "I2", "I3" })
  start(g,
    { "take 1 white 1 purple 4 yellow 1 green", "take 3 white 4 purple", "take 7 white" },
    { "predict 2", "predict 2", "predict 1" })
  -- Three votes that pay B 5 (alone) and C 2, 5 and 5 (alone twice).
  g:play("propose 1", "vote no 2", "vote yes", "vote no")     -- A proposes
  g:play("take 1 yellow 4 green", "take 2 yellow")              -- B 5, C 2
  g:play("propose 1", "vote no 2", "vote yes", "vote no")     -- B proposes; C, A, B vote
  g:play("take 5 purple", "take 2 yellow")                      -- C 5, A 2
  g:play("propose 1", "vote yes", "vote no 2", "vote no")     -- C proposes; C, A, B vote
  g:play("take 2 purple 3 green", "take 2 yellow")              -- C 5, A 2
  expect_no_log(g, "Scoring round")
  -- A's turn: everyone votes with one tile. The scoring round begins at once.
  g:play("propose 1", "vote no", "vote no", "vote yes")
  expect_log(g, "Every player used one tile: the scoring round begins")
  -- The payments are still made. Meanwhile C speaks: the first word.
  expect_eq(g:turn(), 1)
  g:say(3, "Yee ha! I have the most chips!")
  expect_log(g, "Player 3 says: Yee ha! I have the most chips!")
  expect_log(g, "Player 3 spoke: -15 points ([I2 first word in scoring -15])")
  g:play("take 2 yellow", "take 5 green")
  g:say(1, "Super, now my bonus!")
  expect_no_log(g, "Player 1 spoke")
  -- The roll call, then the count.
  expect_eq(g:legal(), { "count", "count grumble" })
  g:play("count", "count", "count")
  expect_eq(chips(g, 1), { white = 1, purple = 1, yellow = 10, green = 1 })
  expect_eq(chips(g, 2), { white = 3, purple = 4, yellow = 1, green = 4 })
  expect_eq(chips(g, 3), { white = 7, purple = 7, yellow = 2, green = 8 })
  expect_log(g, "Player 1: 1 white 1 purple 10 yellow 1 green - 3 points for chips + 30 bonus = 33")
  expect_log(g, "Player 2: 3 white 4 purple 1 yellow 4 green - 11 points for chips + 10 bonus = 21")
  expect_log(g, "Player 3: 7 white 7 purple 2 yellow 8 green - 22 points for chips + 0 bonus = 22")
  expect_log(g, "Interim standings: 1. Player 1 33, 2. Player 2 21, 3. Player 3 7")
  expect_log(g, "Player 1: -10 points ([I3 interim leader -10])")
  expect_log(g, "Player 2 predicted 2nd place: 15 points")
  expect_log(g, "Player 1 predicted 2nd place: 0 points")
  expect_log(g, "Player 3 predicted 1st place: 0 points")
  expect_eq(g:total(1), 23)
  expect_eq(g:total(2), 36)
  expect_eq(g:total(3), 7)
  expect_log(g, "Standings after round 1: 1. Player 2 36, 2. Player 1 23, 3. Player 3 7")
  expect_eq(g:cards("place", 2), { "Platz 1", "Punktbeste" })
  expect_eq(g:cards("place", 3), { "Platz 3", "Punktletzte" })
  -- Preparations: tiles back to 4; Punktletzte (C) chooses the next Scoring
  -- Rule, the next-to-last (A) the next Prediction Rule.
  for s = 1, 3 do expect_eq(g:pool("tiles", s, "tiles"), 4) end
  expect_eq(g:turn(), 3)
  expect_eq(g:legal(), { "choose scoring 2", "choose scoring 3", "choose scoring 4", "choose scoring 5", "choose scoring 6", "choose scoring 7" })
  g:play("choose scoring 6")
  expect_eq(g:turn(), 1)
  g:play("choose prediction 3")
  expect_eq(g:cards("scoring rule"), { "S6" })
  expect_eq(g:cards("prediction rule"), { "P3" })
  expect_eq(g:cards("discard")[1], "P1", "the old rules go under the discard pile")
  expect_eq(g:cards("discard")[2], "S1")
  -- New secret predictions, from the next active player (B, left of A).
  expect_eq(g:turn(), 2)
  expect_eq(g:legal(), { "predict player 1", "predict player 2", "predict player 3" })
end)

scenario("the last chip of a colour: everyone returns that colour, then the payment goes on", function()
  local g = table_game {}
  g:play("take 7 yellow", "take 7 yellow")
  expect_eq(g:pool("chips", "supply", "yellow"), 1)
  -- C takes the last yellow chip with his starting chips: a handful ends
  -- with it.
  expect(not g:legal()[2]:find("yellow"), "no handful of 7 takes the last yellow")
  expect_eq(g:legal()[#g:legal()], "take 1 yellow")
  g:play("take 1 yellow")
  expect_log(g, "The last yellow chip has left the pool: everyone returns all his yellow chips")
  expect_event(g, { kind = "return", colour = "yellow" })
  for s = 1, 3 do expect_eq(g:pool("chips", s, "yellow"), 0) end
  expect_eq(g:pool("chips", "supply", "yellow"), 15)
  -- Then C takes the other 6.
  expect_eq(g:turn(), 3)
  expect(g:prompt().hint:find("your 7 starting chips: 6 more to take", 1, true), g:prompt().hint)
  g:play("take 6 white")
  expect_eq(g:pool("chips", 3, "white"), 6)
  expect_eq(g:turn(), 1, "the predictions")
end)

-- [1.3] "During the chip payment it could occur that a player takes the last
-- chip of a color (e.g. yellow) from the pool. If this happens, all players
-- immediately return all their chips of this color (in the example: all
-- yellow chip) to the pool. Afterwards all colors are again available, and
-- the payment is continued."
local function yellow_in(text)
  local n = text:match("(%d+) yellow")
  return n and tonumber(n) or 0
end

local function most_yellow(legal)
  local best = 1
  for i, o in ipairs(legal) do
    if yellow_in(o) > yellow_in(legal[best]) then best = i end
  end
  return best
end

scenario("[1.3] the last chip mid-payment: the colour is available again for the rest of it", function()
  local g = table_game {}
  g:play("take 7 yellow", "take 7 yellow")
  expect_eq(g:pool("chips", "supply", "yellow"), 1)
  -- C is owed his 7 starting chips and one yellow is left. Try each way of
  -- beginning (on a copy), then take as much yellow as each prompt allows.
  expect_eq(g:turn(), 3)
  local best = 0
  for i = 1, #g:legal() do
    local b = g:clone()
    b:play(i)
    while b:turn() == 3 and b:legal()[1]:match("^take") do b:play(most_yellow) end
    best = math.max(best, b:pool("chips", 3, "yellow"))
  end
  expect_eq(best, 6, "C takes the last yellow, everyone returns yellow, and C takes his other 6 in yellow")
  -- The way there, as the events of the payment.
  g:play("take 1 yellow", "take 6 yellow")
  local ev = g:events()
  expect_eq({ ev[#ev - 2], ev[#ev - 1], ev[#ev] }, {
    { kind = "take", seat = 3, white = 0, purple = 0, yellow = 1, green = 0, text = "Player 3 takes 1 yellow" },
    { kind = "return", colour = "yellow", text = "The last yellow chip has left the pool: everyone returns all his yellow chips" },
    { kind = "take", seat = 3, white = 0, purple = 0, yellow = 6, green = 0, text = "Player 3 takes 6 yellow" },
  })
end)

scenario("the last chip during a payment, and the payment continues with every colour", function()
  local g = table_game {}
  start(g, { "take 7 yellow", "take 7 yellow", "take 7 white" }, { "predict 1", "predict 2", "predict 3" })
  -- A alone votes yes: 5 chips (V1). He takes the last yellow.
  g:play("propose 1", "vote yes", "vote no 2", "vote no")
  g:play("take 1 yellow", "take 4 white")
  expect_log(g, "The last yellow chip has left the pool")
  expect_eq(chips(g, 1), { white = 4, purple = 0, yellow = 0, green = 0 })
  expect_eq(g:pool("chips", 2, "yellow"), 0)
  -- B (like his left neighbour) goes on: yellow is available again.
  expect_eq(g:turn(), 2)
  g:play("take 2 yellow")
  expect_eq(g:pool("chips", 2, "yellow"), 2)
end)

scenario("an adopted Voting Rule does not pay for its own vote", function()
  local g = table_game { deck = { "V9" } }
  start(g, { "take 7 white", "take 7 purple", "take 7 green" }, { "predict 1", "predict 2", "predict 3" })
  propose(g, 1, "V9")
  g:play("vote yes 2", "vote yes", "vote yes")
  expect_log(g, "Yes 4, no 0: adopted")
  -- V1 (nobody alone) and V2 (all like their left neighbours: 2 each) pay;
  -- V9 (unanimous +3) is not yet in force.
  g:play("take 2 white", "take 2 white", "take 2 white")
  expect_no_log(g, "V9 unanimous +3])")
  expect_eq(g:legal(), { "replace voting 1", "replace voting 2" })
  g:play("replace voting 2")
  expect_eq(g:cards("voting rules"), { "V1", "V9" })
  expect_eq(g:cards("covered"), { "V2" })
  expect_log(g, "[V9 unanimous +3] comes into force and covers [V2 like left neighbour +2]")
end)

scenario("an adopted Correction Rule replaces the one for its colour; others are the player's choice", function()
  local g = table_game { deck = { "C9", "C15" } }
  start(g, { "take 7 white", "take 7 purple", "take 7 green" }, { "predict 1", "predict 2", "predict 3" })
  expect_eq(g:cards("correction rules"), { "C7", "C14" })
  -- A: yellow 3 must cover yellow 0, no choice.
  propose(g, 1, "C9")
  g:play("vote yes 2", "vote yes", "vote yes")
  g:play("take 2 white", "take 2 white", "take 2 white")
  expect_log(g, "[C9 yellow 3] comes into force and covers [C7 yellow 0] (same colour)")
  expect_eq(g:cards("correction rules"), { "C9", "C14" })
  -- B: full sets +5 covers either, as B likes.
  propose(g, 2, "C15")
  g:play("vote yes 2", "vote yes", "vote yes")
  g:play("take 2 white", "take 2 white", "take 2 white")
  expect_eq(g:turn(), 2)
  expect_eq(g:legal(), { "replace correction 1", "replace correction 2" })
  g:play("replace correction 1")
  expect_eq(g:cards("correction rules"), { "C15", "C14" })
  expect_eq(g:cards("covered"), { "C7", "C9" })
end)

scenario("the scoring round begins only when every player used exactly one tile", function()
  local g = table_game {}
  start(g, { "take 7 white", "take 7 purple", "take 7 green" }, { "predict 1", "predict 2", "predict 3" })
  g:play("propose 1", "vote yes", "vote yes", "vote no 3")
  g:play("take 2 white") -- A like his left neighbour B
  g:play("take 5 purple") -- C alone
  expect_no_log(g, "scoring round begins")
  expect_eq(g:legal()[1], "propose 1", "B's turn")
  -- Tiles spent stay out: C has 2.
  expect_eq(g:pool("tiles", 3, "tiles"), 2)
  expect_eq(g:pool("tiles", "used", "tiles"), 2)
  expect_eq(#g:legal(), #g:cards("hand", 2))
  g:play("propose 1", "vote no", "vote no", "vote no")
  expect_log(g, "Every player used one tile: the scoring round begins")
  -- Payments still come first (all like their left neighbours: 2 each).
  g:play("take 2 white", "take 2 white", "take 2 white")
  expect_log(g, "Scoring round 1")
  expect_eq(g:turn(), 2, "the roll call opens with the active player")
  expect_eq(g:legal(), { "count", "count grumble" })
end)

scenario("a card adopted by the vote that begins the scoring round counts in it", function()
  local g = table_game { deck = { "C9" } }
  start(g, { "take 7 yellow", "take 7 purple", "take 7 green" }, { "predict 1", "predict 2", "predict 3" })
  propose(g, 1, "C9") -- yellow chips count 3
  g:play("vote yes", "vote yes", "vote no")
  expect_log(g, "Every player used one tile: the scoring round begins")
  g:play("take 2 white", "take 5 white") -- A like B (V2); C alone (V1)
  expect_log(g, "[C9 yellow 3] comes into force and covers [C7 yellow 0] (same colour)")
  g:play("count", "count", "count")
  expect_log(g, "Player 1: 2 white 7 yellow - 23 points for chips + 0 bonus = 23")
end)

scenario("Listed Colour x 5: each player secretly lists a colour with his prediction", function()
  local g = table_game {}
  start(g, { "take 7 white", "take 7 purple", "take 7 green" }, { "predict 1", "predict 2", "predict 3" })
  g:play("propose 1", "vote no", "vote no", "vote no")
  g:play("take 2 white", "take 2 white", "take 2 white")
  g:play("count", "count", "count")
  -- Totals 9, 7, 7: B and C tie for 2nd; a draw decides who is Punktletzte.
  local last = g:turn()
  expect(last == 2 or last == 3)
  g:play("choose scoring 3")
  g:play("choose prediction 2")
  expect_eq(g:cards("scoring rule"), { "S3" })
  -- From B (left of A): a prediction, then a colour, both secret.
  expect_eq(g:turn(), 2)
  g:play("predict 2")
  expect_eq(g:legal(), { "list white", "list purple", "list yellow", "list green" })
  expect(g:prompt().secret)
  g:play("list purple")
  expect_log(g, "You list purple", 2)
  expect_no_log(g, "You list purple", 1)
  g:play("predict 3", "list green", "predict 1", "list white")
  -- The next scoring: only the listed colour, times 5.
  g:play("propose 1", "vote no", "vote no", "vote no")
  g:play("take 2 yellow", "take 2 yellow", "take 2 purple") -- B, C, A
  g:play("count", "count", "count")
  expect_log(g, "Listed colours: Player 1 white, Player 2 purple, Player 3 green")
  expect_log(g, "Player 1: 9 white 2 purple - 45 points for chips + 0 bonus = 45")
  expect_log(g, "Player 2: 2 white 7 purple 2 yellow - 35 points for chips + 0 bonus = 35")
  expect_log(g, "Player 3: 2 white 2 yellow 7 green - 35 points for chips + 0 bonus = 35")
end)

scenario("ties in the standings are drawn with the contested place cards", function()
  -- Each holds one colour alone: 7 + 30 (one colour) + 30 (sole holder) = 67.
  local g = table_game {
    correction = { "C13", "C16" }, voting = { "V9", "V10" }, incident = { "I3", "I4" },
    places = { { "Platz 1", "Platz 2", "Platz 3" }, { "Platz 3", "Platz 1", "Platz 2" } },
  }
  start(g, { "take 7 white", "take 7 purple", "take 7 green" }, { "predict 3", "predict 2", "predict 3" })
  -- A rejected card, not unanimous: nobody is paid. Everyone used one tile.
  g:play("propose 1", "vote yes", "vote no", "vote no")
  g:play("count", "count", "count")
  expect_log(g, "Player 1 and Player 2 and Player 3 are tied on 67 and draw place cards: Player 1 3rd place, Player 2 1st place, Player 3 2nd place")
  expect_log(g, "Interim standings: 1. Player 2 67, 2. Player 3 67, 3. Player 1 67")
  -- The drawn places count for the Incident Rules and the predictions.
  expect_log(g, "Player 2: -10 points ([I3 interim leader -10])")
  expect_log(g, "Player 1: +10 points ([I4 interim last +10])")
  expect_log(g, "Player 1 predicted 3rd place: 15 points")
  expect_log(g, "Player 3 predicted 3rd place: 0 points")
  expect_eq({ g:total(1), g:total(2), g:total(3) }, { 92, 57, 67 })
  expect_eq(g:cards("place", 1), { "Platz 1", "Punktbeste" })
  expect_eq(g:cards("place", 3), { "Platz 2" })
  expect_eq(g:cards("place", 2), { "Platz 3", "Punktletzte" })
end)

scenario("the final standings draw ties too, and the draw hands out Punktbeste and Punktletzte", function()
  local g = table_game {
    correction = { "C13", "C16" }, voting = { "V9", "V10" }, incident = { "I5", "I6" },
    places = { { "Platz 1", "Platz 2", "Platz 3" }, { "Platz 2", "Platz 1" }, { "Platz 1", "Platz 2" } },
  }
  -- Nobody predicts right, so the final standings are the interim ones.
  start(g, { "take 7 white", "take 7 purple", "take 7 green" }, { "predict 1", "predict 3", "predict 2" })
  g:play("propose 1", "vote no", "vote no", "vote no") -- unanimous: 3 chips each
  g:play("take 3 white", "take 3 purple", "take 3 green")
  expect_log(g, "Player 1 pays 2 white to the pool ([I6 rejected proposal pays 2])")
  g:play("count", "count", "count")
  -- 10 chips (A 8), +60 bonus, +5 for silence.
  expect_eq({ g:total(1), g:total(2), g:total(3) }, { 73, 75, 75 })
  expect_log(g, "Player 2 and Player 3 are tied on 75 and draw place cards: Player 2 2nd place, Player 3 1st place")
  expect_log(g, "Player 3 predicted 2nd place: 0 points")
  expect_log(g, "Player 2 and Player 3 are tied on 75 and draw place cards: Player 2 1st place, Player 3 2nd place")
  expect_eq(g:cards("place", 2), { "Platz 1", "Punktbeste" })
  expect_eq(g:cards("place", 3), { "Platz 2" })
  expect_eq(g:cards("place", 1), { "Platz 3", "Punktletzte" })
  -- Punktletzte chooses the next Scoring Rule.
  expect_eq(g:turn(), 1)
end)

scenario("[I8] at the count, whoever holds the most chips loses 10 points, all of them if tied", function()
  local i8 = Game.card_def("I8").count
  local function hand(w, p, y, g) return { white = w, purple = p, yellow = y, green = g } end
  -- Seat 2 holds the most chips (9): only it loses 10. Chip values do not
  -- matter (white counts 0 under C1): it is the number of chips.
  local c = Game.score_context({ hand(1, 1, 1, 1), hand(9, 0, 0, 0), hand(0, 2, 2, 2) }, { Game.card_def("C1") }, nil, 3)
  expect_eq({ i8(c, 1), i8(c, 2), i8(c, 3) }, { 0, -10, 0 })
  -- Seats 1 and 3 tie for the most (6): both lose 10.
  c = Game.score_context({ hand(3, 3, 0, 0), hand(1, 1, 1, 1), hand(0, 0, 0, 6) }, {}, nil, 3)
  expect_eq({ i8(c, 1), i8(c, 2), i8(c, 3) }, { -10, 0, -10 })
  -- Nobody holds a chip: nobody holds the most, nobody loses.
  c = Game.score_context({ hand(0, 0, 0, 0), hand(0, 0, 0, 0), hand(0, 0, 0, 0) }, {}, nil, 3)
  expect_eq({ i8(c, 1), i8(c, 2), i8(c, 3) }, { 0, 0, 0 })
end)

scenario("speaking: say and remarks are speaking; Incident Rules about it apply", function()
  local g = table_game { incident = { "I1", "I9" } }
  g:play("take 7 white", "take 7 purple", "take 4 white 3 green")
  -- B speaks first in the move round: +5 points (noted), and pays 3 chips.
  g:say(2, "I won't vote for this rule!")
  expect_log(g, "Player 2 spoke: +5 points ([I9 icebreaker +5])")
  expect_log(g, "Player 2 pays 3 purple to the pool ([I1 speaking costs 3 chips])")
  expect_eq(g:pool("chips", 2, "purple"), 4)
  expect(string.find(g:text(1), "Player 2 +5", 1, true), "the pending points are shown")
  -- C's fine: the colour worth least first (all 1), then the colour held most.
  g:say(3, "Only because you could not stop your mouth!")
  expect_no_log(g, "Player 3 spoke")
  expect_log(g, "Player 3 pays 2 white 1 green to the pool")
  g:play("predict 1", "predict 2", "predict 3")
  -- A remark with a vote is speaking too, made when the vote is cast.
  g:play("propose 1", "vote yes 2 grumble")
  expect_log(g, "Player 1 grumbles.")
  expect_log(g, "Player 1 pays 3 white to the pool")
  expect_eq(g:prompt().seat, 2)
  g:play("vote no", "vote no")
  expect_eq(g:pool("chips", 1, "white"), 4)
end)

scenario("speaking in the scoring round's roll call", function()
  local g = table_game {}
  start(g, { "take 7 white", "take 7 purple", "take 7 green" }, { "predict 1", "predict 2", "predict 3" })
  g:play("propose 1", "vote no", "vote no", "vote no")
  g:play("take 2 white", "take 2 white", "take 2 white")
  g:play("count", "count grumble", "count grumble")
  expect_log(g, "Player 2 spoke: -15 points ([I2 first word in scoring -15])")
  expect_no_log(g, "Player 3 spoke")
  expect_log(g, "Player 2: 2 white 7 purple - 9 points for chips")
end)

scenario("hidden information: hands, predictions and votes", function()
  local g = table_game {}
  start(g, { "take 7 white", "take 7 purple", "take 7 green" }, { "predict 3", "predict 2", "predict 1" })
  for _, name in ipairs(g:cards("hand", 1)) do
    local label = Game.card_def(name).label
    expect(not string.find(g:text(2), label, 1, true), "seat 2 must not see " .. label)
    expect(string.find(g:text(1), label, 1, true), "seat 1 sees " .. label)
  end
  expect_no_log(g, "You predict: 3rd place", 2)
  expect_no_log(g, "You predict: 3rd place", 3)
  g:play("propose 1", "vote yes 3")
  expect_no_log(g, "yes (3)")
  local v = g:view(2)
  expect_eq(#v.options, 16, "B's own vote options: yes or no with 1 to 4 tiles, each with or without a remark")
  g:play("vote no", "vote no")
  expect_log(g, "Player 1 yes (3)")
end)

scenario("bad moves change nothing", function()
  local g = table_game {}
  expect_error(function() g:play("take 8 white") end, "not a legal move")
  expect_error(function() g:play("take 3 white 2 green 2 purple") end, "not a legal move")
  g:play("take 3 white 2 purple 2 green")
  expect_eq(chips(g, 1), { white = 3, purple = 2, yellow = 0, green = 2 })
  g:play("take 7 yellow", "take 7 green", "predict 1", "predict 2", "predict 3")
  expect_error(function() g:play("propose 10") end, "not a legal move")
  expect_error(function() g:play("vote maybe") end, "not a legal move")
  expect_eq(g:turn(), 1)
end)

scenario("the view: cards in force with their texts, chips, pool, tiles, place cards, score pad", function()
  local g = table_game {}
  start(g, { "take 7 white", "take 7 purple", "take 7 green" }, { "predict 1", "predict 2", "predict 3" })
  local text = g:text(1)
  for _, fragment in ipairs({
    "Scoring Rule: [S1 Single + Bonus] Every chip scores its value",
    "Prediction Rule: [P1 Own Place: 15 Points]",
    "Correction Rule 1: [C7 yellow 0] Yellow chips count 0 points.",
    "Correction Rule 2: [C14 single chips +10]",
    "Voting Rule 1: [V1 lone voice +5]",
    "Voting Rule 2: [V2 like left neighbour +2]",
    "Incident Rule 1: [I2 first word in scoring -15]",
    "Incident Rule 2: [I3 interim leader -10]",
    "Chips — supply: white 8, purple 8, yellow 15, green 8",
    "Player 2: white 0, purple 7",
    "Player 1's place cards: 1st place Most points",
    "Voting tiles",
  }) do
    expect(string.find(text, fragment, 1, true), "the view shows " .. fragment .. "\n" .. text)
  end
  local v = g:view(1)
  expect_eq(v.facts["rule voting 1"], "V1")
  expect_eq(v.pools.chips.held[1].white, 7)
  -- The hint lists the hand with the cards' texts.
  expect(string.find(g:prompt().hint, "1 [", 1, true), g:prompt().hint)
end)

scenario("the game ends after five rounds, or when every card has been played", function()
  for _, players in ipairs({ 3, 4, 5 }) do
    for seed = 1, 3 do
      local g = game { players = players, seed = seed }
      g:finish("random", seed)
      expect(g:done())
      local rounds = 0
      for _, l in ipairs(g:log()) do
        if l:match("^Scoring round %d") then rounds = rounds + 1 end
      end
      local empty = true
      for s = 1, players do empty = empty and #g:cards("hand", s) == 0 end
      expect(rounds == 5 or (rounds < 5 and empty), string.format("%d players seed %d: %d rounds", players, seed, rounds))
      local r = g:result()
      local best = -math.huge
      for s = 1, players do best = math.max(best, r.scores[s]) end
      for _, w in ipairs(r.winners) do expect_eq(r.scores[w], best) end
    end
  end
end)

scenario("when the last card is played the scoring round that follows is the last", function()
  -- Five players hold 6 cards each. The active player votes with two tiles
  -- while he can, which keeps the scoring round away for 15 moves.
  local g = game { players = 5, seed = 4 }
  local n, active = 0, nil
  while not g:done() and n < 2000 do
    local p = g:prompt()
    local pick = p.options[1]
    if pick:match("^propose") then active = p.seat end
    if pick:match("^vote") then
      pick = "vote no"
      for _, o in ipairs(p.options) do
        if o == "vote no 2" and p.seat == active then pick = o end
      end
    end
    g:play(pick)
    n = n + 1
  end
  expect(g:done())
  expect_log(g, "Every player has played all his cards: the last scoring round")
  for s = 1, 5 do expect_eq(#g:cards("hand", s), 0) end
end)

scenario("[Game End] the scoring round after the last card is the last one: hands cut to one card each", function()
  local g = table_game {}
  for s = 1, 3 do g:stack("hand", s, { g:cards("hand", s)[1] }, { only = true, rest = "discard" }) end
  expect_eq(#g:cards("discard"), 3 + 3 * 8, "each player's other eight cards went to the discard space")
  -- Votes with two tiles, so that no vote starts the scoring round; any
  -- other decision is the first option of its moment.
  local function two_tiles(legal)
    for _, o in ipairs(legal) do
      if o == "vote yes 2" then return o end
    end
    return 1
  end
  local moves = 0
  while not g:done() and moves < 300 do
    g:play(two_tiles)
    moves = moves + 1
  end
  expect(g:done())
  expect_log(g, "Every player has played all his cards: the last scoring round")
  expect_eq(#g:view(1).pads.score.rows > 0, true)
end)

scenario("the lobbyist bot plays whole games", function()
  for players = 3, 5 do
    local g = game { players = players, seed = players }
    g:finish("lobbyist", 1)
    expect(g:done())
  end
end)

scenario("house variant Wortgeld: speaking costs a chip a word, at most 5", function()
  local g = game {
    script = "das_regeln_wir_schon_wortgeld.lua", players = 3,
    stack = { ["correction deck"] = { "C7", "C14" }, ["voting deck"] = { "V1", "V2" }, ["incident deck"] = { "I1", "I3" },
      ["place draw"] = { { "Platz 1", "Platz 2", "Platz 3" } } },
  }
  expect(string.find(g:text(1), "Incident Rule 1: [I1 a chip a word] Whoever speaks pays 1 chip per word", 1, true), g:text(1))
  start(g, { "take 7 white", "take 7 purple", "take 7 green" }, { "predict 1", "predict 2", "predict 3" })
  g:say(2, "Then this will become a very quiet evening")
  expect_log(g, "Player 2 pays 5 purple to the pool ([I1 a chip a word])")
  g:say(3, "Yee ha")
  expect_log(g, "Player 3 pays 2 green to the pool")
  g:play("propose 1", "vote no grumble")
  expect_log(g, "Player 1 pays 1 white to the pool")
  -- The bot knows the changed card as well.
  g:finish("lobbyist", 2)
  expect(g:done())
end)
