-- hostile: a bot that never decides
-- want: bot_loop.lua:7: the script ran
-- play: run
local Game = { title = "Hostile", players = { 2, 3 } }
Game.bots = {}
function Game.bots.spinner(view, options)
  while true do end --> here
end
function Game.play(t)
  for round = 1, 20 do t:ask(1, { 'a', 'b' }) t:ask(2, { 'a', 'b' }) end
  return { winners = { 1 } }
end
return Game
