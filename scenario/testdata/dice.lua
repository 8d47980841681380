-- A tiny dice game for the scenario runner's own tests: each turn a seat
-- throws two dice, adding them to its total; a double is offered to the
-- other seat, who may grab it (an answer window); then the seat plays a
-- card from its hand. After three rounds both vote in secret.
local Game = { title = "Dice", players = { 2, 2 } }

local NAMES = { "A", "B", "C", "D", "E", "F", "G", "H" }

function Game.play(t)
  local deck = t:zone { name = "deck" }
  local pile = t:zone { name = "pile", visibility = "all" }
  local hands = {}
  for s = 1, 2 do hands[s] = t:zone { name = "hand", owner = s, visibility = "owner" } end
  local defs = {}
  for i, n in ipairs(NAMES) do defs[i] = { name = n } end
  t:cards(defs, deck)
  deck:shuffle()
  for s = 1, 2 do deck:deal(hands[s], 3) end
  local totals = { 0, 0 }
  for _ = 1, 3 do
    for seat = 1, 2 do
      t:ask(seat, { "roll" }, "throw the dice")
      local a, b = t:roll(6, 2)
      totals[seat] = totals[seat] + a + b
      t:event("all", { kind = "roll", seat = seat, dice = { a, b } }, "%p throws %d and %d", seat, a, b)
      if a == b then
        local who = t:offer({ t:left(seat) }, function() return { "grab" } end, "grab the double?")
        if who then
          totals[who] = totals[who] + a
          t:event("all", { kind = "grab", seat = who }, "%p grabs the double", who)
        end
      end
      local card = t:ask(seat, hands[seat]:cards(), { verb = "play", hint = "play a card" })
      pile:add(card)
      t:event("all", { kind = "play", seat = seat, card = card }, "%p plays %s", seat, card)
    end
  end
  t:ask_all({ 1, 2 }, { "yes", "no" }, "agree?")
  local winners = { 1 }
  if totals[2] > totals[1] then winners = { 2 } end
  return { winners = winners, scores = totals }
end

return Game
