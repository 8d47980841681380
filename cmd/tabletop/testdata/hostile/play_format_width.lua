-- hostile: a string.format width of a hundred million
-- want: play_format_width.lua:6:
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  local s = string.format('%099999999d', 1) --> here
  error('formatted ' .. #s)
end
return Game
