-- A game where one game in three allocates heavily: some of those only
-- build large garbage (and must finish), others keep too much (and must
-- fail). Whether a game fails may depend only on its own seed.
local Game = { title = "Heavy third", players = { 2, 2 } }

local function garbage(n)
  for i = 1, n do
    local t = {}
    for j = 1, 1000 do t[j] = { j } end
  end
end

local function hoard()
  local keep, block = {}, string.rep("x", 4096)
  for i = 1, 100000 do keep[i] = block .. i end
  return keep
end

function Game.play(t)
  local kind = t:random(6)
  local kept
  for round = 1, 10 do
    t:ask(1 + round % 2, { "a", "b" })
    if kind == 1 then garbage(10) end
    if kind == 2 and round == 5 then kept = hoard() end
  end
  return { winners = { t:random(2) } }
end

return Game
