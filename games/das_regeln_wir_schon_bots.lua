-- Das Regeln Wir Schon!: the bot, and the `notes` command. The rules are
-- das_regeln_wir_schon.lua, which ends with
-- require("das_regeln_wir_schon_bots")(Game): this file is a function of
-- the game's table, called once as the rules are loaded. It adds
-- Game.tools, Game.bots and Game.bot (the lobbyist's parts, for a variant's
-- bot to build on), and reads the rules through that table, as a variant
-- does: the cards' own functions (a variant's changed card counts as it
-- says, das_regeln_wir_schon_wortgeld.lua), Game.colours, and the score
-- context the cards are asked through (Game.score_context, Game.ScoreCtx).
--
-- "lobbyist" (the default): sees only its seat's view. It values everything
-- by an estimate of the standings if the chips were counted now (score pad
-- + chip points under the rules in force + the Incident Rules that look at
-- the count and the interim standings), as its own estimate minus the best
-- other one. It proposes the card that helps it most, votes for cards that
-- help it (more tiles when more is at stake; one tile when it leads, so the
-- scoring round comes), takes the chips worth most to it (and the last chip
-- of a colour only when that hurts the others more), predicts its estimated
-- place, and speaks when that pays (now and then, when it costs nothing).
-- das_regeln_wir_schon.md has its figures against random players.
--
-- The rules it leans on:
--  * [1.1] [1.2] [1.4] a card proposed, voted on and adopted: the rules in
--    force with it, the slot it may cover (Game.replaceable), and what
--    that does to the estimate; [1.2] a vote with one tile from everyone
--    begins the scoring round.
--  * [1.3] the handfuls of a payment, and a colour's last chip: everyone
--    returns that colour.
--  * [2] the count: the Scoring Rule, the Correction Rules' chip values and
--    bonuses, the Incident Rules that look at the count and at the interim
--    standings (places as Game.places gives them when nobody draws).
--  * [3] predictions (its estimated place), the next Scoring and
--    Prediction Rules, a listed colour (its best).
--  * Incident Rules about speaking (card.speak): it speaks when that pays.
--
-- What it works out is kept from one decision to the next. The engine keeps
-- a bot's view and gives it a new table only where what the table shows has
-- changed (a zone's card list, the chip pool, the score pad), so the same
-- table means the same facts: the rules in force, the chips and the pool are
-- read again only when their tables are new, and every estimate is kept by
-- what it depends on.

return function(Game)
  local COLOURS = Game.colours
  local ScoreCtx = Game.ScoreCtx

  -- A read-only helper for the REPL's `notes` command: your hand (numbered as
  -- `propose` counts) and the rules in force, with their texts.
  local function rules_tool(view)
    local lines = { "Your hand:" }
    for i, c in ipairs(view.mine.hand and view.mine.hand.cards or {}) do
      lines[#lines + 1] = string.format("  %d %s %s", i, c.label, c.text)
    end
    local predicted, listed
    for _, l in ipairs(view.log) do
      if l:match("^You predict") then predicted, listed = l, nil end
      if l:match("^You list") then listed = l end
    end
    lines[#lines + 1] = predicted
    lines[#lines + 1] = listed
    lines[#lines + 1] = "In force:"
    for _, name in ipairs({ "scoring rule", "prediction rule", "correction rules", "voting rules", "incident rules" }) do
      for _, c in ipairs(view.table[name] and view.table[name].cards or {}) do
        lines[#lines + 1] = string.format("  %s %s", c.label, c.text)
      end
    end
    return table.concat(lines, "\n")
  end
  Game.tools = { notes = rules_tool }

  local Bot = {}

  local function defs_of(zone)
    local out = {}
    for i, c in ipairs(zone and zone.cards or {}) do out[i] = Game.card_def(c.name) end
    return out
  end

  -- The view's tables the last answers were read from, and the answers.
  local seen = { rules_from = {} }

  -- The rules in force and the rules they would become with a card adopted
  -- (variants) have a key each (keys), by rules table; started afresh when
  -- the rules in force change. (The VM keeps every table a weak table holds,
  -- so these are forgotten by hand.)
  local by_rules = { keys = {}, variants = {} }

  -- What is worked out for a set of rules (how it counts, its last estimate)
  -- by its key, and score contexts by the key of the Correction Rules: kept
  -- when a variant comes into force, forgotten when there are many.
  local function fresh_by_key() return { counters = {}, contexts = {}, estimates = {}, n = 0 } end
  local by_key = fresh_by_key()

  local function names(list)
    local out = {}
    for i, c in ipairs(list) do out[i] = c.name end
    return table.concat(out, ",")
  end

  local function keys_of(rules)
    local keys = by_rules.keys[rules]
    if not keys then
      local correction = names(rules.correction)
      keys = { all = rules.scoring.name .. "|" .. correction .. "|" .. names(rules.incident), correction = correction }
      by_rules.keys[rules] = keys
    end
    return keys
  end

  local RULE_ZONES = { "scoring rule", "prediction rule", "correction rules", "voting rules", "incident rules" }

  -- The rules in force, read again when a rule zone's card list is new.
  function Bot.rules(view)
    local tb, from = view.table, seen.rules_from
    local same = seen.rules ~= nil
    for i = 1, #RULE_ZONES do
      local zone = tb[RULE_ZONES[i]]
      local cards = zone and zone.cards
      if from[i] ~= cards then same, from[i] = false, cards end
    end
    if same then return seen.rules end
    by_rules = { keys = {}, variants = {} }
    seen.rules = {
      scoring = defs_of(tb["scoring rule"])[1],
      prediction = defs_of(tb["prediction rule"])[1],
      correction = defs_of(tb["correction rules"]),
      voting = defs_of(tb["voting rules"]),
      incident = defs_of(tb["incident rules"]),
    }
    return seen.rules
  end

  -- Who holds which chips ({[seat] = {white =, purple =, yellow =, green =}}),
  -- read again when the pool's table is new.
  local NO_HELD = {}
  function Bot.chips(view)
    local pool = view.pools.chips
    if pool ~= nil and pool == seen.chips_from then return seen.chips end
    local held = pool and pool.held or NO_HELD
    local out = {}
    for s = 1, view.players do
      local h = held[s] or NO_HELD
      out[s] = { white = h.white or 0, purple = h.purple or 0, yellow = h.yellow or 0, green = h.green or 0 }
    end
    seen.chips_from, seen.chips = pool, out
    return out
  end

  -- What is left in the pool, read again when the pool's table is new.
  function Bot.supply(view)
    local pool = view.pools.chips
    if pool == seen.supply_from then return seen.supply end
    local sup = pool.supply
    local out = {}
    for _, col in ipairs(COLOURS) do out[col] = sup[col] or 0 end
    seen.supply_from, seen.supply = pool, out
    return out
  end

  -- The score pad's totals by seat.
  local NO_TOTALS = {}
  local function pad_totals(view)
    return view.pads.score and view.pads.score.totals or NO_TOTALS
  end

  -- Everyone lists his best colour when the Scoring Rule asks for one: the
  -- colour is worked out when a card asks for it, from the chips being
  -- counted.
  local function best_colour(c, s)
    local best, bp = COLOURS[1], -1
    for _, col in ipairs(COLOURS) do
      local p = c:points(s, col)
      if p > bp then best, bp = col, p end
    end
    return best
  end

  local LISTED_BY_BEST = { __index = function(listed, s)
    local c = rawget(listed, "of")
    if type(s) == "number" and s >= 1 and s <= c.players and s % 1 == 0 then return best_colour(c, s) end
  end }

  local function listed_by_best(c)
    return setmetatable({ of = c }, LISTED_BY_BEST)
  end

  -- The bot's score context: the game's, answering the questions every card
  -- asks (a seat's chips, their points, a colour's most and holders) from
  -- what it worked out when its chips were put in (BotCtx.put), once per count.
  local BotCtx = setmetatable({}, { __index = ScoreCtx })
  BotCtx.__index = BotCtx

  function BotCtx:put(chips)
    self.chips, self.most_of, self.holders_of, self.most_held = chips, nil, nil, nil
    local v, held, sums = self.value, self.held, self.sums
    local vw, vp, vy, vg = v.white, v.purple, v.yellow, v.green
    for s = 1, self.players do
      local h = chips[s]
      local w, p, y, g = h.white, h.purple, h.yellow, h.green
      held[s] = 0 + w + p + y + g
      sums[s] = 0 + w * vw + p * vp + y * vy + g * vg
    end
  end

  -- Only seat s of chips, for the cards that look at a seat's own chips: the
  -- other seats' sums are left unknown.
  function BotCtx:put_one(chips, s)
    self.chips, self.most_of, self.holders_of, self.most_held = chips, nil, nil, nil
    local v, held, sums = self.value, self.held, self.sums
    for q = 1, self.players do held[q], sums[q] = nil, nil end
    local h = chips[s]
    local w, p, y, g = h.white, h.purple, h.yellow, h.green
    held[s] = 0 + w + p + y + g
    sums[s] = 0 + w * v.white + p * v.purple + y * v.yellow + g * v.green
  end

  function BotCtx:total(s) return self.held[s] or ScoreCtx.total(self, s) end
  function BotCtx:sum(s) return self.sums[s] or ScoreCtx.sum(self, s) end

  function BotCtx:points(s, col)
    if not col then return 0 end
    local h = self.chips[s]
    return ((h and h[col]) or 0) * self.value[col]
  end

  -- The bonuses of the Correction Rules, in their order (bonus_of: their
  -- functions, listed once per context).
  function BotCtx:bonus(s)
    local b, bonus_of = 0, self.bonus_of
    for i = 1, #bonus_of do b = b + bonus_of[i](self, s) end
    return b
  end

  -- The cards whose points for a seat look at that seat's chips only (S7,
  -- C16 and I8 look at everyone's), known by the functions they had when the
  -- script was loaded: a card given another function by a variant is taken
  -- to look at everyone's.
  local OWN_CHIPS = {}
  for _, name in ipairs({ "S1", "S2", "S3", "S4", "S5", "S6", "C13", "C14", "C15", "I5", "I10" }) do
    local def = Game.card_def(name)
    OWN_CHIPS[def.score or def.bonus or def.count] = true
  end

  -- Whether, under rules, a seat's chip points, bonus and count incidents
  -- depend on its own chips only (and are whole numbers, so that adding them
  -- up first gives the same sum).
  local function by_own_chips(rules, value)
    for _, col in ipairs(COLOURS) do
      if value[col] % 1 ~= 0 then return false end
    end
    if not OWN_CHIPS[rules.scoring.score] then return false end
    for _, card in ipairs(rules.correction) do
      if card.bonus and not OWN_CHIPS[card.bonus] then return false end
    end
    for _, card in ipairs(rules.incident) do
      if card.count and not OWN_CHIPS[card.count] then return false end
    end
    return true
  end

  -- The score context of a set of Correction Rules (their chip values and
  -- bonuses), made once; each count puts its chips in.
  local function context_of(rules, n, key)
    local c = by_key.contexts[key]
    if not c then
      c = setmetatable(Game.score_context({}, rules.correction, nil, n), BotCtx)
      c.listed, c.held, c.sums, c.bonus_of = listed_by_best(c), {}, {}, {}
      for _, card in ipairs(rules.correction) do
        if card.bonus then c.bonus_of[#c.bonus_of + 1] = card.bonus end
      end
      by_key.contexts[key] = c
    end
    return c
  end

  -- How a set of rules counts: its score context (c), and when the rules
  -- look at each seat's own chips only, what a seat's chips are worth, kept
  -- by those chips (own).
  local function counter_of(rules, n)
    local keys = keys_of(rules)
    local k = by_key.counters[keys.all]
    if not k then
      if by_key.n >= 200 then by_key = fresh_by_key() end
      local c = context_of(rules, n, keys.correction)
      k = { c = c, own = by_own_chips(rules, c.value) and {} or nil, n_own = 0 }
      by_key.counters[keys.all], by_key.n = k, by_key.n + 1
    end
    return k
  end

  -- The place of seat among the estimates: higher first, a tie to the lower
  -- seat (the order Game.places gives when nobody draws).
  local function place_of(est, seat, n)
    local p = 1
    for s = 1, n do
      if s ~= seat and (est[s] > est[seat] or (est[s] == est[seat] and s < seat)) then p = p + 1 end
    end
    return p
  end

  -- The count the Incident Rules see: nobody has spoken.
  local NO_SPEECH = { spoke = {} }

  -- A seat's chips as a key: a number while each count is below 256 (below
  -- zero: the VM would keep a large positive one in the table's array part,
  -- filling the gap below it).
  local function chips_row_key(h)
    local w, p, y, g = h.white, h.purple, h.yellow, h.green
    if w < 256 and p < 256 and y < 256 and g < 256 then return -1 - (((w * 256 + p) * 256 + y) * 256 + g) end
    return w .. ":" .. p .. ":" .. y .. ":" .. g
  end

  -- What seat's chips score under the rules of c, with what the Incident
  -- Rules of the count give.
  local function seat_count(c, rules, s)
    local pts, bonus = rules.scoring.score(c, s)
    local sum = pts + bonus
    local incident = rules.incident
    for i = 1, #incident do
      local count = incident[i].count
      if count then sum = sum + count(c, s, NO_SPEECH) end
    end
    return sum
  end

  -- What seat's chips in chips are worth, when each seat's count depends on
  -- its own chips only: kept by those chips.
  local function own_worth(k, rules, chips, s)
    local key = chips_row_key(chips[s])
    local worth = k.own[key]
    if not worth then
      k.c:put_one(chips, s)
      worth = seat_count(k.c, rules, s)
      if k.n_own >= 1000 then k.own, k.n_own = {}, 0 end
      k.own[key], k.n_own = worth, k.n_own + 1
    end
    return worth
  end

  -- The count before the interim standings into est, when each seat's count
  -- depends on its own chips only.
  local function count_by_own(k, rules, totals, chips, n, est)
    for s = 1, n do est[s] = (totals[s] or 0) + own_worth(k, rules, chips, s) end
  end

  -- The count before the interim standings into est, seat by seat.
  local function count_all(c, rules, totals, chips, n, est)
    c:put(chips)
    local score, incident = rules.scoring.score, rules.incident
    for s = 1, n do
      local pts, bonus = score(c, s)
      local e = (totals[s] or 0) + pts + bonus
      for i = 1, #incident do
        local count = incident[i].count
        if count then e = e + count(c, s, NO_SPEECH) end
      end
      est[s] = e
    end
  end

  -- The standings from est, the count before the interim standings: places
  -- (the interim standings) and out (after the Incident Rules that look at
  -- them).
  local function standings(rules, est, n, out, places)
    local incident = rules.incident
    for s = 1, n do places[s] = 1 end
    for s = 1, n - 1 do -- place_of for every seat: the higher estimate, or the lower seat, goes first
      for q = s + 1, n do
        if est[s] >= est[q] then places[q] = places[q] + 1 else places[s] = places[s] + 1 end
      end
    end
    for s = 1, n do
      local e = est[s]
      for i = 1, #incident do
        local interim = incident[i].interim
        if interim then e = e + interim(places[s], n) end
      end
      out[s] = e
    end
  end

  -- The standings if chips were counted now under rules, into out and places
  -- (est: the count before the interim standings).
  local function count_now(k, rules, totals, chips, n, est, out, places)
    if k.own then count_by_own(k, rules, totals, chips, n, est)
    else count_all(k.c, rules, totals, chips, n, est) end
    standings(rules, est, n, out, places)
  end

  local counted = {} -- the count before the interim standings, worked out in place

  function Bot.work_out(view, rules, chips)
    local out, places = {}, {}
    count_now(counter_of(rules, view.players), rules, pad_totals(view), chips, view.players, counted, out, places)
    return out, places
  end

  -- The standings if the chips were counted now, and the places they give.
  -- The last estimate under each rules is kept with the view's chips and
  -- score pad it was made from (the same tables mean the same facts): a
  -- decision asks for many, often the same, and so do the decisions after it
  -- until something changes.
  function Bot.estimate(view, rules, chips)
    local totals, key = pad_totals(view), keys_of(rules).all
    local kept = chips == seen.chips and by_key.estimates[key]
    if kept and kept.chips == chips and kept.totals == totals then return kept.out, kept.places end
    local out, places = Bot.work_out(view, rules, chips)
    if chips == seen.chips then
      by_key.estimates[key] = { chips = chips, totals = totals, out = out, places = places }
    end
    return out, places
  end

  -- How good est is for seat: its lead over the best other player, plus half
  -- its own points (so it does not burn its own chips to hurt a rival).
  function Bot.rel(est, seat)
    local best = -math.huge
    for s = 1, #est do
      local v = est[s]
      if s ~= seat and v > best then best = v end
    end
    return est[seat] - best + 0.5 * est[seat]
  end

  -- The rules with card in force (covering slot for the types with two),
  -- made once for each rules, card and slot.
  local TWO_IN_FORCE = { "correction", "voting", "incident" }
  local function variants_of(rules, card)
    local by_card = by_rules.variants[rules]
    if not by_card then by_card = {}; by_rules.variants[rules] = by_card end
    local by_slot = by_card[card]
    if not by_slot then by_slot = {}; by_card[card] = by_slot end
    return by_slot
  end

  local function with_card(rules, card, slot)
    local by_slot = variants_of(rules, card)
    local r = by_slot[slot or 0]
    if r then return r end
    r = { scoring = rules.scoring, prediction = rules.prediction }
    for k = 1, #TWO_IN_FORCE do
      local kind = TWO_IN_FORCE[k]
      local from, to = rules[kind], {}
      for i = 1, #from do to[i] = from[i] end
      r[kind] = to
    end
    if card.kind == "scoring" or card.kind == "prediction" then
      r[card.kind] = card
    else
      r[card.kind][slot] = card
    end
    by_slot[slot or 0] = r
    return r
  end

  -- The slots card may cover under rules, worked out once for each.
  local function slots_for(rules, card)
    local by_slot = variants_of(rules, card)
    if not by_slot.slots then by_slot.slots = Game.replaceable(rules[card.kind], card) end
    return by_slot.slots
  end

  -- The gain for seat if card is adopted, the slot picked by chooser.
  function Bot.gain(view, rules, chips, card, seat, chooser)
    local base = Bot.rel((Bot.estimate(view, rules, chips)), seat)
    local slots = slots_for(rules, card)
    local best_slot, best_v = slots[1], -math.huge
    for _, slot in ipairs(slots) do
      local v = Bot.rel((Bot.estimate(view, with_card(rules, card, slot), chips)), chooser)
      if v > best_v then best_slot, best_v = slot, v end
    end
    local after = Bot.rel((Bot.estimate(view, with_card(rules, card, best_slot), chips)), seat)
    return after - base, best_slot
  end

  -- What speaking now would be worth (points; a chip counts as 1.5).
  function Bot.speech_value(view, rules)
    local scoring = view.facts.phase == "scoring"
    local first = scoring and view.facts["first word"] == nil or (not scoring and view.facts.icebreaker == nil)
    local value = 0
    for _, card in ipairs(rules.incident) do
      if card.speak then
        local e = card.speak({ seat = view.seat, scoring = scoring, first = first, text = Game.remark })
        if e then value = value + (e.points or 0) + 1.5 * (e.chips or 0) end
      end
      if card.count and card.name == "I5" then value = value - 5 end
    end
    return value
  end

  function Bot.wants_to_speak(view, rules)
    local v = Bot.speech_value(view, rules)
    return v > 0 or (v == 0 and math.random() < 0.05)
  end

  local function handful(o) return o.white + o.purple + o.yellow + o.green end

  -- The chips everyone holds after seat takes o, in after, which holds
  -- chips already for the seats other than seat (a colour's last chip makes
  -- everyone return that colour; restore puts those back). Also whether a
  -- colour came back.
  local function after_take(after, chips, players, seat, o, supply)
    local mine, from = after[seat], chips[seat]
    mine.white, mine.purple, mine.yellow, mine.green =
      from.white + o.white, from.purple + o.purple, from.yellow + o.yellow, from.green + o.green
    local returned = false
    for i = 1, #COLOURS do
      local col = COLOURS[i]
      local k = o[col]
      if k > 0 and k >= supply[col] then
        for s = 1, players do after[s][col] = 0 end
        returned = true
      end
    end
    return after, returned
  end

  local function restore(after, chips, players, o, supply)
    for i = 1, #COLOURS do
      local col = COLOURS[i]
      local k = o[col]
      if k > 0 and k >= supply[col] then
        for s = 1, players do after[s][col] = chips[s][col] end
      end
    end
  end

  -- Rows of chips to try handfuls on, kept from one decision to the next.
  local trial = {}

  local function copy_chips(chips, players)
    for s = 1, players do
      local h, row = chips[s], trial[s]
      if not row then row = {}; trial[s] = row end
      row.white, row.purple, row.yellow, row.green = h.white, h.purple, h.yellow, h.green
    end
    return trial
  end

  -- The handful worth most. A handful that ends with a colour's last chip is
  -- followed by the rest of the payment, valued as if taken in the best colour.
  -- (Each handful's estimate is worked out afresh: they all differ.) When
  -- each seat's count depends on its own chips only, a handful that returns
  -- no colour changes seat's count alone: the others' stay as they are now
  -- (others), and the value is kept by seat's count (by_count).
  function Bot.take(view, handfuls, seat, rules, chips)
    local supply, n, totals = Bot.supply(view), view.players, pad_totals(view)
    local est, out, places = {}, {}, {}
    local k = counter_of(rules, n)
    local function value(after)
      count_now(k, rules, totals, after, n, est, out, places)
      return Bot.rel(out, seat) + 0.01 * out[seat]
    end
    local others, by_count
    if k.own then
      others, by_count = {}, {}
      count_by_own(k, rules, totals, chips, n, others)
    end
    local function value_alone(after)
      local x = (totals[seat] or 0) + own_worth(k, rules, after, seat)
      local v = by_count[-1 - x] -- (below zero: in the table's hash part)
      if v == nil then
        for q = 1, n do est[q] = others[q] end
        est[seat] = x
        standings(rules, est, n, out, places)
        v = Bot.rel(out, seat) + 0.01 * out[seat]
        by_count[-1 - x] = v
      end
      return v
    end
    local due = 0
    for _, o in ipairs(handfuls) do due = math.max(due, handful(o)) end
    local trial = copy_chips(chips, n)
    local best_i, best_v = 1, -math.huge
    for i = 1, #handfuls do
      local o = handfuls[i]
      local after, returned = after_take(trial, chips, n, seat, o, supply)
      local rest, v = due - handful(o), nil
      if rest > 0 then
        v = -math.huge
        local mine = after[seat]
        for c = 1, #COLOURS do
          local col = COLOURS[c]
          mine[col] = mine[col] + rest
          v = math.max(v, value(after))
          mine[col] = mine[col] - rest
        end
      elseif by_count and not returned then
        v = value_alone(after)
      else
        v = value(after)
      end
      if returned then restore(trial, chips, n, o, supply) end
      if v > best_v then best_i, best_v = i, v end
    end
    return best_i
  end

  -- The index of the first value with the fields of want.
  local function find(values, want)
    for i, v in ipairs(values) do
      local all = true
      for k, x in pairs(want) do
        if v[k] ~= x then all = false end
      end
      if all then return i end
    end
    return 1
  end

  local function lobbyist(view, options, seat)
    if #options == 1 then return 1 end
    local values = view.values
    local first = values[1]
    local rules = Bot.rules(view)
    local chips = Bot.chips(view)
    local n = view.players

    if first.white then return Bot.take(view, values, seat, rules, chips) end

    if first.value then -- a prediction: a place, or a player
      local est = Bot.estimate(view, rules, chips)
      if rules.prediction.ask == "player" then
        local target = rules.prediction.name == "P4" and n or 1
        for s = 1, n do
          if place_of(est, s, n) == target then return find(values, { value = s }) end
        end
        return 1
      end
      return find(values, { value = place_of(est, seat, n) })
    end

    if first.colour then
      local c = Game.score_context(chips, rules.correction, nil, n)
      local best, bp = 1, -1
      for i, v in ipairs(values) do
        if c:points(seat, v.colour) > bp then best, bp = i, c:points(seat, v.colour) end
      end
      return best
    end

    if first.card and first.card.kind == "scoring" then -- the next Scoring Rule
      local best_i, best_v = 1, -math.huge
      for i, v in ipairs(values) do
        local score = Bot.rel((Bot.estimate(view, with_card(rules, Game.card_def(v.card.name)), chips)), seat)
        if score > best_v then best_i, best_v = i, score end
      end
      return best_i
    end

    if first.card and first.card.kind == "prediction" then -- the next Prediction Rule
      local place = place_of(Bot.estimate(view, rules, chips), seat, n)
      local worth = { P1 = 15, P2 = 12, P3 = 8, P4 = 8, P5 = 5 * place }
      local best_i, best_v = 1, -math.huge
      for i, v in ipairs(values) do
        local score = worth[v.card.name] or 0
        if score > best_v then best_i, best_v = i, score end
      end
      return best_i
    end

    if first.card then -- a card to propose
      local best_i, best_v = 1, -math.huge
      for i, v in ipairs(values) do
        local gain = Bot.gain(view, rules, chips, Game.card_def(v.card.name), seat, seat)
        if gain > best_v then best_i, best_v = i, gain end
      end
      return best_i
    end

    if first.vote then
      local ballot = view.table.ballot.cards[1]
      local active = view.facts.turn or seat
      local gain = Bot.gain(view, rules, chips, Game.card_def(ballot.name), seat, active)
      local side = gain > 0 and "yes" or "no"
      if gain == 0 then side = (active == seat) and "yes" or "no" end
      local avail = 1
      for _, v in ipairs(values) do
        if v.vote == "yes" and v.tiles > avail then avail = v.tiles end
      end
      local lead = Bot.rel((Bot.estimate(view, rules, chips)), seat)
      local k = 1
      if math.abs(gain) >= 4 then k = 2 end
      if math.abs(gain) >= 12 then k = 3 end
      if lead < 0 then k = math.max(k, 2) end -- behind: keep the scoring round away
      if lead > 0 and math.abs(gain) < 12 then k = 1 end
      k = math.min(k, avail)
      for _, card in ipairs(rules.incident) do
        if card.name == "I7" then k = math.min(k, 2) end
      end
      return find(values, { vote = side, tiles = k, remark = Bot.wants_to_speak(view, rules) })
    end

    if first.adopt ~= nil then
      local ballot = view.table.ballot.cards[1]
      local gain = Bot.gain(view, rules, chips, Game.card_def(ballot.name), seat, seat)
      return find(values, { adopt = gain >= 0 })
    end

    if first.slot then -- which rule the adopted card replaces
      local ballot = Game.card_def(view.table.ballot.cards[1].name)
      local best_i, best_v = 1, -math.huge
      for i, v in ipairs(values) do
        local score = Bot.rel((Bot.estimate(view, with_card(rules, ballot, v.slot), chips)), seat)
        if score > best_v then best_i, best_v = i, score end
      end
      return best_i
    end

    if values[#values].remark then -- the count: say something or not
      return find(values, { remark = Bot.wants_to_speak(view, rules) or nil })
    end

    return math.random(#options)
  end

  Bot.lobbyist = lobbyist
  Game.bot = Bot
  Game.bots = { lobbyist = lobbyist }
end
