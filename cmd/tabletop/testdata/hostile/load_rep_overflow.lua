-- hostile: string.rep of 32 gigabytes (the largest count Lua 5.1 takes)
-- want: load_rep_overflow.lua:3: string.rep
local s = string.rep("xxxxxxxxxxxxxxxx", 2 ^ 31 - 1) --> here
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
end
return Game
