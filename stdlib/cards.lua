-- cards: the standard 52-card deck and its notation.
--
-- A card is a plain table: name ("JC", used in moves), label ("J♣", shown to
-- people), rank (2..14, ace high), suit ("C", "D", "H" or "S") and order
-- (for sorting a hand by suit, then rank).
local cards = {}

cards.suits = { "C", "D", "H", "S" }
cards.symbol = { C = "♣", D = "♦", H = "♥", S = "♠" }
cards.suit_name = { C = "clubs", D = "diamonds", H = "hearts", S = "spades" }
cards.rank_name = { [11] = "J", [12] = "Q", [13] = "K", [14] = "A" }

local suit_order = { C = 1, D = 2, S = 3, H = 4 }

--- The text of a rank: 2..10, J, Q, K, A.
---@param rank integer
---@return string
function cards.rank_text(rank)
  return cards.rank_name[rank] or tostring(rank)
end

--- A new card table for rank and suit.
---@param rank integer 2..14
---@param suit string "C", "D", "H" or "S"
---@return table
function cards.card(rank, suit)
  local r = cards.rank_text(rank)
  return {
    name = r .. suit,
    label = r .. cards.symbol[suit],
    rank = rank,
    suit = suit,
    order = suit_order[suit] * 100 + rank,
  }
end

--- The 52 cards of a standard deck, 2♣ first.
---@return table[]
function cards.standard52()
  local deck = {}
  for _, suit in ipairs(cards.suits) do
    for rank = 2, 14 do
      deck[#deck + 1] = cards.card(rank, suit)
    end
  end
  return deck
end

--- The deck order that deals hands round-robin from the top, for tests:
--- hands[i] is the list of card names seat i should receive, dealt one at a
--- time starting with seat `first` (default 1). Returns the names from the
--- top of the deck down.
---@param hands string[][]
---@param first? integer
---@return string[]
function cards.deal_order(hands, first)
  first = first or 1
  local n = #hands
  local order, i = {}, 1
  while true do
    local added = false
    for k = 0, n - 1 do
      local seat = (first - 1 + k) % n + 1
      local name = hands[seat][i]
      if name then
        order[#order + 1] = name
        added = true
      end
    end
    if not added then break end
    i = i + 1
  end
  return order
end

return cards
