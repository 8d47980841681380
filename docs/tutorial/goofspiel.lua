-- Goofspiel, the Game of Pure Strategy: a folk card game for two or three.
-- Its rules in our own words; each rule below cites them in [brackets].
--  [Cards] Each player holds the thirteen cards of one suit: hearts, spades
--    and, with three, clubs. The diamonds, shuffled face down, are the
--    prizes. An ace counts 1, a jack 11, a queen 12, a king 13.
--  [Round] The top prize is turned up. Everyone bids a card from his hand in
--    secret, and the bids are shown together. The highest bid takes the
--    prize and scores its value. Bids are out of the game.
--  [Ties] When the highest bids tie, nobody takes the prize. (Our reading:
--    the option ties says what becomes of it: "discard", out of the game;
--    "carry", it stays up and goes with the next prize, but not past the
--    last round.)
--  [End] After thirteen rounds the highest score wins; equal scores share.
local cards = require "cards"
local scores = require "scores"

local Game = {
  title = "Goofspiel",
  about = "Bid your cards in secret for the prizes turned up one by one.",
  players = { 2, 3 },
  seats = { "Hearts", "Spades", "Clubs" },
  options = {
    ties = { default = "discard", choices = { "discard", "carry" },
             help = "what becomes of a prize the highest bids tie for" },
  },
}

-- [Cards] The players' suits, by seat.
Game.suits = { "H", "S", "C" }

-- [Cards] What a card counts: an ace 1, the others their rank.
function Game.value(card)
  if card.rank == 14 then return 1 end
  return card.rank
end

-- [Cards] The thirteen cards of a suit, each with its value.
function Game.suit(suit)
  local list = {}
  for rank = 2, 14 do
    local card = cards.card(rank, suit)
    card.value = Game.value(card)
    list[#list + 1] = card
  end
  return list
end

-- [Round], [Ties] The seat whose bid is highest, or nil when the highest
-- bids tie. bids[seat] is the card the seat bid.
function Game.taker(bids)
  local best, taker = 0, nil
  for seat, card in ipairs(bids) do
    if card.value > best then
      best, taker = card.value, seat
    elseif card.value == best then
      taker = nil
    end
  end
  return taker
end

-- How the bid is put to each player (made once: t:ask reads it each round).
local BID = { verb = "bid", hint = "bid a card for the prize" }

-- [Round] One round: the prize up, the secret bids, the bids shown.
function Game.round(t, z, round)
  z.deck:deal(z.prize, 1)
  t:log("Round %d: %s is up", round, z.prize:top())
  local bids = t:ask_all(t:seats(), function(seat) return z.hands[seat]:cards() end, BID)
  for _, seat in ipairs(t:seats()) do z.bids:add(bids[seat]) end
  for _, seat in ipairs(t:seats()) do
    t:event("all", { kind = "bid", seat = seat, card = bids[seat] }, "%p bids %s", seat, bids[seat])
  end
  Game.award(t, z, round, Game.taker(bids))
  z.bids:move_all(z.played)
end

-- [Round], [Ties] The prizes up go to the taker, or on a tie out of the
-- game (with the cards played) or, with ties = "carry", to the next round.
function Game.award(t, z, round, taker)
  if taker then
    local points, row = 0, {}
    for _, card in ipairs(z.prize:cards()) do points = points + card.value end
    for seat = 1, t.players do row[seat] = seat == taker and points or 0 end
    z.pad:add("Round " .. round, row)
    z.prize:move_all(z.played)
    t:event("all", { kind = "take", seat = taker, round = round, points = points }, "%p takes %d", taker, points)
    return
  end
  t:metric("ties")
  if t.options.ties == "carry" and round < 13 then
    t:event("all", { kind = "tie", round = round }, "A tie: the prize stays up for the next round")
  else
    z.prize:move_all(z.played)
    t:event("all", { kind = "tie", round = round }, "A tie: nobody takes the prize")
  end
end

-- [Cards] [End] The table set up, thirteen rounds, and the highest score.
function Game.play(t)
  local z = {
    deck = t:zone { name = "prizes", shown = false },
    prize = t:zone { name = "prize", label = "Prize", visibility = "all" },
    bids = t:zone { name = "bids", label = "Bids", visibility = "all" },
    played = t:zone { name = "played", label = "Played", visibility = "all" },
    pad = t:pad { name = "score", label = "Score" },
    hands = {},
  }
  t:cards(Game.suit("D"), z.deck)
  z.deck:shuffle()
  for _, seat in ipairs(t:seats()) do
    z.hands[seat] = t:zone { name = "hand", owner = seat, visibility = "owner" }
    t:cards(Game.suit(Game.suits[seat]), z.hands[seat])
    z.hands[seat]:sort("value")
  end
  t:metric("ties", 0)
  for round = 1, 13 do Game.round(t, z, round) end
  return { winners = scores.highest(z.pad:totals()) }
end

-- "matcher" bids the card whose value is nearest to that of the prizes up
-- (the lower of two as near). It reads only its seat's view.
local function matcher(view, options, seat)
  local prize = 0
  for _, card in ipairs(view.table.prize.cards) do prize = prize + card.value end
  local best, gap = 1, math.huge
  for i, card in ipairs(view.values) do
    local d = math.abs(card.value - prize)
    if d < gap then best, gap = i, d end
  end
  return best
end

Game.bots = { matcher = matcher }

return Game
