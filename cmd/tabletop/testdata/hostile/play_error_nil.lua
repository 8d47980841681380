-- hostile: error given a misspelt variable, so nil: no message at all
-- want: play_error_nil.lua:7: error called with nil
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  local message = "the rules forbid it"
  error(mesage) --> here
end
return Game
