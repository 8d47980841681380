-- hostile: a string method that loops, through the string metatable
-- want: load_string_meta.lua:3: the script ran
getmetatable("").__index.spin = function(s) while true do end end --> here
local x = ("abc"):spin()
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
end
return Game
