-- hostile: a sort of a million-element table, many times
-- want: play_sort_huge.lua:8:
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  local list = {}
  for i = 1, 200000 do list[i] = (i * 7919) % 200000 end
  while true do table.sort(list, function(a, b) return a > b end) end --> here
end
return Game
