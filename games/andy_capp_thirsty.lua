-- Andy Capp, house variant "thirsty": a Drink may target any face-up tray
-- on the table, another player's as well as your own, and the drinker
-- scores it. Everything else is andy_capp.lua. Nothing answers a Drink, as
-- in the rulebook (a Fight answers only a Flo or a Loan).
local Game = require "andy_capp"

Game.title = "Andy Capp (thirsty)"
Game.about = "Andy Capp where a Drink may empty anybody's tray."

-- [Drink], changed: your own trays as "drink 2", another player's as
-- "drink east 2". Game.drink already turns the tray over among the
-- drinker's drunk trays, whoever owned it. Each option is made the first
-- time it is offered and kept, by drinker, owner and tray number.
local kept = {}
function Game.drink_options(t, z, seat, opts)
  local n = #opts
  kept[seat] = kept[seat] or {}
  for _, owner in ipairs(t:seats(seat)) do
    kept[seat][owner] = kept[seat][owner] or {}
    local memo = kept[seat][owner]
    for _, tray in ipairs(Game.trays_of(z, owner)) do
      local o = memo[tray.slot]
      if not o then
        local text = "drink " .. (owner == seat and "" or (Game.seat_word(t, owner) .. " ")) .. tray.slot
        o = { text = text, kind = "drink", owner = owner, slot = tray.slot }
        memo[tray.slot] = o
      end
      opts[#opts + 1] = o
    end
  end
  if #opts == n then opts[n + 1] = { text = "drink", kind = "drink" } end
end

return Game
