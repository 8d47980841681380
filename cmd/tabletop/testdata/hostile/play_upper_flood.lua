-- hostile: upper of a large string, kept, over and over
-- want: play_upper_flood.lua:7:
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  local s, keep = string.rep('x', 1024 * 1024), {}
  while true do keep[#keep + 1] = s:upper() end --> here
end
return Game
