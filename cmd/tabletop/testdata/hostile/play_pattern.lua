-- hostile: a pattern with catastrophic backtracking
-- want: play_pattern.lua:7: the script ran
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  local s = string.rep('a', 30)
  return s:match('(.-)(.-)(.-)(.-)(.-)(.-)b') --> here
end
return Game
