scenario("smoke: random games", function()
  for players = 3, 5 do
    local g = game { players = players, seed = players }
    g:finish("random", 1)
    expect(g:done())
  end
end)
scenario("smoke: lobbyist games", function()
  for players = 3, 5 do
    local g = game { players = players, seed = players }
    g:finish("lobbyist", 1)
    expect(g:done())
  end
end)
