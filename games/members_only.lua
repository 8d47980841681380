-- Members Only, by Reiner Knizia (Blatz Spiele, 1996), for 3 to 5 players.
-- Rulebook: shared/rules/members-only.txt (English translation by Reiner
-- Knizia and Kevin Jacklin). Its six club rules are cited as [Rule 1] …
-- [Rule 6], the rest by its headings ([Preparation], [Board], [Game end]).
--
-- Facts the rulebook leaves out come from shared/rules/DATA.md: the 65 cards
-- are 5 categories x (11 normal + 2 NO!) cards; the betting spaces and their
-- points; 4 single pieces + 1 double piece + 1 risk piece a player; the
-- tracks run 1-10 with 1-4 the light band; a NO! cancels one normal card
-- and a count never drops below zero. They are the data tables below.
-- Our own decisions (no source gives them) are marked (decision) below; the
-- seat colours Red, Blue, Green, Yellow, Purple are cosmetic.
--
-- Moves: "bet umbrella 5+", "bet hat 2- double", "pass", "reveal tea bigben"
-- (two cards, named by kind; a NO! card is "tea-no"), "discard hat". Cards
-- are named "umbrella1".."umbrella11", "umbrella-no1", "umbrella-no2", …
-- The view: each hand, the open layout by category with the NO! pairs
-- removed, the face-down discards and set-aside cards as counts, one pool of
-- pieces per player (held by the player, by board places such as
-- "umbrella 5+", or "lost"), five tracks, and notes summing up the heat and
-- round, the open counts, the betting board and the club points so far.
--
-- How we read the rulebook where it is silent or ambiguous (each reading is
-- tested in members_only_test.lua):
--  * [Rule 1] "The player who explains the rules starts the game": seat 1
--    starts the first heat; the seat to his right deals it (decision).
--    Cards are dealt one at a time, starting with the dealer's left
--    neighbour (the starter).
--  * [Rule 5] "The player who started the last heat shuffles all 65 cards and
--    deals. The player to his left begins the next heat": so the dealer of
--    heat h+1 is the starter of heat h, and the start passes one seat to the
--    left every heat.
--  * [Rule 1] The two face-up cards join the open layout and count, like
--    every revealed card; the cards left over sit out the heat unseen.
--  * [Rule 1] "Several betting pieces under one category" is allowed for one
--    player too: a player may bet on any vacant space, also in a category
--    where he already has pieces (even on both sides, 3- and 5+). A space
--    holds one piece (a piece with the risk piece under it is one stack)
--    (decision).
--  * [Rule 2] The risk piece goes under every bet placed in the first round
--    of a heat; it is not optional. A player bets at most once a round, so
--    the one risk piece is always at hand. (The house variant
--    members_only_no_risk.lua drops this rule.)
--  * [Rule 3] The last bets are placed in the turns that bring the hands to
--    three cards; then every player discards one card face down at once
--    (a secret simultaneous choice) and the other two are laid open. The
--    discards are never shown to anyone but their owner, not even after
--    the heat (decision).
--  * [Rule 4] Open cards lie by category; as soon as a normal card and a NO!
--    card of the same category are both open, the pair is removed (shown in
--    the "NO! pairs" zone). So a category's count is its normal cards minus
--    its NO! cards, never below zero (DATA.md).
--  * [Rule 5] Points: space points x 1 (single), x 2 (double, or single with
--    the risk piece), x 3 (double with the risk piece). Winning pieces and
--    every risk piece go back to their owner; losing pieces go to "lost".
--  * [Rule 5] "It is not possible to score more than 10 points in a
--    category": a marker never passes 10; points beyond are forfeit.
--  * [Preparation] Markers start on the symbol space, which we number 0, so
--    the tracks run 0..10 (1-4 light, 5-10 dark) (decision).
--  * [Rule 6] "Lost all but one of his betting pieces (or all)": checked at
--    the start of each heat on the single and double pieces in front of the
--    player (all bets have been settled by then): with one or none left, all
--    five come back from "lost". The risk piece is never lost.
--  * [Game end] Checked after each heat's scoring: when every one of the five
--    tracks has a marker in 5-10, the game ends. A player's total is the sum
--    of his markers in 5-10. The highest total wins; equal highest totals
--    share the win (decision: the rulebook names no tie-break).

local scores = require "scores"

