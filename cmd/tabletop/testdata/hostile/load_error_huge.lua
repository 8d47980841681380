-- hostile: an error with a huge message
-- want: load_error_huge.lua:3: xxxxxxxx
error(string.rep("x", 8 * 1024 * 1024)) --> here
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
end
return Game
