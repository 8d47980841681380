-- hostile: a bot stuck in a pattern
-- want: bot_pattern.lua:7: the script ran
-- play: run
local Game = { title = "Hostile", players = { 2, 3 } }
Game.bots = {}
function Game.bots.matcher(view, options)
  return (string.rep('a', 40)):find('.-.-.-.-.-.-.-b') or 1 --> here
end
function Game.play(t)
  for round = 1, 20 do t:ask(1, { 'a', 'b' }) t:ask(2, { 'a', 'b' }) end
  return { winners = { 1 } }
end
return Game
