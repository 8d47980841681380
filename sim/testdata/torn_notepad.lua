-- A broken game for tests: its notepad (a note drawn for each seat) fails
-- for the second seat once a card has been drawn.
return {
  title = "Torn notepad", players = { 2, 2 },
  play = function(t)
    local deck = t:zone { name = "deck" }
    local hand = t:zone { name = "hand", owner = 1, visibility = "owner" }
    t:cards({ { name = "A" }, { name = "B" } }, deck)
    t:note("notepad", function(seat)
      if seat == 2 and not hand:empty() then error("the notepad is torn") end
      return "cards drawn: " .. hand:count()
    end)
    t:ask(1, { "go" })
    deck:deal(hand, 1)
    t:ask(2, { "go" })
    t:ask(1, { "go" })
  end,
}
