-- hostile: a tool that returns a huge text
-- want: tool_huge.lua:9:
-- in: check play
-- play: notes
local Game = { title = "Hostile", players = { 2, 3 } }
Game.tools = {}
function Game.tools.notes(view)
  local s = 'x'
  while true do s = s .. s end --> here
end
function Game.play(t)
  for round = 1, 20 do t:ask(1, { 'a', 'b' }) t:ask(2, { 'a', 'b' }) end
  return { winners = { 1 } }
end
return Game
