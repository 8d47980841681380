-- deck_more_test.lua tests deck.lua: words are dropped from the end of the
-- name until a script is found.
scenario("the script under test is found by dropping words", function()
  expect_eq(game{}:turn(), 1)
end)
