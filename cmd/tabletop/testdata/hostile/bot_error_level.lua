-- hostile: a bot whose error blames its caller (level 2), the engine
-- want: bot_error_level.lua:7: this bot does not play seat 2
-- in: play sim
local Game = { title = "Hostile", players = { 2, 2 } }
Game.bots = {}
function Game.bots.picky(view, options, seat)
  if seat == 2 then error("this bot does not play seat 2", 2) end --> here
  return 1
end
function Game.play(t)
  for round = 1, 5 do t:ask(1, { 'a', 'b' }) t:ask(2, { 'a', 'b' }) end
  return { winners = { 1 } }
end
return Game
