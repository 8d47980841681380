-- hostile: a chain of __index tables too long to follow
-- want: play_index_chain.lua:8:
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  local base = {}
  for i = 1, 1000 do base = setmetatable({}, { __index = base }) end
  local x = base.missing --> here
  error('followed ' .. tostring(x))
end
return Game
