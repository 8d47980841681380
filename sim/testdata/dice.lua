-- A quick game of chance for the lab's tests: three players roll in turn
-- until someone's total passes the target; a "lucky" bot rerolls ones.
-- It measures rolls (always named) and exact (named only when the winner
-- lands on the target exactly, so early games may lack it), and the option
-- "target" makes a variant.
local Game = {
  title = "Dice race",
  players = { 2, 4 },
  options = { target = { default = 20, help = "the total that wins" } },
  seats = { "Red", "Green", "Blue", "Gold" },
}

function Game.play(t)
  t:metric("rolls", 0)
  local totals = {}
  for s = 1, t.players do totals[s] = 0 end
  while true do
    for _, s in ipairs(t:seats()) do
      local roll = t:roll(6)
      local choice = t:ask(s, { "keep " .. roll, "reroll" }, "keep or reroll")
      if choice == "reroll" then roll = t:roll(6) end
      t:metric("rolls")
      totals[s] = totals[s] + roll
      if totals[s] >= t.options.target then
        if totals[s] == t.options.target then t:metric("exact") end
        return { winners = { s }, scores = totals }
      end
    end
  end
end

Game.bots = {
  lucky = function(view, options)
    if options[1] == "keep 1" then return 2 end
    return 1
  end,
}

return Game
