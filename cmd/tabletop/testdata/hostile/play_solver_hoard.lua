-- hostile: deduction solvers of a hundred kilobytes each, kept by the thousand
-- want: play_solver_hoard.lua:9: the script keeps more than 16 MiB
local holders = require "holders"
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  local hoard = {}
  while true do
    t:ask(1, { 'a', 'b' })
    for i = 1, 1000 do hoard[#hoard + 1] = holders.new(1000, 100) end --> here
  end
end
return Game
