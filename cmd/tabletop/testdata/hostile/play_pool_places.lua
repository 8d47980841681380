-- hostile: a hundred pool places named by a megabyte each at every decision
-- want: play_pool_places.lua:9: the script keeps more than 16 MiB
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  local pool = t:pool { name = 'chips', kinds = { 'chip' }, supply = 1 }
  local big = string.rep('w', 1024 * 1024 - 16)
  while true do
    t:ask(1, { 'a', 'b' })
    for i = 1, 100 do pool:give(big .. i, 'chip', 0) end --> here
  end
end
return Game
