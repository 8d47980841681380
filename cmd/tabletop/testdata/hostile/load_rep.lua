-- hostile: string.rep of two gigabytes
-- want: load_rep.lua:3: string.rep
local s = string.rep("xy", 2 ^ 30) --> here
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
end
return Game
