-- hostile: a global lookup whose __index never returns
-- want: load_index_loop.lua:3: the script ran
setmetatable(_G, { __index = function(t, k) while true do end end }) --> here
local x = undefined_global
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
end
return Game
