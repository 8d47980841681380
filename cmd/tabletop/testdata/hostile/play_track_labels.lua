-- hostile: a hundred tracks labelled by a megabyte each at every decision
-- want: play_track_labels.lua:10: the script keeps more than 16 MiB
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  local big = string.rep('w', 1024 * 1024 - 16)
  local n = 0
  while true do
    t:ask(1, { 'a', 'b' })
    for i = 1, 100 do
      n = n + 1; t:track { name = 't' .. n, label = big .. i, min = 0, max = 1 } --> here
    end
  end
end
return Game
