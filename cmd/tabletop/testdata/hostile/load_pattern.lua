-- hostile: a pattern with catastrophic backtracking at load
-- want: load_pattern.lua:4: the script ran
local s = string.rep("a", 40)
local found = s:find(".-.-.-.-.-.-.-b") --> here
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
end
return Game
