-- hostile: an endless loop at the top level
-- want: load_loop.lua:4: the script ran
local n = 0
while true do n = n + 1 end --> here
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
end
return Game
