-- Scenarios for cluedo.lua (found by dropping "_characters" from this
-- file's name): who plays whom, and who moves first.
--
-- [1] "Each player (two to six can play) chooses one of the six characters
-- and places a token on the appropriate starting square."
-- [3] "Miss Kingston plays first, followed by players to the left in turn."

local CHOICES = { "choose kingston", "choose lehman", "choose anderson", "choose burgess", "choose northey", "choose fontana", "choose any" }

scenario("[1] each player chooses a character in seat order; with four, Kingston and Fontana can play", function()
  local g = game { players = 4 }
  expect_eq(g:turn(), 1)
  expect_eq(g:legal(), CHOICES)
  g:play("choose fontana")
  expect_event(g, { kind = "character", seat = 1, person = "fontana" })
  expect_eq(g:turn(), 2)
  expect_eq(#g:legal(), 6, "Fontana is taken")
  g:play("choose any", "choose kingston", "choose any")
  -- Those who chose "any" take what is left: their usual characters.
  expect_eq(g:view(0).names, { "Gruppenführer Fontana", "Professor Anderson", "Miss Kingston", "Sergeant Northey" })
  expect_eq(g:turn(), 3, "Miss Kingston plays first")
  expect(g:text(3):find("Miss Kingston's hand", 1, true), "the hands are named after the characters")
end)

scenario("[3] Kingston's player moves first, then the players to the left; without her, the next start clockwise", function()
  -- Three players; seat 1 chooses, seats 2 and 3 take what is left (their
  -- usual Burgess and Northey, else Lehman). The start squares clockwise:
  -- Kingston, Lehman, Anderson, Burgess, Northey, Fontana.
  local first = { kingston = 1, lehman = 1, anderson = 1, burgess = 2, northey = 3, fontana = 2 }
  local base = game { players = 3 }
  for _, person in ipairs({ "kingston", "lehman", "anderson", "burgess", "northey", "fontana" }) do
    local g = base:clone()
    g:play("choose " .. person, "choose any", "choose any")
    expect_eq(g:turn(), first[person], person)
    g:play(1) -- the die is thrown: a first move to any square
    if g:legal()[#g:legal()] == "done" then g:play("done") end
    expect_eq(g:turn(), first[person] % 3 + 1, person .. ": then the player to the left")
  end
end)

scenario("--set characters: a list by seat; the seats it leaves out take what is left", function()
  local g = game { players = 3, options = { characters = "kingston,fontana" } }
  expect_eq(g:view(0).names, { "Miss Kingston", "Gruppenführer Fontana", "Sergeant Northey" })
  expect_eq(g:turn(), 1, "nobody is asked to choose; Kingston moves first")
  expect_log(g, "Miss Kingston throws")
  local h = game { players = 3, options = { characters = "northey,fontana,anderson" } }
  expect_eq(h:turn(), 3, "no Kingston: Professor Anderson's start is the first clockwise after hers")
  expect_eq(#h:cards("hand", 3), 6, "the deal begins with the first player")
  h:play(1)
  expect_eq(h:turn(), 1, "then the players to the left")
  local k = game { players = 2, options = { characters = "any,ask" } }
  expect_eq(k:turn(), 2, "seat 2 asks to choose")
  expect_eq(#k:legal(), 7, "seat 1 takes what is left, after the choices")
  k:play("choose lehman")
  expect_eq(k:view(0).names, { "Reverend Burgess", "Space Commander Lehman" }, "seat 1's usual Lehman is taken")
  expect_error(function() game { players = 2, options = { characters = "smith" } } end, "characters: \"smith\" is not a character")
  expect_error(function() game { players = 2, options = { characters = "lehman,lehman" } } end, "characters: lehman is chosen twice")
end)

scenario("bots take what is left: the detective chooses any", function()
  local g = game { players = 4, seed = 5 }
  g:play("choose kingston")
  g:finish("detective", 1, 3)
  expect_eq(g:view(0).names, { "Miss Kingston", "Professor Anderson", "Reverend Burgess", "Sergeant Northey" })
  expect_eq(g:turn(), 1)
end)
