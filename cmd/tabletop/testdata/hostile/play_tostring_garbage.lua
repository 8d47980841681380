-- hostile: a __tostring that returns a table
-- want: play_tostring_garbage.lua:7:
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  local evil = setmetatable({}, { __tostring = function() return {} end })
  t:log('%s', evil) --> here
  error('logged it')
end
return Game
