local Game = {
  title = "Broken",
  players = { 2, 2 }
}

function Game.play(t)
  t:log("never" .. )
end

return Game
