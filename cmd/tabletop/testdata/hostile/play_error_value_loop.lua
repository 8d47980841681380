-- hostile: an error value whose __tostring never returns
-- want: play_error_value_loop.lua:6: an error value (a table) whose __tostring failed
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  error(setmetatable({}, { __tostring = function() while true do end end })) --> here
end
return Game
