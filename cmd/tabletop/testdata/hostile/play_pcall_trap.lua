-- hostile: a loop that pcall catches, again and again
-- want: play_pcall_trap.lua:6: the script ran
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  while true do pcall(function() while true do end end) end --> here
end
return Game
