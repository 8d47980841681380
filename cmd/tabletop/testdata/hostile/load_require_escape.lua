-- hostile: require of a path outside the script's folder
-- want: not found
local passwd = require("..etc.passwd") --> here
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
end
return Game
