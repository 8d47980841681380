package interp

import (
	"strconv"
	"sync"
	"unsafe"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/luahost"
)

// Asking across pcall.
//
// t:ask suspends the play coroutine (gopher-lua's yield): the engine gets
// the prompt, and resumes the coroutine with the choice. gopher-lua can
// suspend a coroutine only from Lua code its main loop runs directly; a
// Lua function that Go code called — through pcall, a table.sort
// comparator, a gsub callback, a metamethod, a for loop's iterator — runs
// in a loop of its own nested in that Go call, and a yield from there
// corrupts the state ("can not yield from outside of a coroutine", or
// worse).
//
// pcall and xpcall are what an author wraps a turn in, so in play they
// are made to work: on the play coroutine, pcall(f, ...) runs f in a
// coroutine of its own (a "pcall thread", kept on Match.pcalls), which may
// ask. Its errors end that coroutine, not the game, and become pcall's
// false and message, as usual. When f asks, the pcall thread yields to
// the Go pcall, which yields its own thread in turn, up to the engine:
// nothing is left on Go's stack, so the match can be saved, forked and
// replayed as at any prompt. The engine then resumes the innermost pcall
// thread with the choice (Match.resume), and when that thread ends,
// resumes the thread below with what pcall returns — the Go call it
// yielded from returns those values.
//
// Everything else that calls Lua from Go cannot ask: t:ask looks at the
// frames it is called from (askBlocked) and refuses, with the script's
// line, when any of them is such a call, naming it — never a Go panic.
//
// Both read gopher-lua's frames through the layouts checked against
// gopher-lua 1.1.2 (forklua.go); where the layout differs, pcall is
// gopher-lua's own and an ask inside one is refused (found through the
// public debug interface; an ask inside a metamethod is then not found).

// pcallThread is a coroutine running a function called by pcall in play.
type pcallThread struct {
	th      *lua.LState
	handler lua.LValue // xpcall's handler, or nil
}

// pcallHelperSource is the body of a pcall thread: it calls f and returns
// how many values f returned before them (a resumed thread's results
// cannot tell none from one nil). Its frames have no lines and its calls
// no names (pcallHelper), so that, like the C function pcall is in Lua
// 5.1, it gives no position to error(msg, 2) and no name to f.
const pcallHelperSource = `
local select = select
local function counted(...) return select("#", ...), ... end
return function(f, ...) return counted(f(...)) end
`

var pcallHelperChunk = sync.OnceValue(func() *luahost.Chunk {
	c := compiledOnce("<pcall>", pcallHelperSource)()
	L := lua.NewState(lua.Options{SkipOpenLibs: true})
	defer L.Close()
	anonymous(luahost.Load(L, c).Proto) // the chunk's prototypes, shared by every state
	return c
})

// anonymous removes a prototype's lines and call names, and its nested
// prototypes'.
func anonymous(p *lua.FunctionProto) {
	clear(p.DbgSourcePositions)
	p.DbgCalls = nil
	for _, q := range p.FunctionPrototypes {
		anonymous(q)
	}
}

// installPCall replaces the state's pcall and xpcall with the ones that
// can ask in play: a match's (the states of bots, tools and scenarios
// keep gopher-lua's).
func installPCall(L *lua.LState) {
	chunk := luahost.Load(L, pcallHelperChunk())
	L.Push(chunk)
	L.Call(0, 1)
	helper := L.Get(-1)
	L.Pop(1)
	L.SetGlobal("pcall", L.NewClosure(playPCall, helper))
	L.SetGlobal("xpcall", L.NewClosure(playXPCall, helper))
}

// playPCall is pcall: across asks on the play coroutine, gopher-lua's
// elsewhere.
func playPCall(L *lua.LState) int {
	m := askingMatch(L)
	if m == nil || L.GetTop() == 0 || !callable(L, L.Get(1)) {
		return luahost.PCall(L)
	}
	// The arguments are copied onto the pcall thread before it runs, so
	// one slice serves every pcall of the match.
	args := m.pcallArgs[:0]
	for i := 1; i <= L.GetTop(); i++ {
		args = append(args, L.Get(i))
	}
	m.pcallArgs = args
	return m.pcallAcross(L, args, nil)
}

