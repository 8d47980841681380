-- hostile: an endless loop after the first decision
-- want: play_loop.lua:6: the script ran
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  while true do end --> here
end
return Game
