-- The prompts written in Lua on top of t:ask, run on every match's t (pieces.go): chunk "<prelude>".
local t, shared_keyboard, prompt_args = ...
local groups = 0

-- t:ask_all(seats, options, hint): a simultaneous secret choice. options is
-- a list, or a function(seat) returning that seat's list; hint is a text
-- or {hint=, verb=}, as for t:ask. Each seat answers without seeing the
-- others' answers; returns {[seat] = choice}. The prompts of one call
-- share a group number, so checks can tell that nothing public was said
-- while the answers were being collected.
function t:ask_all(seats, options, hint, ...)
  local answers = {}
  local how = prompt_args("ask_all", select("#", ...), seats, options, hint, groups + 1)
  groups = groups + 1
  for _, s in ipairs(seats) do
    local opts = options
    if type(options) == "function" then opts = options(s) end
    answers[s] = self:ask(s, opts, how)
  end
  return answers
end

-- t:offer(seats, options, hint [, always]): an out-of-turn reaction offered
-- to seats in order. options(seat) returns the seat's possible reactions
-- (nil or empty: the seat is not asked at all, unless always is true or
-- people share the keyboard (Config.SharedFrom): then it is asked too, with
-- only "pass", so that being asked gives nothing away). Each asked seat may
-- "pass". Returns the first seat that reacts and its choice, or nil when
-- all pass.
function t:offer(seats, options, hint, always, ...)
  hint = prompt_args("offer", select("#", ...), seats, options, hint, always)
  for _, s in ipairs(seats) do
    local opts = options
    if type(options) == "function" then opts = options(s) end
    if (opts and #opts > 0) or always or shared_keyboard() then
      local choices = {}
      for i, o in ipairs(opts or {}) do choices[i] = o end
      choices[#choices + 1] = "pass"
      local c = self:ask(s, choices, hint)
      if c ~= "pass" then return s, c end
    end
  end
  return nil
end
