-- Scenarios for cluedo.lua: each rule on a fixed envelope, deal and throws.
local Game = require "cluedo"

-- stack{envelope = {person, room, article}, hands = {{...}, {...}}}: the
-- envelope and the hands seat by seat (the deal goes round from seat 1).
local function stack(envelope, hands)
  local order, i = {}, 1
  while true do
    local any = false
    for _, h in ipairs(hands) do
      if h[i] then
        order[#order + 1] = h[i]
        any = true
      end
    end
    if not any then break end
    i = i + 1
  end
  return { persons = { envelope[1] }, rooms = { envelope[2] }, articles = { envelope[3] }, deck = order }
end

-- Four players: Lehman, Anderson, Burgess, Northey (Kingston and Fontana are
-- left out). The envelope: Fontana in the Great Hall with the particle beam.
local ENVELOPE = { "fontana", "hall", "beam" }
local HANDS = {
  { "lehman", "refectory", "common", "tower", "oven" },      -- Lehman (5 cards)
  { "anderson", "felix", "theatre", "alarm" },              -- Anderson
  { "burgess", "bar", "study", "blackboard" },              -- Burgess
  { "kingston", "northey", "sherry", "coffee" },            -- Northey
}

-- Everyone takes his usual character (see cluedo_characters_test.lua).
local USUAL = { characters = "any" }

local function four(rolls, envelope, hands)
  return game { players = 4, rolls = rolls, stack = stack(envelope or ENVELOPE, hands or HANDS), options = USUAL }
end

local function where(g, token) return g:view(1).extras.board.tokens[token] end

-- The first square (not a room) a throw offers.
local function a_square(legal)
  for _, o in ipairs(legal) do
    if o:match("^move %a%d+$") then return o end
  end
  return 1
end

-- A turn that goes nowhere in particular: throw (asked only in a room),
-- move to the first square offered, and suggest nothing in a room.
local function walk(g)
  local seat = g:turn()
  if g:legal()[1] == "roll" then g:play("roll") end
  if g:turn() == seat and g:legal()[1]:match("^move ") then g:play(a_square) end
  if g:turn() == seat and g:legal()[#g:legal()] == "done" then g:play("done") end
end

scenario("the deal: one of each kind in the envelope, the rest dealt from seat 1", function()
  local g = four({})
  expect_eq(g:cards("envelope"), { "fontana", "hall", "beam" })
  expect_eq(#g:cards("hand", 1), 5, "the first seat gets the odd card")
  for s = 2, 4 do expect_eq(#g:cards("hand", s), 4) end
  expect_eq(g:cards("hand", 3), { "burgess", "bar", "study", "blackboard" })
  -- Nobody sees the envelope or another's hand.
  expect(not g:text(1):find("[Gruppenführer Fontana]", 1, true), "the envelope is hidden")
  expect(g:text(1):find("Professor Anderson's hand: 4 cards", 1, true))
end)

scenario("seats and characters: with four players Kingston and Fontana are left out, their tokens stay", function()
  local g = four({})
  local v = g:view(1)
  expect_eq(v.names, { "Space Commander Lehman", "Professor Anderson", "Reverend Burgess", "Sergeant Northey" })
  expect_eq(g:turn(), 1, "Lehman, the first character clockwise after Kingston's start, plays first")
  expect_eq(where(g, "kingston"), "j1")
  expect_eq(where(g, "fontana"), "a18")
  local six = game { players = 6, options = USUAL }
  expect_eq(six:view(1).names[1], "Miss Kingston", "with six, Miss Kingston plays first")
  local two = game { players = 2, options = USUAL }
  expect_eq(two:view(1).names, { "Space Commander Lehman", "Reverend Burgess" })
end)

-- [8] "Players do not have to throw the dice on their turn, they may choose
-- to stay in the room they are in for as many turns as they wish or they
-- may use the secret passages marked on the board." Both ways of not
-- throwing start from a room: a token on its start square or in a corridor
-- throws, and as there is nothing to choose it is not asked.
local function throws(g, name, n, why)
  local legal = g:legal()
  expect(legal[1]:match("^move ") and not legal[#legal]:match("^stay"), why .. ": " .. table.concat(legal, " | "))
  expect_eq(g:log()[#g:log()], name .. " throws " .. n, why)
end

scenario("[8] not throwing is staying in a room: on a start square or in a corridor, the token throws", function()
  local g = four({ 6, 6, 6, 6, 1 })
  throws(g, "Space Commander Lehman", 6, "Lehman on his start square")
  g:play(a_square)
  throws(g, "Professor Anderson", 6, "Anderson on his start square")
  g:play("move tower", "done", a_square, a_square)
  expect_eq(g:turn(), 1)
  throws(g, "Space Commander Lehman", 1, "Lehman in a corridor")
  g:play(1)
  expect_eq(g:legal(), { "roll", "passage", "stay" }, "Anderson in the Queen's Tower")
  g:play("stay")
  expect_log(g, "Professor Anderson stays in the Queen's Tower")
  expect_eq(g:legal()[1], "suggest kingston sherry", "then he may suggest there")
end)

scenario("movement: exactly the throw, or into a room through a door with points to spare", function()
  local g = four({ 1, 6 })
  g:play("move o2")
  local legal = g:legal()
  -- The tower's door is four squares from Anderson's start: he may go in
  -- with a 6, losing the two points left.
  expect_eq(legal[1], "move tower")
  local set = {}
  for _, o in ipairs(legal) do set[o] = true end
  expect(set["move r7"], "six squares along the corridor")
  expect(not set["move w7"], "one square is not six")
  g:play("move tower")
  expect_log(g, "Professor Anderson moves to the Queen's Tower")
  expect_eq(where(g, "anderson"), "tower")
  -- [8] In a room after moving: a suggestion, or done.
  expect_eq(g:legal()[1], "suggest kingston sherry")
  expect_eq(g:legal()[#g:legal()], "done")
end)

scenario("a blocked way: never onto or through an occupied square; with every way blocked the throw is lost", function()
  -- Lehman walks to q17, outside the Bar's west door, while Burgess goes
  -- into the Bar and Anderson walks to u14, outside its north door.
  local g = game { players = 3, rolls = { 6, 6, 6, 6, 6, 4, 6, 3 }, options = { characters = "lehman,burgess,anderson" } }
  g:play("move q5", "move r20", "move w12")
  g:play("move q11", "move bar", "done")
  -- Anderson throws 4.
  local elsewhere = g:clone()
  g:play("move u14", "move q17")
  g:play("roll")
  expect_log(g, "Reverend Burgess throws 3 but cannot move: the way is blocked")
  expect_eq(where(g, "burgess"), "bar")
  -- Had Anderson stopped at w14, Burgess could leave by the north door,
  -- though not onto w14 nor by the west door, where Lehman stands.
  elsewhere:play("move w14", "move q17", "roll")
  expect_eq(elsewhere:legal(), { "move u12", "move t13", "move v13", "move s14" })
end)

scenario("leaving a room by any door, and the secret passage", function()
  local g = four({ 1, 6, 1, 1, 1, 1, 1, 1, 2 })
  g:play("move o2", "move tower", "done")
  for _ = 1, 3 do walk(g) end -- Burgess, Northey and Lehman
  -- Anderson in the tower: the passage leads to the FELIX Office.
  expect_eq(g:legal(), { "roll", "passage", "stay" })
  g:play("passage")
  expect_log(g, "Professor Anderson takes the secret passage to the FELIX Office")
  expect_eq(where(g, "anderson"), "felix")
  g:play("done")
  for _ = 1, 3 do walk(g) end
  -- Out of the FELIX Office with a 2: onto the square outside its door
  -- (one step), then one more.
  g:play("roll")
  expect_eq(g:legal(), { "move f18", "move e19", "move g19" })
end)

scenario("a suggestion: asked to the left in turn; the first holder shows, of his choice", function()
  local g = four({ 1, 6 })
  g:play("move o2", "move tower")
  g:play("suggest kingston sherry")
  expect_log(g, "Professor Anderson: \"I suggest that Miss Kingston has gained control of the Queen's Tower and will install a case of sherry.\"")
  -- Burgess, to Anderson's left, holds none of the three.
  expect_log(g, "Reverend Burgess cannot show a card")
  -- Northey holds Kingston and the sherry: he chooses.
  expect_eq(g:turn(), 4)
  expect_eq(g:legal(), { "show kingston", "show sherry" })
  g:play("show sherry")
  expect_log(g, "Sergeant Northey shows Professor Anderson a card")
  expect_log(g, "Sergeant Northey shows you [case of sherry]", 2)
  -- Lehman holds the tower but is not asked: a card was shown.
  expect_no_log(g, "Space Commander Lehman cannot show")
  -- Only Anderson (and Northey) see which card it was.
  expect_no_log(g, "[case of sherry]", 1)
  expect_no_log(g, "[case of sherry]", 3)
  expect(g:text(2):find("Sergeant Northey's hand: 4 cards (you know [case of sherry])", 1, true))
  expect(not g:text(1):find("you know", 1, true))
  expect_eq(g:turn(), 3, "the turn passes on")
end)

scenario("a single matching card is shown without asking; the named token moves into the room", function()
  local g = four({ 1, 6 })
  g:play("move o2", "move tower")
  g:play("suggest burgess coffee")
  -- Burgess holds Burgess only: he shows it.
  expect_log(g, "Reverend Burgess shows Professor Anderson a card")
  expect_log(g, "Reverend Burgess shows you [Reverend Burgess]", 2)
  expect_log(g, "Reverend Burgess is moved into the Queen's Tower")
  expect_eq(where(g, "burgess"), "tower")
  -- Burgess plays on from the tower: its passage, or a suggestion there.
  expect_eq(g:turn(), 3)
  expect_eq(g:legal(), { "roll", "passage", "stay" })
  g:play("stay")
  expect_eq(g:legal()[1], "suggest kingston sherry", "he may suggest in the room he was moved to")
end)

scenario("nobody can show and the suggester holds one of the three: nothing happens", function()
  local hands = {
    { "lehman", "refectory", "common", "hall", "oven" },
    { "anderson", "felix", "theatre", "beam" },
    { "burgess", "bar", "study", "blackboard" },
    { "kingston", "northey", "sherry", "coffee" },
  }
  local g = four({ 1, 6 }, { "fontana", "tower", "alarm" }, hands)
  g:play("move o2", "move tower", "suggest fontana beam")
  expect_log(g, "Reverend Burgess cannot show a card")
  expect_log(g, "Sergeant Northey cannot show a card")
  expect_log(g, "Space Commander Lehman cannot show a card")
  expect_log(g, "Nobody can show a card; Professor Anderson does nothing")
  expect(not g:done())
  expect_eq(g:turn(), 3)
end)

scenario("the envelope: nobody can show and the suggester holds none of the three, so he wins", function()
  local g = four({ 1, 6 }, { "kingston", "tower", "beam" }, {
    { "lehman", "refectory", "common", "hall", "oven" },
    { "anderson", "felix", "theatre", "alarm" },
    { "burgess", "bar", "study", "blackboard" },
    { "fontana", "northey", "sherry", "coffee" },
  })
  g:play("move o2", "move tower", "suggest kingston beam")
  expect(g:done(), "the game is over")
  expect_eq(g:result().winners, { 2 })
  expect_log(g, "Professor Anderson opens the envelope: [Miss Kingston] [Queen's Tower] [particle-beam weapon]")
  -- Everyone sees the envelope now.
  expect(g:text(1):find("The envelope: [Miss Kingston] [Queen's Tower] [particle-beam weapon]", 1, true))
end)

scenario("nobody wins after max_rounds", function()
  local g = game { players = 3, options = { max_rounds = 2, characters = "any" } }
  for _ = 1, 6 do walk(g) end
  expect(g:done())
  expect_eq(g:result().winners, {})
  expect_log(g, "Governor Smith loses patience after 2 rounds")
end)

scenario("the notepad beside the board: own cards, cards shown, and who could not show", function()
  local g = four({ 1, 6 })
  g:play("move o2", "move tower", "suggest kingston sherry", "show sherry")
  local text = g:text(2)
  expect(text:find("x sherry         . . - *", 1, true), "the sherry seen in Northey's hand; Burgess could not show it")
  expect(text:find("  kingston       . . - .", 1, true), "Burgess could not show Kingston")
  expect(text:find("x felix          . * . .", 1, true), "Anderson's own card")
  -- Lehman saw only the public answers.
  expect(g:text(1):find("  sherry         . . - .", 1, true))
end)

-- The notebook ----------------------------------------------------------------

local function knowledge(t)
  local k = { me = t.me, players = t.players, count = t.count, held = {}, clauses = {}, passes = {} }
  for _, name in ipairs(t.hand) do k.held[name] = t.me end
  for name, s in pairs(t.seen or {}) do k.held[name] = s end
  for _, c in ipairs(t.showed or {}) do k.clauses[#k.clauses + 1] = { seat = c[1], cards = { c[2], c[3], c[4] } } end
  for _, p in ipairs(t.passed or {}) do k.passes[#k.passes + 1] = { seat = p[1], cards = { p[2], p[3], p[4] } } end
  return k
end

scenario("notebook: a chain of inferences from public answers and card counts", function()
  -- Seat 1 of four holds five cards; the others four each.
  local nb = Game.deduce(knowledge {
    me = 1, players = 4, count = { 5, 4, 4, 4 },
    hand = { "lehman", "refectory", "common", "tower", "oven" },
    -- Burgess showed Lehman the bar; Northey showed him the sherry.
    seen = { bar = 3, sherry = 4 },
    -- Anderson could not show for {burgess, hall, alarm}...
    passed = { { 2, "burgess", "hall", "alarm" } },
    -- ... but showed someone a card for {burgess, bar, coffee}: not
    -- burgess (he has none), not the bar (Burgess has it), so the coffee.
    -- Then Northey showed a card for {kingston, study, coffee}, and the
    -- coffee is Anderson's, so: kingston or the study.
    showed = { { 2, "burgess", "bar", "coffee" }, { 4, "kingston", "study", "coffee" } },
  })
  expect(nb, "no contradiction")
  expect_eq(Game.holder(nb, "coffee"), 2, "Anderson showed the coffee")
  expect_eq(Game.holder(nb, "bar"), 3)
  expect(not Game.may(nb, "coffee", 0), "the coffee is not in the envelope")
  expect_eq(Game.places(nb, "alarm"), 3, "the alarm: Burgess's, Northey's or the envelope's")
  expect_eq(nb.envelope.article, { "alarm", "blackboard", "beam" })
end)

scenario("notebook: nobody could show and I hold none of the three: the envelope", function()
  local nb = Game.deduce(knowledge {
    me = 1, players = 3, count = { 6, 6, 5 },
    hand = { "lehman", "refectory", "common", "tower", "oven", "sherry" },
    passed = { { 2, "burgess", "bar", "coffee" }, { 3, "burgess", "bar", "coffee" } },
  })
  expect_eq(nb.solved, { person = "burgess", room = "bar", article = "coffee" })
end)

scenario("notebook: card counts close a hand, which settles the envelope", function()
  -- Three players. Seat 3 holds five cards; four are known to be its, and
  -- it showed a card for {anderson, hall, alarm}: one of those is its
  -- fifth. Seat 2 could not show for {kingston, hall, ...}.
  local nb = Game.deduce(knowledge {
    me = 1, players = 3, count = { 6, 6, 5 },
    hand = { "lehman", "refectory", "common", "tower", "oven", "sherry" },
    seen = { burgess = 3, bar = 3, study = 3, beam = 3, northey = 2, fontana = 2, felix = 2, theatre = 2, coffee = 2 },
    showed = { { 3, "anderson", "hall", "alarm" } },
    passed = { { 2, "kingston", "hall", "blackboard" } },
  })
  -- Seat 2 has five known cards and one more: not kingston, hall or
  -- blackboard; so anderson or alarm. Seat 3's fifth is anderson, hall or
  -- alarm. The envelope holds one person of {kingston, anderson}, one room
  -- of {hall}, one article of {alarm, blackboard}.
  expect_eq(nb.solved.room, "hall")
  -- With the hall in the envelope, seat 3's fifth is anderson or alarm;
  -- seat 2's sixth is the other; so kingston and the blackboard are the
  -- envelope's.
  expect_eq(nb.solved.person, "kingston")
  expect_eq(nb.solved.article, "blackboard")
end)

scenario("the notes tool reads a seat's view", function()
  expect_eq(Game.notes_text(game { players = 4 }:view(1), 1), "The notebook opens once everyone has a character.")
  local g = four({ 1, 6 })
  g:play("move o2", "move tower", "suggest kingston sherry", "show sherry")
  local text = Game.notes_text(g:view(2), 2)
  expect(text:find("NOTEBOOK", 1, true))
  expect(text:find("  sherry         - - - *   no", 1, true), text)
  expect(text:find("  kingston       - - - ?   maybe", 1, true) or text:find("  kingston       ? - - ?", 1, true), text)
  -- From Lehman's view the public answers only.
  local lehman = Game.notes_text(g:view(1), 1)
  expect(lehman:find("Sergeant Northey holds kingston or sherry", 1, true), lehman)
end)

-- Bots ------------------------------------------------------------------------

scenario("the detective plays whole games to a winner", function()
  for _, n in ipairs({ 2, 4, 6 }) do
    local g = game { players = n, seed = n }
    g:finish("detective", 3)
    expect(g:done())
    expect_eq(#g:result().winners, 1, n .. " players: someone solved it")
  end
end)

scenario("random play ends within the round bound", function()
  local g = game { players = 3, seed = 9, options = { max_rounds = 20 } }
  g:finish("random", 4)
  expect(g:done())
end)

-- The variant: Reverend Burgess in the Bar ------------------------------------

scenario("variant: after Burgess has entered the Bar he moves diagonally", function()
  local g = game { script = "cluedo_burgess_bar.lua", players = 2, rolls = { 1, 6, 1, 5, 1, 2, 2 }, options = USUAL }
  walk(g) -- Lehman, one square at a time
  g:play("move r20")
  walk(g)
  g:play("move bar", "done")
  expect_log(g, "Reverend Burgess has been in the Bar")
  walk(g)
  g:play("roll")
  -- Out of a door (a straight step), then one diagonal step.
  expect_eq(g:legal(), { "move t13", "move v13", "move p16", "move p18" })
  g:play("move p18")
  -- Lehman, back on o2, still moves straight: p2, then q2.
  expect_eq(g:legal(), { "move q2" })
end)
