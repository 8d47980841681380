-- hostile: xpcall whose handler loops
-- want: play_xpcall_trap.lua:7: the script ran
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  xpcall(function() error('boom') end, function(e) while true do end end)
end --> here (the handler raised the stop again, and the script is stopped where xpcall returned)
return Game
