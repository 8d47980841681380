-- The table library and unpack/select, against Lua 5.1: concat, insert,
-- remove, maxn, getn, foreach, foreachi, setn, and their errors.

local function show(...)
  local out = {}
  for i = 1, select("#", ...) do
    local v = select(i, ...)
    if type(v) == "string" then
      out[#out + 1] = string.format("%q", v)
    else
      out[#out + 1] = tostring(v)
    end
  end
  print(table.concat(out, " "))
end

local function list(t, n)
  local out = {}
  for i = 1, n or #t do out[i] = tostring(t[i]) end
  return "{" .. table.concat(out, ",") .. "}"
end

-- concat
show(table.concat({}), table.concat({"a"}), table.concat({"a", "b", "c"}), table.concat({"a", "b"}, ", "))
show(table.concat({1, 2, 3}, "-", 2), table.concat({1, 2, 3}, "-", 2, 2), table.concat({1, 2, 3}, "-", 3, 2))
show(table.concat({1, 2.5, 1/3, 1e100}, " "), table.concat({"a", "b"}, 0), table.concat({"x"}, "", 1, 1))
show(table.concat({[0] = "z", "a"}, ",", 0), table.concat({[-1] = "m", [0] = "z"}, ",", -1, 0))
show(pcall(table.concat, {1, {}, 3}))
show(pcall(table.concat, {1, 2}, ",", 1, 3))
show(pcall(table.concat, {true}))
show(pcall(table.concat, {}, {}))
show(pcall(table.concat, "x"))
show(pcall(table.concat))

-- insert
local t = {}
table.insert(t, "a")
table.insert(t, "b")
table.insert(t, 1, "c")
table.insert(t, 2, "d")
table.insert(t, #t + 1, "e")
show(list(t), #t)
table.insert(t, 10, "far")
show(list(t, 10), t[10], #t == 5 or #t == 10)
local u = {1, 2, 3}
table.insert(u, 0, "zero")
show(list(u), u[0])
local w = {1, 2, 3}
table.insert(w, -1, "neg")
show(list(w), w[-1], w[0])
table.insert(w, nil)
show(list(w), #w)
show(pcall(table.insert, {}, 1, 2, 3))
show(pcall(table.insert, {}))
show(pcall(table.insert, {}, "x", 1))
show(pcall(table.insert, nil, 1))

-- remove
local r = {"a", "b", "c", "d"}
show(table.remove(r), list(r))
show(table.remove(r, 1), list(r))
show(table.remove(r, 2), list(r))
show(select("#", table.remove(r, 5)), select("#", table.remove(r, 0)), select("#", table.remove({})), list(r))
show(table.remove(r), table.remove(r), select("#", table.remove(r)), #r)
show(pcall(table.remove, {1}, "x"))
show(pcall(table.remove))

-- maxn, getn, setn
show(table.maxn({}), table.maxn({1, 2, 3}), table.maxn({1, 2, nil, 4}), table.maxn({[1.5] = true}))
show(table.maxn({[-3] = 1}), table.maxn({[100] = 1, [2] = 2, x = 3}), table.maxn({[2^40] = 1}))
show(table.getn({}), table.getn({1, 2, 3}), table.getn({n = 10}))
show(pcall(table.setn, {}, 3))
show(pcall(table.getn, 3))

-- foreachi, foreach
table.foreachi({"a", "b", "c"}, function(i, v) show(i, v) end)
show(table.foreachi({"a", "b", "c"}, function(i, v) if v == "b" then return i * 10 end end))
show(table.foreach({x = 1}, function(k, v) return k .. v end))
local seen = 0
table.foreach({1, 2, 3, a = 4}, function(k, v) seen = seen + v end)
show(seen)
show(pcall(table.foreachi, {}, 1))

-- unpack
show(unpack({1, 2, 3}))
show(unpack({1, 2, 3}, 2))
show(unpack({1, 2, 3}, 2, 3))
show(unpack({1, 2, 3}, -1, 1))
show(unpack({1, 2, 3}, 3, 2))
show(select("#", unpack({}, 1, 5)))
show(unpack({1, nil, 3}, 1, 3))
show(unpack({[0] = "z", "a"}, 0, 1))
show(select("#", unpack({}, 1, 7990)))
show(pcall(unpack, {}, 1, 1e8))
show(pcall(unpack, {}, 1, 8000))
show(pcall(unpack))

-- select
show(select("#"), select("#", nil, nil), select(2, "a", "b", "c"), select(-1, "a", "b", "c"))
show(select(5, "a", "b"), select("#x", 1, 2), select("2", "a", "b"), select(2.7, "a", "b"))
show(pcall(select, 0, "a"))
show(pcall(select, -3, "a"))
show(pcall(select, "x"))
show(pcall(select))
