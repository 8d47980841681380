-- hostile: endless recursion at load
-- want: stack overflow
local function f(n) return 1 + f(n + 1) end
f(1) --> here
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
end
return Game
