-- A broken game for tests: it announces a card from a hidden hand.
return {
  title = "Leaky", players = { 2, 2 },
  play = function(t)
    local deck = t:zone { name = "deck" }
    local hand = t:zone { name = "hand", owner = 1, visibility = "owner" }
    t:cards({ { name = "A" }, { name = "B" } }, deck)
    deck:shuffle()
    deck:deal(hand, 1)
    t:ask(1, { "go" })
    t:log("player 1 holds %s", hand:top())
    t:ask(2, { "go" })
  end,
}
