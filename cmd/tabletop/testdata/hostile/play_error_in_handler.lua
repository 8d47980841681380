-- hostile: an error raised inside xpcall's handler, raised again
-- want: play_error_in_handler.lua:7:
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  local ok = xpcall(function() error('boom') end, function(e) error(e .. e) end)
  error('after the trap') --> here
end
return Game
