-- Scenarios for liars_dice.lua: each rule, on dice fixed with rolls= and
-- g:rolls (the dice under the cups take the fixed rolls in the order they
-- are thrown: seat 1's cup, then seat 2's, ...).
local Game = require "liars_dice"

-- The faces of every cup as seat sees them (0: a die it cannot see).
local function seen(g, seat)
  local out = {}
  for i, cup in ipairs(g:view(seat).dice) do out[i] = cup.faces end
  return out
end

scenario("[Cups] each player sees his own dice, and nobody else's", function()
  local g = game { players = 2, rolls = { 1, 2, 3, 4, 5, 6, 6, 6, 2, 2 } }
  expect_eq(seen(g, 1), { { 1, 2, 3, 4, 5 }, { 0, 0, 0, 0, 0 } })
  expect_eq(seen(g, 2), { { 0, 0, 0, 0, 0 }, { 6, 6, 6, 2, 2 } })
  expect_eq(seen(g, 0), { { 0, 0, 0, 0, 0 }, { 0, 0, 0, 0, 0 } }, "a spectator sees no die")
  expect(g:text(1):find("Player 1's cup: [1] [2] [3] [4] [5]", 1, true), "the owner reads his dice")
  expect(g:text(1):find("Player 2's cup: [?] [?] [?] [?] [?]", 1, true), "the others' dice are hidden")
end)

scenario("[Bids] a bid raises the quantity, or the face at the same quantity", function()
  expect(Game.raises({ n = 3, face = 2 }, { n = 2, face = 6 }), "more dice, any face")
  expect(Game.raises({ n = 2, face = 5 }, { n = 2, face = 4 }), "as many dice, a higher face")
  expect(not Game.raises({ n = 2, face = 4 }, { n = 2, face = 4 }), "the same bid")
  expect(not Game.raises({ n = 1, face = 6 }, { n = 2, face = 2 }), "fewer dice")
  local g = game { players = 2, rolls = { 1, 2, 3, 4, 5, 6, 6, 6, 2, 2 } }
  expect_eq(#g:legal(), 60, "every bid up to the ten dice in play; no call yet")
  g:play("bid 2 5")
  expect_log(g, "Player 1 bids two 5s")
  expect_eq(g:legal()[1], "bid 2 6")
  expect_eq(g:legal()[#g:legal()], "liar")
end)

scenario("[Liar] a lie: the cups are lifted and the bidder loses a die", function()
  local g = game { players = 2, rolls = { 1, 2, 3, 4, 5, 6, 6, 6, 2, 2 } }
  g:play("bid 3 5", "liar")
  expect_log(g, "Player 2 calls Player 1 a liar")
  expect_log(g, "Player 1 shows [1] [2] [3] [4] [5]")
  expect_log(g, "Player 2 shows [6] [6] [6] [2] [2]")
  expect_event(g, { kind = "call", bid_n = 3, bid_face = 5, found = 2 })
  expect_log(g, "Player 1 loses a die (4 left)")
  expect_eq(g:turn(), 1, "the loser opens the next round")
end)

scenario("[Liar] the bid stands: the caller loses a die", function()
  local g = game { players = 2, rolls = { 1, 2, 3, 4, 5, 6, 6, 6, 2, 2 } }
  g:play("bid 4 6", "liar")
  expect_event(g, { kind = "call", found = 4 })
  expect_log(g, "Player 2 loses a die (4 left)")
end)

scenario("[Ones] ones are wild, unless the option says otherwise", function()
  local g = game { players = 2, rolls = { 1, 1, 3, 4, 5, 6, 6, 6, 2, 2 } }
  g:play("bid 5 6", "liar")
  expect_event(g, { kind = "call", found = 5 })
  local plain = game { players = 2, options = { wild_ones = false }, rolls = { 1, 1, 3, 4, 5, 6, 6, 6, 2, 2 } }
  plain:play("bid 5 6", "liar")
  expect_event(plain, { kind = "call", found = 3 })
  expect_log(plain, "Player 1 loses a die")
end)

scenario("[Cups] a new round: every cup thrown again, and secret again", function()
  local g = game { players = 2, rolls = { 1, 2, 3, 4, 5, 6, 6, 6, 2, 2 } }
  g:rolls { 6, 6, 6, 6, 3, 3, 3, 3, 3 } -- after the call: four dice for seat 1, five for seat 2
  g:play("bid 3 5", "liar")
  expect_eq(seen(g, 1), { { 6, 6, 6, 6 }, { 0, 0, 0, 0, 0 } }, "what seat 2 showed is hidden again")
  expect_eq(seen(g, 2), { { 0, 0, 0, 0 }, { 3, 3, 3, 3, 3 } })
  expect_eq(g:leaks(), {})
end)

scenario("[End] the last player with dice wins", function()
  local g = game { players = 3, options = { dice = 1 }, rolls = { 2, 3, 4 } }
  g:rolls { 5, 5 }
  g:play("bid 1 6", "liar")
  expect_log(g, "Player 1 loses a die (0 left)")
  expect_eq(g:turn(), 2, "the next player who still has dice opens")
  expect_eq(seen(g, 2), { {}, { 5 }, { 0 } })
  g:play("bid 2 5", "liar")
  expect_log(g, "Player 3 loses a die (0 left)")
  expect(g:done())
  expect_eq(g:result().winners, { 2 })
end)
