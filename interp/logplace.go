package interp

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/luahost"
)

// Where each log line was written. A person asks why a line of the log
// came (the REPL's why): the answer is the rule that wrote it, the place
// in the script of the innermost frame of the script's own code that
// called t:log, t:tell or t:event. Lines are written often and asked
// about seldom, so a line keeps only a small index into the log's table
// of the places lines were written from (gamelog's Intern: a game writes
// its thousands of lines from a few dozen places). Finding the place is a
// walk up the Lua call stack, usually one frame, read from gopher-lua's
// call frames by luahost.CallerFrame; a Silent match, which keeps no log,
// does not look.

// LogPlace returns where the script wrote log line i (0 <= i < LogLen):
// ok is false for a line no line of the script wrote — what a seat said,
// a takeback — or whose writer the engine could not see.
func (m *Match) LogPlace(i int) (Place, bool) { return m.log.Place(i) }

// logPlace interns the place the method running on L was called from
// (gamelog.Log.Intern), or returns 0 when there is none. The handle is
// kept by the calling instruction: per compiled function, by its number
// (a lookup by pointer and an index, cheaper than hashing a place).
func (m *Match) logPlace(L *lua.LState) int32 {
	fn, pc, ok := luahost.CallerFrame(L, isEngineSource)
	if !ok {
		if luahost.LayoutProblem() != "" {
			return m.internSlow(L)
		}
		return 0
	}
	pr := fn.Proto
	byPC := m.placeIdx[pr]
	if byPC == nil {
		if m.placeIdx == nil {
			m.placeIdx = map[*lua.FunctionProto][]int32{}
		}
		byPC = make([]int32, len(pr.Code)+1)
		m.placeIdx[pr] = byPC
	}
	if pc >= len(byPC) {
		return m.log.Intern(Place{File: pr.SourceName, Line: pr.DbgSourcePositions[pc-1], Func: pr.LineDefined})
	}
	if i := byPC[pc]; i != 0 {
		return i
	}
	byPC[pc] = m.log.Intern(Place{File: pr.SourceName, Line: pr.DbgSourcePositions[pc-1], Func: pr.LineDefined})
	return byPC[pc]
}

// internSlow is logPlace for a gopher-lua whose frames interp does not
// know: the place found through the debug interface.
func (m *Match) internSlow(L *lua.LState) int32 {
	p, ok := callerPlaceSlow(L)
	if !ok {
		return 0
	}
	return m.log.Intern(p)
}

// callerPlace is the place of the innermost frame of the script's own
// code on L's call stack (not the engine's prelude, nor a frame without
// lines), as gopher-lua's public debug interface would tell it.
func callerPlace(L *lua.LState) (Place, bool) {
	fn, pc, ok := luahost.CallerFrame(L, isEngineSource)
	if !ok {
		if luahost.LayoutProblem() != "" {
			return callerPlaceSlow(L)
		}
		return Place{}, false
	}
	pr := fn.Proto
	return Place{File: pr.SourceName, Line: pr.DbgSourcePositions[pc-1], Func: pr.LineDefined}, true
}

// callerPlaceSlow is callerPlace through gopher-lua's public debug
// interface, for a gopher-lua whose frames interp does not know.
func callerPlaceSlow(L *lua.LState) (Place, bool) {
	for level := 1; ; level++ {
		dbg, ok := L.GetStack(level)
		if !ok {
			return Place{}, false
		}
		if _, err := L.GetInfo("Sl", dbg, lua.LNil); err == nil && dbg.CurrentLine > 0 && !isEngineSource(dbg.Source) {
			return Place{File: dbg.Source, Line: dbg.CurrentLine, Func: dbg.LineDefined}, true
		}
	}
}
