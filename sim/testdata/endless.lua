-- A broken game for tests: it never ends.
return {
  title = "Endless", players = { 2, 3 },
  play = function(t)
    while true do t:ask(1, { "again", "once more" }) end
  end,
}
