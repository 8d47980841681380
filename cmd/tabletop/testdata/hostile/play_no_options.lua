-- hostile: a prompt with no options at all
-- want: play_no_options.lua:5: t:ask: no legal options
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, {}) --> here
end
return Game
