-- A game whose play is fine but whose bot, tool and on_say each break in
-- a way of its own, for check to find.
local Game = { title = "Broken extras", players = { 2, 3 } }

function Game.play(t)
  for round = 1, 20 do
    for _, s in ipairs(t:seats()) do
      t:ask(s, { "a", "b" })
    end
  end
  return { winners = { 1 } }
end

Game.bots = {}
function Game.bots.looper(view, options)
  local n = 0
  while #options > 0 do n = n + 1 end
  return 1
end

Game.tools = {}
function Game.tools.notes(view)
  error("the notebook is torn")
end

function Game.on_say(t, seat, text)
  local hoard = {}
  while true do hoard[#hoard + 1] = { text } end
end

return Game
