-- hostile: a sort comparator that always says yes
-- want: sorted anyway
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  local list = {}
  for i = 1, 500 do list[i] = i % 7 end
  pcall(table.sort, list, function(a, b) return true end)
  error('sorted anyway') --> here
end
return Game
