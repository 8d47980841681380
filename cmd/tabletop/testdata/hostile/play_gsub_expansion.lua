-- hostile: gsub that multiplies a string until it is huge
-- want: play_gsub_expansion.lua:7:
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  local s = 'abc'
  while true do s = s:gsub('.', '%0%0%0%0') end --> here
end
return Game
