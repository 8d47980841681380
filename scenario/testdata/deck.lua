-- A tiny game for the scenario runner's own tests: two players draw from a
-- deck in turn; a draw is an event. "stop" ends the game; the player
-- holding the A wins.
local Game = { title = "Deck", players = { 2, 3 }, options = { hand = { default = 1, help = "cards dealt each" } } }

function Game.play(t)
  local deck = t:zone { name = "deck" }
  local pile = t:zone { name = "pile", visibility = "all" }
  local hands = {}
  for s = 1, t.players do hands[s] = t:zone { name = "hand", owner = s, visibility = "owner" } end
  t:cards({ { name = "A" }, { name = "B" }, { name = "C" }, { name = "D" }, { name = "E" }, { name = "E" } }, deck)
  deck:shuffle()
  for s = 1, t.players do deck:deal(hands[s], t.options.hand) end
  local seat = 1
  while true do
    local opts = { "stop" }
    if not deck:empty() then opts = { "draw", "stop" } end
    if not hands[seat]:empty() then opts[#opts + 1] = "discard" end
    local c = t:ask(seat, opts, "draw, discard or stop")
    if c == "stop" then break end
    if c == "draw" then
      deck:deal(hands[seat], 1)
      t:event("all", { kind = "draw", seat = seat }, "%p draws a card", seat)
      t:event(seat, { kind = "drew", seat = seat, card = hands[seat]:top() }, "You draw %s", hands[seat]:top())
    else
      local card = hands[seat]:top()
      pile:add(card)
      t:event("all", { kind = "discard", seat = seat, card = card }, "%p discards %s", seat, card)
    end
    seat = t:left(seat)
  end
  local winners = {}
  for s = 1, t.players do
    if hands[s]:find("A") then winners[1] = s end
  end
  return { winners = winners }
end

function Game.on_say(t, seat, text)
  if text == "shuffle" then t:log("%p asked for a shuffle", seat) end
end

Game.bots = { first = function(view, options) return 1 end }

return Game
