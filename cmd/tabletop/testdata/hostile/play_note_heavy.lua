-- hostile: a note that costs almost half a step's budget each time it is drawn
-- want: play_note_heavy.lua:7: the script ran 50 million instructions drawing this game's notes
-- in: check
-- cpu: 20s
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:note('heavy', function(seat) for i = 1, 4000000 do end return 'heavy' end) --> here
  for i = 1, 60 do t:ask(1, { 'a', 'b' }) end
end
return Game
