-- hostile: play returning winners and scores that make no sense
-- want: Game over
-- in: play
-- play: run
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  return { winners = { 'x', 99, -1, {} }, scores = { {}, 'seven' } }
end
return Game
