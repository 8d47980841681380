-- hostile: every way out of the sandbox we know of, each tried under pcall
-- want: the sandbox held
local tries = {
  function() return io.open("/etc/passwd") end,
  function() return os.execute("true") end,
  function() return os.getenv("HOME") end,
  function() return loadstring("return 1")() end,
  function() return load(function() return "return 1" end)() end,
  function() return dofile("/etc/passwd") end,
  function() return loadfile("/etc/passwd") end,
  function() return debug.getregistry() end,
  function() return getfenv(0) end,
  function() return setfenv(1, {}) end,
  function() return string.dump(print) end,
  function() return getmetatable("").__index.dump(print) end,
  function() return rawget(_G, "io").open("/etc/passwd") end,
  function() return require("io") end,
  function() return require("os") end,
  function() return package.loaded end,
  function() return module("x") end,
  function() return collectgarbage("count") end,
  function() return newproxy(true) end,
  function() return coroutine.create(print) end,
  function() return math.randomseed(1) end,
  function() return channel.make() end,
}
for i, try in ipairs(tries) do
  local ok, got = pcall(try)
  if ok then error("escape " .. i .. " worked: " .. tostring(got)) end
end
error("the sandbox held") --> here
local Game = { title = "Hostile", players = { 2, 3 } }
function Game.play(t)
  t:ask(1, { 'go' })
end
return Game
