-- hostile: a string doubled until it is huge
-- want: load_doubling.lua:4:
local s = "x"
for i = 1, 60 do s = s .. s end --> here
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
end
return Game
