-- Clubs: the bot. The rules are clubs.lua, which ends with
-- require("clubs_bots")(Clubs): this file is a function of the game's
-- table, called once as the rules are loaded, and it adds Clubs.bots. It
-- reads the rules through that table, as a variant does, so a variant that
-- changes a rule changes what the bot reckons with; and a variant may
-- replace the bot (Clubs.bots.careful = ...).
--
-- "careful" (the default): never sees more than its seat's view. It keeps
-- the J♣ away from its own tricks, takes tricks that are worth points,
-- dumps its dangerous cards when it cannot win, and plays for a scramble
-- once its own tally is low enough that one is within reach (12 points
-- above the option scramble_at, which it reads in view.settings), or
-- another player already forced one.
--
-- The rules it leans on:
--  * [Twist #1] which cards may be played: the options it is offered;
--    declaring the suit to follow after a club lead (clubs alone after a
--    high club, else the suit it holds most of).
--  * [Taking Tricks] Clubs.strength: whether a card would win the trick
--    (Clubs.is_club, Clubs.is_jack_of_clubs).
--  * [Scoring] [Twist #2] Clubs.tally and Clubs.scramble_tally: what a
--    trick is worth, normally and in a scramble; the option scramble_at.

return function(Clubs)
  local function tally_of(list, scramble)
    if scramble then return Clubs.scramble_tally(list) end
    return Clubs.tally(list)
  end

  -- The tally of each seat's tricks, worked out again only when that seat's
  -- tricks changed (the view keeps a zone's card list until the zone changes).
  local tallies = { cards = {}, sum = {} }

  local function tricks_tally(view, s)
    local cards = view.seats[s].tricks.cards
    if tallies.cards[s] ~= cards then
      tallies.cards[s], tallies.sum[s] = cards, Clubs.tally(cards)
    end
    return tallies.sum[s]
  end

  local function aiming_for_scramble(view, seat)
    local at = view.settings.scramble_at
    local mine = tricks_tally(view, seat)
    for s = 1, view.players do
      if s ~= seat and tricks_tally(view, s) <= at then return true end
    end
    return mine <= at + 12
  end

  -- The index of the declaration to make: clubs alone after a high club,
  -- else the suit we hold most of, to stay in control.
  local function choose_declaration(values, hand, led)
    local want = "C"
    if not (led and led.rank >= 12) then
      local count = { H = 0, D = 0, S = 0 }
      for _, c in ipairs(hand) do
        if count[c.suit] then count[c.suit] = count[c.suit] + 1 end
      end
      local best_n = -1
      for _, s in ipairs({ "H", "D", "S" }) do
        if count[s] > best_n then want, best_n = s, count[s] end
      end
    end
    for i, d in ipairs(values) do
      if d.suit == want then return i end
    end
    return 1
  end

  -- How good playing card is now: leading, winning the trick, or dumping.
  local function card_score(view, card, trick, follow, scramble)
    if #trick == 0 then
      -- Leading: low cards rarely win. Avoid leading clubs unless scrambling
      -- is off and the club is high (it collects other clubs).
      local score = -card.rank
      if Clubs.is_club(card) then score = score + (scramble and -10 or (card.rank >= 12 and 8 or -6)) end
      if Clubs.is_jack_of_clubs(card) then score = score + (scramble and 20 or -30) end
      return score
    end
    local strength = Clubs.strength(card, follow)
    for _, c in ipairs(trick) do
      if Clubs.strength(c, follow) >= strength then
        -- Dumping: rid the hand of cards that would win later, and of the
        -- J♣ whenever someone else takes it.
        local score = card.rank / 4
        if Clubs.is_club(card) then score = score - (scramble and -2 or 2) end
        if Clubs.is_jack_of_clubs(card) then score = score + (scramble and -20 or 20) end
        return score
      end
    end
    local cards_in = { card }
    for _, c in ipairs(trick) do cards_in[#cards_in + 1] = c end
    local still_to_play = view.players - 1 - #trick
    local score = tally_of(cards_in, scramble) - (scramble and 0 or still_to_play)
    if still_to_play > 0 then score = score - 1 end -- may yet be beaten
    return score
  end

  local function careful(view, options, seat)
    if tallies.view ~= view then -- a new game: forget the last one's tallies
      tallies = { view = view, cards = {}, sum = {} }
    end
    local values = view.values
    local hand = view.mine.hand.cards
    local trick = view.table.trick.cards
    if values[1].text then -- the options are declarations, not cards
      return choose_declaration(values, hand, trick[1])
    end
    if #options == 1 then return 1 end
    local scramble = aiming_for_scramble(view, seat)
    local follow = view.facts.follow
    local best_i, best_score = 1, -math.huge
    for i, card in ipairs(values) do
      local score = card_score(view, card, trick, follow, scramble)
      if score > best_score then best_i, best_score = i, score end
    end
    return best_i
  end

  Clubs.bots = { careful = careful }
end
