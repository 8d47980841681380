-- hostile: a hundred score-pad rows of a megabyte each at every decision
-- want: play_pad_rows.lua:9: the script keeps more than 16 MiB
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  local pad = t:pad { name = 'p' }
  local big = string.rep('w', 1024 * 1024 - 16)
  while true do
    t:ask(1, { 'a', 'b' })
    for i = 1, 100 do pad:add(big .. i, { 1, 2 }) end --> here
  end
end
return Game
