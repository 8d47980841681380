-- Andy Capp, house variant "thirsty": a Drink may target any face-up tray
-- on the table, another player's as well as your own, and the drinker
-- scores it. Everything else is andy_capp.lua. Nothing answers a Drink, as
-- in the rulebook (a Fight answers only a Flo or a Loan).
local Game = require "andy_capp"

Game.title = "Andy Capp (thirsty)"
Game.about = "Andy Capp where a Drink may empty anybody's tray."

-- [Drink], changed: your own trays as "drink 2", another player's as
-- "drink east 2". Game.drink already turns the tray over among the
-- drinker's drunk trays, whoever owned it.
function Game.drink_options(t, z, seat, opts)
  local n = #opts
  for _, owner in ipairs(t:seats(seat)) do
    local whose = owner == seat and "" or (Game.seat_word(t, owner) .. " ")
    for _, slot in ipairs(Game.trays_of(z, owner)) do
      opts[#opts + 1] = { text = "drink " .. whose .. slot, kind = "drink", owner = owner, slot = slot }
    end
  end
  if #opts == n then opts[n + 1] = { text = "drink", kind = "drink" } end
end

return Game
