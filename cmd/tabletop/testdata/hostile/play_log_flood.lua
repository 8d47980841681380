-- hostile: a log that grows by a megabyte a line
-- want: play_log_flood.lua:7:
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  local line = string.rep('w', 1024 * 1024)
  while true do t:log(line) end --> here
end
return Game
