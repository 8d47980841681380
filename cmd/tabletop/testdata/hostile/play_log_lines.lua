-- hostile: short log lines written until a budget stops the step
-- want: play_log_lines.lua:7: the script wrote more than 1 MiB to the log in one step
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  local i = 0
  while true do i = i + 1; t:log('line %d of a flood that never ends', i) end --> here
end
return Game
