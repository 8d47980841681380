-- hostile: an on_say that tries to ask for a decision
-- want: say_asks.lua:7:
-- in: check play
-- play: say hello
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.on_say(t, seat, text)
  t:ask(seat, { 'yes' }) --> here
end
function Game.play(t)
  for round = 1, 20 do t:ask(1, { 'a', 'b' }) t:ask(2, { 'a', 'b' }) end
  return { winners = { 1 } }
end
return Game
