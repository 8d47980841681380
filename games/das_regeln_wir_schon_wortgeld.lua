-- Das Regeln Wir Schon!, house variant "Wortgeld" (word money): the Incident
-- Rule I1 no longer costs 3 chips for speaking but 1 chip for each word said,
-- at most 5. A remark (`vote no grumble`, `count grumble`) is one word.
-- Everything else is das_regeln_wir_schon.lua; the card list in
-- das_regeln_wir_schon.md shows how to add or change a card this way.
local Game = require "das_regeln_wir_schon"

Game.title = "Das Regeln Wir Schon! (Wortgeld)"
Game.about = "Das Regeln Wir Schon! where every word said costs a chip."

local I1 = Game.card_def("I1")
I1.short = "a chip a word"
I1.text = "Whoever speaks pays 1 chip per word he says (at most 5) to the pool."
I1.speak = function(sp)
  local words = 0
  for _ in sp.text:gmatch("%S+") do words = words + 1 end
  return { chips = -math.min(5, words) }
end
Game.prepare_cards()

return Game
