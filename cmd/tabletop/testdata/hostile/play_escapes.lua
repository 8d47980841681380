-- hostile: log lines, labels and notes full of terminal escapes
-- want: the screen held
local Game = { title = "Hostile \27[2J", players = { 2, 3 } }
function Game.play(t)
  t:log('\27]0;pwned\7\27[2J\27[31mred\27[0m')
  t:note('n', 'line one\n\27[1mbold\27[0m')
  t:ask(1, { 'go' }, 'hint \27[5m')
  error('the screen held') --> here
end
return Game
