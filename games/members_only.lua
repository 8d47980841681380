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

-- The bot ------------------------------------------------------------------------
-- "steward": bets from what its seat can infer and nothing else. It knows the
-- 65 cards, sees its hand, the open layout, the removed NO! pairs and how many
-- cards each player holds; the unseen cards (other hands, set-aside cards,
-- others' discards) are to it a uniform random pool. From that pool it works
-- out the chances of each category's final count (each other player will lay
-- open all his cards but one: a draw from the pool without replacement, whose
-- odds are hypergeometric), bets where the expected gain in club points
-- beats the cost of losing the piece, keeps the cards that hurt its bets for
-- the face-down discard, and discards the one that helps its bets least.

-- Card kinds as small numbers: kind -> index, and by index the category's
-- position and the card's effect on the count. Built on the bot's first
-- decision, so a variant's changed data counts.
local KIND_INDEX, KIND_CAT, KIND_NET, KIND_TOTAL
local function kind_tables()
  if KIND_INDEX then return end
  KIND_INDEX, KIND_CAT, KIND_NET, KIND_TOTAL = {}, {}, {}, {}
  for i, c in ipairs(Game.categories) do
    for _, no in ipairs({ false, true }) do
      local k = #KIND_CAT + 1
      KIND_INDEX[c.name .. (no and "-no" or "")] = k
      KIND_CAT[k] = i
      KIND_NET[k] = no and -1 or 1
      KIND_TOTAL[k] = no and Game.cards_per_category.no or Game.cards_per_category.normal
    end
  end
end

-- choose[n][k] = n choose k, for the 65 cards (built once).
local choose = {}
local function binomial(n, k)
  if k < 0 or k > n then return 0 end
  local row = choose[n]
  if not row then
    row = { [0] = 1 }
    for j = 1, n do row[j] = row[j - 1] * (n - j + 1) / j end
    choose[n] = row
  end
  return row[k]
end

