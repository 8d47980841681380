-- The scenario runner's own scenarios on dice.lua: dice fixed mid-game,
-- prompt kinds, events since a mark, cards taken from a named zone, and a
-- prompt made again after the table was arranged.

scenario("g:rolls fixes the next throw in the middle of a game, and a clone throws it too", function()
  local g = game { players = 2 }
  g:play("roll", 1)
  g:rolls { 4, 4 }
  local c = g:clone()
  g:play("roll")
  expect_event(g, { kind = "roll", seat = 2, dice = { 4, 4 } })
  expect_eq(g:prompt().kind, "window", "a double is offered to the other seat")
  expect_eq(g:turn(), 1)
  c:play("roll")
  expect_event(c, { kind = "roll", seat = 2, dice = { 4, 4 } })
  g:play("grab")
  expect_event(g, { kind = "grab", seat = 1 })
  expect_eq(g:prompt().kind, "turn")
end)

scenario("g:rolls replaces the rolls game{} fixed and not thrown yet", function()
  local g = game { players = 2, rolls = { 1, 2, 3, 4 } }
  g:play("roll", 1)
  g:rolls { 6, 5 }
  g:play("roll")
  expect_event(g, { kind = "roll", seat = 2, dice = { 6, 5 } })
end)

scenario("a prompt says its kind: a turn, an answer window, a seat's part of a secret choice", function()
  local g = game { players = 2, rolls = { 1, 1, 2, 3, 1, 2, 2, 3, 1, 2, 2, 3 } }
  expect_eq(g:prompt().kind, "turn")
  g:play("roll")
  expect_eq(g:prompt().kind, "window")
  g:play("pass", 1)
  for _ = 1, 5 do g:play("roll", 1) end
  expect_eq(g:prompt().kind, "secret")
  expect_eq(g:prompt().secret, true)
end)

scenario("events and log since a mark", function()
  local g = game { players = 2, rolls = { 2, 3, 5, 6 } }
  g:play("roll", 1)
  local mark = g:mark()
  g:play("roll", 1)
  expect_eq(#g:events { since = mark }, 2, "seat 2's throw and card")
  expect_event(g, { kind = "roll", seat = 2 }, { since = mark })
  expect_no_event(g, { kind = "roll", seat = 1 }, { since = mark })
  expect_event(g, { kind = "roll", seat = 1 })
  expect_eq(g:log { seat = 1, since = mark }[1], "Player 2 throws 5 and 6")
  expect_log(g, "Player 2 plays", { since = mark })
  expect_no_log(g, "Player 1 throws", { seat = 2, since = mark })
  expect_eq(g:events { since = g:mark() }, {})
end)

scenario("stack with from takes the cards from that zone only", function()
  local g = game { players = 2 }
  local in_deck = g:cards("deck")[1]
  g:stack("hand", 1, { in_deck }, { only = true, rest = "pile", from = "deck" })
  expect_eq(g:cards("hand", 1), { in_deck })
  expect_eq(#g:cards("deck"), 1, "the card left the deck")
  expect_eq(#g:cards("pile"), 3, "the hand's other cards went to rest")
end)

scenario("a move naming a card arranged away is refused; g:reask makes the prompt again", function()
  local g = game { players = 2, rolls = { 2, 3 } }
  g:play("roll")
  local old = g:legal()
  local hand = g:cards("hand", 1)
  local extra = g:cards("deck")[1]
  g:stack("hand", 1, { extra }, { only = true, rest = "pile", from = "deck" })
  expect_eq(g:legal(), old, "the waiting prompt keeps its options")
  expect_error(function() g:play("play " .. hand[1]) end, "which g:stack moved after this prompt was made")
  g:reask()
  expect_eq(g:legal(), { "play " .. extra })
  expect_event(g, { kind = "roll", seat = 1, dice = { 2, 3 } }) -- the move that led to the prompt, made again
  g:play(1)
  expect_eq(g:cards("pile")[#g:cards("pile")], extra)
  local c = g:clone()
  expect_eq(c:cards("pile"), g:cards("pile"), "a clone makes the arrangement where reask put it")
end)

scenario("g:reask with fixed dice throws them in the step that made the prompt", function()
  local g = game { players = 2, rolls = { 1, 2 } }
  g:play("roll")
  expect_eq(g:prompt().kind, "turn")
  g:rolls { 3, 3 }
  g:reask()
  expect_event(g, { kind = "roll", seat = 1, dice = { 3, 3 } })
  expect_no_event(g, { kind = "roll", seat = 1, dice = { 1, 2 } })
  expect_eq(g:prompt().kind, "window", "the double is offered")
end)
