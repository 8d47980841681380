-- Haven't a Cluedo: The Great Incompetence Game (FELIX, Imperial College,
-- "Sabbatical Games Plc"). Rulebook: shared/rules/cluedo.txt; its numbered
-- rules are cited as [1] to [9]. Missing facts: shared/rules/DATA.md.
--
-- How we read the rulebook where it is silent or ambiguous, and the facts
-- we had to decide (tested in cluedo_test.lua):
--  * The board (decision, DATA.md): no copy of the FELIX board survives, so
--    Game.map draws the standard Cluedo layout, 24 columns x 25 rows: four
--    corner rooms joined by two secret passages, diagonally opposite
--    (Refectory <-> Rector's Study, Queen's Tower <-> FELIX Office), a walled
--    5 x 7 centre block holding the envelope, and six start squares on the
--    outer edge. Of the two right-hand side rooms of the standard board, the
--    upper one (the billiard room) is dropped and becomes corridor; the one
--    below it is the Bar, the only room the rulebook names. The other seven
--    are named in the spirit of the parody. With the dropped room's two
--    doors gone the board has 15 doors. Editing Game.map (one character a
--    square, Game.legend says which) changes the board.
--  * Persons, start squares clockwise from the top edge (decision,
--    DATA.md): Miss Kingston, Space Commander Lehman, Professor Anderson,
--    Reverend Burgess, Sergeant Northey, Gruppenfuehrer Fontana.
--  * 20 cards: six persons, eight rooms, six articles [2].
--  * Who plays whom [1]: "each player ... chooses one of the six
--    characters". At the start each seat is asked in seat order, with the
--    board in view: a character nobody has taken yet, or `choose any`, which
--    leaves it to the others (the bots' answer: "bots take what is left").
--    The option characters can settle it instead, by seat
--    (`--set characters=kingston,any,fontana`; `ask` asks that seat; the
--    seats after the list take any). Once everyone has chosen, a seat that
--    chose any takes its usual character (Game.cast, a decision) if nobody
--    chose it, else the first one left of Game.cast, then of the six. The
--    usual cast: with six players seat 1 is Miss Kingston and the seats
--    follow the start squares clockwise, so "to the left" on the board and at
--    the table agree; with five, Fontana is left out; with four, Kingston and
--    Fontana too (the rulebook says they can be "safely left out"); with
--    three, Lehman, Burgess, Northey; with two, Lehman and Burgess (spread
--    round the board). Each seat is then named after its character, but
--    for a player who gave his own name ("Ann"): a note says who plays whom
--    ("Ann plays Cmdr Lehman (L)") and gives bots the characters by seat
--    (view.facts.cast), so a bot never finds a character by a seat's name.
--  * Who moves first [3]: "Miss Kingston plays first, followed by players to
--    the left in turn": the seat playing her; when nobody does, the seat whose
--    character's start square comes first clockwise after hers. Turns then
--    go to the left round the table (seat order), wherever the tokens stand.
--    Characters nobody plays keep their tokens on the board, may be named in
--    suggestions and are moved by them [4]; they never take a turn.
--  * The deal [2]: one card of each kind goes into the envelope, the other
--    17 are shuffled together and dealt one at a time from the first player,
--    so the first seats to play may get a card more.
--  * A turn [3][8]: roll the die and move, or take the secret passage from a
--    corner room, or stay in the room the token is in. Both ways of not
--    throwing are from a room ("stay in the room they are in ... or use the
--    secret passages"): a token on its start square or in a corridor
--    throws, and is not asked (there is nothing to choose): the die is
--    thrown at the start of its turn and it is asked where to go. After a roll the move is compulsory [8]: a token
--    moves exactly the number thrown, in orthogonal steps, never onto or
--    through an occupied square nor onto the same square twice; it may end
--    its move early only by entering a room through a door, which loses the
--    points left [3]. A token in a room leaves it through any of its doors
--    (the step onto the square outside counts) and may not re-enter it in
--    the same move. When no destination exists the throw is lost. Any
--    number of tokens share a room [3].
--  * Suggestions [4][8]: at most one a turn, after moving, in the room the
--    token stands in, whether it came in this turn, stayed, or was carried
--    there by another player's suggestion (the rulebook sets no other
--    condition; [8] lets a player stay in a room "for as many turns as they
--    wish"). The named person's token is moved into the room and stays
--    there [4]. Any person and article may be named, held cards included
--    [7].
--  * Answers [5][6]: the players to the left are asked in turn; the first
--    who holds a named card must show one, of his choice when he holds
--    several (asked only then), to the suggester alone; everyone sees that a
--    card was shown and by whom, and who could not show.
--  * [9] When nobody can show: if the suggester holds one of the three he
--    "does nothing" (everyone sees only that nobody showed); otherwise he
--    opens the envelope and wins. The engine always makes a holder show, so
--    the overlooked card of [9] ("deserves a good bollocking") cannot
--    happen here: the envelope then always matches.
--  * The end (decision): the first correct suggestion wins. If nobody has
--    won after max_rounds rounds (option, 100), Governor Smith gives up:
--    the envelope is opened and nobody wins.
--  * Paper and pencil [1]: beside the board each seat sees its notepad,
--    what it has seen itself: its own cards, the cards shown to it, and who
--    could not show for which cards. Its columns are headed by the
--    characters' letters, with a key for the players who go by their
--    names. The `notes` command (Game.tools.notes, in cluedo_bots.lua)
--    runs the detective's deduction notebook on the seat's view. The public
--    history of suggestions and answers is a note at the top of the view;
--    bots get it as data in view.events (kinds suggest, pass, showed,
--    nobody; shown and you_showed for the two players concerned).
--  * Moves: choose <person> or choose any, roll, move <room or square>,
--    passage, stay, suggest <person> <article>, done (no suggestion), show
--    <card>. Names are one word each: persons by surname, rooms and
--    articles by a word of their name.
--  * Variant (the rulebook's own): Reverend Burgess moves diagonally after he
--    has entered the Bar; see cluedo_burgess_bar.lua, built on the hooks
--    Game.step_mode and Game.arrived.

local Game = {
  title = "Haven't a Cluedo",
  about = "The Great Incompetence Game: who takes over which room of Imperial Manor, and installs what?",
  players = { 2, 6 },
  options = {
    max_rounds = { default = 100, min = 1, max = 10000, integer = true, help = "after this many rounds without a correct suggestion, nobody wins" },
    characters = { default = "ask", kind = "text", help = "who plays whom, by seat: e.g. kingston,any,fontana (any: a character the others leave; ask: chosen at the start); seats after the list take any. ask: every seat chooses at the start" },
  },
}

-- Data --------------------------------------------------------------------

-- The persons, in the clockwise order of their start squares (DATA.md).
Game.persons = {
  { name = "kingston", label = "Miss Kingston", short = "Kingston", glyph = "K", color = "scarlet" },
  { name = "lehman", label = "Space Commander Lehman", short = "Cmdr Lehman", glyph = "L", color = "cyan" },
  { name = "anderson", label = "Professor Anderson", short = "Prof Anderson", glyph = "A", color = "green" },
  { name = "burgess", label = "Reverend Burgess", short = "Rev Burgess", glyph = "B", color = "purple" },
  { name = "northey", label = "Sergeant Northey", short = "Sgt Northey", glyph = "N", color = "mustard" },
  { name = "fontana", label = "Gruppenführer Fontana", short = "Gruppenf. Fontana", glyph = "F", color = "white" },
}

-- The articles, as the rulebook lists them.
Game.articles = {
  { name = "sherry", label = "a case of sherry" },
  { name = "alarm", label = "a rape alarm" },
  { name = "coffee", label = "the Mines coffee machine" },
  { name = "oven", label = "a pizza-oven" },
  { name = "blackboard", label = "a blackboard" },
  { name = "beam", label = "a particle-beam weapon" },
}

-- The rooms (decision, DATA.md: the Bar and seven of ours). char and door
-- are their squares on Game.map.
Game.rooms = {
  { name = "refectory", label = "the Refectory", board = "Refectory", char = "R", door = "r", color = 24 },
  { name = "hall", label = "the Great Hall", board = "Great Hall", char = "G", door = "g", color = 53 },
  { name = "tower", label = "the Queen's Tower", board = "Queen's Tower", char = "Q", door = "q", color = 22 },
  { name = "common", label = "the Senior Common Room", board = "Senior Common Room", char = "C", door = "c", color = 94 },
  { name = "bar", label = "the Bar", board = "The Bar", char = "B", door = "b", color = 17 },
  { name = "felix", label = "the FELIX Office", board = "FELIX Office", char = "F", door = "f", color = 89 },
  { name = "theatre", label = "the Lecture Theatre", board = "Lecture Theatre", char = "L", door = "l", color = 58 },
  { name = "study", label = "the Rector's Study", board = "Rector's Study", char = "S", door = "s", color = 23 },
}

-- Imperial Manor, one character a square. Upper case: a room; lower case:
-- one of its doors; 1-6: the persons' start squares; @ and &: the two
-- secret passages; =: the walled envelope block; .: corridor; #: outside.
Game.map = [[
#########1####2#########
@RRRRR#...GGGG...#QQQQQ&
RRRRRR..GGGGGGGG..QQQQQQ
RRRRRR..GGGGGGGG..QQQQQQ
RRRRRR..GGGGGGGG..QQQQQQ
RRRRRR..gGGGGGGg..QqQQQQ
#RRRrR..GGGGGGGG.......3
#.......GgGGGGgG.......#
#.......................
CCCCC...................
CCCCCCCC..=====.........
CCCCCCCC..=====.........
CCCCCCCc..=====.........
CCCCCCCC..=====.........
CCCCCCCC..=====..BBBbBBB
CCCCCCcC..=====..BBBBBBB
#.........=====..bBBBBBB
6................BBBBBBB
#........LLllLL..BBBBBBB
FFFFFfF..LLLLLL........4
FFFFFFF..LLLLLl........#
FFFFFFF..LLLLLL..SsSSSSS
FFFFFFF..LLLLLL..SSSSSSS
FFFFFFF..LLLLLL..SSSSSSS
&FFFFFF5#LLLLLL##SSSSSS@
]]

-- What each character of the map stands for.
function Game.legend()
  local legend = {
    ["#"] = "outside",
    ["."] = "corridor",
    ["@"] = "passage",
    ["&"] = "passage",
    ["="] = { block = "envelope", label = "Envelope", color = 52 },
  }
  for _, r in ipairs(Game.rooms) do
    legend[r.char] = { room = r.name, label = r.board, color = r.color }
    legend[r.door] = { door = r.name }
  end
  for i, p in ipairs(Game.persons) do legend[tostring(i)] = { start = p.name } end
  return legend
end

-- Who plays whom, by the number of players (decision, see the header).
Game.cast = {
  [2] = { "lehman", "burgess" },
  [3] = { "lehman", "burgess", "northey" },
  [4] = { "lehman", "anderson", "burgess", "northey" },
  [5] = { "kingston", "lehman", "anderson", "burgess", "northey" },
  [6] = { "kingston", "lehman", "anderson", "burgess", "northey", "fontana" },
}

-- Lookups by name, and the cards [2].
Game.by_name = {}
Game.cards = {}
for _, list in ipairs({ { Game.persons, "person" }, { Game.rooms, "room" }, { Game.articles, "article" } }) do
  for _, def in ipairs(list[1]) do
    def.kind = list[2]
    Game.by_name[def.name] = def
    Game.cards[#Game.cards + 1] = def
  end
end

-- What a player says when suggesting [4].
function Game.phrase(person, room, article)
  return string.format("I suggest that %s has gained control of %s and will install %s.",
    Game.by_name[person].label, Game.by_name[room].label, Game.by_name[article].label)
end

-- Hooks for variants --------------------------------------------------------

-- [3] How a person's token steps: "orthogonal" (straight lines, not
-- diagonally), or "diagonal" / "king" for house rules.
function Game.step_mode(g, person)
  return "orthogonal"
end

-- Called whenever a person's token arrives in a room: by a throw, a
-- passage, or a suggestion naming him.
function Game.arrived(t, g, person, room)
end

-- Setting up [1] [2] ----------------------------------------------------------

local function card_defs(list, first)
  local defs = {}
  for i, d in ipairs(list) do
    defs[i] = { name = d.name, label = "[" .. d.label:gsub("^the ", ""):gsub("^a ", "") .. "]", kind = d.kind, order = first + i }
  end
  return defs
end

-- [1] The characters asked for by the option characters, by seat: a
-- person's name, "any" or "ask".
function Game.read_characters(t)
  local spec = t.options.characters
  local list, seen = {}, {}
  if spec == "ask" or spec == "" then
    for s = 1, t.players do list[s] = "ask" end
    return list
  end
  for word in (spec .. ","):gmatch("([^,]*),") do
    word = word:match("^%s*(.-)%s*$"):lower()
    local def = Game.by_name[word]
    if word ~= "any" and word ~= "ask" then
      if not def or def.kind ~= "person" then
        error(string.format("characters: %q is not a character (kingston, lehman, anderson, burgess, northey, fontana, any or ask)", word))
      end
      if seen[word] then error("characters: " .. word .. " is chosen twice") end
      seen[word] = true
    end
    list[#list + 1] = word
  end
  if #list > t.players then error(string.format("characters: %d entries for %d players", #list, t.players)) end
  for s = #list + 1, t.players do list[s] = "any" end
  return list
end

-- [1] "Each player ... chooses one of the six characters": the seats still
-- to choose are asked in seat order; "any" leaves it to the others. Then
-- whoever chose "any" takes his usual character (Game.cast) if it is free,
-- else the first free one of Game.cast, then of the six. Returns the
-- characters by seat.
function Game.choose_characters(t)
  local list = Game.read_characters(t)
  local taken, chose = {}, {}
  for _, w in ipairs(list) do taken[w] = true end
  for s = 1, t.players do
    if list[s] == "ask" then
      local opts = {}
      for _, p in ipairs(Game.persons) do
        if not taken[p.name] then opts[#opts + 1] = "choose " .. p.name end
      end
      opts[#opts + 1] = "choose any"
      list[s] = t:ask(s, opts, "choose your character (any: one the others leave)"):sub(8)
      taken[list[s]] = true
      if list[s] ~= "any" then
        chose[s] = true
        t:event("all", { kind = "character", seat = s, person = list[s] }, "%p chooses %s", s, Game.by_name[list[s]].label)
      end
    end
  end
  local usual = Game.cast[t.players]
  for s = 1, t.players do
    if list[s] == "any" and not taken[usual[s]] then
      list[s] = usual[s]
      taken[usual[s]] = true
    end
  end
  for s = 1, t.players do
    if list[s] == "any" then
      list[s] = Game.first_free(usual, taken) or Game.first_free(Game.persons, taken)
      taken[list[s]] = true
    end
    if not chose[s] then
      t:event("all", { kind = "character", seat = s, person = list[s] }, "%p plays %s", s, Game.by_name[list[s]].label)
    end
  end
  return list
end

-- The first name of list (names, or defs with a name) not taken.
function Game.first_free(list, taken)
  for _, x in ipairs(list) do
    local name = type(x) == "table" and x.name or x
    if not taken[name] then return name end
  end
end

-- [3] "Miss Kingston plays first": the seat playing her, else the seat
-- whose character's start square comes first clockwise after hers.
function Game.first_player(cast)
  for _, p in ipairs(Game.persons) do
    for s, name in ipairs(cast) do
      if name == p.name then return s end
    end
  end
end

function Game.setup(t)
  local g = { seat_of = {}, history = {}, passes = {}, round = 0, room_choices = {} }

  -- [1] The tokens on their start squares, played or not.
  g.board = t:board { map = Game.map, legend = Game.legend(), title = "Imperial Manor" }
  for _, p in ipairs(Game.persons) do
    g.board:token { name = p.name, label = p.short, glyph = p.glyph, color = p.color }
  end

  -- [1] The characters; each seat is named after its own.
  g.cast = Game.choose_characters(t)
  for seat, name in ipairs(g.cast) do
    g.seat_of[name] = seat
    t:set_name(seat, Game.by_name[name].label)
    g.board:set_owner(name, seat)
  end
  g.first = Game.first_player(g.cast)

  -- [2] One card of each kind into the envelope, the rest dealt out.
  g.envelope = t:zone { name = "envelope", label = "The envelope", visibility = "hidden" }
  g.deck = t:zone { name = "deck", visibility = "hidden", shown = false }
  g.hands = {}
  for _, seat in ipairs(t:seats()) do
    g.hands[seat] = t:zone { name = "hand", owner = seat, visibility = "owner" }
  end
  for _, kind in ipairs({ { "persons", Game.persons, 0 }, { "rooms", Game.rooms, 6 }, { "articles", Game.articles, 14 } }) do
    local pile = t:zone { name = kind[1], visibility = "hidden", shown = false }
    t:cards(card_defs(kind[2], kind[3]), pile)
    pile:shuffle()
    pile:deal(g.envelope, 1)
    pile:move_all(g.deck)
  end
  g.deck:shuffle()
  local seat = g.first
  while not g.deck:empty() do
    g.deck:deal(g.hands[seat], 1)
    seat = t:left(seat)
  end
  -- What each seat has seen of the hands: its own, and cards shown to it;
  -- and the cards each could not show (g.passes[seat][name]).
  g.seen = {}
  for _, s in ipairs(t:seats()) do
    g.hands[s]:sort()
    g.passes[s] = {}
    g.seen[s] = {}
    for _, c in ipairs(g.hands[s]:cards()) do g.seen[s][c.name] = s end
  end
  return g
end

-- Notes and the notepad ----------------------------------------------------

-- The public history of suggestions and answers, as a note drawn when
-- someone looks (set once: it reads g.history as it is then).
function Game.note_history(t, g)
  t:note("history", function()
    if #g.history == 0 then return "No suggestions yet." end
    local lines = { "Suggestions so far:" }
    local from = math.max(1, #g.history - 7)
    if from > 1 then lines[#lines + 1] = string.format("  (%d earlier)", from - 1) end
    for i = from, #g.history do lines[#lines + 1] = "  " .. g.history[i] end
    return table.concat(lines, "\n")
  end)
end

-- Who plays whom, as a note: a line naming the players who go by their own
-- names ("Ann plays Cmdr Lehman (L)"; a seat without one is named after its
-- character), and for bots the characters by seat as a fact
-- (view.facts.cast = "lehman,anderson,burgess,northey"): a bot knows its
-- seat, and a seat's name need not be its character's.
function Game.note_cast(t, g)
  t:note("cast", function()
    local parts = {}
    for s, name in ipairs(g.cast) do
      local p = Game.by_name[name]
      if t:name(s) ~= p.label then
        parts[#parts + 1] = string.format("%s plays %s (%s)", t:name(s), p.short, p.glyph)
      end
    end
    if #parts == 0 then return nil end
    return table.concat(parts, " · ")
  end, table.concat(g.cast, ","))
end

-- What the notepad and the history call a seat: the player's own name, or
-- where the seat is named after its character, his surname ("Burgess").
local SURNAME = {}
for _, p in ipairs(Game.persons) do SURNAME[p.label] = p.name:gsub("^%l", string.upper) end
function Game.who(name) return SURNAME[name] or name end

-- The key to a notepad's columns, headed by the characters' letters: which
-- letter is which player, for the players who go by their own names
-- (names by seat, cast the characters by seat), in lines of at most width.
function Game.column_key(names, cast, width)
  local lines, line = {}, nil
  for s, name in ipairs(cast) do
    local p = Game.by_name[name]
    if names[s] ~= p.label then
      local part = p.glyph .. " " .. names[s]
      if line and #line + 3 + #part > width then
        lines[#lines + 1] = line
        line = nil
      end
      line = line and (line .. " · " .. part) or part
    end
  end
  lines[#lines + 1] = line
  for i, l in ipairs(lines) do lines[i] = "  " .. l end
  return lines
end

-- The notepad beside the board, for one seat: what it has seen. A row per
-- card, a column per player: * holds it (your cards, and cards shown to
-- you), - could not show it (answered "none" to a suggestion naming it).
-- x before a name: not in the envelope (someone is seen to hold it).
local PAD = {}
for _, def in ipairs(Game.cards) do PAD[def.name] = string.rep(" ", 15 - #def.name) end

function Game.notepad(t, g, seat)
  local head = string.format("%-16s", "NOTEPAD")
  local names = {}
  for s = 1, t.players do
    head = head .. " " .. Game.by_name[g.cast[s]].glyph
    names[s] = t:name(s)
  end
  local lines = { head }
  for _, l in ipairs(Game.column_key(names, g.cast, 26)) do lines[#lines + 1] = l end
  local section = nil
  local seen = g.seen[seat]
  for _, def in ipairs(Game.cards) do
    if def.kind ~= section then
      section = def.kind
      lines[#lines + 1] = section .. "s"
    end
    local holder = seen[def.name]
    local marks = {}
    for s = 1, t.players do
      if holder == s then
        marks[s] = "*"
      elseif g.passes[s][def.name] then
        marks[s] = "-"
      else
        marks[s] = "."
      end
    end
    lines[#lines + 1] = (holder and "x " or "  ") .. def.name .. PAD[def.name] .. table.concat(marks, " ")
  end
  lines[#lines + 1] = "* holds  - can't show"
  return lines
end

-- Each seat's notepad beside the board, drawn when the seat looks (set
-- once: it reads g.seen and g.passes as they are then).
function Game.show_notepads(t, g)
  g.board:sidebar(function(seat)
    if seat == 0 then return nil end -- a spectator has no notepad
    return Game.notepad(t, g, seat)
  end)
end

-- A turn [3] [8] ---------------------------------------------------------------

local function place_text(g, place)
  local def = Game.by_name[place]
  if def and def.kind == "room" then return def.label end
  return place
end

-- The option to move to a place ("move c7", "move bar"), made once a place.
local MOVE = setmetatable({}, { __index = function(moves, place)
  local text = "move " .. place
  moves[place] = text
  return text
end })

-- A way a token steps (Game.step_mode) as board:reachable takes it, made
-- once a way.
local MODES = setmetatable({}, { __index = function(modes, mode)
  local opts = { mode = mode }
  modes[mode] = opts
  return opts
end })

-- What a player who threw n is asked.
local THREW = {}
for n = 1, 6 do THREW[n] = string.format("you threw %d: where to? (marked + on the board: view)", n) end

-- [8] What a player in room is asked: roll, take its secret passage to
-- other (if any), or stay. Made once a room and game (g.room_choices).
local function room_choices(g, room, other)
  local made = g.room_choices[room]
  if made then return made end
  local opts, hint = { "roll" }, "roll the die"
  if other then
    opts[#opts + 1] = "passage"
    hint = hint .. ", take the secret passage to " .. Game.by_name[other].label
  end
  opts[#opts + 1] = "stay"
  hint = hint .. ", or stay in " .. Game.by_name[room].label
  made = { options = opts, hint = hint }
  g.room_choices[room] = made
  return made
end

-- [8] roll, or (in a room) take its passage or stay; then [3] the move.
-- Not throwing is staying "in the room they are in" or using a passage:
-- a token on a start square or in a corridor throws.
function Game.move(t, g, seat)
  local who = g.cast[seat]
  local room = g.board:room_of(who)
  local other = room and g.board:passage(room)
  local choice = "roll" -- outside a room there is nothing to choose
  if room then
    local ask = room_choices(g, room, other)
    choice = t:ask(seat, ask.options, ask.hint)
  end

  if choice == "passage" then
    g.board:move(who, other)
    t:log("%p takes the secret passage to %s", seat, Game.by_name[other].label)
    Game.arrived(t, g, who, other)
  elseif choice == "roll" then
    local n = t:roll(6)
    local mode = MODES[Game.step_mode(g, who)]
    local dests = g.board:reachable(who, n, mode)
    if #dests == 0 then
      t:log("%p throws %d but cannot move: the way is blocked", seat, n)
      return
    end
    local moves = {}
    for i = 1, #dests do moves[i] = MOVE[dests[i]] end
    g.board:highlight(dests, seat)
    t:log("%p throws %d", seat, n)
    local dest = t:ask(seat, moves, THREW[n]):sub(6)
    g.board:highlight(nil, seat)
    g.board:move(who, dest) -- one of the places the throw reaches (above)
    t:log("%p moves to %s", seat, place_text(g, dest))
    if Game.by_name[dest] then Game.arrived(t, g, who, dest) end
  else
    t:log("%p stays in %s", seat, Game.by_name[room].label)
  end
end

-- [4] The suggestion options in the room the token stands in: any person
-- and any article, or done.
local SUGGESTIONS, PERSON_IN, ARTICLE_IN = {}, {}, {}
for _, p in ipairs(Game.persons) do
  for _, a in ipairs(Game.articles) do
    local text = "suggest " .. p.name .. " " .. a.name
    SUGGESTIONS[#SUGGESTIONS + 1] = text
    PERSON_IN[text], ARTICLE_IN[text] = p.name, a.name
  end
end
SUGGESTIONS[#SUGGESTIONS + 1] = "done"

function Game.suggestion_options() return SUGGESTIONS end

-- The person and the article a suggestion option names.
local function named_in(choice)
  if PERSON_IN[choice] then return PERSON_IN[choice], ARTICLE_IN[choice] end
  return choice:match("^suggest (%S+) (%S+)$")
end

local NAMES = {}
for _, kind in ipairs({ { "person", Game.persons }, { "article", Game.articles } }) do
  local names = {}
  for i, d in ipairs(kind[2]) do names[i] = d.name end
  NAMES[kind[1]] = table.concat(names, " ")
end

-- [4]-[7], [9]: one suggestion. Returns true when it wins.
function Game.suggest(t, g, seat, person, room, article)
  t:metric("suggestions")
  local named = { person, room, article }
  t:event("all", { kind = "suggest", seat = seat, person = person, room = room, article = article, cards = named },
    "%p: \"%s\"", seat, Game.phrase(person, room, article))
  local record = string.format("Round %d, %s: %s, %s, %s.", g.round, Game.who(t:name(seat)), person, room, article)
  -- [4] The person named is moved into the room, and stays there.
  if g.board:where(person) ~= room then
    g.board:place(person, room)
    t:log("%s is moved into %s", Game.by_name[person].label, Game.by_name[room].label)
    Game.arrived(t, g, person, room)
  end
  -- [5] [6] The players to the left, in turn.
  for _, s in ipairs(t:seats(t:left(seat))) do
    if s == seat then break end
    local held = g.hands[s]:filter("name", person, room, article)
    if #held == 0 then
      local passed = g.passes[s]
      passed[person], passed[room], passed[article] = true, true, true
      t:event("all", { kind = "pass", seat = s, by = seat, cards = named }, "%p cannot show a card", s)
      record = record .. " " .. Game.who(t:name(s)) .. " has none;"
    else
      local card = held[1]
      if #held > 1 then
        local opts = {}
        for i, c in ipairs(held) do opts[i] = { text = "show " .. c.name, card = c } end
        card = t:ask(s, opts, string.format("%s suggests %s, %s, %s: show one of your cards to %s",
          t:name(seat), person, room, article, t:name(seat))).card
      end
      -- [5] Shown to the suggester alone; the others see only that it was.
      t:show(card, seat)
      g.seen[seat][card.name] = s
      t:event("all", { kind = "showed", seat = s, by = seat, cards = named }, "%p shows %p a card", s, seat)
      t:event(seat, { kind = "shown", seat = s, card = card }, "%p shows you %s", s, card)
      t:event(s, { kind = "you_showed", to = seat, card = card }, "You show %s to %p", card, seat)
      g.history[#g.history + 1] = record .. " " .. Game.who(t:name(s)) .. " shows a card."
      return false
    end
  end
  -- [9] Nobody could show.
  if #g.hands[seat]:filter("name", person, room, article) > 0 then
    t:event("all", { kind = "nobody", seat = seat, cards = named }, "Nobody can show a card; %p does nothing", seat)
    g.history[#g.history + 1] = record .. " Nobody can show."
    return false
  end
  -- The envelope must hold the three: the engine makes every holder show,
  -- so [9]'s overlooked card cannot happen.
  g.history[#g.history + 1] = record .. " Nobody can show: the envelope!"
  return true
end

-- What a player in room is asked, made once a room.
local SUGGEST_HINT = setmetatable({}, { __index = function(hints, room)
  hints[room] = "in " .. Game.by_name[room].label
    .. ": suggest PERSON ARTICLE, or done. Persons: " .. NAMES.person .. ". Articles: " .. NAMES.article
  return hints[room]
end })

-- [4] [8] After moving, one suggestion in the room the token is in.
function Game.suggestion(t, g, seat)
  local who = g.cast[seat]
  local room = g.board:room_of(who)
  if not room then return false end
  local choice = t:ask(seat, Game.suggestion_options(), SUGGEST_HINT[room])
  if choice == "done" then return false end
  local person, article = named_in(choice)
  return Game.suggest(t, g, seat, person, room, article)
end

-- The note at the top: the round and whose turn it is, or who has solved
-- it, drawn when someone looks (set once: it reads g as it is then).
function Game.note_turn(t, g)
  t:note("turn", function()
    if g.solved_by then return t:name(g.solved_by) .. " has solved it" end
    if not g.turn then return "Round 1" end
    return string.format("Round %d: %s to play", g.round, t:name(g.turn))
  end)
end

function Game.turn(t, g, seat)
  g.turn = seat
  Game.move(t, g, seat)
  return Game.suggestion(t, g, seat)
end

-- The envelope is opened; everyone sees it.
function Game.open_envelope(t, g)
  local cards = g.envelope:cards()
  for _, c in ipairs(cards) do t:reveal(c) end
  return cards
end

function Game.play(t)
  t:metric("rounds", 0) -- what a designer measures (tabletop sim, compare)
  t:metric("suggestions", 0)
  t:metric("unsolved", 0)
  local g = Game.setup(t)
  Game.note_turn(t, g)
  Game.note_cast(t, g)
  Game.note_history(t, g)
  Game.show_notepads(t, g)
  for round = 1, t.options.max_rounds do
    g.round = round
    t:metric("rounds")
    for _, seat in ipairs(t:seats(g.first)) do
      if Game.turn(t, g, seat) then
        local env = Game.open_envelope(t, g)
        t:event("all", { kind = "win", seat = seat }, "%p opens the envelope: %s. %p wins and seeks an immediate meeting with the Rector.", seat, env, seat)
        g.solved_by = seat
        local scores = {}
        for s = 1, t.players do scores[s] = (s == seat) and 1 or 0 end
        return { winners = { seat }, scores = scores }
      end
    end
  end
  t:metric("unsolved")
  local env = Game.open_envelope(t, g)
  t:event("all", { kind = "no_winner" }, "Governor Smith loses patience after %d rounds. The envelope held %s. Nobody wins.", t.options.max_rounds, env)
  return { winners = {} }
end

-- What a seat's view tells of the hands it cannot see, for the search bot
-- (docs/scripting.md, "Belief"), as the notebook reads it: [6] a player
-- who cannot show a card holds none of the three named; one who shows a
-- card holds at least one of them, and two when he was asked which to show
-- (the engine shows the only one by itself); [9] a suggester whom nobody
-- could show a card, and who did not win, holds one himself. Cards never
-- move after the deal, so each fact holds now.
function Game.belief(view, seat, asked)
  local facts, k = {}, 0
  for i, e in ipairs(view.events) do
    while k < #asked and asked[k + 1].events < i do k = k + 1 end -- e answered decision k
    if e.kind == "pass" then
      facts[#facts + 1] = { seat = e.seat, zone = "hand", none = e.cards }
    elseif e.kind == "showed" and e.seat ~= seat then
      local chose = k > 0 and asked[k].seat == e.seat
      facts[#facts + 1] = { seat = e.seat, zone = "hand", some = e.cards, n = chose and 2 or 1 }
    elseif e.kind == "nobody" and e.seat ~= seat then
      facts[#facts + 1] = { seat = e.seat, zone = "hand", some = e.cards }
    end
  end
  return facts
end

-- The bot and the deduction notebook (the `notes` command) read a seat's
-- view; they are not part of the rules above: cluedo_bots.lua adds them
-- (Game.bots, Game.tools, Game.search).
require("cluedo_bots")(Game)

return Game
