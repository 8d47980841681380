-- hostile: a table that grows a little at every decision, forever
-- want: play_growth.lua:8: the script keeps more than
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  local hoard = {}
  while true do
    t:ask(1, { 'a', 'b' })
    for i = 1, 20000 do hoard[#hoard + 1] = { i } end --> here
  end
end
return Game
