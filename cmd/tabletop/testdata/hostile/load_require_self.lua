-- hostile: a module that requires itself forever
-- want: Game over
-- in: play
local again = require("load_require_self") --> here
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  return { winners = { 1 } }
end
return Game
