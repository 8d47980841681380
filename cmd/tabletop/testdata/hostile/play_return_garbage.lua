-- hostile: play returning winners and scores that make no sense
-- want: play_return_garbage.lua:8: play's winner 1 is "x", not a seat
-- in: play
-- play: run
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  return { winners = { 'x', 99, -1, {} }, scores = { {}, 'seven' } }
end
return Game
