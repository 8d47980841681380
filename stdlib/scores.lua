-- scores: ranking seats by their totals.
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

return scores
