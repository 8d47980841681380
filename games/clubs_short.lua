-- Clubs (short): a house variant of clubs.lua, to show how a variant is made.
-- The game ends at -50 instead of -100, and only a tally of -30 or worse
-- scrambles. Everything else is the game as it is.
local Clubs = require "clubs"
Clubs.title = "Clubs (short)"
Clubs.about = "Clubs to -50 instead of -100, where only a hand of -30 or worse scrambles."
Clubs.options.target.default = -50
Clubs.options.scramble_at.default = -30
return Clubs
