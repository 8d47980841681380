-- table.sort against Lua 5.1: the same algorithm, so equal keys end where
-- Lua 5.1 puts them, comparators are called the same way, and inconsistent
-- comparators fail the same way.

local function list(t)
  local out = {}
  for i = 1, #t do out[i] = tostring(t[i]) end
  return table.concat(out, " ")
end

local function lcg(seed)
  local state = seed
  return function(n)
    state = (state * 1103515245 + 12345) % 2147483648
    return state % n
  end
end

local cases = {
  {}, {1}, {2, 1}, {3, 1, 2}, {1, 2, 3, 4, 5}, {5, 4, 3, 2, 1}, {3, 3, 3, 1, 1},
  {"pear", "apple", "fig", "Banana", "apple", ""}, {0.5, -1, 1e100, -1e100, 0, 2^53},
}
for _, c in ipairs(cases) do
  table.sort(c)
  print(list(c))
end

-- larger random arrays, ascending and descending
local rand = lcg(7)
for _, n in ipairs({10, 37, 100, 500}) do
  local t = {}
  for i = 1, n do t[i] = rand(50) end
  table.sort(t)
  print(n, list(t))
  table.sort(t, function(a, b) return a > b end)
  print(n, list(t))
end

-- records with equal keys: the order of equals is the algorithm's
local recs = {}
for i = 1, 40 do recs[i] = {key = rand(5), id = i} end
table.sort(recs, function(a, b) return a.key < b.key end)
local out = {}
for i, r in ipairs(recs) do out[i] = r.key .. ":" .. r.id end
print(table.concat(out, " "))

-- the comparisons the comparator sees
local log = {}
local t = {5, 2, 8, 1, 9, 3}
table.sort(t, function(a, b) log[#log + 1] = a .. "<" .. b return a < b end)
print(list(t))
print(#log, table.concat(log, " "))

-- __lt on tables
local mt = {__lt = function(a, b) return a.v < b.v end}
local objs = {}
for i, v in ipairs({4, 1, 3, 2}) do objs[i] = setmetatable({v = v}, mt) end
table.sort(objs)
out = {}
for i, o in ipairs(objs) do out[i] = o.v end
print(table.concat(out, " "))

-- errors
print(pcall(table.sort, {3, "a", 1}))
print(pcall(table.sort, {{}, {}}))
print(pcall(table.sort, {1, nil, 3}))
print(pcall(table.sort, {3, 2, 1}, 42))
print(pcall(table.sort, "x"))
print(pcall(table.sort, {3, 2, 1}, function(a, b) error("no order", 0) end))
local always = {}
for i = 1, 20 do always[i] = i end
print(pcall(table.sort, always, function(a, b) return true end))
local ok = pcall(table.sort, {5, 1, 4}, function(a, b) return true end)
print(ok)
