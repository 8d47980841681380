-- Haven't a Cluedo: the bot, and the deduction notebook it keeps, which the
-- `notes` command shows a person at the table. The rules are cluedo.lua,
-- which ends with require("cluedo_bots")(Game): this file is a function of
-- the game's table, called once as the rules are loaded. It adds the
-- notebook (Game.knowledge, Game.deduce, Game.holder, Game.may,
-- Game.places, Game.notes_text, Game.cast_of), Game.tools, Game.bots and
-- Game.search, and reads the rules through that table, as a variant does.
--
-- "detective" (the default) keeps the notebook, walks to the rooms it
-- still needs (by path distance on the board), suggests what it knows least
-- about, and names the envelope as soon as it is sure and stands in its
-- room. It shows a card it has shown the same player before when it can.
--
-- The rules it leans on:
--  * [1] the characters: it takes whichever the others leave
--    (`choose any`), and finds its own by the seat's character
--    (view.facts.cast, Game.cast_of), never by a name.
--  * [2] the cards (Game.cards, Game.persons, Game.articles): one of each
--    kind in the envelope, the rest dealt out, so each seat holds as many
--    as its hand shows.
--  * [3] [8] moving: a roll, a secret passage (which it counts as about
--    four steps), or staying in a room worth a suggestion.
--  * [4] [5] [6] [9] suggestions and their answers, from the public
--    history in view.events: who could not show (he holds none of the
--    three), who showed (he holds one of them), nobody (the suggester
--    holds one); the cards shown to it. [9] a suggestion nobody can show,
--    of cards the suggester does not hold, wins: so once it is sure of the
--    person and the article it names them in a room that may be the
--    envelope's.

local holders = require "holders"

