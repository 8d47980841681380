-- hostile: every decision spends almost half a step's budget, and the game never ends
-- want: play_total_budget.lua:8: the script ran 200 million instructions in this game
-- cpu: 40s
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  while true do
    t:ask(1, { 'a', 'b' })
    for i = 1, 4000000 do end --> here
  end
end
return Game
