-- hostile: zones made without end
-- want: play_zone_flood.lua:7:
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  local i = 0
  while true do i = i + 1; t:zone { name = 'z' .. i } end --> here
end
return Game
