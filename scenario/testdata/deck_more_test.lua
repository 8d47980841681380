-- deck_more_test.lua tests deck.lua: words are dropped from the end of the
-- name until a script is found.
scenario("the script under test is found by dropping words", function()
  expect_eq(game{}:turn(), 1)
end)

scenario("a game handle's methods iterate in the same order every run: by name", function()
  local g = game { players = 2 }
  local names = {}
  for name in pairs(getmetatable(g).__index) do names[#names + 1] = name end
  local sorted = { unpack(names) }
  table.sort(sorted)
  expect_eq(names, sorted)
end)
