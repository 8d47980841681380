-- A broken game for tests: it tells everyone a secret vote before the others have voted.
return {
  title = "Tattle", players = { 3, 3 },
  play = function(t)
    local how = { secret = true, group = 1, hint = "vote" }
    local first = t:ask(1, { "yes", "no" }, how)
    t:log("Player 1 voted %s", first)
    t:ask(2, { "yes", "no" }, how)
    t:ask(3, { "yes", "no" }, how)
  end,
}
