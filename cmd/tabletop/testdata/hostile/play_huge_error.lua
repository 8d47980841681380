-- hostile: an error with a huge message while playing
-- want: play_huge_error.lua:6: yyyyyyyy
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  error(string.rep('y', 8 * 1024 * 1024)) --> here
end
return Game
