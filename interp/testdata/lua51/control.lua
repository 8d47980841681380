-- Control flow.

-- numeric for: bounds evaluated once, float steps, negative steps
local out = {}
for i = 1, 3 do out[#out + 1] = i end
print("up", table.concat(out, " "))
out = {}
for i = 3, 1, -1 do out[#out + 1] = i end
print("down", table.concat(out, " "))
out = {}
for i = 1, 2, 0.25 do out[#out + 1] = i * 4 end
print("float step x4", table.concat(out, " "))
local n = 0
for i = 1, 0 do n = n + 1 end
print("empty", n)
for i = 0.1, 0.35, 0.1 do n = n + 1 end
print("float count", n)

local limit = 3
local runs = 0
for i = 1, limit do
  limit = 10
  runs = runs + 1
end
print("limit once", runs)

-- the loop variable is a copy
local last
for i = 1, 3 do
  last = i
  i = i * 100
end
print("copy", last)

-- break leaves the innermost loop only
local pairs_seen = {}
for i = 1, 3 do
  for j = 1, 3 do
    if j > i then break end
    pairs_seen[#pairs_seen + 1] = i .. j
  end
end
print("nested break", table.concat(pairs_seen, " "))

-- while and repeat
local w = 0
while w < 5 do w = w + 2 end
print("while", w)
local r = 10
repeat r = r - 3 until r < 0
print("repeat", r)
repeat
  local inner = "seen by until"
  r = inner
until inner == "seen by until"
print("until scope", r)

-- if/elseif chains
local function classify(x)
  if x < 0 then return "negative"
  elseif x == 0 then return "zero"
  elseif x < 10 then return "small"
  else return "large" end
end
print("if", classify(-1), classify(0), classify(5), classify(50))

-- and/or return operands
print("and/or", nil and 1, false or "default", 1 and 2, nil or false, false and nil, 0 or 1)
print("truthiness", not 0, not "", not nil, not false)

-- generic for over a stateless iterator and a closure
local function range(k)
  local i = 0
  return function()
    i = i + 1
    if i <= k then return i end
  end
end
out = {}
for v in range(4) do out[#out + 1] = v end
print("closure iterator", table.concat(out, " "))

local function iter(limit2, i)
  if i < limit2 then return i + 1, (i + 1) * (i + 1) end
end
out = {}
for i, sq in iter, 4, 0 do out[#out + 1] = i .. ":" .. sq end
print("stateless iterator", table.concat(out, " "))

-- ipairs stops at the first nil
out = {}
for i, v in ipairs({ 1, 2, nil, 4 }) do out[#out + 1] = v end
print("ipairs", table.concat(out, " "))

-- next, with sorted keys for a stable order
local t = { b = 2, a = 1, c = 3 }
local keys = {}
for k in next, t do keys[#keys + 1] = k end
table.sort(keys)
print("next", table.concat(keys, " "))

-- a for loop whose iterator function is a call's second value
local function two() return "ignored", "second" end
local ran = 0
for k in function(s, c) ran = ran + 1 return nil end, two() do end
print("iterator from call", ran)

-- return must be the last statement of a block: do return end
local function early(x)
  if x then do return "early" end end
  return "late"
end
print("return", early(true), early(false))
