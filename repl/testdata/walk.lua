-- A tiny board game for REPL tests: one token walks a corridor.
local Game = { title = "Walk", players = { 1, 1 } }

function Game.play(t)
  local board = t:board {
    map = "S...\n",
    legend = { S = { start = "walker" }, ["."] = "corridor" },
  }
  board:token { name = "walker", label = "Walker", glyph = "W" }
  for _ = 1, 3 do
    local opts = {}
    for i, place in ipairs(board:reachable("walker", 1)) do opts[i] = "move " .. place end
    local choice = t:ask(1, opts, "walk on")
    board:move("walker", choice:sub(6))
    t:log("the walker moves to %s", choice:sub(6))
  end
  t:ask(1, { "stop" }, "the corridor ends")
  return { winners = { 1 } }
end

return Game