local Game = {
  title = "Members Only",
  about = "Knizia's club of sporting bets: deduce how many cards of each category will be revealed.",
  players = { 3, 5 },
  seats = { "Red", "Blue", "Green", "Yellow", "Purple" },
}

-- Data ------------------------------------------------------------------------

-- The five event categories (DATA.md): the move word, a label, the event.
Game.categories = {
  { name = "umbrella", label = "Umbrella", event = "days of rain in London" },
  { name = "newspaper", label = "Newspaper", event = "royal scandals in the press" },
  { name = "tea", label = "Tea", event = "cups of tea the Prime Minister spills" },
  { name = "bigben", label = "Big Ben", event = "politicians forced to step down" },
  { name = "hat", label = "Hat", event = "members' wives in identical hats at Ascot" },
}

-- Cards of each category (DATA.md): 5 x 13 = 65.
Game.cards_per_category = { normal = 11, no = 2 }

-- [Board] The betting spaces of every category and their points (DATA.md).
Game.spaces = {
  { name = "1-", label = "1 or less", at_most = 1, points = 5 },
  { name = "2-", label = "2 or less", at_most = 2, points = 3 },
  { name = "3-", label = "3 or less", at_most = 3, points = 2 },
  { name = "4-", label = "4 or less", at_most = 4, points = 1 },
  { name = "5+", label = "5 or more", at_least = 5, points = 1 },
  { name = "6+", label = "6 or more", at_least = 6, points = 2 },
  { name = "7+", label = "7 or more", at_least = 7, points = 3 },
  { name = "8+", label = "8 or more", at_least = 8, points = 5 },
}

-- [Rule 1] Cards dealt to each player, by number of players; cards turned up.
Game.deal_size = { [3] = 11, [4] = 9, [5] = 7 }
Game.face_up = 2
-- [Rule 1] Cards revealed a turn; [Rule 3] the heat ends at this hand size.
Game.reveal_count = 2
Game.final_hand = 3

-- [Preparation] Each player's pieces (DATA.md).
Game.pieces = { single = 4, double = 1, risk = 1 }
-- [Rule 5] Points multiplier by piece, with or without the risk piece.
Game.multiplier = { single = 1, double = 2, single_risk = 2, double_risk = 3 }
-- [Rule 2] Bets of the first round carry the risk piece.
Game.first_round_risk = true
-- [Rule 6] With this many betting pieces or fewer left, all come back.
Game.return_at = 1

-- [Board] Scoring tracks: the symbol space is 0; 1-4 light, 5-10 dark.
Game.track = { start = 0, max = 10, dark = 5 }

-- Rules -----------------------------------------------------------------------

local BET_PIECES = { "single", "double" }

local SPACE_NAMED -- name -> space, once a space is first looked up (a variant may change the spaces before)

function Game.space(name)
  if not SPACE_NAMED then
    SPACE_NAMED = {}
    for _, s in ipairs(Game.spaces) do SPACE_NAMED[s.name] = s end
  end
  return SPACE_NAMED[name]
end

