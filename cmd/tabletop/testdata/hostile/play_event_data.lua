-- hostile: a hundred events carrying a megabyte each at every decision
-- want: play_event_data.lua:8: the script wrote more than 1 MiB to the log in one step
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  local big = string.rep('w', 1024 * 1024 - 16)
  while true do
    t:ask(1, { 'a', 'b' })
    for i = 1, 100 do t:event('all', { text = big .. i }, 'an event') end --> here
  end
end
return Game
