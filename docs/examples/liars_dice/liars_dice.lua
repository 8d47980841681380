-- Liar's Dice: a bluffing game with dice under cups, for two to six.
-- Its rules in our own words; each rule below cites them in [brackets].
--  [Cups] Each player has five dice and a cup. At the start of every round
--    everyone throws his dice under his cup and looks at them, hiding them
--    from the others.
--  [Bids] The round's opener bids a quantity and a face: "there are at
--    least four 5s under all the cups". In turn, each next player either
--    raises the bid — more dice of any face, or as many dice of a higher
--    face — or calls the last bidder a liar.
--  [Ones] Ones are wild: they count as any face that is bid. (The option
--    wild_ones = false plays without wilds.)
--  [Liar] At a call, every cup is lifted and the dice of the face bid are
--    counted. Fewer than bid: the bidder loses a die; as many or more: the
--    caller loses one. The loser opens the next round (or, when he lost
--    his last die, the next player who still has dice).
--  [End] A player who loses his last die is out. The last player with
--    dice wins.
local Game = {
  title = "Liar's Dice",
  about = "Bid on the dice hidden under everyone's cups; call a liar.",
  players = { 2, 6 },
  options = {
    dice = { default = 5, kind = "number", min = 1, max = 5, integer = true,
             help = "dice per player at the start" },
    wild_ones = { default = true, help = "ones count as any face bid" },
  },
}

local WORDS = { "one", "two", "three", "four", "five", "six" }

-- [Bids] A bid as people say it: "four 5s" (and "no 5s" for a count).
function Game.bid_text(bid)
  local n = bid.n == 0 and "no" or WORDS[bid.n] or tostring(bid.n)
  return n .. " " .. bid.face .. (bid.n == 1 and "" or "s")
end

-- [Bids] Whether bid b raises bid a (nil: no bid yet).
function Game.raises(b, a)
  if a == nil then return true end
  return b.n > a.n or b.n == a.n and b.face > a.face
end

-- [Ones] How many of a cup's dice count for the face bid.
function Game.counted(cup, face, wild)
  local n = cup:count(face)
  if wild and face ~= 1 then n = n + cup:count(1) end
  return n
end

-- [Bids] A bid as a move: "bid 4 5" is four 5s; nil for another move.
function Game.parse_bid(text)
  local n, face = text:match("^bid (%d+) (%d)$")
  if n then return { n = tonumber(n), face = tonumber(face) } end
end

-- [Bids] Every bid that raises the last one, up to all the dice in play,
-- lowest first; and the call, once there is a bid. The moves are plain
-- texts, which bots read cheaply (Game.parse_bid).
local function options(last, total)
  local list = {}
  for n = 1, total do
    for face = 1, 6 do
      if Game.raises({ n = n, face = face }, last) then list[#list + 1] = "bid " .. n .. " " .. face end
    end
  end
  if last then list[#list + 1] = "liar" end
  return list
end

-- [Liar] Lift every cup for all to see, and count the face bid.
local function lift(t, cups, bid, wild)
  local total = 0
  for seat, cup in ipairs(cups) do
    if #cup > 0 then
      cup:reveal()
      t:log("%p shows [%s]", seat, table.concat(cup:faces(), "] ["))
      total = total + Game.counted(cup, bid.face, wild)
    end
  end
  return total
end

-- [End] The seats that still have dice.
local function alive(cups)
  local list = {}
  for seat, cup in ipairs(cups) do
    if #cup > 0 then list[#list + 1] = seat end
  end
  return list
end

-- The next seat after seat that still has dice.
local function next_alive(t, cups, seat)
  repeat seat = t:left(seat) until #cups[seat] > 0
  return seat
end

-- [Bids] One round, from opener's bid to the call; returns who lost a die.
local function round(t, cups, opener, wild)
  local total = 0
  for _, cup in ipairs(cups) do total = total + #cup end
  local seat, last, bidder = opener, nil, nil
  while true do
    local choice = t:ask(seat, options(last, total), { hint = last and ("the bid: " .. Game.bid_text(last)) or "open the bidding" })
    if choice == "liar" then
      t:log("%p calls %p a liar", seat, bidder)
      local found = lift(t, cups, last, wild)
      t:event("all", { kind = "call", bid_n = last.n, bid_face = last.face, found = found },
        "Counted: %s, %s", Game.bid_text { n = found, face = last.face }, found < last.n and "the bid was a lie" or "the bid stands")
      if found < last.n then return bidder end
      return seat
    end
    last, bidder = Game.parse_bid(choice), seat
    t:log("%p bids %s", seat, Game.bid_text(last))
    seat = next_alive(t, cups, seat)
  end
end

function Game.play(t)
  local wild = t.options.wild_ones
  local cups = {}
  -- [Cups] Everyone's dice, thrown under his cup.
  for seat = 1, t.players do
    cups[seat] = t:dice { owner = seat, count = t.options.dice, sides = 6 }
  end
  local opener = 1
  while #alive(cups) > 1 do
    local loser = round(t, cups, opener, wild)
    cups[loser]:remove()
    t:log("%p loses a die (%d left)", loser, #cups[loser])
    opener = #cups[loser] > 0 and loser or next_alive(t, cups, loser)
    -- [Cups] A new round: every cup thrown again, secret again.
    for _, seat in ipairs(alive(cups)) do cups[seat]:roll() end
  end
  local winner = alive(cups)[1]
  local scores = {}
  for seat = 1, t.players do scores[seat] = #cups[seat] end
  t:log("%p wins", winner)
  return { winners = { winner }, scores = scores }
end

-- A bot that counts the dice it sees (view.dice: its own cup, and any
-- lifted for it) and expects a die it cannot see to show the face bid one
-- time in six, or one in three when ones are wild; it makes the lowest
-- bid it expects to hold, and calls a liar when there is none.
Game.bots = {
  counter = function(view)
    local mine, unseen = {}, 0
    for _, cup in ipairs(view.dice) do
      for _, f in ipairs(cup.faces) do
        if f == 0 then unseen = unseen + 1 else mine[#mine + 1] = f end
      end
    end
    local wild = view.settings.wild_ones
    local function expected(face)
      local n = 0
      for _, f in ipairs(mine) do
        if f == face or wild and f == 1 and face ~= 1 then n = n + 1 end
      end
      local p = (wild and face ~= 1) and 1 / 3 or 1 / 6
      return n + unseen * p
    end
    -- The options are lowest first: the first bid expected to hold.
    for i, text in ipairs(view.options) do
      local bid = Game.parse_bid(text)
      if bid and expected(bid.face) >= bid.n then return i end
    end
    return #view.options -- the call (or the lowest bid, to open)
  end,
}

return Game
