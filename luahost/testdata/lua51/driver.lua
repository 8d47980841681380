-- Runs each chunk of the corpus named on the command line (a file that
-- returns a list of sources): loadstring, then the chunk under pcall.
-- Prints, per chunk, its number and what it returned, or "error" and the
-- message. The same driver runs under PUC-Rio Lua 5.1 (regen.sh) and in
-- luahost's tests, which give it a loadstring through the compile pass.
local cases = assert(loadstring(CORPUS, "=corpus"))()
for i, src in ipairs(cases) do
  local f, err = loadstring(src, "=case")
  if f then
    print(i, pcall(f))
  else
    print(i, "error", err)
  end
end
