-- Duel: a game for the seating tests, which only need its seats and its
-- bot. Each seat says yes or no once; the last to say yes wins.
local Game = {
  title = "Duel",
  players = { 2, 4 },
  seats = { "Left", "Right", "Up", "Down" },
}

function Game.play(t)
  local winner = t:seats()[1]
  for _, seat in ipairs(t:seats()) do
    if t:ask(seat, { "yes", "no" }, "say yes or no") == "yes" then
      winner = seat
    end
  end
  return { winners = { winner } }
end

Game.bots = {
  -- ones always says yes.
  ones = function(view, options, seat) return 1 end,
}

return Game
