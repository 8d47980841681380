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
//	SetContext -- a state's meter, counted by the instructions that end a
//	             loop's body or a function instead (the counted loop)
//	Measure   -- what a state keeps, walked from its roots
//	Copier    -- a deep copy of Lua states and the Go values holding them
//	             (a fork of a match, by the rules of a CopyPlan)
//	NewThread, ResetThread, CallDepth, FitResults, CalledFromGo
//	          -- threads and frames, for a host that suspends across pcall
//	Int, KeyedTable -- numbers boxed once, tables of named fields in one go
//
// gopher-lua keeps what these need unexported: its tables' parts, its
// states' registers, frames and loop, its table of instructions. This
// package alone reads and writes them, through layouts checked against the
// gopher-lua go.mod pins; layout.go says which versions, and what each of
// the above does instead where the layout differs. Arithmetic, the
// numeric for and named-field stores run through wrapped instructions
// (arith.go, fieldstore.go), installed once at start-up for every state.
//
// Every budget is counted, never timed and never read off the shared Go
// heap, so a script stops at the same instruction with the same message
// whatever else the process is doing. A wall-clock watchdog remains only as
// a last resort, and says so when it fires.
package luahost