// playXPCall is xpcall(f, handler).
func playXPCall(L *lua.LState) int {
	m := askingMatch(L)
	if m == nil {
		return luahost.XPCall(L)
	}
	f, handler := L.CheckFunction(1), L.CheckFunction(2)
	return m.pcallAcross(L, []lua.LValue{f}, handler)
}

func callable(L *lua.LState, v lua.LValue) bool {
	if _, ok := v.(*lua.LFunction); ok {
		return true
	}
	_, ok := L.GetMetaField(v, "__call").(*lua.LFunction)
	return ok
}

// askingMatch returns the match whose play L is running, when pcall can
// ask there, or nil.
func askingMatch(L *lua.LState) *Match {
	g, ok := L.Context().(*luahost.Meter)
	if !ok || layoutProblem() != "" {
		return nil
	}
	if m, ok := g.Host.(*Match); ok && m.co != nil && L == m.playThread() && !m.drawing {
		return m
	}
	return nil
}

// playThread is the coroutine play runs on now: the innermost pcall
// thread, or the play coroutine.
func (m *Match) playThread() *lua.LState {
	if n := len(m.pcalls); n > 0 {
		return m.pcalls[n-1].th
	}
	return m.co
}

// pcallAcross runs call[0](call[1:]...) in a new pcall thread and returns
// pcall's results on L, or yields L when the function asks.
func (m *Match) pcallAcross(L *lua.LState, call []lua.LValue, handler lua.LValue) int {
	if limit := m.Engine.Limits.MaxCallDepth; limit > 0 && m.callDepth() >= limit {
		L.RaiseError("stack overflow")
	}
	th := m.newPcallThread(L)
	m.pcalls = append(m.pcalls, pcallThread{th: th, handler: handler})
	helper := L.Get(lua.UpvalueIndex(1)).(*lua.LFunction)
	st, err, rets := L.Resume(th, helper, call...)
	clear(call) // on the thread now: storage to reuse (playPCall)
	if st == lua.ResumeYield {
		return L.Yield()
	}
	m.endPcall()
	if err == nil { // the common case, without pcallResults's slice
		n := countedResults(rets)
		L.Push(lua.LTrue)
		for _, v := range rets[1 : 1+n] {
			L.Push(v)
		}
		return 1 + n
	}
	res := pcallResults(L, err, rets, handler)
	for _, v := range res {
		L.Push(v)
	}
	return len(res)
}

// countedResults is how many values the function of a pcall thread
// returned: the helper's count, which comes first.
func countedResults(rets []lua.LValue) int {
	if len(rets) == 0 {
		return 0
	}
	return max(0, min(int(lua.LVAsNumber(rets[0])), len(rets)-1))
}

// newPcallThread returns a coroutine for a pcall: a spare one when the
// match has one (making a thread costs some 30 KB of registers and frames:
// a loop of pcalls would spend its time collecting them), else a new one.
func (m *Match) newPcallThread(L *lua.LState) *lua.LState {
	if n := len(m.spare); n > 0 {
		th := m.spare[n-1]
		m.spare = m.spare[:n-1]
		return th
	}
	th, _ := L.NewThread()
	setContext(th, m.meter)
	// A thread's cancel function asks the meter for Done when the thread
	// dies, which counts as an instruction: a thread used again would not.
	(*stateLayout)(unsafe.Pointer(th)).ctxCancelFn = nil
	return th
}

// endPcall drops the innermost pcall thread, which has ended, keeping it
// as a spare when it can be made as new (reusable).
func (m *Match) endPcall() {
	th := m.pcalls[len(m.pcalls)-1].th
	m.pcalls[len(m.pcalls)-1] = pcallThread{}
	m.pcalls = m.pcalls[:len(m.pcalls)-1]
	if len(m.spare) < maxSpareThreads && reusable(th) {
		m.spare = append(m.spare, th)
	}
}

// maxSpareThreads is how many ended pcall threads a match keeps: one for
// each level of pcalls nested in play, up to this many.
const maxSpareThreads = 4

