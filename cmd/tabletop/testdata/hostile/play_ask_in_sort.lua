-- hostile: a prompt inside a table.sort comparator, which Lua cannot suspend
-- want: play_ask_in_sort.lua:7: cannot ask inside a table.sort comparator
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  table.sort({ 3, 1, 2 }, function(a, b)
    local yes = t:ask(1, { 'yes', 'no' }) == 'yes' --> here
    return a < b and yes
  end)
end
return Game
