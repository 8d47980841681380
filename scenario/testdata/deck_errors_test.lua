-- Scenarios that must fail: the Go test checks each fails with the message
-- after ### in its name.

scenario("### expected 3, got 2", function() expect_eq(2, 3) end)

scenario("### move 2: there is no option 7 (legal: draw | stop | discard)", function()
  game { players = 2 }:play("draw", 7)
end)

scenario([[### move "fly": "fly" is not a legal move for Player 1 now]], function()
  game { players = 2 }:play("fly")
end)

scenario("### it is Player 1's decision, not Player 2's", function()
  game { players = 2 }:play_as(2, "draw")
end)

scenario("### move 1: an option's text, its number or a function returning one expected, got boolean", function()
  game { players = 2 }:play(function() return true end)
end)

scenario([[### arrange deck: no card "Z" left to put there]], function()
  game { players = 2 }:stack("deck", { "Z" })
end)

scenario([[### arrange deck: no card "A" left to put there (named 2 times?)]], function()
  game { players = 2 }:stack("deck", { "A", "A" })
end)

scenario("### arrange deck: say where its other 4 cards go", function()
  game { players = 2 }:stack("deck", {}, { only = true })
end)

scenario([[### no zone "hand" with owner 9]], function()
  game { players = 2 }:stack("hand", 9, {})
end)

scenario([[### rest: no zone "box" with owner 0]], function()
  game { players = 2 }:stack("deck", {}, { only = true, rest = "box" })
end)

scenario([[### no event has {kind = "shuffle"}; the last events are:]], function()
  local g = game { players = 2 }
  g:play("draw")
  expect_event(g, { kind = "shuffle" })
end)

scenario([[### no event has {kind = "draw"}; there are no events]], function()
  expect_event(game { players = 2 }, { kind = "draw" })
end)

scenario([[### event {kind = "draw", seat = 1, text = "Player 1 draws a card"} should not be there]], function()
  local g = game { players = 2 }
  g:play("draw")
  expect_no_event(g, { kind = "draw" })
end)

scenario([[### unknown option "speed" for Deck]], function()
  game { options = { speed = 3 } }
end)

scenario([[### loading game: open testdata/nothing.lua]], function()
  game { script = "nothing.lua" }
end)

scenario("### a game handle expected: call its methods with a colon", function()
  local g = game {}
  g.turn()
end)

scenario("### no seat 5: the game has 2", function()
  game { players = 2 }:total(5)
end)