// reusable makes a dead thread as new — no frames, no values, not dead —
// so that Resume starts it again, and reports whether it could: a thread
// with an open upvalue (a closure still reading its registers) cannot be.
func reusable(th *lua.LState) bool {
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

// pcallResults is what pcall returns for a pcall thread that ended: true
// and what the function returned (rets, counted by the helper), or false
// and the error (through xpcall's handler, which runs on L).
func pcallResults(L *lua.LState, err error, rets []lua.LValue, handler lua.LValue) []lua.LValue {
	if err == nil {
		return append([]lua.LValue{lua.LTrue}, rets[1:1+countedResults(rets)]...)
	}
	e := errValue(err)
	if s, ok := e.(lua.LString); ok {
		e = lua.LString(luahost.ScrubAddresses(string(s)))
	}
	if h, ok := handler.(*lua.LFunction); ok {
		if herr := L.CallByParam(lua.P{Fn: h, NRet: 1, Protect: true}, e); herr != nil {
			e = errValue(herr)
		} else {
			e = L.Get(-1)
			L.Pop(1)
		}
	}
	return []lua.LValue{lua.LFalse, e}
}

// callDepth counts the frames of the play coroutine and its pcall threads.
func (m *Match) callDepth() int {
	n := stackDepth(m.co)
	for _, p := range m.pcalls {
		n += stackDepth(p.th)
	}
	return n
}

// stackDepth counts a thread's frames (0 for a thread without the fixed
// call stack every state of the engine has).
func stackDepth(L *lua.LState) int {
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

// resumePlay resumes the play thread with args (the choice) and, as each
// pcall thread that ends hands pcall's results to the thread below, that
// one, until one asks or the play coroutine yields, ends or fails. It
// returns how the play coroutine stopped (ResumeYield when a pcall thread
// asked) and play's return values.
func (m *Match) resumePlay(args []lua.LValue) (lua.ResumeState, []lua.LValue, error) {
	for {
		th := m.playThread()
		st, err, rets := m.L.Resume(th, m.play, resultsFor(th, args)...)
		if th == m.co || st == lua.ResumeYield {
			return st, rets, err
		}
		handler := m.pcalls[len(m.pcalls)-1].handler
		m.endPcall()
		args = pcallResults(m.L, err, rets, handler)
	}
}

// resultsFor fits the values a suspended thread is resumed with to the
// call it is suspended in (t:ask's, pcall's): as many as the call
// expects, nil for those missing — gopher-lua leaves the registers of
// missing ones unset, and reading one crashes. A call whose results are
// all kept (f(t:ask(...))) gets them all.
func resultsFor(th *lua.LState, args []lua.LValue) []lua.LValue {
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

// askBlocked says why t:ask, called on L, cannot suspend the game — the
// call from Go it is inside of, in L or in a thread below — or "".
func (m *Match) askBlocked(L *lua.LState) string {
	if layoutProblem() != "" {
		return goCaller(L)
	}
	if why := framesBlock(L); why != "" {
		return why
	}
	for i := len(m.pcalls) - 2; i >= -1; i-- {
		th := m.co
		if i >= 0 {
			th = m.pcalls[i].th
		}
		if why := framesBlock(th); why != "" {
			return why
		}
	}
	return ""
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

// goCaller is askBlocked through gopher-lua's public debug interface,
// for a gopher-lua whose layout this package does not know: it finds a
// call from Go below the running function, not a metamethod.
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

// raiseAtScript raises msg on L with the position of the innermost frame
// of the script's own code — not the prelude's, when t:ask_all asked, nor
// a pcall thread's helper — in L or in the threads below it.
func (m *Match) raiseAtScript(L *lua.LState, msg string) {
	threads := []*lua.LState{L}
	for i := len(m.pcalls) - 2; i >= -1 && L == m.playThread(); i-- {
		if i >= 0 {
			threads = append(threads, m.pcalls[i].th)
		} else {
			threads = append(threads, m.co)
		}
	}
	for _, th := range threads {
		for level := 0; ; level++ {
			dbg, ok := th.GetStack(level)
			if !ok {
				break
			}
			if _, err := th.GetInfo("Sl", dbg, lua.LNil); err == nil && dbg.CurrentLine > 0 && !isEngineSource(dbg.Source) {
				L.Error(lua.LString(dbg.Source+":"+strconv.Itoa(dbg.CurrentLine)+": "+msg), 0)
			}
		}
	}
	L.Error(lua.LString(msg), 0)
}

func isEngineSource(s string) bool { return len(s) > 0 && (s[0] == '<' || s[0] == '[') }
