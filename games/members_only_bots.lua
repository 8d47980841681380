-- Members Only: the bot. The rules are members_only.lua, which ends with
-- require("members_only_bots")(Game): this file is a function of the
-- game's table, called once as the rules are loaded, and it adds Game.bots
-- and Game.search. It reads the rules through that table, as a variant
-- does, and its data (categories, cards, spaces, tracks) when it first
-- decides, so a variant's changed rules and data are what it reckons with
-- (members_only_no_risk.lua: Game.first_round_risk).
--
-- "steward" (the default): bets from what its seat can infer and nothing
-- else. It knows the 65 cards, sees its hand, the open layout, the removed
-- NO! pairs and how many cards each player holds; the unseen cards (other
-- hands, set-aside cards, others' discards) are to it a uniform random
-- pool. From that pool it works out the chances of each category's final
-- count (each other player will lay open all his cards but one: a draw
-- from the pool without replacement, whose odds are hypergeometric), bets
-- where the expected gain in club points beats the cost of losing the
-- piece, keeps the cards that hurt its bets for the face-down discard, and
-- discards the one that helps its bets least.
--
-- The rules it leans on:
--  * [Preparation] the cards of each category, normal and NO!
--    (Game.categories, Game.cards_per_category).
--  * [Rule 1] the options: a bet on a vacant space with a single or the
--    double piece, or "pass"; two cards to reveal, named by kind
--    (Game.meaning tells what a text means, Game.make_meanings makes them
--    all in the bot's own Lua state, which plays no game).
--  * [Rule 2] a bet of the first round carries the risk piece
--    (Game.first_round_risk and the round in view.facts).
--  * [Rule 3] everyone lays open all his cards but the one he discards.
--  * [Rule 4] a category's count: normal cards less NO! cards, never
--    below zero.
--  * [Rule 5] whether a bet wins and its points (Game.wins, Game.points);
--    [Board] a marker's points count at the end only in the dark band, and
--    never past the top (Game.track).
--  * [Rule 6] with few betting pieces left, all come back (Game.return_at):
--    losing one then costs little.

local scores = require "scores"

return function(Game)
  -- The option not to bet, and the pieces a bet is placed with: the
  -- fields of a betting place's two bet texts (Game.board_places).
  local PASS = "pass"
  local BET_PIECES = { "single", "double" }

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
  -- without and with the risk piece. Made once, with every option's meaning
  -- (the steward's state plays no game, so it makes them here), by the
  -- game's own functions.
  local PLACES, BET_INFO
  local function option_tables()
    if PLACES then return end
    PLACES, BET_INFO = Game.make_meanings(), {}
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
  -- worked out once for its single and double options. The other options
  -- follow by value, pass worth 0.3, ties in the order offered
  -- (scores.best_first): the shortlist bot:search reads.
  local function steward_bet(view, bets, seat)
    if #bets == 1 then return 1 end -- no piece left to bet: "pass"
    local _, hist = bot_odds(view, seat)
    local risk = Game.first_round_risk and view.facts.round == 1
    local cost = piece_costs(view, seat)
    local tracks = view.tracks
    local odds = {} -- by place: the chance a bet there wins (single and double alike)
    local values = {}
    local best_i, best_v = 1, 0.3
    for i = 1, #bets do
      local b = BET_INFO[bets[i]] -- nil for "pass"
      local v = 0.3
      if b then
        local p = odds[b.place]
        if not p then
          p = p_win(hist[b.category], b.space)
          odds[b.place] = p
        end
        local pts = risk and b.risk_points or b.points
        local m = tracks[b.category][seat]
        v = p * (GAIN[m * 1000 + pts] or gain(m, pts)) - (1 - p) * cost[b.piece]
        if v > best_v then best_i, best_v = i, v end
      end
      values[i] = v
    end
    return best_i, scores.best_first(values)
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
      local kinds = Game.meaning(text).kinds
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
      local drop = Game.meaning(text).kind
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
    local meaning = Game.meaning(first)
    if meaning and meaning.kinds then return steward_reveal(view, options, seat) end
    if meaning and meaning.kind then return steward_discard(view, options, seat) end
    return 1
  end

  Game.bots = { order = { "steward" }, steward = steward }

  -- Advice to bot:search: play rollouts at random. The steward plays one
  -- about four times slower, and at 100 ms a decision against three
  -- stewards the search won 26.8% of 400 games with steward rollouts and
  -- 34.5% of 400 with random ones (tabletop sim games/members_only.lua
  -- --players 4 --rotate -n 400 --seats bot:search:100ms,bot). Searching
  -- the steward's shortlist at 300 ms, steward rollouts make its bets worth
  -- departing for (given 300 iterations, BenchmarkDepartures), but a
  -- decision has about 40 iterations instead of 110, and the search won
  -- 33.0% of 400 with --seed 1 (bot:search:300ms:steward) where it won
  -- 36.6% with random rollouts: still random.
  Game.search = { rollout = "random" }
end
