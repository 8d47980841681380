package luahost

import (
	"context"
	"sync"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// Threads and their frames, read and reset through gopher-lua's layout: what
// a host needs to let a script suspend across pcall (interp's
// playthreads.go runs pcall's function in a coroutine of its own) and to
// refuse a suspension gopher-lua cannot make (a yield from a Lua function
// that Go called). Where the layout is not the one luahost knows, each
// says what it does instead.

// NewThread returns a new coroutine of L running under ctx, whose end asks
// ctx nothing: a thread that is ended and used again (ResetThread) must
// not count a Done each time, as gopher-lua's cancel function would.
func NewThread(L *lua.LState, ctx context.Context) *lua.LState {
	th, _ := L.NewThread()
	SetContext(th, ctx)
	if layoutProblem() == "" {
		(*stateLayout)(unsafe.Pointer(th)).ctxCancelFn = nil
	}
	return th
}

// ResetThread makes a dead thread as new — no frames, no values, not dead
// — so that Resume starts it again, and reports whether it could: a thread
// with an open upvalue (a closure still reading its registers) cannot be,
// nor any where the layout is not the one luahost knows.
func ResetThread(th *lua.LState) bool {
	if layoutProblem() != "" {
		return false
	}
	sl := (*stateLayout)(unsafe.Pointer(th))
	if !sl.Dead || sl.uvcache != nil || sl.stack.tab != fixedStackTab() {
		return false
	}
	st := (*stackLayout)(sl.stack.data)
	clear(st.array[:st.sp])
	st.sp = 0
	clear(sl.reg.array[:sl.reg.top])
	sl.reg.top = 0
	sl.currentFrame, sl.Parent, sl.Dead = nil, nil, false
	sl.stop, sl.wrapped, sl.hasErrorFunc = 0, false, false
	return true
}

// CallDepth counts a thread's call frames (0 for a thread without the
// fixed call stack every state of a host has, or where the layout is not
// the one luahost knows).
func CallDepth(L *lua.LState) int {
	if layoutProblem() != "" {
		return 0
	}
	sl := (*stateLayout)(unsafe.Pointer(L))
	if sl.stack.tab != fixedStackTab() {
		return 0
	}
	return (*stackLayout)(sl.stack.data).sp
}

// fixedStackTab identifies gopher-lua's fixed call stack in a state's
// stack field.
var fixedStackTab = sync.OnceValue(func() unsafe.Pointer {
	L := lua.NewState(lua.Options{SkipOpenLibs: true, CallStackSize: 1})
	defer L.Close()
	return (*stateLayout)(unsafe.Pointer(L)).stack.tab
})

// FitResults fits the values a suspended thread is resumed with to the
// call it is suspended in: as many as the call expects, nil for those
// missing — gopher-lua leaves the registers of missing ones unset, and
// reading one crashes. A call whose results are all kept (f(yield(...)))
// gets them all, and so does every call where the layout is not the one
// luahost knows.
func FitResults(th *lua.LState, args []lua.LValue) []lua.LValue {
	if layoutProblem() != "" {
		return args
	}
	cf := (*stateLayout)(unsafe.Pointer(th)).currentFrame
	if cf == nil || cf.Fn == nil || cf.Fn.IsG || cf.Pc < 1 {
		return args
	}
	inst := cf.Fn.Proto.Code[cf.Pc-1]
	if int(inst>>26) != lua.OP_CALL || opC(inst) == 0 {
		return args
	}
	want := opC(inst) - 1
	for len(args) < want {
		args = append(args, lua.LNil)
	}
	return args[:want]
}

// CalledFromGo says why the running function of L cannot suspend its
// thread — the call from Go it runs inside of, named as a script writer
// knows it ("a table.sort comparator", "an __index metamethod", "pcall")
// — or "". Where the layout is not the one luahost knows, it is found
// through gopher-lua's public debug interface, which sees a library
// function's call but not a metamethod's.
func CalledFromGo(L *lua.LState) string {
	if layoutProblem() != "" {
		return goCaller(L)
	}
	return framesBlock(L)
}

// framesBlock walks a thread's frames from the running one down: each
// must have been called by a call instruction of a Lua function. It
// returns what called one otherwise, or "".
func framesBlock(L *lua.LState) string {
	for f := (*stateLayout)(unsafe.Pointer(L)).currentFrame; f != nil && f.Parent != nil; f = f.Parent {
		p := f.Parent
		if p.Fn == nil {
			return "a call from Go"
		}
		if p.Fn.IsG {
			return goCallName(p)
		}
		if p.Pc < 1 || p.Pc > len(p.Fn.Proto.Code) {
			return "a call from Go"
		}
		switch op := int(p.Fn.Proto.Code[p.Pc-1] >> 26); op {
		case lua.OP_CALL, lua.OP_TAILCALL:
		default:
			return metamethodOf(op)
		}
	}
	return ""
}

// goCallName names a Go function that called Lua: by the name its caller
// called it by (the library's, usually).
func goCallName(g *frameLayout) string {
	name := "?"
	if c := g.Parent; c != nil && c.Fn != nil && !c.Fn.IsG {
		for _, call := range c.Fn.Proto.DbgCalls {
			if call.Pc == c.Pc-1 {
				name = call.Name
			}
		}
	}
	return goCallText(name)
}

// goCallText describes a call from the library function called name.
func goCallText(name string) string {
	switch name {
	case "sort":
		return "a table.sort comparator"
	case "gsub":
		return "a string.gsub replacement function"
	case "tostring", "print":
		return "a __tostring metamethod"
	case "..":
		return "a __concat metamethod"
	case "pcall":
		return "pcall"
	case "xpcall":
		return "xpcall"
	case "require":
		return "a module's top level (require)"
	case "?", "":
		return "a function called by the library"
	}
	return "a function called by " + name
}

// metamethodOf names the metamethod an instruction calls.
func metamethodOf(op int) string {
	switch op {
	case lua.OP_GETTABLE, lua.OP_GETTABLEKS, lua.OP_GETGLOBAL, lua.OP_SELF:
		return "an __index metamethod"
	case lua.OP_SETTABLE, lua.OP_SETTABLEKS, lua.OP_SETGLOBAL:
		return "a __newindex metamethod"
	case lua.OP_ADD, lua.OP_SUB, lua.OP_MUL, lua.OP_DIV, lua.OP_MOD, lua.OP_POW, lua.OP_UNM:
		return "an arithmetic metamethod"
	case lua.OP_EQ:
		return "an __eq metamethod"
	case lua.OP_LT, lua.OP_LE:
		return "a comparison metamethod (__lt, __le)"
	case lua.OP_LEN:
		return "a __len metamethod"
	case lua.OP_CONCAT:
		return "a __concat metamethod"
	case lua.OP_TFORLOOP:
		return "the iterator of a for ... in loop"
	}
	return "a metamethod"
}

// goCaller is CalledFromGo through gopher-lua's public debug interface:
// it finds a call from Go below the running function, not a metamethod.
func goCaller(L *lua.LState) string {
	for level := 1; ; level++ {
		dbg, ok := L.GetStack(level)
		if !ok {
			return ""
		}
		if _, err := L.GetInfo("Sn", dbg, lua.LNil); err == nil && dbg.What == "G" {
			return goCallText(dbg.Name)
		}
	}
}

// LeftFrame returns the function and the program counter of frame i of
// th's call stack as its last call left it: gopher-lua keeps a returned
// frame's contents in the stack's array until another call reuses the
// slot, so a coroutine that has just returned still shows where each of its
// calls ended (frame 0 is the function it was started with). ok is false
// when the frame is not there, holds no Lua function, or the layout is not
// the one luahost knows.
func LeftFrame(th *lua.LState, i int) (fn *lua.LFunction, pc int, ok bool) {
	if layoutProblem() != "" || th == nil || i < 0 {
		return nil, 0, false
	}
	sl := (*stateLayout)(unsafe.Pointer(th))
	if sl.stack.tab != fixedStackTab() {
		return nil, 0, false
	}
	frames := sl.stackArray()
	if i >= len(frames) || frames[i].Fn == nil || frames[i].Fn.IsG || frames[i].Fn.Proto == nil {
		return nil, 0, false
	}
	return frames[i].Fn, frames[i].Pc, true
}

// CallerFrame walks L's call stack from the innermost frame outwards and
// returns the first frame of a Lua function whose instruction has a line
// and whose source skip does not refuse: the function and its program
// counter (pc >= 1; the instruction running is pc-1). ok is false when
// there is none, or the layout is not the one luahost knows: the caller
// then asks gopher-lua's debug interface (L.GetStack, L.GetInfo), slower.
func CallerFrame(L *lua.LState, skip func(source string) bool) (fn *lua.LFunction, pc int, ok bool) {
	if layoutProblem() != "" {
		return nil, 0, false
	}
	for f := (*stateLayout)(unsafe.Pointer(L)).currentFrame; f != nil; f = f.Parent {
		fn := f.Fn
		if fn == nil || fn.IsG || fn.Proto == nil || f.Pc <= 0 || f.Pc > len(fn.Proto.DbgSourcePositions) || skip(fn.Proto.SourceName) {
			continue
		}
		if fn.Proto.DbgSourcePositions[f.Pc-1] > 0 {
			return fn, f.Pc, true
		}
	}
	return nil, 0, false
}
