-- hostile: a sort comparator that raises an error
-- want: play_sort_error.lua:6: the comparator broke
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  table.sort({ 3, 2, 1 }, function(a, b) error('the comparator broke') end) --> here
end
return Game
