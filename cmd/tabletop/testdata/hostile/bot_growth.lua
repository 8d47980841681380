-- hostile: a bot that hoards memory
-- want: bot_growth.lua:8: the script keeps more than
-- play: run
local Game = { title = "Hostile", players = { 2, 3 } }
Game.bots = {}
local hoard = {}
function Game.bots.hoarder(view, options)
  for i = 1, 100000 do hoard[#hoard + 1] = { i } end --> here
  return 1
end
function Game.play(t)
  for round = 1, 20 do t:ask(1, { 'a', 'b' }) t:ask(2, { 'a', 'b' }) end
  return { winners = { 1 } }
end
return Game
