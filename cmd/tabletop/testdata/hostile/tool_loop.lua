-- hostile: a tool that never finishes
-- want: tool_loop.lua:8: the script ran
-- in: check play
-- play: notes
local Game = { title = "Hostile", players = { 2, 3 } }
Game.tools = {}
function Game.tools.notes(view)
  while true do end --> here
end
function Game.play(t)
  for round = 1, 20 do t:ask(1, { 'a', 'b' }) t:ask(2, { 'a', 'b' }) end
  return { winners = { 1 } }
end
return Game
