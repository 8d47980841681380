-- hostile: a table that grows forever at the top level
-- want: load_growth.lua:4: the script keeps more than
local hoard = {}
while true do hoard[#hoard + 1] = { x = 1 } end --> here
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
end
return Game
