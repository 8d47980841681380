-- A broken game for tests: its result disagrees with its own score pad.
return {
  title = "Miscount", players = { 2, 2 },
  play = function(t)
    local pad = t:pad { name = "score" }
    t:ask(1, { "score" })
    pad:add("Round 1", { 3, 1 })
    return { winners = { 1 }, scores = { 3, 2 } }
  end,
}
