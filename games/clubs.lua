-- Clubs Clubs, by Alex Chen, James Cook and Patrick LaVictoire (2004).
-- Rulebook: shared/rules/clubs.txt. Its sections are cited in [brackets].
--
-- How we read the rulebook where it is silent or ambiguous (tested in
-- clubs_test.lua):
--  * [Start] "The two of clubs leads off": whoever holds 2♣ leads it to the
--    first trick; with three players, if 2♣ is the face-down card, whoever
--    holds 3♣ leads it.
--  * [Twist #1] A club lead is always followed by a declaration, the first
--    trick included: hearts, diamonds or spades (others then play that suit
--    or a club), or "clubs" alone (others must play a club if they can, and
--    only clubs can win). (decision, DATA.md)
--  * [Twist #1] A player out of both the suit to follow and clubs may play
--    any card; such a card cannot win.
--  * [Start] With three players the card left over (52 = 3 x 17 + 1) stays
--    unseen until the last trick is taken; its taker adds it to his tricks
--    and everyone sees it at the scoring.
--  * [To Win] The end is checked after each hand: once any total is at or
--    below the target (-100) the game ends and the highest total wins;
--    equal highest totals share the win. (decision, DATA.md)
--  * The rulebook names no dealer; the deal passes to the left each hand
--    and starts with the dealer's left neighbour. It decides nothing else.

local cards = require "cards"
local scores = require "scores"
local tricks = require "tricks"

local Clubs = {
  title = "Clubs",
  about = "Tricks where clubs are a semi-trump, every card costs a point, and the jack of clubs hurts.",
  players = { 3, 4 },
  seats = {
    [3] = { "North", "East", "West" },
    [4] = { "North", "East", "South", "West" },
  },
  options = {
    target = { default = -100, min = -10000, max = -1, integer = true, help = "the game ends after a hand in which a total reaches this or lower" },
    scramble_at = { default = -26, min = -100, max = 0, integer = true, help = "a hand tally this low or lower makes everyone rescore by the scramble formula" },
  },
}

-- [Scoring] and [Twist #2]: what each taken card is worth.
Clubs.values = {
  card = -1,            -- every card taken
  club = 3,             -- every club but the jack, given back
  jack_of_clubs = -10,  -- instead of the +3
  scramble_club = -3,   -- scramble: no per-card penalty, clubs cost
  scramble_jack = 10,   -- scramble: the jack of clubs pays
}

local SUIT_WORD = { H = "hearts", D = "diamonds", S = "spades", C = "clubs" }
local WORD_SUIT = { hearts = "H", diamonds = "D", spades = "S", clubs = "C" }

function Clubs.is_club(card) return card.suit == "C" end
function Clubs.is_jack_of_clubs(card) return card.suit == "C" and card.rank == 11 end

-- [Twist #1] The cards a player may play from his hand. follow is the suit
-- to follow ("C" when clubs alone were declared), nil when leading.
function Clubs.legal_cards(hand, follow)
  if not follow then return hand:cards() end
  local ok = hand:filter("suit", follow, "C")
  if #ok == 0 then return hand:cards() end -- out of both: anything goes
  return ok
end

-- [Start] The first lead: 2♣, or 3♣ when 2♣ lies face down.
function Clubs.opening_card(t, extra)
  local two = t:card("2C")
  if extra and extra:contains(two) then return t:card("3C") end
  return two
end

-- [Taking Tricks] Only clubs and the suit to follow can win; each club
-- ranks just above the card of the same rank in another suit.
function Clubs.strength(card, follow)
  if Clubs.is_club(card) then return card.rank * 2 + 1 end
  if card.suit == follow then return card.rank * 2 end
  return 0
end

-- The index of the winning card among the cards played to a trick, and of
-- the best card it beat that could have won (nil when none could): the
-- strongest by rank, a club just above the card of its rank in the suit to
-- follow, any other suit nowhere (Clubs.strength, as weights by suit).
function Clubs.trick_winner(played, follow)
  return tricks.winner(played, { [follow] = 0, C = 0.5 })
end

-- Why the winning card beat the runner-up, when a club met the suit to
-- follow (clubs are not trumps: each ranks just above its own rank).
function Clubs.because(winner, beaten)
  if beaten and Clubs.is_club(winner) ~= Clubs.is_club(beaten) then
    return string.format(": %s ranks above %s", winner.label, beaten.label)
  end
  return ""
end

-- The trick as it lies, who played what: "Trick: West 2♣ · North 3♣". A
-- note drawn when someone looks, from the trick's lists as they are then.
local function trick_note(t, seats, played)
  t:note("trick", function()
    if #played == 0 then return nil end
    local parts = {}
    for i, card in ipairs(played) do parts[i] = t:name(seats[i]) .. " " .. card.label end
    return "Trick: " .. table.concat(parts, " · ")
  end)
end

-- [Scoring] The normal tally of the cards a player took: every card costs
-- a point, every club but the jack gives three back, the jack costs ten.
local CLUB, JACK_OF_CLUBS = { suit = "C" }, { suit = "C", rank = 11 }

function Clubs.tally(taken)
  local v = Clubs.values
  local clubs, jack = tricks.count(taken, CLUB), tricks.count(taken, JACK_OF_CLUBS)
  return #taken * v.card + (clubs - jack) * v.club + jack * v.jack_of_clubs
end

-- [Twist #2] The scramble tally: only the clubs count.
function Clubs.scramble_tally(taken)
  local v = Clubs.values
  local clubs, jack = tricks.count(taken, CLUB), tricks.count(taken, JACK_OF_CLUBS)
  return (clubs - jack) * v.scramble_club + jack * v.scramble_jack
end

-- [Scoring], [Twist #2] A hand's scores by seat, and whether it scrambled.
function Clubs.score_hand(taken_by_seat, scramble_at)
  local scores, scramble = {}, false
  for s, taken in ipairs(taken_by_seat) do
    scores[s] = Clubs.tally(taken)
    if scores[s] <= scramble_at then scramble = true end
  end
  if scramble then
    for s, taken in ipairs(taken_by_seat) do scores[s] = Clubs.scramble_tally(taken) end
  end
  return scores, scramble
end

-- [To Win] Winners: the highest totals, once someone reached the target.
function Clubs.game_over(totals, target)
  for _, v in ipairs(totals) do
    if v <= target then return scores.highest(totals) end
  end
  return nil
end

-- Moves -------------------------------------------------------------------

-- How each prompt to play a card is put to the player.
local ASK_LEAD = { verb = "play", hint = "your lead" }
local ASK_FOLLOW = {
  H = { verb = "play", hint = "follow hearts or play a club" },
  D = { verb = "play", hint = "follow diamonds or play a club" },
  S = { verb = "play", hint = "follow spades or play a club" },
  C = { verb = "play", hint = "clubs alone: play a club if you can" },
}

local DECLARE = {
  { text = "declare hearts", suit = "H" },
  { text = "declare diamonds", suit = "D" },
  { text = "declare spades", suit = "S" },
  { text = "declare clubs", suit = "C" },
}

-- One trick: the leader leads, the others follow to the left. Returns the
-- winner.
function Clubs.play_trick(t, z, leader, first_card)
  local seats, played, follow = {}, {}, nil
  local order = t:seats(leader)
  trick_note(t, seats, played)
  for i = 1, #order do
    local seat = order[i]
    local hand = z.hands[seat]
    local card
    if #played == 0 and first_card then
      card = t:ask(seat, { first_card }, { verb = "play", hint = "lead the " .. first_card.label })
    elseif #played == 0 then
      card = t:ask(seat, hand:cards(), ASK_LEAD)
    else
      card = t:ask(seat, Clubs.legal_cards(hand, follow), ASK_FOLLOW[follow])
    end
    z.trick:add(card)
    seats[#seats + 1], played[#played + 1] = seat, card
    if #played == 1 then
      t:log("%p leads %s", seat, card)
      if Clubs.is_club(card) then
        local d = t:ask(seat, DECLARE, "you led a club: declare the suit to follow, or clubs alone")
        follow = d.suit
        if follow == "C" then
          t:metric("clubs_alone")
          t:event("all", { kind = "declare", seat = seat, suit = "C" }, "%p declares clubs alone", seat)
          t:note("follow", "Clubs alone: play a club if you can", "C")
        else
          t:event("all", { kind = "declare", seat = seat, suit = follow }, "%p declares %s", seat, SUIT_WORD[follow])
          t:note("follow", "To follow: " .. SUIT_WORD[follow] .. " or a club", follow)
        end
      else
        follow = card.suit
        t:note("follow", "To follow: " .. SUIT_WORD[follow] .. " or a club", follow)
      end
    else
      t:event("all", { kind = "play", seat = seat, card = card, follow = follow }, "%p plays %s", seat, card)
    end
  end
  local win_i, beaten_i = Clubs.trick_winner(played, follow)
  local winner = seats[win_i]
  t:log("%p takes the trick%s", winner, Clubs.because(played[win_i], played[beaten_i]))
  z.trick:move_all(z.taken[winner])
  t:note("follow", nil)
  t:note("trick", nil)
  return winner
end

-- One hand: deal, thirteen (or seventeen) tricks, scoring. Returns the
-- hand's scores.
function Clubs.play_hand(t, z, hand_no, dealer)
  t:note("hand", string.format("Hand %d, dealt by %s", hand_no, t:name(dealer)))
  t:log("Hand %d: %p deals", hand_no, dealer)
  -- [Start] Deal out the deck; with three players the last card lies face down.
  z.deck:shuffle()
  local per_hand = math.floor(52 / t.players)
  for _ = 1, per_hand do
    for _, seat in ipairs(t:seats(t:left(dealer))) do z.deck:deal(z.hands[seat], 1) end
  end
  z.deck:deal(z.extra, z.deck:count())
  for _, seat in ipairs(t:seats()) do z.hands[seat]:sort() end

  local first = Clubs.opening_card(t, z.extra)
  local leader = t:where(first):owner()
  for trick = 1, per_hand do
    leader = Clubs.play_trick(t, z, leader, trick == 1 and first or nil)
  end
  -- [Start] The taker of the last trick takes the face-down card.
  if not z.extra:empty() then
    local c = z.extra:top()
    z.taken[leader]:add(c)
    t:reveal(c)
    t:log("%p takes the face-down card: %s", leader, c)
  end

  -- [Scoring] [Twist #2]
  local taken = {}
  for _, seat in ipairs(t:seats()) do taken[seat] = z.taken[seat]:cards() end
  local scores, scramble = Clubs.score_hand(taken, t.options.scramble_at)
  if scramble then t:metric("scramble") end
  local parts = {}
  for _, seat in ipairs(t:seats()) do parts[#parts + 1] = string.format("%s %d", t:name(seat), scores[seat]) end
  t:log("Hand %d scores: %s%s", hand_no, table.concat(parts, ", "), scramble and ", scramble!" or "")
  z.pad:add("Hand " .. hand_no, scores, scramble and "scramble" or "")

  -- Everything back to the deck for the next hand.
  for _, seat in ipairs(t:seats()) do z.taken[seat]:move_all(z.deck) end
  return scores
end

function Clubs.play(t)
  local z = {
    deck = t:zone { name = "deck", visibility = "hidden", shown = false },
    extra = t:zone { name = "face-down card", visibility = "hidden", shown = t.players == 3 },
    trick = t:zone { name = "trick", label = "Trick", visibility = "all" },
    hands = {}, taken = {},
  }
  for _, seat in ipairs(t:seats()) do
    z.hands[seat] = t:zone { name = "hand", owner = seat, visibility = "owner" }
    z.taken[seat] = t:zone { name = "tricks", owner = seat, visibility = "hidden" }
  end
  z.pad = t:pad { name = "score", label = "Score" }
  t:cards(cards.standard52(), z.deck)

  t:metric("scramble", 0) -- what a designer measures (tabletop sim, compare)
  t:metric("hands", 0)
  t:metric("clubs_alone", 0)
  local dealer, hand_no = t.players, 0
  while true do
    hand_no = hand_no + 1
    t:metric("hands")
    dealer = t:left(dealer)
    Clubs.play_hand(t, z, hand_no, dealer)
    local winners = Clubs.game_over(z.pad:totals(), t.options.target)
    if winners then return { winners = winners } end
  end
end

-- What a seat's view tells of the hands it cannot see, for the search bot
-- (docs/scripting.md, "Belief"): [Twist #1] a player who plays neither the
-- suit to follow nor a club holds neither, from that card to the end of the
-- hand. (Every card seen played, the engine follows by itself.)
local SUIT_CARDS = {}
for _, suit in ipairs(cards.suits) do
  SUIT_CARDS[suit] = {}
  for rank = 2, 14 do SUIT_CARDS[suit][#SUIT_CARDS[suit] + 1] = cards.card(rank, suit).name end
end

function Clubs.belief(view, seat, asked)
  local facts, k = {}, 0
  for i, e in ipairs(view.events) do
    while k < #asked and asked[k + 1].events < i do k = k + 1 end -- e answered decision k
    if e.kind == "play" and e.follow and e.seat ~= seat then
      local suit = e.card:sub(-1)
      if suit ~= e.follow and suit ~= "C" then
        local out = { SUIT_CARDS[e.follow] }
        if e.follow ~= "C" then out[2] = SUIT_CARDS.C end
        for _, list in ipairs(out) do
          facts[#facts + 1] = { at = k, seat = e.seat, zone = "hand", none = list }
        end
      end
    end
  end
  return facts
end

-- The bot plays from its seat's view; it is not part of the rules above:
-- clubs_bots.lua adds it (Clubs.bots).
require("clubs_bots")(Clubs)

return Clubs