-- What the seat sees that its odds follow from, in one walk over its view:
-- seen lists the kind of every card it sees, zone by zone, and the other
-- hands' sizes (to tell whether anything changed since the last decision);
-- unseen[k] how many cards of kind k it cannot see (all but its hand, every
-- open card and its own discard), n how many in all, draw how many of them
-- the others will lay open; base[i] category i's open count (NO! cards
-- taken off) and hand its hand's kinds, in order.
local function bot_sight(view, seat)
  local seen, unseen, base, hand = {}, {}, {}, {}
  for k = 1, #KIND_TOTAL do unseen[k] = KIND_TOTAL[k] end
  local function look(cards, kinds)
    seen[#seen + 1] = #cards
    local net = 0
    for i, card in ipairs(cards) do
      local k = KIND_INDEX[card.kind]
      seen[#seen + 1] = k
      unseen[k] = unseen[k] - 1
      net = net + KIND_NET[k]
      if kinds then kinds[i] = k end
    end
    return net
  end
  look(view.mine.hand.cards, hand)
  look(view.mine.discard and view.mine.discard.cards or {})
  for i, c in ipairs(Game.categories) do base[i] = look(view.table[c.name].cards) end
  look(view.table["no pairs"].cards)
  local n = 0
  for k = 1, #unseen do n = n + unseen[k] end
  local others = 0
  for s = 1, view.players do
    local count = view.seats[s].hand.count
    seen[#seen + 1] = s == seat and -1 or count
    if s ~= seat then others = others + math.max(0, count - 1) end
  end
  return { seen = seen, unseen = unseen, n = n, draw = math.min(others, n), base = base, hand = hand }
end

-- The odds of what the others add to one category: the chance of each d,
-- that they lay open d more normal cards than NO! cards of it, when yes
-- normal and no NO! cards of it are among the n unseen cards and they draw
-- `draw` of those. A function of four small numbers, so each is worked out
-- once (ODDS, keyed by the four).
local ODDS = {}
local function category_odds(yes, no, n, draw)
  local key = yes + 100 * (no + 100 * (n + 1000 * draw))
  local odds = ODDS[key]
  if odds then return odds end
  local rest = n - yes - no
  local all = binomial(n, draw)
  binomial(yes, 0); binomial(no, 0); binomial(rest, 0) -- the rows needed
  local cy, cn, cr = choose[yes], choose[no], choose[rest]
  odds = {}
  for a = 0, math.min(yes, draw) do
    local top = draw - a
    if no < top then top = no end
    for b = 0, top do
      local k = draw - a - b
      if k <= rest then
        local p = cy[a] * cn[b] * cr[k] / all
        odds[a - b] = (odds[a - b] or 0) + p
      end
    end
  end
  -- The same odds as a list {d1, p1, d2, p2, ...} in the order pairs()
  -- walks the table, for the histograms' inner loop.
  local list = {}
  for d, p in pairs(odds) do
    list[#list + 1] = d
    list[#list + 1] = p
  end
  ODDS[key] = list
  return list
end

-- The odds of what the others will add to each category's count: add[i]
-- lists d, p pairs, p the chance that they lay open d more normal cards
-- than NO! cards of category i, drawing `draw` of the n unseen cards. With
-- only (a set of category names), just those categories.
local function bot_additions(sight, only)
  local unseen, n, draw = sight.unseen, sight.n, sight.draw
  local add = {}
  for i, c in ipairs(Game.categories) do
    if not only or only[c.name] then add[i] = category_odds(unseen[2 * i - 1], unseen[2 * i], n, draw) end
  end
  return add
end

-- The chances of each category's final count: hist[category][count]. The
-- seat lays open the kinds in mine (nil: its hand less one card, any one
-- alike). With only (a set of category names), just those categories.
local function bot_histograms(sight, add, mine, only)
  local ncat = #Game.categories
  local base, own = sight.base, {}
  for i = 1, ncat do own[i] = {} end
  -- own[i][shift] = the chance that the seat's own cards add shift to category i.
  local hand = sight.hand
  if mine then
    hand = {}
    for i, kind in ipairs(mine) do hand[i] = KIND_INDEX[kind] end
  end
  local mine_net = {}
  for i = 1, ncat do mine_net[i] = 0 end
  for _, k in ipairs(hand) do mine_net[KIND_CAT[k]] = mine_net[KIND_CAT[k]] + KIND_NET[k] end
  if mine or #hand == 0 then
    for i = 1, ncat do own[i][mine_net[i]] = 1 end
  else
    for _, k in ipairs(hand) do -- the card kept back is any one of the hand
      for i = 1, ncat do
        local shift = mine_net[i] - (KIND_CAT[k] == i and KIND_NET[k] or 0)
        own[i][shift] = (own[i][shift] or 0) + 1 / #hand
      end
    end
  end
  local hist, shifts = {}, {}
  for i, c in ipairs(Game.categories) do
    if not only or only[c.name] then
      local ns = 0
      for shift, q in pairs(own[i]) do
        shifts[ns + 1], shifts[ns + 2] = shift, q
        ns = ns + 2
      end
      local h, odds, b = {}, add[i], base[i]
      for j = 1, #odds, 2 do
        local d, p = odds[j], odds[j + 1]
        for l = 1, ns, 2 do
          local v = b + d + shifts[l]
          if v < 0 then v = 0 end
          h[v] = (h[v] or 0) + p * shifts[l + 1]
        end
      end
      hist[c.name] = h
    end
  end
  return hist
end

-- The seat's odds at a decision: add (bot_additions) and hist
-- (bot_histograms with its whole hand). They follow from the cards it sees
-- (its hand, in order, the open layout, the removed pairs and its discard)
-- and the other hands' sizes; a bet and the reveal after it see the same,
-- so the odds of the last decision are kept with what they came from and
-- used again while that is unchanged.
local last_sight, last_add, last_hist

local function same_list(a, b)
  if #a ~= #b then return false end
  for i = 1, #a do
    if a[i] ~= b[i] then return false end
  end
  return true
end

local function bot_odds(view, seat)
  local sight = bot_sight(view, seat)
  if not (last_sight and same_list(sight.seen, last_sight.seen)) then
    last_add = bot_additions(sight)
    last_hist = bot_histograms(sight, last_add)
    last_sight = sight
  end
  return last_add, last_hist, last_sight
end

-- WINS[space][count]: does a bet on space win when the category counts
-- count? Asked of Game.wins once per space and count (a variant's rule
-- counts), for every count the steward can meet: 0 to 11, and 12 for a
-- count shifted by one card. WINS[space].counts lists the winning counts
-- 0 to 11 in order.
local WINS = {}
local function wins_by_count(space)
  local w = WINS[space]
  if not w then
    w = { counts = {} }
    for k = 0, Game.cards_per_category.normal + 1 do
      w[k] = Game.wins(space, k)
      if w[k] and k <= Game.cards_per_category.normal then w.counts[#w.counts + 1] = k end
    end
    WINS[space] = w
  end
  return w
end

-- The chance that a bet on space wins, by the histogram of the category's
-- count (shifted by shift cards, never below zero). The chances are added
-- in the order of the counts, 0 up.
local function p_win(hist, space, shift)
  local w, p = wins_by_count(space), 0
  if not shift or shift == 0 then
    local counts = w.counts
    for j = 1, #counts do
      local q = hist[counts[j]]
      if q then p = p + q end
    end
    return p
  end
  for k = 0, Game.cards_per_category.normal do
    local q = hist[k]
    if q then
      local c = k + shift
      if c < 0 then c = 0 end
      local win = w[c]
      if win == nil then win = Game.wins(space, c) end
      if win then p = p + q end
    end
  end
  return p
end

-- What points are worth to a marker at m: only 5-10 counts at the end, but
-- light-band points are a step towards it; nothing beyond 10. The gain of
-- pts points at m depends on those two small numbers alone, so each is
-- worked out once (GAIN).
local function worth(m) return m >= Game.track.dark and m or 0.6 * m end
local GAIN = {}
local function gain(m, pts)
  local key = m * 1000 + pts
  local g = GAIN[key]
  if not g then
    g = worth(math.min(Game.track.max, m + pts)) - worth(m)
    GAIN[key] = g
  end
  return g
end

local function pieces_left(view, seat)
  local held = view.pools["pieces" .. seat].held[seat]
  return (held.single or 0) + (held.double or 0), held
end

local function piece_cost(view, seat, piece)
  local left = pieces_left(view, seat)
  local cost = piece == "double" and 1.2 or 0.7
  if left - 1 <= Game.return_at then cost = cost * 0.3 end -- they come back anyway
  return cost
end

-- What losing each kind of piece costs the seat now: cost[piece].
local function piece_costs(view, seat)
  return { single = piece_cost(view, seat, "single"), double = piece_cost(view, seat, "double") }
end

-- The board's places in board order, and what the steward reads off a bet
-- option: BET_INFO[text] = the place, the space, the piece and its points
-- without and with the risk piece. Made once, with every option's MEANING
-- (the steward's state plays no game, so it makes them here), by the
-- game's own functions.
local PLACES, BET_INFO
local function option_tables()
  if PLACES then return end
  kind_list() -- the reveal and discard texts
  PLACES, BET_INFO = Game.board_places(), {}
  for _, p in ipairs(PLACES) do
    local sp = Game.space(p.space)
    for _, piece in ipairs(BET_PIECES) do
      BET_INFO[p[piece]] = {
        place = p.place, category = p.category, space = sp, piece = piece,
        points = Game.points(sp, piece, false), risk_points = Game.points(sp, piece, true),
      }
    end
  end
end

-- The seat's own bets on the board, in board order: {category, space, piece, risk}.
local function my_bets(view, seat)
  local bets = {}
  local held = view.pools["pieces" .. seat].held
  for _, p in ipairs(PLACES) do
    local h = held[p.place]
    if h then
      local piece = (h.double or 0) > 0 and "double" or (h.single or 0) > 0 and "single" or nil
      if piece then bets[#bets + 1] = { category = p.category, space = Game.space(p.space), piece = piece, risk = (h.risk or 0) > 0 } end
    end
  end
  return bets
end

-- Expected value of the seat's bets on the board, a category count shifted.
local function bets_value(view, seat, bets, hist, cost, cat, shift)
  local v = 0
  for _, b in ipairs(bets) do
    local p = p_win(hist[b.category], b.space, b.category == cat and shift or 0)
    local m = view.tracks[b.category][seat]
    v = v + p * gain(m, Game.points(b.space, b.piece, b.risk)) - (1 - p) * cost[b.piece]
  end
  return v
end

-- The bet with the best expected gain in club points less the expected
-- cost of the piece, if it beats 0.3; else pass. The chance of a place is
-- worked out once for its single and double options.
local function steward_bet(view, bets, seat)
  if #bets == 1 then return 1 end -- no piece left to bet: "pass"
  local _, hist = bot_odds(view, seat)
  local risk = Game.first_round_risk and view.facts.round == 1
  local cost = piece_costs(view, seat)
  local tracks = view.tracks
  local odds = {} -- by place: the chance a bet there wins (single and double alike)
  local best_i, best_v = 1, 0.3
  for i = 1, #bets do
    local b = BET_INFO[bets[i]] -- nil for "pass"
    if b then
      local p = odds[b.place]
      if not p then
        p = p_win(hist[b.category], b.space)
        odds[b.place] = p
      end
      local pts = risk and b.risk_points or b.points
      local m = tracks[b.category][seat]
      local v = p * (GAIN[m * 1000 + pts] or gain(m, pts)) - (1 - p) * cost[b.piece]
      if v > best_v then best_i, best_v = i, v end
    end
  end
  return best_i
end

local function steward_reveal(view, options, seat)
  local bets = my_bets(view, seat)
  if #bets == 0 then return 1 end
  local _, hist = bot_odds(view, seat)
  local cost = piece_costs(view, seat)
  local base = bets_value(view, seat, bets, hist, cost, nil, 0)
  local help = {}
  for _, card in ipairs(view.mine.hand.cards) do
    if help[card.kind] == nil then
      help[card.kind] = bets_value(view, seat, bets, hist, cost, card.category, KIND_NET[KIND_INDEX[card.kind]]) - base
    end
  end
  -- Keep the harmful cards for the discard; lay open the neutral ones first.
  local function score(kind)
    local h = help[kind]
    return h < 0 and h * 10 or -h * 0.1
  end
  local best_i, best_s = 1, -math.huge
  for i, text in ipairs(options) do
    local kinds = MEANING[text].kinds
    local s = score(kinds[1]) + score(kinds[2])
    if s > best_s then best_i, best_s = i, s end
  end
  return best_i
end

local function steward_discard(view, options, seat)
  local bets = my_bets(view, seat)
  if #bets == 0 then return 1 end
  local wanted = {} -- the categories of its bets: the only odds it reads
  for _, b in ipairs(bets) do wanted[b.category] = true end
  local sight = bot_sight(view, seat)
  local add = bot_additions(sight, wanted)
  local cost = piece_costs(view, seat)
  local best_i, best_v = 1, -math.huge
  for i, text in ipairs(options) do
    local drop = MEANING[text].kind
    local mine, dropped = {}, false
    for _, card in ipairs(view.mine.hand.cards) do
      if card.kind == drop and not dropped then dropped = true else mine[#mine + 1] = card.kind end
    end
    local v = bets_value(view, seat, bets, bot_histograms(sight, add, mine, wanted), cost, nil, 0)
    if v > best_v then best_i, best_v = i, v end
  end
  return best_i
end

local function steward(view, options, seat)
  kind_tables()
  option_tables()
  local first = options[1]
  if first == PASS then return steward_bet(view, options, seat) end
  local meaning = MEANING[first]
  if meaning and meaning.kinds then return steward_reveal(view, options, seat) end
  if meaning and meaning.kind then return steward_discard(view, options, seat) end
  return 1
end

Game.bots = { order = { "steward" }, steward = steward }

-- Advice to bot:search: play rollouts at random. The steward plays one
-- about four times slower, and at 100 ms a decision against three
-- stewards the search won 26.8% of 400 games with steward rollouts and
-- 34.5% of 400 with random ones (tabletop sim games/members_only.lua
-- --players 4 --rotate -n 400 --seats bot:search:100ms,bot).
Game.search = { rollout = "random" }

return Game
