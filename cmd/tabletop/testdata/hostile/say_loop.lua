-- hostile: an on_say that never returns
-- want: say_loop.lua:7: the script ran
-- in: check play
-- play: say hello
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.on_say(t, seat, text)
  while true do end --> here
end
function Game.play(t)
  for round = 1, 20 do t:ask(1, { 'a', 'b' }) t:ask(2, { 'a', 'b' }) end
  return { winners = { 1 } }
end
return Game
