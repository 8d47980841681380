-- The assertions every scenario file can use. Each failure names the line
-- of the test that called it (error level 3: the caller of the assertion).

local function show(v, depth)
  depth = depth or 0
  if type(v) == "string" then return string.format("%q", v) end
  if type(v) ~= "table" or depth > 2 then return tostring(v) end
  local parts, n = {}, #v
  for i = 1, n do parts[#parts + 1] = show(v[i], depth + 1) end
  local keys = {}
  for k in pairs(v) do
    if not (type(k) == "number" and k >= 1 and k <= n and k % 1 == 0) then keys[#keys + 1] = k end
  end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  for _, k in ipairs(keys) do parts[#parts + 1] = tostring(k) .. " = " .. show(v[k], depth + 1) end
  return "{" .. table.concat(parts, ", ") .. "}"
end

local function same(a, b)
  if a == b then return true end
  if type(a) ~= "table" or type(b) ~= "table" then return false end
  for k, v in pairs(a) do if not same(v, b[k]) then return false end end
  for k in pairs(b) do if a[k] == nil then return false end end
  return true
end

-- expect(cond, message): fails the scenario unless cond is true.
function expect(cond, msg)
  if not cond then error("expectation failed: " .. (msg or "condition is false"), 2) end
end

-- expect_eq(actual, expected, message): deep equality for tables.
function expect_eq(actual, expected, msg)
  if not same(actual, expected) then
    error(string.format("%sexpected %s, got %s", msg and (msg .. ": ") or "", show(expected), show(actual)), 2)
  end
end

-- expect_error(fn, fragment): fn must fail with a message containing
-- fragment. The fragment is required: without it any error would pass, a
-- misspelt method or a nil variable in the test itself included.
function expect_error(fn, fragment)
  if type(fragment) ~= "string" or fragment == "" then
    error("expect_error needs the text the error must mention, as its second argument: any error would pass without it, a mistake in the test included", 2)
  end
  local ok, err = pcall(fn)
  if ok then error("expected an error mentioning " .. show(fragment), 2) end
  if not string.find(tostring(err), fragment, 1, true) then
    error(string.format("expected an error mentioning %s, got %s", show(fragment), show(tostring(err))), 2)
  end
end

-- The expectations on the log and events take which lines to look at as
-- their last argument: nil (all of them), a seat (those it may read), or
-- {seat=, since=} (since a mark, g:mark()).

-- expect_log(g, fragment [, which]): some log line contains fragment.
function expect_log(g, fragment, seat)
  local lines = g:log(seat)
  for _, l in ipairs(lines) do
    if string.find(l, fragment, 1, true) then return l end
  end
  error(string.format("no log line mentions %s; the last lines are:\n  %s", show(fragment),
    table.concat(lines, "\n  ", math.max(1, #lines - 7))), 2)
end

-- expect_no_log(g, fragment [, which]): no log line contains fragment.
function expect_no_log(g, fragment, seat)
  local lines = g:log(seat)
  for _, l in ipairs(lines) do
    if string.find(l, fragment, 1, true) then
      error(string.format("log line %s should not be there", show(l)), 2)
    end
  end
end

-- matches: every field of want has the same value in the event e.
local function matches(e, want)
  for k, v in pairs(want) do
    if not same(e[k], v) then return false end
  end
  return true
end

local function last_events(events)
  local out = {}
  for i = math.max(1, #events - 5), #events do out[#out + 1] = show(events[i]) end
  if #out == 0 then return "there are no events" end
  return "the last events are:\n  " .. table.concat(out, "\n  ")
end

-- expect_event(g, fields [, which]): some event (a t:event line, all of them
-- or those seat may read, since a mark) has these fields; returns the first
-- such event.
function expect_event(g, want, seat)
  local events = g:events(seat)
  for _, e in ipairs(events) do
    if matches(e, want) then return e end
  end
  error(string.format("no event has %s; %s", show(want), last_events(events)), 2)
end

-- expect_no_event(g, fields [, which]): no event has these fields.
function expect_no_event(g, want, seat)
  for _, e in ipairs(g:events(seat)) do
    if matches(e, want) then error(string.format("event %s should not be there", show(e)), 2) end
  end
end

inspect = show
