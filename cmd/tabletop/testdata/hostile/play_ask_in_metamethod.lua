-- hostile: a prompt inside an __index metamethod, reached through pcall
-- want: play_ask_in_metamethod.lua:7: cannot ask inside an __index metamethod
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
  local lazy = setmetatable({}, { __index = function(_, seat)
    return t:ask(seat, { 'red', 'blue' }) --> here
  end })
  local ok, err = pcall(function() return lazy[2] end)
  if not ok then error(err, 0) end
end
return Game
