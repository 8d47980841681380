-- hostile: an option text of a megabyte
-- want: play_option_huge.lua:5: t:ask: option 1 is 1048576 bytes long
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { string.rep('z', 1024 * 1024) }) --> here
end
return Game
