-- Andy Capp, by Dan Glimne (the rulebook spells him "Glimme"), 3 to 6 players.
-- Rulebook: shared/rules/andy-capp.txt (Game Cabinet translation, 1998).
-- Its sections are cited in [brackets]; DATA.md gives the card counts.
--
-- DATA.md decisions:
--  * 110 cards: 80 beer cards, ten of each value 1 to 8, and 30 action
--    cards: 10 Drink, 4 Loan, 6 Flo, 6 Fight, 4 Landlord (Game.deck below,
--    the one table to change).
--  * Hand size 7; a round scores the beer values each player has drunk;
--    rounds go on until someone has 200; the highest total wins.
--
-- How we read the rulebook where it is silent or ambiguous (each reading is
-- tested in andy_capp_test.lua, but for the draw of a player who starts his
-- turn with no cards, which random and bot play never reached):
--  * [Game Play] One play a turn. "During his turn a player can either lay
--    down a tray of drinks or an action card", and "if two or more cards are
--    played in one go then they must be played as a single group": a turn is
--    exactly one of (a) a new tray: one card, or cards of one value, or a
--    series of consecutive values; (b) cards added to ONE of your own trays,
--    which must stay cards of one value, or a series extended at the bottom,
--    the top or both ("instead of laying out a new tray"); (c) one action
--    card. Never two trays, nor a tray and an action card, in one turn.
--  * [Game Play] Trays are added to by their owner only.
--  * [Game Play] "Must play at least one card even if it has no effect":
--    every card can be played. A Fight on your own turn has no effect (it is
--    always offered, as "fight"); a Drink, Flo or Landlord without a target
--    is offered as a bare "drink", "flo", "landlord" only when it has none;
--    a Loan with nobody to borrow from does nothing.
--  * [Game Play] After his play a player draws up to 7, none if he holds 7 or
--    more. Opponents who lost a card to a Loan draw at the end of their own
--    turn. A player who starts his turn with no cards (a Loan took his last)
--    draws up to 7 first.
--  * [Drink] You drink one of your own trays. It is "turned over and plays no
--    further part in the game until the scoring", so its values are hidden
--    from every view (the owner's too): its cards go into the owner's face-
--    down "drunk trays" zone, whose label lists the number of cards of each
--    drunk tray. They are shown again at the scoring. (The log keeps the
--    line saying what was drunk, as the table saw it happen.) A tray's own
--    zone is not turned hidden instead: tray zones are unshown so that free
--    tray numbers leave no "(empty)" lines, and an unshown hidden zone would
--    vanish from the view, count and all.
--  * [Loan] Each opponent who holds cards, asked in turn from the player's
--    left, may resist with a Fight; then the two of them answer each other
--    Fight for Fight, and the last Fight wins. Then the player takes one card,
--    unseen and at random, from each opponent who did not resist, and may end
--    up with more than 7. A Landlord answers nothing in a Loan quarrel: it
--    takes a tray out of the game, and no tray is at stake.
--  * [Flo] You take a face-up tray of another player and lay it as a new tray
--    or merge it with one of your trays, and may add cards from your hand, so
--    that the result is one tray (one value, or one series: the hand cards
--    may extend it at either end or fill the gap between the two trays, as in
--    the 2-3 + 4-5-6 + 7 example). Where it goes is said with the Flo
--    (`flo east 1 merge 2 with 7`), but the log names the hand cards only
--    once Flo has won: if she loses they stay in her hand, unseen.
--  * [The Brawl] A quarrel is between two: the owner of the tray (or the
--    lender) and the player of the Flo (or Loan). They answer each other in
--    turn; the owner of the last Fight played wins. Nobody else joins in.
--  * [Closing Time] Played on your own turn, a Landlord takes a face-up tray
--    of another player out of the game (drunk trays play no further part).
--    In a Flo quarrel either side may play it in answer to the Flo or to a
--    Fight: the tray at stake leaves the game. Nothing answers a Landlord.
--  * Answers are offered in order (t:offer): a seat is asked only when it
--    holds a card that could answer, unless the option always_ask is on, or
--    people share the keyboard (t:offer then asks everyone); then every seat
--    that may answer is asked, with only "pass" when it holds nothing, so
--    that being asked tells the table nothing.
--  * [The Game End] Once the stock is empty, the round ends at the end of the
--    turn in which a player's hand becomes empty — played out on his turn or
--    with an answer out of turn, or lent away to a Loan (he would have
--    nothing left to play). A quarrel under way is settled first. So nobody
--    ever meets his turn with no cards and an empty stock.
--  * [The Game End] "Someone plays out his last card. The round ends
--    immediately": the last card still does what playing it does — a tray
--    is laid, a Drink drinks, a Flo or a Landlord takes a tray (with its
--    quarrel) — for that is how it is played out. A Loan is the exception:
--    what it does is fill its player's hand again, and a hand that has
--    played out takes no more cards. So a Loan played as the last card once
--    the stock is out borrows nothing: the round ends before anyone is asked
--    to lend. (With cards left in the stock the round goes on, and the Loan
--    borrows as usual.)
--  * [The Game End] A round always ends: once the stock is out, the cards held
--    by all players together drop by at least one every turn (a Loan moves
--    cards, it never adds any) and every card can be played. The game has a
--    safety net: if nobody has 200 after max_rounds rounds it ends anyway.
--  * [The Game End] The end is checked after each round: once a total is 200
--    or more the highest total wins; equal highest totals share the win.
--  * The rulebook names no dealer: the deal (seven cards, one at a time)
--    passes to the left each round; the dealer's left neighbour plays first.
--  * Trays taken out by a Landlord lie face up "out of the game"; action cards
--    go to the discard pile, whose top card is shown.
--  * Trays are numbered per player (tray 1, tray 2, ...): a new tray takes the
--    lowest free number, and a tray keeps its number while it lies there.

local scores = require "scores"
local melds = require "melds"

local Game = {
  title = "Andy Capp",
  about = "Lay trays of beer, drink them, and steal, borrow and brawl for more.",
  players = { 3, 6 },
  seats = {
    [3] = { "North", "East", "West" },
    [4] = { "North", "East", "South", "West" },
    [5] = { "North", "Northeast", "Southeast", "Southwest", "Northwest" },
    [6] = { "North", "Northeast", "Southeast", "South", "Southwest", "Northwest" },
  },
  options = {
    target = { default = 200, min = 1, max = 10000, integer = true, help = "the game ends after a round in which a total reaches this" },
    max_rounds = { default = 100, min = 1, max = 10000, integer = true, help = "safety net: the game ends after this many rounds whatever the totals" },
    always_ask = { default = false, help = "ask every seat that may answer a Flo or Loan, even one holding no Fight or Landlord, so being asked gives nothing away (always so when people share the keyboard)" },
  },
}

-- [Preparation] (decision, DATA.md) The deck: one table of counts.
Game.deck = {
  beer_values = 8,    -- beer cards of values 1..8
  beer_each = 10,     -- ten of each value: 80 beer cards
  actions = {         -- 30 action cards
    { name = "Drink", kind = "drink", count = 10 },
    { name = "Loan", kind = "loan", count = 4 },
    { name = "Flo", kind = "flo", count = 6 },
    { name = "Fight", kind = "fight", count = 6 },
    { name = "Landlord", kind = "landlord", count = 4 },
  },
}
Game.hand_size = 7

-- The highest beer value, for the melds helpers (read once, as the deck is
-- read when the script loads).
local TOP = Game.deck.beer_values

local ACTION_NAME = {}
for _, a in ipairs(Game.deck.actions) do ACTION_NAME[a.kind] = a.name end

-- The card definitions: beer cards are named by their value ("5"), action
-- cards by their title ("Flo"). order sorts a hand: beer low to high, then
-- the actions.
function Game.card_defs()
  local defs = {}
  for v = 1, Game.deck.beer_values do
    for _ = 1, Game.deck.beer_each do
      defs[#defs + 1] = { name = tostring(v), kind = "beer", value = v, order = v }
    end
  end
  for i, a in ipairs(Game.deck.actions) do
    for _ = 1, a.count do
      defs[#defs + 1] = { name = a.name, kind = a.kind, value = 0, order = 100 + i }
    end
  end
  return defs
end

-- Trays ---------------------------------------------------------------------

local function sorted_copy(list)
  local out = {}
  for i, v in ipairs(list) do out[i] = v end
  table.sort(out)
  return out
end

local concat, insert, remove = table.concat, table.insert, table.remove

-- The values, spaced: "3 4 5". They come in order: melds are listed so,
-- and tray zones are kept sorted.
local function values_text(values) return concat(values, " ") end

function Game.sum(values)
  local s = 0
  for i = 1, #values do s = s + values[i] end
  return s
end

-- [The Beer Cards] What a group of values is as a tray: "single" (one
-- card), "set" (two or more of one value), "run" (consecutive values), or
-- nil when it is no tray.
function Game.tray_shape(values)
  if #values == 0 then return nil end
  local s = sorted_copy(values)
  local set, run = true, true
  for i = 2, #s do
    if s[i] ~= s[1] then set = false end
    if s[i] ~= s[i - 1] + 1 then run = false end
  end
  if set and run then return "single" end
  if set then return "set" end
  if run then return "run" end
  return nil
end

function Game.is_tray(values) return Game.tray_shape(values) ~= nil end

-- The values of a zone's beer cards.
local function zone_values(zone)
  local cards, out = zone:cards(), {}
  for i = 1, #cards do out[i] = cards[i].value end
  return out
end

-- A seat's face-up trays, as their entries (see Game.tray_changed), by tray
-- number. A turn asks for every seat's trays, and few of them change from
-- one turn to the next: so the list is kept, and every change of a tray
-- says so (Game.tray_changed: a tray laid or added to, taken by Flo, drunk,
-- taken out by the Landlord, gathered at the end of a round). Not to be
-- changed.
function Game.trays_of(z, seat) return z.face_up[seat] end

-- A seat's trays as melds, for melds.joins_each, kept with the trays
-- (Game.tray_changed) and not to be changed: onto, where hand cards may go
-- on his turn: onto nothing (a new tray) or onto one of his trays (a
-- tray's zone: the values of its cards), by number; keys, what the options
-- on each are made by: 0, then each tray's number; flo, the make functions
-- of the Flo options on each of them (none on nothing).
local NOTHING = {}
local function new_melds() return { onto = { NOTHING }, keys = { 0 }, flo = { false } } end

-- The options on seat's tray slot, made with its entry (see the options):
-- its Drink and Landlord options and the make functions of its Flo options.
local drink_option, landlord_option, flo_makers

-- Seat's tray slot changed: a tray laid joins the lists at its number, a
-- tray emptied leaves them. (Each tray zone has one entry {slot, zone,
-- listed, drink, landlord, flo, stake}, made with the zone; stake is what
-- a quarrel over the tray is about, see Game.window.)
function Game.tray_changed(z, seat, slot)
  local tray = z.tray_entries[seat][slot]
  local laid = not tray.zone:empty()
  if laid == tray.listed then return end -- added to (or still empty)
  tray.listed = laid
  local trays, m = z.face_up[seat], z.melds[seat]
  if laid then
    local i = #trays
    while i > 0 and trays[i].slot > slot do i = i - 1 end
    insert(trays, i + 1, tray)
    insert(m.onto, i + 2, tray.zone) -- after nothing
    insert(m.keys, i + 2, slot)
    insert(m.flo, i + 2, tray.flo)
  else
    local i = 1
    while trays[i] ~= tray do i = i + 1 end
    remove(trays, i)
    remove(m.onto, i + 1)
    remove(m.keys, i + 1)
    remove(m.flo, i + 1)
  end
end

-- Seat's tray zone slot, and its entry, made the first time.
function Game.tray_zone(t, z, seat, slot)
  local zone = z.trays[seat][slot]
  if not zone then
    zone = t:zone { name = "tray " .. slot, owner = seat, visibility = "all", shown = false }
    z.trays[seat][slot] = zone
    z.tray_entries[seat][slot] = {
      slot = slot, zone = zone, listed = false, stake = { owner = seat, slot = slot },
      drink = drink_option(seat, slot), landlord = landlord_option(t, seat, slot), flo = flo_makers(t, seat, slot),
    }
  end
  return zone
end

-- A free tray zone for seat: the lowest number none of his trays has.
function Game.free_slot(t, z, seat)
  local trays = Game.trays_of(z, seat)
  local slot = #trays + 1 -- trays 1 to #trays, unless one is missing:
  if slot > 1 and trays[slot - 1].slot ~= slot - 1 then
    slot = 1
    while trays[slot].slot == slot do slot = slot + 1 end
  end
  return Game.tray_zone(t, z, seat, slot), slot
end

-- The card names of the beer values.
local VALUE_NAME = {}
for v = 1, Game.deck.beer_values do VALUE_NAME[v] = tostring(v) end

-- Moves hand cards of the given values from seat's hand to his tray slot.
function Game.lay(t, z, seat, values, slot)
  local hand, zone = z.hands[seat], z.trays[seat][slot]
  for i = 1, #values do
    local v = values[i]
    local card = hand:find(VALUE_NAME[v])
    if not card then error("no " .. v .. " in " .. t:name(seat) .. "'s hand") end
    zone:add(card)
  end
  zone:sort()
  Game.tray_changed(z, seat, slot)
end

-- Action cards go to the discard pile; only its top card is shown.
function Game.discard(t, z, seat, kind)
  local card = z.hands[seat]:find(ACTION_NAME[kind])
  if not card then error("no " .. ACTION_NAME[kind] .. " in " .. t:name(seat) .. "'s hand") end
  local old = z.discard:top()
  if old then z.discards:add(old) end
  z.discard:add(card)
  return card
end

-- Out of the game: a Landlord empties owner's tray into the box.
function Game.take_out(t, z, owner, slot)
  z.trays[owner][slot]:move_all(z.out)
  Game.tray_changed(z, owner, slot)
end

function Game.seat_word(t, seat) return string.lower(t:name(seat)) end

-- Options of a turn ------------------------------------------------------------
-- Each function below adds its options to opts. The same option comes back
-- turn after turn (tray 5 5, drink 2), so an option is made once a game:
-- a tray's Drink and Landlord options with the tray's entry
-- (Game.tray_zone); the options of cards laid by make functions, one for
-- each kind of option and tray, of which melds.all and melds.joins_each
-- add what they made of each meld, made the first time. Nothing changes an
-- option once made.
--
-- What makes a tray is the melds module's, with values 1..TOP: one card,
-- equal values, or a series of consecutive values. Cards laid with a tray
-- (added to it, or by a Flo) are the groups that make one tray with it:
-- more of the same value, or values extending the series at the bottom,
-- the top or both and filling any gap inside it. Two trays merged by a Flo
-- make one tray of the three only if both are of one and the same value,
-- or neither is a set, their values do not overlap and the hand fills the
-- gap between them.

local LOAN = { text = "loan", kind = "loan" }
local FIGHT = { text = "fight", kind = "fight" }
local NO_TARGET = { -- a Drink, Flo or Landlord with nothing to take
  drink = { text = "drink", kind = "drink" },
  flo = { text = "flo", kind = "flo" },
  landlord = { text = "landlord", kind = "landlord" },
}

-- [The Beer Cards] New trays: every tray the hand can lay, each value one
-- to all of its copies and each series of two or more consecutive values.
local function tray_option(values)
  return { text = "tray " .. values_text(values), kind = "tray", values = values }
end

function Game.tray_options(t, z, seat, counts, opts)
  melds.all(counts, TOP, tray_option, opts)
end

-- The text of the hand cards a Flo lays with the tray it takes: " with 7",
-- or nothing for none; made once a meld (melds gives the same table for
-- the same values).
local WITH = setmetatable({}, { __index = function(texts, values)
  local text = #values > 0 and (" with " .. values_text(values)) or ""
  texts[values] = text
  return text
end })

-- A table of make functions, each made when first asked for:
-- makers[key] is new_maker(key), made once.
local function makers_by(new_maker)
  return setmetatable({}, { __index = function(makers, key)
    local make = new_maker(key)
    makers[key] = make
    return make
  end })
end

-- [The Beer Cards] Cards added to one of your own trays: the make function
-- of the options on each tray slot.
local add_makers = makers_by(function(slot)
  return function(values)
    return { text = "add " .. values_text(values) .. " to " .. slot, kind = "add", slot = slot, values = values }
  end
end)

-- Hand cards alone (nothing) joined with one of seat's trays: what
-- extends it.
local ALONE, ADD = { NOTHING }, { add_makers }
function Game.add_options(t, z, seat, counts, opts)
  local mine = z.melds[seat]
  melds.joins_each(ALONE, ADD, mine.onto, mine.keys, counts, TOP, false, opts)
end

-- [Drink] One of your own trays.
function drink_option(seat, slot)
  return { text = "drink " .. slot, kind = "drink", owner = seat, slot = slot }
end

function Game.drink_options(t, z, seat, opts)
  local mine = z.face_up[seat]
  if #mine == 0 then
    opts[#opts + 1] = NO_TARGET.drink
    return
  end
  for i = 1, #mine do opts[#opts + 1] = mine[i].drink end
end

-- The make functions of the Flo options on victim's tray slot, by the
-- tray of yours it is merged with (0: laid as a new tray), with each group
-- of hand cards that makes one tray of it.
function flo_makers(t, victim, slot)
  local head = "flo " .. Game.seat_word(t, victim) .. " " .. slot
  return makers_by(function(merge)
    local onto = merge > 0 and merge or nil
    local text = onto and (head .. " merge " .. onto) or head
    return function(values)
      return { text = text .. WITH[values], kind = "flo", victim = victim, slot = slot, merge = onto, values = values }
    end
  end)
end

-- [Flo] Another player's tray, as a new tray or merged with one of yours,
-- with or without cards from your hand: what joins each of their trays
-- with nothing or one of yours.
function Game.flo_options(t, z, seat, counts, opts)
  local n, mine, seats = #opts, z.melds[seat], t:seats(seat)
  for v = 2, #seats do -- the others, from seat's left
    local theirs = z.melds[seats[v]]
    melds.joins_each(theirs.onto, theirs.flo, mine.onto, mine.keys, counts, TOP, true, opts)
  end
  if #opts == n then opts[n + 1] = NO_TARGET.flo end
end

-- [Closing Time] A face-up tray of another player.
function landlord_option(t, victim, slot)
  return { text = "landlord " .. Game.seat_word(t, victim) .. " " .. slot, kind = "landlord", victim = victim, slot = slot }
end

function Game.landlord_options(t, z, seat, opts)
  local n, seats = #opts, t:seats(seat)
  for v = 2, #seats do -- the others, from seat's left
    local theirs = z.face_up[seats[v]]
    for i = 1, #theirs do opts[#opts + 1] = theirs[i].landlord end
  end
  if #opts == n then opts[n + 1] = NO_TARGET.landlord end
end

-- The card names in a hand's tally (hand:tally("name", NAMES)): the beer
-- values 1..8 first, so that it begins with the counts melds takes (how
-- many cards of each value), then the action cards; held[FLOS] is how
-- many Flos.
local NAMES, AT = {}, {}
for v = 1, TOP do NAMES[v] = VALUE_NAME[v] end
for _, a in ipairs(Game.deck.actions) do
  NAMES[#NAMES + 1] = a.name
  AT[a.kind] = #NAMES
end
local DRINKS = AT.drink
local LOANS = AT.loan
local FLOS = AT.flo
local LANDLORDS = AT.landlord
local FIGHTS = AT.fight

-- [Game Play] Everything seat may play on his turn: trays, and each kind
-- of action card he holds (held: how many of each kind).
function Game.turn_options(t, z, seat)
  local hand = z.hands[seat]
  local held = hand:tally("name", NAMES)
  local counts = held -- its first TOP counts
  local opts = {}
  Game.tray_options(t, z, seat, counts, opts)
  Game.add_options(t, z, seat, counts, opts)
  if held[DRINKS] > 0 then Game.drink_options(t, z, seat, opts) end
  if held[LOANS] > 0 then opts[#opts + 1] = LOAN end
  if held[FLOS] > 0 then Game.flo_options(t, z, seat, counts, opts) end
  if held[LANDLORDS] > 0 then Game.landlord_options(t, z, seat, opts) end
  if held[FIGHTS] > 0 then opts[#opts + 1] = FIGHT end
  return opts
end

-- Answers out of turn -----------------------------------------------------------

-- An answer: a card kind, with the tray the quarrel is about (stake, the
-- tray's {owner =, slot =}; nil for a Loan). Made once for each kind and
-- stake (a tray's stake is made with its entry).
local NO_STAKE = {}
local answers = {}
local function answer(kind, stake)
  local key = stake or NO_STAKE
  local of = answers[key]
  if not of then
    of = {}
    answers[key] = of
  end
  local o = of[kind]
  if not o then
    o = { text = kind, kind = kind, stake = stake }
    of[kind] = o
  end
  return o
end

-- The answers seat can give: a card kind among kinds that it holds.
local function answers_of(z, seat, kinds, stake)
  local opts = {}
  for _, kind in ipairs(kinds) do
    if z.hands[seat]:find(ACTION_NAME[kind]) then opts[#opts + 1] = answer(kind, stake) end
  end
  return opts
end

-- An answer window: seats are offered, in order, the answers they hold
-- (t:offer); the first that answers wins the window. With always_ask (or
-- at a shared keyboard, where t:offer does it), a seat holding nothing is
-- asked too and can only pass. Returns the seat and
-- the kind of card it answered with, or nil when all pass. stake, the tray
-- at stake, goes with the answers offered (for bots).
function Game.window(t, z, seats, kinds, hint, stake)
  local function options(s) return answers_of(z, s, kinds, stake) end
  if not t.options.always_ask then
    local s, c = t:offer(seats, options, hint)
    if s then return s, c.kind end
    return nil
  end
  for _, s in ipairs(seats) do
    if #options(s) == 0 then
      t:ask(s, { "pass" }, hint)
    else
      local who, c = t:offer({ s }, options, hint)
      if who then return who, c.kind end
    end
  end
  return nil
end

-- [The Brawl] The quarrel between attacker (who played Flo or Loan) and
-- defender, once the defender has answered with a Fight: they answer each
-- other in turn, the owner of the last Fight wins. [Closing Time] With
-- landlord, a Landlord may answer a Fight and ends the quarrel at once.
-- Returns "attacker", "defender" or "landlord" (and the Landlord's seat).
-- stake is the tray fought over (see Game.window).
function Game.brawl(t, z, attacker, defender, landlord, what, stake)
  local kinds = landlord and { "fight", "landlord" } or { "fight" }
  local last, asked = defender, attacker
  while true do
    local other = asked == attacker and defender or attacker
    local hint = string.format("%s fights you over %s: fight back%s, or pass", t:name(other), what, landlord and ", call the landlord" or "")
    local s, kind = Game.window(t, z, { asked }, kinds, hint, stake)
    if not s then break end
    Game.discard(t, z, s, kind)
    if kind == "landlord" then
      t:log("%p calls the Landlord", s)
      return "landlord", s
    end
    t:log("%p fights back against %p", s, other) -- both named: it is about both
    t:metric("fights")
    last, asked = s, other
  end
  return last == defender and "defender" or "attacker"
end

-- Actions ------------------------------------------------------------------------

Game.actions = {}

-- [The Beer Cards] A new tray.
function Game.actions.tray(t, z, seat, c)
  local zone, slot = Game.free_slot(t, z, seat)
  Game.lay(t, z, seat, c.values, slot)
  t:log("%p lays tray %d: %s", seat, slot, zone:cards())
end

-- [The Beer Cards] More cards on one of your trays.
function Game.actions.add(t, z, seat, c)
  local zone = z.trays[seat][c.slot]
  Game.lay(t, z, seat, c.values, c.slot)
  t:log("%p adds %s to tray %d: %s", seat, values_text(c.values), c.slot, zone:cards())
end

-- [Drink] The tray is turned over: its cards go face down among seat's
-- drunk trays, hidden from everyone until the scoring.
function Game.drink(t, z, seat, owner, slot)
  local zone = z.trays[owner][slot]
  local cards = zone:cards()
  local value = Game.sum(zone_values(zone))
  t:event("all", { kind = "drink", seat = seat, value = value, cards = #cards },
    owner == seat and "%p drinks tray %d: %s" or ("%p drinks " .. t:name(owner) .. "'s tray %d: %s"), seat, slot, cards)
  for _, card in ipairs(cards) do
    z.drunk[seat]:add(card)
    t:hide(card)
  end
  Game.tray_changed(z, owner, slot)
  local sizes = z.drunk_sizes[seat]
  sizes[#sizes + 1] = #cards
  z.drunk[seat]:set_label(string.format("%s's drunk trays (%s)", t:name(seat), table.concat(sizes, "+")))
end

function Game.actions.drink(t, z, seat, c)
  Game.discard(t, z, seat, "drink")
  if not c.slot then
    t:log("%p plays a Drink with nothing to drink", seat)
    return
  end
  Game.drink(t, z, seat, c.owner, c.slot)
end

-- [The Game End] Once the stock is out, a player whose hand is empty has
-- played out.
function Game.played_out(z, seat)
  return z.stock:empty() and z.hands[seat]:empty()
end

-- [Loan] One unseen card from each opponent, who may resist with a Fight.
-- [The Game End] Played as the last card once the stock is out, it borrows
-- nothing: its player has played out, and the round ends.
function Game.actions.loan(t, z, seat, c)
  Game.discard(t, z, seat, "loan")
  if Game.played_out(z, seat) then
    t:log("%p plays his last card, a Loan: he has played out, and nobody lends", seat)
    return
  end
  t:log("%p plays a Loan", seat)
  local lenders = {}
  for _, s in ipairs(t:seats(seat)) do
    if s ~= seat and not z.hands[s]:empty() then lenders[#lenders + 1] = s end
  end
  local resisted = {}
  local pending = lenders
  while #pending > 0 do
    local s = Game.window(t, z, pending, { "fight" }, t:name(seat) .. " wants to borrow a card from you: resist with a Fight, or pass")
    if not s then break end
    Game.discard(t, z, s, "fight")
    t:log("%p resists %p's Loan with a Fight", s, seat)
    t:metric("fights")
    if Game.brawl(t, z, seat, s, false, "the Loan") == "defender" then
      resisted[s] = true
      t:log("%p keeps his cards from %p", s, seat)
    end
    local rest, after = {}, false
    for _, p in ipairs(pending) do
      if after then rest[#rest + 1] = p end
      if p == s then after = true end
    end
    pending = rest
  end
  for _, s in ipairs(lenders) do
    local hand = z.hands[s]
    if not resisted[s] and not hand:empty() then
      local card = hand:at(t:random(hand:count()))
      z.hands[seat]:add(card)
      t:log("%p borrows a card from %p", seat, s)
      t:tell(seat, "You borrow %s from %p", card, s)
      t:tell(s, "%p borrows your %s", seat, card)
    end
  end
  z.hands[seat]:sort()
end

-- [Flo] Take another player's tray, unless he wins the brawl.
function Game.actions.flo(t, z, seat, c)
  Game.discard(t, z, seat, "flo")
  if not c.victim then
    t:log("%p plays Flo with no tray to take", seat)
    return
  end
  local from = z.trays[c.victim][c.slot]
  -- The hand cards she would add are not named yet: if Flo loses, they stay
  -- in her hand unseen.
  t:log("%p plays Flo on %p's tray %d (%s)", seat, c.victim, c.slot, from:cards())
  local what = string.format("your tray %d (%s)", c.slot, values_text(zone_values(from)))
  local outcome, by
  local stake = z.tray_entries[c.victim][c.slot].stake
  local s, kind = Game.window(t, z, { c.victim }, { "fight", "landlord" },
    string.format("%s plays Flo on %s: fight, call the landlord, or pass", t:name(seat), what), stake)
  if not s then
    outcome = "attacker"
  else
    Game.discard(t, z, s, kind)
    if kind == "landlord" then
      t:log("%p calls the Landlord", s)
      outcome, by = "landlord", s
    else
      t:log("%p fights for his tray", s)
      t:metric("fights")
      outcome, by = Game.brawl(t, z, seat, c.victim, true, string.format("%s's tray %d", t:name(c.victim), c.slot), stake)
    end
  end
  if outcome == "landlord" then
    t:log("Closing time: %p's tray %d (%s) is out of the game", c.victim, c.slot, from:cards())
    Game.take_out(t, z, c.victim, c.slot)
    return
  end
  if outcome == "defender" then
    t:log("%p keeps tray %d from %p", c.victim, c.slot, seat)
    return
  end
  local to, slot
  if c.merge then
    to, slot = z.trays[seat][c.merge], c.merge
  else
    to, slot = Game.free_slot(t, z, seat)
  end
  from:move_all(to)
  Game.tray_changed(z, c.victim, c.slot)
  Game.lay(t, z, seat, c.values, slot)
  local how = c.merge and ("onto tray " .. slot) or ("as tray " .. slot)
  if #c.values > 0 then how = how .. " with " .. values_text(c.values) end
  t:log("%p takes the tray %s: %s", seat, how, to:cards())
  t:tell(c.victim, "%p has taken your tray %d", seat, c.slot) -- what happened to him, kept on his screen
  t:metric("steals")
end

-- [Closing Time] On your turn: a tray out of the game, unanswerable.
function Game.actions.landlord(t, z, seat, c)
  Game.discard(t, z, seat, "landlord")
  if not c.victim then
    t:log("%p plays a Landlord with no tray to close", seat)
    return
  end
  local zone = z.trays[c.victim][c.slot]
  t:log("%p calls the Landlord: %p's tray %d (%s) is out of the game", seat, c.victim, c.slot, zone:cards())
  Game.take_out(t, z, c.victim, c.slot)
end

-- [Game Play] A Fight on your own turn has no effect.
function Game.actions.fight(t, z, seat, c)
  Game.discard(t, z, seat, "fight")
  t:log("%p plays a Fight, to no effect", seat)
end

-- Turns and rounds ---------------------------------------------------------------

-- [Game Play] Draw up to seven, none when holding seven or more. Everyone
-- reads how many cards a player draws, so that a hand that changes says
-- why. (Not which: a line naming the cards drawn would tell the drawer no
-- more than his hand does, and the search bot, which replays the games it
-- imagines until every line its seat read agrees, could then seldom find
-- a stock that deals them in that order.)
function Game.draw_up(t, z, seat)
  local hand = z.hands[seat]
  local need = Game.hand_size - hand:count()
  if need > 0 and not z.stock:empty() then
    local n = z.stock:deal(hand, need)
    t:log("%p draws %d card%s", seat, n, n == 1 and "" or "s")
    hand:sort()
    if z.stock:empty() then
      t:log("The stock is empty: the round ends when a player has played his last card")
      t:note("stock", "The stock is empty: the round ends as soon as a player has no cards left")
    end
  end
end

function Game.take_turn(t, z, seat)
  if z.hands[seat]:empty() then
    t:log("%p has no cards and draws", seat)
    Game.draw_up(t, z, seat)
  end
  local choice = t:ask(seat, Game.turn_options(t, z, seat), "your turn: lay a tray or add to one, or play an action card")
  Game.actions[choice.kind](t, z, seat, choice)
  Game.draw_up(t, z, seat)
end

-- [The Game End] Once the stock is empty, a player without cards ends it.
function Game.round_over(t, z)
  if not z.stock:empty() then return false end
  local seats = t:seats()
  for i = 1, #seats do
    if z.hands[seats[i]]:empty() then return true, seats[i] end
  end
  return false
end

-- [The Game End] A round's scores: the values each player has drunk.
function Game.score_round(t, z, round)
  local scores, parts = {}, {}
  for _, s in ipairs(t:seats()) do
    local cards = z.drunk[s]:cards()
    local values = {}
    for i, c in ipairs(cards) do
      values[i] = c.value
      t:reveal(c)
    end
    scores[s] = Game.sum(values)
    if #cards > 0 then t:log("%p drank %s: %d", s, cards, scores[s]) end
    parts[#parts + 1] = string.format("%s %d", t:name(s), scores[s])
  end
  t:log("Round %d scores: %s", round, table.concat(parts, ", "))
  z.pad:add("Round " .. round, scores)
  return scores
end

-- Every card back to the stock.
function Game.gather(t, z)
  for _, s in ipairs(t:seats()) do
    z.hands[s]:move_all(z.stock)
    local trays = Game.trays_of(z, s) -- the tray zones that hold cards
    while trays[1] do
      local slot = trays[1].slot
      z.trays[s][slot]:move_all(z.stock)
      Game.tray_changed(z, s, slot)
    end
    z.drunk[s]:move_all(z.stock)
    z.drunk_sizes[s] = {}
    z.drunk[s]:set_label(t:name(s) .. "'s drunk trays")
  end
  z.out:move_all(z.stock)
  z.discard:move_all(z.stock)
  z.discards:move_all(z.stock)
end

function Game.play_round(t, z, round, dealer)
  Game.gather(t, z)
  t:note("round", string.format("Round %d, dealt by %s", round, t:name(dealer)))
  t:note("stock", nil)
  t:event("all", { kind = "round", round = round }, "Round %d: %p deals", round, dealer)
  z.stock:shuffle()
  for _ = 1, Game.hand_size do
    for _, s in ipairs(t:seats(t:left(dealer))) do z.stock:deal(z.hands[s], 1) end
  end
  for _, s in ipairs(t:seats()) do z.hands[s]:sort() end
  local seat = t:left(dealer)
  while true do
    Game.take_turn(t, z, seat)
    local over, who = Game.round_over(t, z)
    if over then
      t:event("all", { kind = "out", seat = who, round = round }, "%p has no cards left: the round is over", who)
      break
    end
    seat = t:left(seat)
  end
  return Game.score_round(t, z, round)
end

-- [The Game End] Winners once a total reached the target: the highest.
function Game.leaders(totals)
  return scores.highest(totals)
end

function Game.game_over(totals, target)
  for _, v in ipairs(totals) do
    if v >= target then return Game.leaders(totals) end
  end
  return nil
end

function Game.setup(t)
  local z = { hands = {}, trays = {}, face_up = {}, melds = {}, tray_entries = {}, drunk = {}, drunk_sizes = {} }
  z.stock = t:zone { name = "stock", label = "Stock", visibility = "hidden" }
  z.discard = t:zone { name = "discard", label = "Discard pile (top)", visibility = "all" }
  z.discards = t:zone { name = "discards", label = "Discard pile", visibility = "hidden", shown = false }
  z.out = t:zone { name = "out", label = "Out of the game", visibility = "all", shown = false }
  for _, s in ipairs(t:seats()) do
    z.hands[s] = t:zone { name = "hand", owner = s, visibility = "owner" }
    z.trays[s] = {}
    z.face_up[s] = {}
    z.melds[s] = new_melds()
    z.tray_entries[s] = {}
    for slot = 1, 8 do Game.tray_zone(t, z, s, slot) end
    z.drunk[s] = t:zone { name = "drunk", label = t:name(s) .. "'s drunk trays", owner = s, visibility = "hidden" }
    z.drunk_sizes[s] = {}
  end
  z.pad = t:pad { name = "score", label = "Beer drunk" }
  t:cards(Game.card_defs(), z.stock)
  return z
end

function Game.play(t)
  local z = Game.setup(t)
  -- For the search bot: where the seats stand mid-round (andy_capp_bots.lua).
  t:estimate(function() return Game.standing(t, z) end)
  -- The last seat deals the first round, so the first seat plays first.
  t:metric("fights", 0) -- what a designer measures (tabletop sim, compare)
  t:metric("rounds", 0)
  t:metric("steals", 0)
  local dealer, round = t:right(t.players), 0
  while true do
    round = round + 1
    t:metric("rounds")
    dealer = t:left(dealer)
    Game.play_round(t, z, round, dealer)
    local totals = z.pad:totals()
    local winners = Game.game_over(totals, t.options.target)
    if winners then return { winners = winners } end
    if round >= t.options.max_rounds then
      t:log("%d rounds played and nobody has %d: the game ends", round, t.options.target)
      return { winners = Game.leaders(totals) }
    end
  end
end

-- What a seat's view tells of the hands it cannot see, for the search bot
-- (docs/scripting.md, "Belief"). Answers are offered (t:offer) only to a
-- seat that holds a card to answer with, unless always_ask is on or people
-- share the keyboard: so a seat asked to resist a Loan held a Fight, and a
-- lender passed by held none; a victim asked about a Flo held a Fight or a
-- Landlord, one not asked held neither; in a brawl, a side asked to fight
-- back held a Fight (or, over a Flo, a Landlord), a side the brawl passed
-- by held none. A seat asked holds the card at its own prompt; a seat
-- passed by held none at the prompt whose answer led to it (its hand did
-- not change in between; it may draw before the next prompt). (Every card
-- seen played, drawn or lent, the engine follows by itself.)
local FIGHT_ONLY, FIGHT_OR_LANDLORD = { "Fight" }, { "Fight", "Landlord" }

function Game.belief(view, seat, asked)
  if view.settings and view.settings.always_ask then return {} end
  local facts, log, n = {}, view.log, #asked
  local seat_of = {}
  for s, name in ipairs(view.names) do seat_of[name] = s end
  -- A fact about seat s at the prompt of decision k (n + 1: now).
  local function held(s, k, cards, yes)
    if s == seat or k < 1 or k > n + 1 or (k <= n and asked[k].shared) then return end
    facts[#facts + 1] = { at = k, seat = s, zone = "hand", [yes and "some" or "none"] = cards }
  end
  -- Whether the lines written while decision k was answered say text.
  local function answer_says(k, text)
    if k > n then return false end
    local to = k < n and asked[k + 1].log or #log
    for i = asked[k].log + 1, to do
      if log[i]:find(text, 1, true) then return true end
    end
    return false
  end
  -- Decision k is asked of seat s.
  local function asks(k, s) return k <= n and asked[k].seat == s end
  -- The quarrel was settled while decision k was answered: the next prompt
  -- is no answer to it.
  local function settled(k)
    return answer_says(k, " borrow") or answer_says(k, " takes the tray") or answer_says(k, " keeps ")
      or answer_says(k, "out of the game")
  end
  -- A brawl between attacker and defender, after the defender's Fight in
  -- answer to decision k - 1: the attacker answers first, then each in
  -- turn while the answer is a Fight. A side asked held a card to answer;
  -- a side passed by (the quarrel settled in the answer before) held none.
  -- Returns the decision that follows the brawl.
  local function brawl(attacker, defender, k, cards)
    local side, other = attacker, defender
    while k <= n do -- (a brawl going on now tells nothing yet)
      if settled(k - 1) or not asks(k, side) then
        held(side, k - 1, cards, false)
        return k
      end
      held(side, k, cards, true)
      if not answer_says(k, " fights back") then return k + 1 end -- a pass, or the Landlord
      side, other, k = other, side, k + 1
    end
    return k
  end
  -- A Loan played by p, answered at decision k: the lenders are offered a
  -- Fight in turn from p's left.
  local function loan(p, k)
    local pending = {}
    for x = 1, view.players - 1 do pending[x] = (p + x - 1) % view.players + 1 end
    local j = k + 1
    while #pending > 0 do
      if j > n then -- the window is open now: asked are the seat itself, if anyone
        for _, q in ipairs(pending) do
          if q == seat then return end
          held(q, j - 1, FIGHT_ONLY, false)
        end
        return
      end
      local at = 0
      if not answer_says(j - 1, " borrow") then -- else the window is over
        for x, q in ipairs(pending) do
          if asks(j, q) and at == 0 then at = x end
        end
      end
      if at == 0 then -- nobody left holds a Fight
        for _, q in ipairs(pending) do held(q, j - 1, FIGHT_ONLY, false) end
        return
      end
      for x = 1, at - 1 do held(pending[x], j - 1, FIGHT_ONLY, false) end
      held(pending[at], j, FIGHT_ONLY, true)
      local next_j = j + 1
      if answer_says(j, " resists ") then next_j = brawl(p, pending[at], j + 1, FIGHT_ONLY) end
      local rest = {}
      for x = at + 1, #pending do rest[#rest + 1] = pending[x] end
      pending, j = rest, next_j
    end
  end
  -- A Flo played by p on v's tray, answered at decision k.
  local function flo(p, v, k)
    if not settled(k) and k + 1 > n then return end -- the victim is being asked now
    if settled(k) or not asks(k + 1, v) then
      held(v, k, FIGHT_OR_LANDLORD, false)
      return
    end
    held(v, k + 1, FIGHT_OR_LANDLORD, true)
    if answer_says(k + 1, " fights for his tray") then brawl(p, v, k + 2, FIGHT_OR_LANDLORD) end
  end
  for k = 1, n do
    if not asked[k].shared and not asked[k].say then
      local to = k < n and asked[k + 1].log or #log
      for i = asked[k].log + 1, to do
        local line = log[i]
        local who = line:match("^(.-) plays a Loan$")
        if who and seat_of[who] then loan(seat_of[who], k) end
        local p, v = line:match("^(.-) plays Flo on (.-)'s tray")
        if p and seat_of[p] and seat_of[v] then flo(seat_of[p], seat_of[v], k) end
      end
    end
  end
  return facts
end

-- The bot plays from its seat's view; it is not part of the rules above:
-- andy_capp_bots.lua adds it (Game.bots).
require("andy_capp_bots")(Game)

return Game
