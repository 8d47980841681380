-- Scenarios on dice.lua that must fail: the Go test checks each fails with
-- the message after ### in its name.

scenario("### expect_error needs the text the error must mention", function()
  expect_error(function() local g = game { players = 2 } g:paly("roll") end)
end)

scenario("### expected an error mentioning \"not a legal move\", got", function()
  expect_error(function() local g = game { players = 2 } g:paly("roll") end, "not a legal move")
end)

scenario("### t:roll(6): the roll fixed for this die is 7, not one of its faces (1 to 6)", function()
  local g = game { players = 2 }
  g:rolls { 7, 1 }
  g:play("roll")
end)

scenario("### g:rolls: roll 1 is 0, not a die's face", function()
  game { players = 2 }:rolls { 0 }
end)

scenario("### game{}: rolls: roll 2 is 1.5, not a die's face", function()
  game { players = 2, rolls = { 1, 1.5 } }
end)

scenario([[### game{} has no field "player" (its fields: script, players, seed, options, stack, rolls)]], function()
  game { player = 2 }
end)

scenario([[### g:stack's options has no field "onyl" (its fields: only, rest, from)]], function()
  game { players = 2 }:stack("deck", {}, { onyl = true, rest = "pile" })
end)

scenario([[### arrange Player 1's hand: no card "Z" left in Player 1's hand or deck to put there]], function()
  game { players = 2 }:stack("hand", 1, { "Z" }, { from = "deck" })
end)

scenario("### g:reask: nothing was arranged (g:stack, g:rolls) since the prompt was made", function()
  local g = game { players = 2 }
  g:play("roll")
  g:reask()
end)

scenario("### g:reask: the first prompt was made by the game's setup, which cannot run again", function()
  local g = game { players = 2 }
  g:rolls { 1, 1 }
  g:reask()
end)

scenario("### g:reask: with the table arranged before it, decision 2", function()
  local g = game { players = 2, rolls = { 2, 3 } }
  g:play("roll")
  local card = g:cards("hand", 1)[1]
  g:play("play " .. card)
  g:stack("hand", 1, {}, { only = true, rest = "pile" })
  g:reask()
end)
