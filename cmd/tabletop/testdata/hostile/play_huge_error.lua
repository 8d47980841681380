-- hostile: an error with a megabyte message while playing
-- want: play_huge_error.lua:6: yyyyyyyy
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  error(string.rep("y", 1000000)) --> here
end
return Game
