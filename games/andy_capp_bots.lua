-- Andy Capp: the bot. The rules are andy_capp.lua, which ends with
-- require("andy_capp_bots")(Game): this file is a function of the game's
-- table, called once as the rules are loaded, and it adds Game.bots. It
-- reads the rules through that table, as a variant does, and the options
-- it is offered are the rules' own tables (a tray's values, a Flo's victim
-- and tray, the tray at stake in a quarrel), so a variant that offers more
-- (andy_capp_thirsty.lua: a Drink of another player's tray) is played too.
--
-- "regular" (the default): never sees more than its seat's view. It
-- builds big trays and drinks them (sooner when it holds several Drinks or
-- the stock runs low), steals and closes the biggest trays of others,
-- answers a Flo when the tray is worth a Fight, and once the stock is out
-- plays its hand out fast when it leads the round, or drinks what it has.
--
-- The rules it leans on:
--  * [The Beer Cards] a tray's worth is the sum of its values (Game.sum);
--    new trays and cards added to one's own.
--  * [Drink] only what is drunk scores: it drinks a big tray, or any tray
--    once the stock runs low; what each seat drank this round is read from
--    the drink events ([The Game End]: a round scores what was drunk).
--  * [Flo], [Closing Time] another player's tray: stolen, or closed.
--  * [The Brawl], [Loan] answers out of turn: a Fight for a tray worth
--    fighting for, or against a Loan with Fights to spare; a Landlord for
--    a big tray.
--  * [The Game End] once the stock is out, the leader plays out fast.

local scores = require "scores"

return function(Game)
  -- What the bot has read so far in this game: the beer each seat has drunk
  -- this round (from the drink events), and each tray zone's number and
  -- values (a zone's card list stays the same table until the zone changes:
  -- values_of[zone] holds for the list cards_of[zone]).
  local known

  local function catch_up(view)
    if not known or known.view ~= view then -- a new game
      known = { view = view, read = 0, drunk = {}, slot = {}, cards_of = {}, values_of = {} }
    end
    local events = view.events
    for i = known.read + 1, #events do
      local e = events[i]
      if e.kind == "round" then
        known.drunk = {}
      elseif e.kind == "drink" then
        known.drunk[e.seat] = (known.drunk[e.seat] or 0) + e.value
      end
    end
    known.read = #events
  end

  -- The values of a tray zone of the view.
  local function tray_values(zone)
    local cards = zone.cards
    if known.cards_of[zone] == cards then return known.values_of[zone] end
    local values = {}
    for i = 1, #cards do values[i] = cards[i].value end
    known.cards_of[zone], known.values_of[zone] = cards, values
    return values
  end

  -- What the view says: trays by seat and number, the hand, the stock, the
  -- beer each seat has drunk this round, and who leads.
  local function read_view(view)
    catch_up(view)
    local r = { trays = {}, drunk = {}, nd = 0, nf = 0, nl = 0 }
    for s = 1, view.players do
      r.trays[s] = {}
      r.drunk[s] = known.drunk[s] or 0
    end
    local zones, slots = view.zones, known.slot
    for i = 1, #zones do
      local zone = zones[i]
      local slot = slots[zone]
      if slot == nil then
        slot = tonumber(zone.name:match("^tray (%d+)$")) or false
        if slot and zone.owner == 0 then slot = false end
        slots[zone] = slot
      end
      if slot then r.trays[zone.owner][slot] = tray_values(zone) end
    end
    r.hand = view.mine.hand and view.mine.hand.cards or {}
    local hand = r.hand
    for i = 1, #hand do
      local kind = hand[i].kind
      if kind == "drink" then r.nd = r.nd + 1 end
      if kind == "fight" then r.nf = r.nf + 1 end
      if kind == "landlord" then r.nl = r.nl + 1 end
    end
    r.stock = view.table.stock and view.table.stock.count or 0
    r.leader = 1
    for s = 2, view.players do
      if r.drunk[s] > r.drunk[r.leader] then r.leader = s end
    end
    return r
  end

  local function tray_value(r, seat, slot)
    local t = r.trays[seat] and r.trays[seat][slot]
    return t and Game.sum(t) or 0
  end

  -- An answer out of turn: fight, landlord or pass. The answers offered carry
  -- the tray at stake in a Flo quarrel; a Loan quarrel has none.
  local function answer(values, seat, r)
    local can, stake = {}, nil
    for i, v in ipairs(values) do
      if v == "pass" then
        can.pass = i
      else
        can[v.kind], stake = i, v.stake
      end
    end
    if stake then
      -- A Flo quarrel: the tray is worth v.
      local v, mine = tray_value(r, stake.owner, stake.slot), stake.owner == seat
      if can.fight and v >= (mine and 6 or 9) - (r.nf >= 2 and 2 or 0) then return can.fight end
      if can.landlord and v >= 12 then return can.landlord end
      return can.pass
    end
    -- A Loan quarrel: resist only with Fights to spare.
    if can.fight and r.nf >= 2 then return can.fight end
    return can.pass
  end

  -- How good playing the option is (its value: the table the game offered).
  local function score_option(o, seat, r)
    local kind = o.kind
    local late = r.stock <= 8
    local leading = r.leader == seat or r.drunk[seat] >= r.drunk[r.leader]
    local out_bonus = (r.stock == 0 and leading) and 4 or 0
    if kind == "tray" then
      local vs = o.values
      return Game.sum(vs) * 0.25 + #vs * (1 + out_bonus) + (r.nd > 0 and Game.sum(vs) * 0.15 or 0)
    elseif kind == "add" then
      local vs = o.values
      local total = tray_value(r, seat, o.slot) + Game.sum(vs)
      return Game.sum(vs) * 0.5 + #vs * (1 + out_bonus) + (r.nd > 0 and total * 0.2 or 0)
    elseif kind == "drink" then
      if not o.slot then return -15 end
      -- One's own tray, or another's where a variant allows it.
      local owner = o.owner or seat
      local v = tray_value(r, owner, o.slot)
      if owner ~= seat then v = v * 1.3 end -- and its owner loses it
      local threshold = 13
      if r.nd >= 2 then threshold = 9 end
      if late then threshold = 0 end
      if v >= threshold then return 20 + v end
      return v - threshold
    elseif kind == "loan" then
      return 4
    elseif kind == "flo" then
      if not o.victim then return -15 end
      local x = tray_value(r, o.victim, o.slot)
      local score = x * 0.8
      if o.merge then
        local y = tray_value(r, seat, o.merge)
        score = score + (r.nd > 0 and 0.3 * y or 0.1 * y)
      end
      if #o.values > 0 then
        score = score + Game.sum(o.values) * 0.5 + #o.values * (1 + out_bonus)
      end
      if o.victim == r.leader then score = score + x * 0.2 end
      return score - 3
    elseif kind == "landlord" then
      if not o.victim then return -15 end
      local x = tray_value(r, o.victim, o.slot)
      return x * 0.6 + (o.victim == r.leader and 2 or 0) - 2
    elseif kind == "fight" then
      return -20 + out_bonus
    end
    return 0
  end

  -- A turn plays the option that scores best, and names the next best
  -- after it, ties in the order offered (scores.best_first): the shortlist
  -- bot:search reads, so that the few games it imagines a decision go to
  -- the options worth weighing. Six: its choice and the five the search
  -- weighs beside it by default (bot:search:shortlist=N reads no more than
  -- these). An answer names none: it has three options at most, all
  -- searched.
  local SHORTLIST = 6
  local function regular(view, options, seat)
    if #options == 1 then return 1 end
    local r = read_view(view)
    local values = view.values
    if values[#values] == "pass" then return answer(values, seat, r) end
    local best_i, best, by = 1, -math.huge, {}
    for i = 1, #values do
      local sc = score_option(values[i], seat, r)
      by[i] = sc
      if sc > best then best_i, best = i, sc end
    end
    return best_i, scores.best_first(by, SHORTLIST)
  end

  Game.bots = { regular = regular, order = { "regular" } }

  -- For the search bot: where each seat stands in the middle of a round, in
  -- beer (andy_capp.lua hands it to t:estimate). What a seat has drunk
  -- scores at the round's end [The Game End]; a tray still on the table
  -- scores only if it is drunk before the round ends and nobody steals or
  -- closes it first [Drink], [Flo], [Closing Time]: TRAY_WORTH of its beer.
  -- (Over 150 games of four regular bots, beer on a tray ends the round
  -- drunk by its owner 29% of the time; yet with 0.3 here the search won
  -- 23.75% of 400 games against 30.5% of 267 with 0.5 — the 400 also had
  -- a change to the search's dealing since undone, so 0.3 alone is
  -- unmeasured.)
  -- With it the search plays each imagined game on for search.steps
  -- decisions — about two turns round the table — instead of to the
  -- round's end, and so imagines many more of them.
  local TRAY_WORTH = 0.5
  Game.search = { steps = 12 }
  function Game.standing(t, z)
    local out = {}
    for _, s in ipairs(t:seats()) do
      local beer = 0
      for _, c in ipairs(z.drunk[s]:cards()) do beer = beer + c.value end
      for _, tray in ipairs(Game.trays_of(z, s)) do
        for _, c in ipairs(tray.zone:cards()) do beer = beer + TRAY_WORTH * c.value end
      end
      out[s] = beer
    end
    return out
  end
end
