package luahost

import (
	"context"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// The counted loop: a metered state without gopher-lua's check before
// every instruction.
//
// gopher-lua runs a state that has a context (our Meter) in a loop
// that asks the context before every instruction whether to stop: an
// interface call and a channel poll per instruction, close to a tenth of a
// game's work. A match's states run instead in gopher-lua's plain loop,
// and the instructions that end a loop's body or a function count the
// work for the meter: a jump back counts the loop's body (its length in
// instructions), a return or a tail call the function's instructions up
// to it. (gopher-lua jumps back only by a jump, a numeric for's step and a
// generic for's step; every other instruction that moves on skips
// forward.) Every instruction a state runs is in some function that returns,
// or in a loop that goes round, so nothing escapes the count; a branch
// not taken is counted all the same, so the count is at least the
// instructions run and at most about twice as many. It is counted, never
// timed, so a script stops at the same point on every run, as before.
//
// The counting is done by wrapping five entries of gopher-lua's table of
// instructions (linked by name: it is not exported), once, at start-up,
// before any state runs. Where gopher-lua's layout differs from the one
// this package knows (layoutProblem), nothing is wrapped and states keep
// the checked loop.

type vmOp func(L *lua.LState, inst uint32, baseframe *frameLayout) int

//go:linkname vmOps github.com/yuin/gopher-lua.jumpTable
var vmOps [lua.OP_NOP + 1]vmOp

// plainLoop is gopher-lua's loop without the check (a state's mainLoop
// field), or nil when the counted loop is not in use.
var plainLoop unsafe.Pointer

// useCountedLoop is false in tests that compare the counts with those of
// the checked loop.
var useCountedLoop = true

// installCountedLoop wraps the instructions that count.
func installCountedLoop() {
	L := lua.NewState(lua.Options{SkipOpenLibs: true, CallStackSize: 1, RegistrySize: 1})
	plainLoop = (*stateLayout)(unsafe.Pointer(L)).mainLoop
	L.Close()
	if plainLoop == nil {
		return
	}
	jmp, forloop, tforloop := vmOps[lua.OP_JMP], vmOps[lua.OP_FORLOOP], vmOps[lua.OP_TFORLOOP]
	ret, tail := vmOps[lua.OP_RETURN], vmOps[lua.OP_TAILCALL]
	vmOps[lua.OP_JMP] = func(L *lua.LState, inst uint32, bf *frameLayout) int {
		if back := -jumpOf(inst); back > 0 {
			countFor(L, back)
		}
		return jmp(L, inst, bf)
	}
	vmOps[lua.OP_FORLOOP] = func(L *lua.LState, inst uint32, bf *frameLayout) int {
		countFor(L, -jumpOf(inst))
		return forloop(L, inst, bf)
	}
	// A generic for's step runs the jump back that follows it itself.
	vmOps[lua.OP_TFORLOOP] = func(L *lua.LState, inst uint32, bf *frameLayout) int {
		cf := (*stateLayout)(unsafe.Pointer(L)).currentFrame
		if code := cf.Fn.Proto.Code; cf.Pc < len(code) {
			countFor(L, -jumpOf(code[cf.Pc]))
		}
		return tforloop(L, inst, bf)
	}
	vmOps[lua.OP_RETURN] = func(L *lua.LState, inst uint32, bf *frameLayout) int {
		countFor(L, (*stateLayout)(unsafe.Pointer(L)).currentFrame.Pc)
		return ret(L, inst, bf)
	}
	vmOps[lua.OP_TAILCALL] = func(L *lua.LState, inst uint32, bf *frameLayout) int {
		countFor(L, (*stateLayout)(unsafe.Pointer(L)).currentFrame.Pc)
		return tail(L, inst, bf)
	}
}

// jumpOf is the signed jump (sBx) of a jump instruction: the instructions
// from the next one to its target.
func jumpOf(inst uint32) int { return int(inst&0x3ffff) - 0x1ffff }

// An instruction's operands (gopher-lua's layout: 6 bits of opcode, then
// A, C and B).
func opA(inst uint32) int { return int(inst>>18) & 0xff }
func opB(inst uint32) int { return int(inst) & 0x1ff }
func opC(inst uint32) int { return int(inst>>9) & 0x1ff }

// countFor counts n instructions for L's meter, when L runs the counted
// loop (a state in the checked loop has counted them one by one).
func countFor(L *lua.LState, n int) {
	sl := (*stateLayout)(unsafe.Pointer(L))
	if sl.mainLoop != plainLoop {
		return
	}
	if m, ok := sl.ctx.(*Meter); ok {
		if p := runningProfile.Load(); p != nil {
			p.add(sl, n)
		}
		m.Tick(L, int64(n))
	}
}

// SetContext gives L its context, as L.SetContext does, and a state
// whose context is a Meter the counted loop; any other stays in the
// checked loop (where the layout is not the one luahost knows, every
// state does). Every state a host runs under a meter should get it here.
func SetContext(L *lua.LState, ctx context.Context) {
	L.SetContext(ctx)
	if _, ok := ctx.(*Meter); !ok || plainLoop == nil || !useCountedLoop {
		return
	}
	(*stateLayout)(unsafe.Pointer(L)).mainLoop = plainLoop
}
