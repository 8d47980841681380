-- hostile: an error whose value is a table
-- want: not a string
error({ code = 42 }) --> here
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
end
return Game
