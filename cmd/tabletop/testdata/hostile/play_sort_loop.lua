-- hostile: a sort comparator that never returns
-- want: play_sort_loop.lua:7: the script ran
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  local list = { 3, 1, 2, 5, 4 }
  table.sort(list, function(a, b) while true do end end) --> here
end
return Game
