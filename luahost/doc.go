// Package luahost runs untrusted Lua 5.1 scripts on an unmodified
// gopher-lua, so that they mean what Lua says and stop the same way every
// time.
//
// gopher-lua is a good virtual machine with a few open code-generation bugs
// and no notion of a budget. This package is the layer between it and the
// rest of tabletop:
//
//	Compile   -- source to Chunk through a pass of our own: parse, check
//	             the size, rewrite what gopher-lua compiles wrongly, route
//	             what must be metered, then lua.Compile
//	Load      -- a Chunk as a function of one state, its hidden helpers bound
//	OpenLibs  -- the sandboxed libraries (base, string, table, math) with
//	             every function that can allocate much or run long metered
//	Meter     -- one state's budgets: instructions per step, bytes allocated
//	             per step, data kept, call depth; it is the context.Context
//	             gopher-lua consults before every instruction
//
// Every budget is counted, never timed and never read off the shared Go
// heap, so a script stops at the same instruction with the same message
// whatever else the process is doing. A wall-clock watchdog remains only as
// a last resort, and says so when it fires.
package luahost
