-- hostile: a __tostring that never returns, reached by t:log
-- want: play_tostring_loop.lua:6: the script ran
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  local evil = setmetatable({}, { __tostring = function() while true do end end }) --> here
  t:log('%s', evil)
end
return Game
