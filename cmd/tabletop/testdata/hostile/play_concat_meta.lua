-- hostile: a __concat that recurses forever
-- want: play_concat_meta.lua:7: stack overflow
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  local mt = {}
  mt.__concat = function(a, b) return a .. b end --> here
  local x = setmetatable({}, mt) .. 'tail'
end
return Game
