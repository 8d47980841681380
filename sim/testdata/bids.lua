-- A bidding game with big option lists, for the benchmarks: like Liar's
-- Dice, each turn offers every bid above the last (up to 120: a count of
-- 1 to 20 dice showing a face of 1 to 6) and a challenge. The list is
-- built naively, afresh each turn, as a newcomer would write it: a table
-- per bid, nothing cached. Each player holds five dice, face down in his
-- own cup; a challenge shows every cup and the loser of the challenge
-- loses a die. The last player with dice wins.
local Game = {
  title = "Bids",
  players = { 2, 4 },
  seats = { "Red", "Green", "Blue", "Gold" },
}

local MAX_COUNT = 20

-- Every bid above count x face, then (when there is a bid) a challenge.
local function bid_options(count, face)
  local opts = {}
  for c = 1, MAX_COUNT do
    for f = 1, 6 do
      if c > count or (c == count and f > face) then
        opts[#opts + 1] = { text = "bid " .. c .. " " .. f .. "s", count = c, face = f }
      end
    end
  end
  if count > 0 then opts[#opts + 1] = { text = "challenge", challenge = true } end
  return opts
end

local function setup(t)
  local Z = { box = t:zone({ name = "box", shown = false }), cups = {} }
  local defs = {}
  for s = 1, t.players do
    Z.cups[s] = t:zone({ name = "cup" .. s, owner = s, visibility = "owner" })
    for i = 1, 5 do
      for f = 1, 6 do defs[#defs + 1] = { name = "D" .. s .. i .. f, label = tostring(f), face = f } end
    end
  end
  t:cards(defs, Z.box)
  return Z
end

-- A player's cup holds one card per die he still has: its face.
local function roll(t, Z, dice)
  for s = 1, t.players do
    Z.cups[s]:move_all(Z.box)
  end
  for s = 1, t.players do
    for i = 1, dice[s] do
      local f = t:random(6)
      t:move(t:card("D" .. s .. i .. f), Z.cups[s])
    end
  end
end

local function counted(t, Z, face)
  local n = 0
  for s = 1, t.players do
    for _, c in ipairs(Z.cups[s]:cards()) do
      if c.face == face or c.face == 1 then n = n + 1 end
    end
  end
  return n
end

function Game.play(t)
  local Z = setup(t)
  local dice, left = {}, t.players
  for s = 1, t.players do dice[s] = 5 end
  local seat = 1
  while left > 1 do
    roll(t, Z, dice)
    local count, face, bidder = 0, 0, nil
    while true do
      local c = t:ask(seat, bid_options(count, face), "bid or challenge")
      if c.challenge then break end
      count, face, bidder = c.count, c.face, seat
      t:log("%p bids %d %ds", seat, count, face)
      repeat seat = seat % t.players + 1 until dice[seat] > 0
    end
    local loser = counted(t, Z, face) >= count and seat or bidder
    t:log("%p loses a die", loser)
    dice[loser] = dice[loser] - 1
    if dice[loser] == 0 then left = left - 1 end
    seat = loser
    while dice[seat] == 0 do seat = seat % t.players + 1 end
  end
  for s = 1, t.players do
    if dice[s] > 0 then return { winners = { s } } end
  end
end

-- A cautious bidder: the lowest bid, or a challenge once the bid is as
-- high as a third of the dice still in play (it reads the bids' fields).
Game.bots = {
  cautious = function(view, options)
    local dice = 0
    for _, z in ipairs(view.zones) do dice = dice + z.count end
    local lowest, challenge
    for i, v in ipairs(view.values) do
      if v.challenge then challenge = i elseif not lowest then lowest = i end
    end
    if challenge and (not lowest or view.values[lowest].count * 3 > dice) then return challenge end
    return lowest
  end,
}

return Game
