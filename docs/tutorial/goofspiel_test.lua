-- Scenarios for goofspiel.lua: each rule, on a stacked prize deck.
local Game = require "goofspiel"

scenario("[Cards] an ace counts 1, a king 13", function()
  expect_eq(Game.value({ rank = 14 }), 1)
  expect_eq(Game.value({ rank = 13 }), 13)
  expect_eq(Game.value({ rank = 7 }), 7)
end)

scenario("[Round] the highest bid takes the prize and scores its value", function()
  local g = game { players = 2, stack = { prizes = { "7D" } } }
  expect_eq(g:cards("prize"), { "7D" })
  expect_eq(g:prompt().kind, "secret")
  g:play("bid 9H", "bid 3S")
  expect_event(g, { kind = "take", seat = 1, round = 1, points = 7 })
  expect_eq(g:total(1), 7)
  expect_eq(g:total(2), 0)
end)

scenario("[Round] the bids are shown together, once everyone has bid", function()
  local g = game { players = 2, stack = { prizes = { "7D" } } }
  g:play("bid 9H")
  expect_no_log(g, "9♥", 2)
  g:play("bid 3S")
  expect_log(g, "Hearts bids 9♥", 2)
  expect_eq(g:leaks(), {})
end)

scenario("[Ties] a tie for the highest bid: nobody takes the prize", function()
  local g = game { players = 3, stack = { prizes = { "7D", "2D" } } }
  g:play("bid 9H", "bid 9S", "bid 4C")
  expect_event(g, { kind = "tie", round = 1 })
  expect_no_event(g, { kind = "take" })
  expect_eq(g:cards("prize"), { "2D" }, "the next prize alone is up")
end)

scenario("[Ties] with ties = carry, the tied prize goes with the next one", function()
  local g = game { players = 2, options = { ties = "carry" }, stack = { prizes = { "7D", "2D" } } }
  g:play("bid 9H", "bid 9S")
  local mark = g:mark()
  expect_eq(g:cards("prize"), { "7D", "2D" })
  g:play("bid KH", "bid 2S")
  expect_event(g, { kind = "take", seat = 1, points = 9 }, { since = mark })
end)

scenario("[End] after thirteen rounds the highest score wins", function()
  local g = game { players = 2, seed = 7 }
  expect_eq(g:finish("matcher"), 26, "thirteen rounds of two bids")
  local r = g:result()
  local best = math.max(r.scores[1], r.scores[2])
  for _, w in ipairs(r.winners) do expect_eq(r.scores[w], best) end
  expect(r.scores[1] + r.scores[2] <= 91, "the thirteen prizes are worth 91 in all")
end)

scenario("the matcher bids the card nearest the prize", function()
  local g = game { players = 2, stack = { prizes = { "QD" } } }
  local view = g:view(1)
  local i = Game.bots.matcher(view, g:legal(), 1)
  expect_eq(g:legal()[i], "bid QH")
end)
