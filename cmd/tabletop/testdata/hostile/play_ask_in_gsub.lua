-- hostile: a prompt inside a string.gsub replacement function
-- want: play_ask_in_gsub.lua:6: cannot ask inside a string.gsub replacement function
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  local s = ("a-b-c"):gsub("-", function() return t:ask(1, { '+', '*' }) end) --> here
  t:log("%s", s)
end
return Game
