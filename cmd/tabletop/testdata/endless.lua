-- A game that never ends, for the terminal tests: run goes on until Ctrl-C.
return {
  title = "Endless",
  players = { 2, 2 },
  play = function(t)
    local n = 0
    while true do
      for _, seat in ipairs(t:seats()) do
        n = n + 1
        t:ask(seat, { "tick", "tock" }, "keep going")
        -- a line every hundred moves: a line a move filled the terminal
        -- faster than the test's emulator could read it on a busy machine
        if n % 100 == 0 then t:log("%p moves (%d)", seat, n) end
      end
    end
  end,
}
