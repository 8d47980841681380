-- hostile: an option text with a newline that would forge a save line
-- want: play_option_newline.lua:5: t:ask: option 2 has a control character
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go', 'stop\n1: cheat' }) --> here
end
return Game
