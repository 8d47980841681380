-- hostile: unpack of a hundred million values
-- want: play_unpack.lua:6:
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  local n = select('#', unpack({}, 1, 1e8)) --> here
  error('unpacked ' .. n)
end
return Game
