-- hostile: table.concat of a table of big strings, again and again
-- want: play_table_concat.lua:9:
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  local parts, block = {}, string.rep('x', 4096)
  for i = 1, 10000 do parts[i] = block end
  local keep = {}
  while true do keep[#keep + 1] = table.concat(parts) end --> here
end
return Game
