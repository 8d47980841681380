-- Tiny: a game for the REPL's tests. The seats take turns adding 1 or 2
-- to a count; whoever brings it to the goal wins. Each round ends with a
-- secret vote. "boom" raises a script error and "loop" never
-- ends (the engine's watchdog stops it).
local Game = {
  title = "Tiny",
  players = { 2, 3 },
  seats = { "Left", "Right", "Middle" },
  options = { goal = { default = 6, help = "the count that wins" } },
}

function Game.play(t)
  local count = 0
  t:log("The count starts at 0")
  while true do
    for _, seat in ipairs(t:seats()) do
      local c = t:ask(seat, { "add 1", "add 2", "boom", "loop" }, "add to the count")
      if c == "boom" then error("boom at " .. count) end
      if c == "loop" then while true do end end
      count = count + (c == "add 1" and 1 or 2)
      t:log("%p adds, making %d", seat, count)
      if count >= t.options.goal then
        local scores = {}
        for s = 1, t.players do scores[s] = s == seat and 1 or 0 end
        return { winners = { seat }, scores = scores }
      end
    end
    -- every round ends with a secret vote
    local red = 0
    for _, seat in ipairs(t:seats()) do
      local v = t:ask(seat, { "vote red", "vote blue" }, { hint = "vote in secret", secret = true })
      t:tell(seat, "You voted " .. v)
      if v == "vote red" then red = red + 1 end
    end
    t:log("The votes: %d red, %d blue", red, t.players - red)
  end
end

Game.bots = {
  -- ones always adds 1 and votes red.
  ones = function(view, options, seat) return 1 end,
}

Game.tools = {
  notes = function(view, seat) return "notes for seat " .. seat end,
}

return Game
