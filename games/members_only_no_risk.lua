-- Members Only, house variant "no risk": bets placed in the first round of a
-- heat carry no risk piece, so they score like any other bet. Rule 2 keeps
-- its other half: nothing is revealed in the first round. Everything else
-- is members_only.lua.
local Game = require "members_only"

Game.title = "Members Only (no risk piece)"
Game.about = "Members Only without the risk piece: first-round bets score like later ones."
Game.first_round_risk = false

return Game
