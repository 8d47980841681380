-- hostile: an option that is a function
-- want: play_option_garbage.lua:5: t:ask: option 1 must be a string
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { function() end }) --> here
end
return Game