-- The card kinds in hand order: each category's normal card, then its NO!.
function Game.kinds()
  local list = {}
  for _, c in ipairs(Game.categories) do
    list[#list + 1] = c.name
    list[#list + 1] = c.name .. "-no"
  end
  return list
end

-- The 65 cards: "umbrella1".."umbrella11", "umbrella-no1", "umbrella-no2", …
-- Cards of a kind are alike, so they are shown by kind, as a player types
-- it to reveal one: "umbrella", and a NO! card "umbrella-NO" (typed in
-- either case), so that it reads as the rulebook's NO! card of its
-- category rather than an id.
function Game.card_defs()
  local defs = {}
  for i, c in ipairs(Game.categories) do
    for n = 1, Game.cards_per_category.normal do
      defs[#defs + 1] = { name = c.name .. n, label = c.name, category = c.name, kind = c.name, no = false, order = i * 10 }
    end
    for n = 1, Game.cards_per_category.no do
      defs[#defs + 1] = { name = c.name .. "-no" .. n, label = c.name .. "-NO", category = c.name, kind = c.name .. "-no", no = true, order = i * 10 + 1 }
    end
  end
  return defs
end

-- The place on the board where a bet lies: "umbrella 5+".
function Game.place(category, space) return category .. " " .. space end

-- [Rule 5] Does a bet on space win when the category counts count?
function Game.wins(space, count)
  if space.at_most then return count <= space.at_most end
  return count >= space.at_least
end

-- [Rule 5] Points for a winning piece.
function Game.points(space, piece, risk)
  return space.points * Game.multiplier[piece .. (risk and "_risk" or "")]
end

-- [Rule 4] The count of an open category: normal cards minus NO! cards,
-- never below zero (cancelled pairs have left the layout already).
function Game.count_of(cards)
  local n = 0
  for _, c in ipairs(cards) do n = n + (c.no and -1 or 1) end
  return math.max(0, n)
end

function Game.count(z, category) return Game.count_of(z.layout[category]:cards()) end

-- [Game end] A player's total: his markers in the dark band only.
function Game.club_points(markers)
  local sum = 0
  for _, m in ipairs(markers) do
    if m >= Game.track.dark then sum = sum + m end
  end
  return sum
end

-- [Game end] Over when every track has a marker in the dark band.
-- tracks[category][seat] = marker.
function Game.game_over(tracks, players)
  for _, c in ipairs(Game.categories) do
    local reached = false
    for s = 1, players do
      if tracks[c.name][s] >= Game.track.dark then reached = true end
    end
    if not reached then return false end
  end
  return true
end

-- The highest totals win; equal highest share (decision).
function Game.winners(totals)
  return scores.highest(totals)
end

-- Board state ------------------------------------------------------------------

-- Who has which stack on a place: seat, piece ("single"/"double"), risk.
-- The pools hold the pieces; z.bets indexes them by the place's number (its
-- position in z.places; a lookup kept beside the pools inside play, so it
-- is rebuilt on every replay).
function Game.stack_at(t, z, place)
  local b = z.bets[z.place_number[place]]
  if b then return b.seat, b.piece, b.risk end
end

function Game.vacant(t, z, place) return Game.stack_at(t, z, place) == nil end

-- The public notes: the open counts, the betting board, the club points
-- (and, in play_heat, the heat and round). Each is drawn from the table
-- as it is whenever someone looks; they are set once, at the start.
function Game.counts_text(t, z)
  local parts = {}
  for _, c in ipairs(Game.categories) do
    local cards = z.layout[c.name]:cards()
    local nos = 0
    for _, card in ipairs(cards) do
      if card.no then nos = nos + 1 end
    end
    local text = c.label .. " " .. Game.count_of(cards) -- "Big Ben 3", not the word typed (bigben)
    if nos > 0 then text = text .. " (" .. nos .. " NO! waiting)" end
    parts[#parts + 1] = text
  end
  local pairs_out = math.floor(z.cancelled:count() / 2)
  return "Open count: " .. table.concat(parts, " · ") ..
    (pairs_out > 0 and string.format(" — %d NO! pair%s removed", pairs_out, pairs_out == 1 and "" or "s") or "")
end

function Game.board_text(t, z)
  local lines, bets, n = {}, nil, #Game.spaces
  for i, p in ipairs(z.places) do
    local seat, piece, risk = Game.stack_at(t, z, p.place)
    if seat then
      bets = bets or {}
      bets[#bets + 1] = p.space .. " " .. t:name(seat) .. " " .. piece .. (risk and "+risk" or "")
    end
    if i % n == 0 and bets then
      lines[#lines + 1] = string.format("  %-10s %s", p.category, table.concat(bets, " · "))
      bets = nil
    end
  end
  if #lines == 0 then return "Betting board: no bets" end
  return "Betting board:\n" .. table.concat(lines, "\n")
end

function Game.club_text(t, z)
  local club = {}
  for _, seat in ipairs(t:seats()) do
    local markers = {}
    for i, c in ipairs(Game.categories) do markers[i] = z.tracks[c.name]:get(seat) end
    club[#club + 1] = string.format("%s %d", t:name(seat), Game.club_points(markers))
  end
  return "Club points so far (markers in 5-10): " .. table.concat(club, " · ")
end

function Game.notes(t, z)
  t:note("counts", function() return Game.counts_text(t, z) end)
  t:note("board", function() return Game.board_text(t, z) end)
  t:note("club", function() return Game.club_text(t, z) end)
end

-- Moves ------------------------------------------------------------------------

-- What each option text means: MEANING[text] is the bet ({category, space,
-- piece}, with its place and the place's number in board order), the
-- reveal ({kinds = {a, b}}) or the discard ({kind}) it names.
-- Prompts offer the texts alone (plain strings are what a bot reads
-- fastest) and the turn looks its choice up here. Each option is made once
-- a game and never changed.
local MEANING = {}

-- Every betting place of the board with the texts of its two bet options,
-- built once a game.
function Game.board_places()
  local list = {}
  for _, c in ipairs(Game.categories) do
    for _, sp in ipairs(Game.spaces) do
      local place = Game.place(c.name, sp.name)
      local p = { place = place, category = c.name, space = sp.name, single = "bet " .. place, double = "bet " .. place .. " double" }
      list[#list + 1] = p
      MEANING[p.single] = { category = c.name, space = sp.name, piece = "single", place = place, at = #list }
      MEANING[p.double] = { category = c.name, space = sp.name, piece = "double", place = place, at = #list }
    end
  end
  return list
end

local PASS = "pass"

-- Lists of options are refilled from one turn to the next rather than made
-- anew (a prompt takes its options when it asks): list keeps its first n
-- entries.
local function keep(list, n)
  for k = #list, n + 1, -1 do list[k] = nil end
  return list
end

-- [Rule 1] The bets a seat may place: any vacant space of any category, with
-- a single piece or the double piece, or pass. The list is the same for
-- every seat holding the same pieces, so there are three, z.open[pieces]
-- ("single", "double" or "both"): made when a heat begins, with every
-- space vacant (Game.open_board), and kept as bets land (close_space)
-- rather than listed afresh every turn.
local ONLY_PASS = { PASS }

function Game.bet_options(t, z, seat)
  local pool = z.pieces[seat]
  local single, double = pool:count(seat, "single") > 0, pool:count(seat, "double") > 0
  if single and double then return z.open.both end
  if single then return z.open.single end
  if double then return z.open.double end
  return ONLY_PASS
end

function Game.open_board(z)
  local open = z.open or { single = {}, double = {}, both = {} } -- (refilled from one heat to the next)
  local single, double, both = open.single, open.double, open.both
  single[1], double[1], both[1] = PASS, PASS, PASS
  for i, p in ipairs(z.places) do
    single[i + 1], double[i + 1] = p.single, p.double
    both[2 * i], both[2 * i + 1] = p.single, p.double
  end
  z.open = open
end

-- The space numbered at is taken: its options leave the lists, where they
-- follow "pass" and the options of the vacant spaces before it.
local function close_space(z, at)
  local before = 0
  for k = 1, at - 1 do
    if not z.bets[k] then before = before + 1 end
  end
  local open = z.open
  table.remove(open.single, 2 + before)
  table.remove(open.double, 2 + before)
  table.remove(open.both, 2 + 2 * before)
  table.remove(open.both, 2 + 2 * before)
end

-- The card kinds in hand order, and the reveal and discard option texts
-- by kind, made once the game has begun (a variant may change the
-- categories before): REVEAL[i][j] (i <= j) reveals a card of kind i and
-- one of kind j, DISCARD[i] discards one of kind i.
local KINDS, REVEAL, DISCARD
local function kind_list()
  if KINDS then return KINDS end
  KINDS, REVEAL, DISCARD = Game.kinds(), {}, {}
  for i, a in ipairs(KINDS) do
    REVEAL[i] = {}
    for j = i, #KINDS do
      local b = KINDS[j]
      REVEAL[i][j] = "reveal " .. a .. " " .. b
      MEANING[REVEAL[i][j]] = { kinds = { a, b } }
    end
    DISCARD[i] = "discard " .. a
    MEANING[DISCARD[i]] = { kind = a }
  end
  return KINDS
end

-- For bots and tools, which read the options' texts: what a text means
-- (MEANING[text]; nil for "pass"), and every text made with its meaning, as
-- a game makes them, in a Lua state that plays none (a bot's). It returns
-- the betting places (Game.board_places).
function Game.meaning(text) return MEANING[text] end
function Game.make_meanings()
  kind_list()
  return Game.board_places()
end

-- How many cards of each kind (by position in KINDS) a hand holds.
local function count_kinds(hand)
  return hand:tally("kind", kind_list())
end

-- [Rule 1] The ways to reveal two cards from a hand, named by kind (in the
-- list into when one is given, refilled).
function Game.reveal_options(hand, into)
  local have, opts, m = count_kinds(hand), into or {}, 0
  for i = 1, #KINDS do
    if have[i] > 0 then
      local row = REVEAL[i]
      if have[i] > 1 then -- two of one kind
        m = m + 1
        opts[m] = row[i]
      end
      for j = i + 1, #KINDS do
        if have[j] > 0 then
          m = m + 1
          opts[m] = row[j]
        end
      end
    end
  end
  return keep(opts, m)
end

-- [Rule 3] The card to discard, named by kind.
function Game.discard_options(hand)
  local have, opts = count_kinds(hand), {}
  for i = 1, #KINDS do
    if have[i] > 0 then opts[#opts + 1] = DISCARD[i] end
  end
  return opts
end

-- The cards of a hand a choice names by kind, each the lowest of its kind
-- in the hand (of a pair of one kind, the two lowest).
local function cards_of_kinds(hand, kinds)
  local a, b = kinds[1], kinds[2]
  local first = hand:filter("kind", a)
  if not b then return { first[1] } end
  if a == b then return { first[1], first[2] } end
  return { first[1], hand:filter("kind", b)[1] }
end

-- Actions ----------------------------------------------------------------------

-- [Rule 4] An open card joins its category; a normal card and a NO! card of
-- the same category cancel each other, pair by pair. So a category's layout
-- never holds both: the card laid open pairs with the bottom card when
-- they differ.
function Game.lay_open(t, z, card)
  local zone = z.layout[card.category]
  zone:add(card)
  t:reveal(card)
  local other = zone:bottom()
  if other.no ~= card.no then
    local normal, no = other, card
    if not card.no then normal, no = card, other end
    z.cancelled:add(normal)
    z.cancelled:add(no)
    t:log("%s cancels %s: the pair leaves the layout", no, normal)
  end
end

-- [Rule 1] Shuffle the 65 cards, deal, turn two face up, set the rest aside.
function Game.deal(t, z, dealer)
  for _, zone in ipairs(z.all_zones) do zone:move_all(z.deck) end
  z.deck:shuffle()
  local size = Game.deal_size[t.players]
  for _ = 1, size do
    for _, seat in ipairs(t:seats(t:left(dealer))) do z.deck:deal(z.hands[seat], 1) end
  end
  for _, seat in ipairs(t:seats()) do z.hands[seat]:sort() end
  local up = {}
  for i = 1, Game.face_up do
    up[i] = z.deck:top()
    Game.lay_open(t, z, up[i])
  end
  z.deck:move_all(z.aside)
  t:log("%p deals %d cards each and turns up %s; %d cards sit out unseen", dealer, size, up, z.aside:count())
end

-- [Rule 1] [Rule 2] Place a bet; in the first round the risk piece goes under it.
function Game.place_bet(t, z, seat, bet, round)
  local pool, place = z.pieces[seat], bet.place
  pool:move(seat, place, bet.piece)
  local risk = round == 1 and Game.first_round_risk and pool:move(seat, place, "risk") == 1
  close_space(z, bet.at)
  z.bets[bet.at] = { seat = seat, piece = bet.piece, risk = risk }
  t:log("%p bets %s on %s %s (%s)%s", seat, bet.piece == "double" and "the double piece" or "a single piece",
    bet.category, Game.space(bet.space).label, bet.space, risk and " with the risk piece under it" or "")
end

-- [Rule 1] Reveal two cards from hand.
function Game.reveal(t, z, seat, choice)
  local shown = cards_of_kinds(z.hands[seat], choice.kinds)
  for _, card in ipairs(shown) do t:reveal(card) end
  t:log("%p reveals %s", seat, shown)
  for _, card in ipairs(shown) do Game.lay_open(t, z, card) end
end

-- One turn: an optional bet, then (after the first round) two cards revealed.
function Game.turn(t, z, seat, round, rounds)
  local first = round == 1
  local hint = "place a betting piece on a vacant space, or pass"
  if first and Game.first_round_risk then
    hint = "first round: a bet carries your risk piece (double points); no cards are revealed"
  elseif first then
    hint = "first round: no cards are revealed"
  end
  local bet = t:ask(seat, Game.bet_options(t, z, seat), hint)
  if bet == PASS then
    t:log("%p places no bet", seat)
  else
    Game.place_bet(t, z, seat, MEANING[bet], round)
  end
  if first then return end -- [Rule 2] nothing is revealed in the first round
  local choice = t:ask(seat, Game.reveal_options(z.hands[seat], z.reveal_lists[seat]), "reveal two cards")
  Game.reveal(t, z, seat, MEANING[choice])
end

-- [Rule 3] Everyone discards one card face down at once; the rest go open.
function Game.end_heat(t, z, starter)
  local seats = t:seats(starter)
  local choices = t:ask_all(seats, function(seat)
    return Game.discard_options(z.hands[seat])
  end, "discard one card face down; your other two cards are laid open")
  for _, seat in ipairs(seats) do
    local card = cards_of_kinds(z.hands[seat], { MEANING[choices[seat]].kind })[1]
    z.discards[seat]:add(card)
    t:tell(seat, "You discard %s face down", card)
  end
  t:log("Everyone discards one card face down")
  for _, seat in ipairs(seats) do
    local rest = z.hands[seat]:cards()
    for _, card in ipairs(rest) do t:reveal(card) end
    t:log("%p lays open %s", seat, rest)
    for _, card in ipairs(rest) do Game.lay_open(t, z, card) end
  end
end

local win_event, lose_event = { kind = "win" }, { kind = "lose" } -- (t:event copies the data it is given)

-- [Rule 5] Score every category: winning pieces move the marker (never past
-- 10) and go home, losing pieces are lost, risk pieces always go home.
function Game.score_heat(t, z)
  local counted, k = {}, 0 -- k: the place's number, board order
  for _, c in ipairs(Game.categories) do
    local count = Game.count(z, c.name)
    counted[#counted + 1] = c.label .. " " .. count
    t:log("%s counts %d", c.label, count)
    for _, sp in ipairs(Game.spaces) do
      k = k + 1
      local place, bet = z.places[k].place, z.bets[k]
      if bet then
        local seat, piece, risk = bet.seat, bet.piece, bet.risk
        local pool = z.pieces[seat]
        local what = piece .. (risk and "+risk" or "")
        if Game.wins(sp, count) then
          local pts = Game.points(sp, piece, risk)
          local track = z.tracks[c.name]
          local before = track:get(seat)
          local after = track:advance(seat, pts)
          pool:move(place, seat, piece)
          local e = win_event
          e.seat, e.points, e.place, e.piece, e.risk = seat, pts, place, piece, risk or false
          t:event("all", e,
            "%p wins %d on %s (%s): %s marker %d -> %d%s", seat, pts, place, what, c.name, before, after,
            before + pts > after and string.format(" (capped at %d)", Game.track.max) or "")
          t:metric("bets_won")
        else
          pool:move(place, "lost", piece)
          local e = lose_event
          e.seat, e.place, e.piece = seat, place, piece
          t:event("all", e,
            "%p loses the %s piece on %s", seat, piece, place)
          t:metric("bets_lost")
        end
        if risk then pool:move(place, seat, "risk") end
        z.bets[k] = nil
      end
    end
  end
  -- The next heat is dealt at once, so keep the final count in view.
  t:note("last heat", "Last heat's final count: " .. table.concat(counted, " · "))
end

-- [Rule 6] At the start of a heat, a player with one betting piece or none
-- left gets all of them back.
function Game.return_pieces(t, z)
  for _, seat in ipairs(t:seats()) do
    local pool = z.pieces[seat]
    local left = pool:count(seat, "single") + pool:count(seat, "double")
    if left <= Game.return_at and pool:count("lost") > 0 then
      for _, piece in ipairs(BET_PIECES) do pool:move("lost", seat, piece, pool:count("lost", piece)) end
      t:log("%p has %d betting piece%s left and gets all of them back", seat, left, left == 1 and "" or "s")
    end
  end
end

function Game.markers(t, z)
  local tracks = {}
  for _, c in ipairs(Game.categories) do
    tracks[c.name] = {}
    for _, seat in ipairs(t:seats()) do tracks[c.name][seat] = z.tracks[c.name]:get(seat) end
  end
  return tracks
end

-- One heat, [Rule 1] to [Rule 5].
function Game.play_heat(t, z, heat, dealer, starter)
  t:log("Heat %d: %p deals, %p starts", heat, dealer, starter)
  Game.return_pieces(t, z)
  Game.open_board(z)
  Game.deal(t, z, dealer)
  local rounds = 1 + math.floor((Game.deal_size[t.players] - Game.final_hand) / Game.reveal_count)
  local round = 0
  repeat
    round = round + 1
    t:note("round", string.format("Heat %d (dealt by %s, %s starts) — round %d of %d%s", heat, t:name(dealer),
      t:name(starter), round, rounds, round == 1 and ": no cards revealed" or ""), round)
    for _, seat in ipairs(t:seats(starter)) do Game.turn(t, z, seat, round, rounds) end
  until z.hands[starter]:count() <= Game.final_hand
  t:note("round", string.format("Heat %d — the end: discard one card face down", heat), 0)
  Game.end_heat(t, z, starter)
  Game.score_heat(t, z)
end

function Game.setup(t)
  local z = {
    deck = t:zone { name = "deck", visibility = "hidden", shown = false },
    hands = {}, discards = {}, layout = {}, pieces = {}, tracks = {}, bets = {}, reveal_lists = {},
    places = Game.board_places(), place_number = {},
  }
  for i, p in ipairs(z.places) do z.place_number[p.place] = i end
  for _, seat in ipairs(t:seats()) do
    z.hands[seat] = t:zone { name = "hand", owner = seat, visibility = "owner" }
    z.reveal_lists[seat] = {}
  end
  for _, c in ipairs(Game.categories) do
    z.layout[c.name] = t:zone { name = c.name, label = "Open " .. c.name, visibility = "all" }
  end
  z.cancelled = t:zone { name = "no pairs", label = "NO! pairs removed", visibility = "all" }
  for _, seat in ipairs(t:seats()) do
    z.discards[seat] = t:zone { name = "discard", owner = seat, label = t:name(seat) .. "'s face-down discard", visibility = "hidden" }
  end
  z.aside = t:zone { name = "set aside", label = "Set aside (unseen this heat)", visibility = "hidden" }
  z.all_zones = { z.aside, z.cancelled }
  for _, seat in ipairs(t:seats()) do
    z.all_zones[#z.all_zones + 1] = z.hands[seat]
    z.all_zones[#z.all_zones + 1] = z.discards[seat]
  end
  for _, c in ipairs(Game.categories) do z.all_zones[#z.all_zones + 1] = z.layout[c.name] end
  t:cards(Game.card_defs(), z.deck)

  -- [Preparation] Pieces in front of each player: one pool per player, whose
  -- holders are the player, the board's places and "lost".
  for _, seat in ipairs(t:seats()) do
    local pool = t:pool { name = "pieces" .. seat, label = t:name(seat) .. "'s pieces", kinds = { "single", "double", "risk" }, supply = Game.pieces }
    for _, k in ipairs({ "single", "double", "risk" }) do pool:give(seat, k, Game.pieces[k]) end
    z.pieces[seat] = pool
  end
  -- [Preparation] A marker of each player on each track's symbol space (0).
  for _, c in ipairs(Game.categories) do
    z.tracks[c.name] = t:track { name = c.name, label = c.label, min = Game.track.start, max = Game.track.max, start = Game.track.start }
  end
  return z
end

function Game.play(t)
  local z = Game.setup(t)
  Game.notes(t, z)
  local starter = 1 -- [Rule 1] the player who explains the rules
  local dealer = t:right(starter)
  t:metric("heats", 0) -- what a designer measures (tabletop sim, compare)
  t:metric("bets_won", 0)
  t:metric("bets_lost", 0)
  local heat = 0
  while true do
    heat = heat + 1
    t:metric("heats")
    Game.play_heat(t, z, heat, dealer, starter)
    local tracks = Game.markers(t, z)
    if Game.game_over(tracks, t.players) then
      local totals, parts = {}, {}
      for _, seat in ipairs(t:seats()) do
        local markers = {}
        for i, c in ipairs(Game.categories) do markers[i] = tracks[c.name][seat] end
        totals[seat] = Game.club_points(markers)
        parts[#parts + 1] = string.format("%s %d", t:name(seat), totals[seat])
      end
      t:log("Every track has a marker in 5-10 after heat %d: the game ends. Club points: %s", heat, table.concat(parts, ", "))
      t:note("round", string.format("Game over after heat %d", heat), 0)
      return { winners = Game.winners(totals), scores = totals }
    end
    -- [Rule 5] The starter of this heat deals the next; his left neighbour starts.
    dealer = starter
    starter = t:left(starter)
  end
end

-- The bot plays from its seat's view; it is not part of the rules above:
-- members_only_bots.lua adds it (Game.bots), and the search bot's advice
-- (Game.search).
require("members_only_bots")(Game)

return Game