return function(Game)
  -- The characters by seat in a view (from the fact Game.note_cast gives
  -- with its note), made once a game; nil while they are being chosen.
  local CAST_OF = {}
  function Game.cast_of(view)
    local fact = view.facts.cast
    if not fact then return nil end
    local cast = CAST_OF[fact]
    if not cast then
      cast = {}
      for name in fact:gmatch("[^,]+") do cast[#cast + 1] = name end
      CAST_OF[fact] = cast
    end
    return cast
  end

  -- The deduction notebook -------------------------------------------------
  -- Constraint reasoning over who may hold each card, from what one seat's
  -- view holds: its own hand, the cards shown to it, how many cards each
  -- player holds, and every public answer: "X could not show for {A,B,C}"
  -- (X holds none of them), "X showed a card for {A,B,C}" (X holds at least
  -- one), "nobody showed and the suggester did nothing" (he holds at least
  -- one). Each card lies in exactly one place: a seat or the envelope (place
  -- 0), which holds one card of each kind. The reasoning itself is the
  -- engine's card-holder solver (require "holders"): it applies these facts
  -- until nothing changes, then tries every remaining possibility and drops
  -- those that lead to a contradiction.

  local ENVELOPE = 0

  -- Card numbers by name, and the card numbers of each kind.
  local INDEX, KIND_CARDS = {}, {}
  for i, def in ipairs(Game.cards) do INDEX[def.name] = i end
  for _, kind in ipairs({ "person", "room", "article" }) do
    local list = {}
    for i, def in ipairs(Game.cards) do
      if def.kind == kind then list[#list + 1] = i end
    end
    KIND_CARDS[#KIND_CARDS + 1] = list
  end

  -- knowledge gathers what the notebook needs from a bot's view.
  function Game.knowledge(view)
    local k = { me = view.seat, players = view.players, count = {}, held = {}, clauses = {}, passes = {} }
    for s = 1, view.players do
      local hand = view.seats[s] and view.seats[s].hand
      k.count[s] = hand and hand.count or 0
      for _, c in ipairs(hand and hand.cards or {}) do k.held[c.name] = s end
    end
    for _, e in ipairs(view.events) do
      if e.kind == "pass" then
        k.passes[#k.passes + 1] = { seat = e.seat, cards = e.cards }
      elseif e.kind == "showed" or e.kind == "nobody" then
        k.clauses[#k.clauses + 1] = { seat = e.seat, cards = e.cards, text = e.text }
      elseif e.kind == "shown" then
        k.held[e.card] = e.seat
      end
    end
    return k
  end

  -- A notebook before any answer: a seat holds as many cards as it was
  -- dealt [2], the envelope one card of each kind.
  local function blank_notebook(players, count)
    local h = holders.new(#Game.cards, players)
    for s = 1, players do h:exactly(s, count[s]) end
    for _, list in ipairs(KIND_CARDS) do h:exactly(ENVELOPE, 1, list) end
    return h
  end

  local function numbers(names)
    local list = {}
    for i, name in ipairs(names) do list[i] = INDEX[name] end
    return list
  end

  -- One answer in the notebook: who could not show, who showed a card (or
  -- nobody did, and the suggester holds one), a card shown to me.
  local function note_event(h, e)
    if e.kind == "pass" then
      for _, name in ipairs(e.cards) do h:lacks(INDEX[name], e.seat) end
    elseif e.kind == "showed" or e.kind == "nobody" then
      h:some(e.seat, numbers(e.cards))
    elseif e.kind == "shown" then
      h:holds(INDEX[e.card], e.seat)
    end
  end

  -- read returns the notebook as the bots and the notes read it: the
  -- solver h (read with Game.may, Game.places and Game.holder), and for each
  -- kind the envelope's candidates and, once there is one, its card.
  local function read(h, n)
    local nb = { h = h, envelope = {}, solved = {}, players = n }
    for _, kind in ipairs({ "person", "room", "article" }) do
      local list = {}
      for i, def in ipairs(Game.cards) do
        if def.kind == kind and h:may(i, ENVELOPE) then list[#list + 1] = def.name end
      end
      nb.envelope[kind] = list
      if #list == 1 then nb.solved[kind] = list[1] end
    end
    return nb
  end

  -- deduce returns the notebook of knowledge k (see Game.knowledge); nil if
  -- the facts contradict each other.
  function Game.deduce(k)
    local h = blank_notebook(k.players, k.count)
    -- My own hand, and cards seen: what I hold is mine, what I don't is not.
    for i, def in ipairs(Game.cards) do
      if k.held[def.name] then h:holds(i, k.held[def.name]) else h:lacks(i, k.me) end
    end
    for _, pass in ipairs(k.passes) do
      for _, name in ipairs(pass.cards) do h:lacks(INDEX[name], pass.seat) end
    end
    for _, cl in ipairs(k.clauses) do h:some(cl.seat, numbers(cl.cards)) end
    if not h:solve() then return nil end
    return read(h, k.players)
  end

  -- holder returns where the notebook places a card: a seat, ENVELOPE (0),
  -- or nil while it is open.
  function Game.holder(nb, name) return nb.h:holder(INDEX[name]) end

  -- may: may the card lie in place (a seat, or ENVELOPE)?
  function Game.may(nb, name, place) return nb.h:may(INDEX[name], place) end

  -- places: in how many places the card may still lie.
  function Game.places(nb, name) return nb.h:places(INDEX[name]) end

  -- notes_text renders the notebook for a person at the table.
  function Game.notes_text(view, seat)
    local cast = Game.cast_of(view)
    if not cast then return "The notebook opens once everyone has a character." end
    local k = Game.knowledge(view)
    local nb = Game.deduce(k)
    if not nb then return "The notebook finds a contradiction in what it was told." end
    local head = string.format("%-16s", "NOTEBOOK")
    for s = 1, view.players do head = head .. " " .. Game.by_name[cast[s]].glyph end
    local lines = { head .. "  envelope" }
    for _, l in ipairs(Game.column_key(view.names, cast, 76)) do lines[#lines + 1] = l end
    local section
    for _, def in ipairs(Game.cards) do
      if def.kind ~= section then
        section = def.kind
        lines[#lines + 1] = section .. "s"
      end
      local row = string.format("  %-14s", def.name)
      for s = 1, view.players do
        local m = "?"
        if not Game.may(nb, def.name, s) then m = "-" elseif Game.places(nb, def.name) == 1 then m = "*" end
        row = row .. " " .. m
      end
      local env = "   no"
      if Game.may(nb, def.name, ENVELOPE) then env = Game.places(nb, def.name) == 1 and "   YES" or "   maybe" end
      lines[#lines + 1] = row .. env
    end
    lines[#lines + 1] = "* holds it   - cannot hold it   ? not known yet"
    local parts = {}
    for _, kind in ipairs({ "person", "room", "article" }) do
      local c = nb.envelope[kind]
      if #c == 1 then
        parts[#parts + 1] = kind .. ": " .. c[1]
      else
        parts[#parts + 1] = kind .. ": one of " .. table.concat(c, ", ")
      end
    end
    lines[#lines + 1] = "The envelope holds " .. table.concat(parts, "; ") .. "."
    -- Open questions: who showed a card we have not pinned down.
    local open = {}
    for _, cl in ipairs(k.clauses) do
      if cl.seat ~= view.seat then
        local cand, done = {}, false
        for _, name in ipairs(cl.cards) do
          if Game.may(nb, name, cl.seat) then
            if Game.places(nb, name) == 1 then done = true end
            cand[#cand + 1] = name
          end
        end
        if not done and #cand > 1 then
          open[#open + 1] = "  " .. view.names[cl.seat] .. " holds " .. table.concat(cand, " or ")
        end
      end
    end
    if #open > 0 then
      lines[#lines + 1] = "Still open:"
      for i = math.max(1, #open - 5), #open do lines[#lines + 1] = open[i] end
    end
    return table.concat(lines, "\n")
  end

  Game.tools = { notes = Game.notes_text }

  -- The bot ("detective", see the top) -------------------------------------

  -- The detective's notebook grows with the game: it is started from the
  -- seat's hand and the hands' sizes when the view is new (a new game, an
  -- undo), and each decision adds only the answers written since the last
  -- one (view.events only grows) and solves again only when there are some.
  -- The solver's result does not depend on the order of the facts, so this
  -- is the notebook Game.deduce makes from the whole view.
  local kept = {}

  local function start_notebook(view)
    local count = {}
    for s = 1, view.players do
      local hand = view.seats[s] and view.seats[s].hand
      count[s] = hand and hand.count or 0
    end
    local h = blank_notebook(view.players, count)
    local mine = {}
    for _, c in ipairs(view.mine.hand.cards) do mine[c.name] = true end
    for i, def in ipairs(Game.cards) do
      if mine[def.name] then h:holds(i, view.seat) else h:lacks(i, view.seat) end
    end
    return { events = view.events, seat = view.seat, hand = #view.mine.hand.cards, read = 0, h = h, ok = true }
  end

  local function notebook(view)
    if kept.events ~= view.events or kept.seat ~= view.seat or kept.hand ~= #view.mine.hand.cards then
      kept = start_notebook(view)
    end
    local events = view.events
    if kept.read < #events or not kept.nb then
      for j = kept.read + 1, #events do note_event(kept.h, events[j]) end
      kept.read = #events
      kept.ok = kept.ok and kept.h:solve()
      kept.nb = kept.ok and read(kept.h, view.players) or nil
    end
    return kept.nb
  end

  -- Rooms worth a suggestion now: the envelope's room once known, else every
  -- room that may still be in it (worked out once a notebook).
  local function good_rooms(nb)
    if nb.good then return nb.good end
    local good = {}
    if nb.solved.room then
      good[nb.solved.room] = true
    else
      for _, r in ipairs(nb.envelope.room) do good[r] = true end
    end
    nb.good = good
    return good
  end

  -- The cost, in steps, of getting from place to room: a secret passage
  -- takes a turn (about 4 steps).
  local function cost(board, place, room)
    if place == room then return 0 end
    local d = board.distance[room][place] or 1000
    local other = board.passages[place]
    if other then
      local via = other == room and 4 or 4 + (board.distance[room][other] or 1000)
      if via < d then d = via end
    end
    return d
  end

  local function target_room(nb, board, place)
    local best, best_cost = nil, math.huge
    for room in pairs(good_rooms(nb)) do
      local c = cost(board, place, room)
      if c < best_cost or (c == best_cost and room < best) then best, best_cost = room, c end
    end
    return best
  end

  -- The suggestion that tells most. Once the person and the article are
  -- known, name them in a room that may be the envelope's: nobody shows (a
  -- win) or someone must show the room. Otherwise name cards of unsolved
  -- kinds whose holder is unknown; in a solved kind, name the envelope's card
  -- or one's own, which nobody can show, so the answer tells about the rest.
  local function choose_suggestion(nb, room, me)
    local s = nb.solved
    if s.person and s.article and Game.may(nb, room, ENVELOPE) then
      return "suggest " .. s.person .. " " .. s.article
    end
    local function value(def)
      local h = Game.holder(nb, def.name)
      if s[def.kind] then
        return (h == ENVELOPE or h == me) and 0.5 or 0
      end
      if not h then return Game.places(nb, def.name) end
      return h == me and 0.3 or 0
    end
    local of_article = {}
    for j, a in ipairs(Game.articles) do of_article[j] = value(a) end
    local best, best_v = {}, -1
    for _, p in ipairs(Game.persons) do
      local of_person = value(p)
      for j, a in ipairs(Game.articles) do
        local v = of_person + of_article[j]
        if v > best_v then
          best, best_v = { "suggest " .. p.name .. " " .. a.name }, v
        elseif v == best_v then
          best[#best + 1] = "suggest " .. p.name .. " " .. a.name
        end
      end
    end
    return best[math.random(#best)]
  end

  local function detective(view, options, seat)
    if #options == 1 then return 1 end
    local first = options[1]
    if first:match("^show ") then
      -- Show what this suggester has already seen, else what anyone has.
      local by
      for _, e in ipairs(view.events) do
        if e.kind == "suggest" then by = e.seat end
      end
      local shown_to, shown = {}, {}
      for _, e in ipairs(view.events) do
        if e.kind == "you_showed" then
          shown[e.card] = true
          if e.to == by then shown_to[e.card] = true end
        end
      end
      for _, o in ipairs(options) do
        if shown_to[o:sub(6)] then return o end
      end
      for _, o in ipairs(options) do
        if shown[o:sub(6)] then return o end
      end
      return options[math.random(#options)]
    end

    if first:match("^choose ") then return "choose any" end -- bots take what is left
    local nb = notebook(view)
    local board = view.extras.board
    local me = Game.cast_of(view)[seat]
    local place = board.tokens[me]
    if not nb then return options[math.random(#options)] end

    if first:match("^suggest ") then
      return choose_suggestion(nb, place, seat)
    end
    local good = good_rooms(nb)
    if first == "roll" then
      if good[place] then return "stay" end
      local other = board.passages[place]
      local target = target_room(nb, board, place)
      if other and (good[other] or cost(board, other, target) + 4 < cost(board, place, target)) then
        return "passage"
      end
      return "roll"
    end
    if first:match("^move ") then
      local target = target_room(nb, board, place)
      local best, best_d = options[1], math.huge
      for _, o in ipairs(options) do
        local dest = o:sub(6)
        local d = cost(board, dest, target)
        if good[dest] then d = -1 end
        if d < best_d then best, best_d = o, d end
      end
      return best
    end
    return options[math.random(#options)]
  end

  Game.bots = { detective = detective }

  -- Advice to bot:search: play rollouts at random, and for twelve decisions
  -- at most. The detective deduces from view.events, and the games a search
  -- plays out are silent copies, with no history: a detective there knows
  -- only its hand, so its rollouts run long and say little. At 100 ms a
  -- decision against three detectives the search won 24% of 100 games with
  -- detective rollouts and 23% of 400 with random ones played to the end,
  -- where nobody wins in hundreds of turns. Cut after twelve decisions
  -- (about a round), a rollout says whether a suggestion wins at once in the
  -- world it plays — the search imagines the envelope as the answers so far
  -- allow, and suggests what it most likely holds when that is clearly more
  -- likely to win than the detective's choice: 5 of 8 games against three
  -- detectives at 200 iterations a decision (bot:search:200:steps=12), 0 of
  -- 8 without the cut at 60.
  Game.search = { rollout = "random", steps = 12 }
end
