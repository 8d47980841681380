-- scores: ranking seats by their totals, and options by their values.
local scores = {}

--- The seats with the highest total, in seat order: several when they tie.
--- totals is a list by seat; n (default #totals) is the number of seats.
---@param totals number[]
---@param n? integer
---@return integer[]
function scores.highest(totals, n)
  n = n or #totals
  local best, seats = -math.huge, {}
  for s = 1, n do
    if totals[s] > best then best = totals[s] end
  end
  for s = 1, n do
    if totals[s] == best then seats[#seats + 1] = s end
  end
  return seats
end

--- The indices of values, highest value first, ties in index order: the
--- shortlist a bot may return after its choice (bot:search reads it).
--- With n, only the first n of them, picked without sorting the rest: a
--- bot that also plays the search's imagined games pays for its list at
--- every decision.
---@param values number[]
---@param n? integer
---@return integer[]
function scores.best_first(values, n)
  local count = #values
  local order = {}
  if n == nil or n >= count then
    for i = 1, count do order[i] = i end
    table.sort(order, function(a, b)
      if values[a] ~= values[b] then return values[a] > values[b] end
      return a < b
    end)
    return order
  end
  local taken = {}
  for k = 1, n do
    local best
    for i = 1, count do
      if not taken[i] and (best == nil or values[i] > values[best]) then best = i end
    end
    taken[best] = true
    order[k] = best
  end
  return order
end

return scores
