-- A game that breaks in every game, at its first decision.
local Game = { title = "Always fails", players = { 2, 3 } }

function Game.play(t)
  t:ask(1, { "go" })
  local x = nil
  return x.field
end

return Game
