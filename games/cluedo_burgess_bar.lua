-- Haven't a Cluedo, with the rulebook's own variation (shared/rules/
-- cluedo.txt, before the rules): "after the Reverend Burgess has entered the
-- Bar he subsequently moves diagonally from side to side".
--
-- Readings (tested in cluedo_test.lua):
--  * Any arrival of Burgess's token in the Bar counts: by a throw, or carried
--    there by a suggestion naming him. From then on, for the rest of the
--    game, every step of his is diagonal ("from side to side"); doors are
--    still passed straight, from the square outside them, and a diagonal
--    step may not cut the corner between two squares that are not corridor.
--    All else is the game's.

local Game = require "cluedo"

Game.title = "Haven't a Cluedo: Burgess in the Bar"
Game.about = "Haven't a Cluedo, where the Reverend Burgess walks diagonally once he has been in the Bar."

local base_arrived = Game.arrived

function Game.arrived(t, g, person, room)
  base_arrived(t, g, person, room)
  if person == "burgess" and room == "bar" and not g.burgess_has_been_in_the_bar then
    g.burgess_has_been_in_the_bar = true
    t:log("Reverend Burgess has been in the Bar: from now on he moves diagonally, from side to side")
    t:note("burgess", "Reverend Burgess moves diagonally (he has been in the Bar)")
  end
end

function Game.step_mode(g, person)
  if person == "burgess" and g.burgess_has_been_in_the_bar then return "diagonal" end
  return "orthogonal"
end

return Game
