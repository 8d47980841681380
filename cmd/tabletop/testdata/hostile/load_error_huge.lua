-- hostile: an error with a megabyte message (capped at 4 KB wherever it is shown)
-- want: load_error_huge.lua:3: xxxxxxxx
error(string.rep("x", 1000000)) --> here
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
end
return Game
