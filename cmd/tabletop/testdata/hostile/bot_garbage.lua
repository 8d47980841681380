-- hostile: a bot that returns a table
-- want: bot nonsense returned
-- play: run
local Game = { title = "Hostile", players = { 2, 3 } }
Game.bots = {}
function Game.bots.nonsense(view, options)
  return { 1 }
end
function Game.play(t)
  for round = 1, 20 do t:ask(1, { 'a', 'b' }) t:ask(2, { 'a', 'b' }) end
  return { winners = { 1 } }
end
return Game
