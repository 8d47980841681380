-- Secrets: a game for the terminal's hotseat tests. Each seat is told
-- three words of its own, in private; in turn each says one of them (its
-- options show what it holds), and every round ends with a secret vote.
-- The bot "broken" fails whenever it is asked.
local Game = {
  title = "Secrets",
  players = { 2, 3 },
  seats = { "Left", "Right", "Middle" },
}

local WORDS = {
  { "apple", "anchor", "amber" },
  { "banjo", "bishop", "breeze" },
  { "cactus", "cobalt", "cinder" },
}

-- [Deal] Each seat is told its words, and no one else is.
local function deal(t)
  local hands = {}
  for _, seat in ipairs(t:seats()) do
    hands[seat] = { unpack(WORDS[seat]) }
    t:tell(seat, "Your words: %s", table.concat(hands[seat], " "))
  end
  return hands
end

-- [Turn] A seat says one of its words; only it learns what it was.
local function turn(t, hands, seat)
  local opts = {}
  for i = 1, #hands[seat] do
    opts[i] = "word " .. hands[seat][i]
  end
  local c = t:ask(seat, opts, "say one of your words")
  t:log("%p says a word", seat)
  t:tell(seat, "You said %s", c)
  for i = #hands[seat], 1, -1 do
    if "word " .. hands[seat][i] == c then table.remove(hands[seat], i) end
  end
end

function Game.play(t)
  local hands = deal(t)
  for round = 1, 3 do
    for _, seat in ipairs(t:seats()) do
      turn(t, hands, seat)
    end
    local votes = t:ask_all(t:seats(), { "vote yes", "vote no" }, "vote in secret")
    local yes = 0
    for _, seat in ipairs(t:seats()) do
      if votes[seat] == "vote yes" then yes = yes + 1 end
    end
    t:log("Round %d: %d yes, %d no", round, yes, t.players - yes)
  end
  return { winners = { 1 } }
end

Game.bots = {
  broken = function() error("the broken bot has no idea") end,
}

return Game
