package luahost

import (
	"fmt"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// Arguments and errors the way Lua 5.1's auxiliary library (lauxlib)
// checks and reports them, so that a library function fails with the
// reference's message: "bad argument #2 to 'rep' (number expected, got
// no value)", with the caller's position when the caller is Lua.

// where is luaL_where: "source:line: " of the function level levels up the
// stack (1: the caller of the running library function), or "" when that
// function is not Lua (pcall(string.rep) has no position).
func where(L *lua.LState, level int) string {
	dbg, ok := L.GetStack(level)
	if !ok {
		return ""
	}
	if _, err := L.GetInfo("Sl", dbg, lua.LNil); err != nil || dbg.CurrentLine <= 0 {
		return ""
	}
	return fmt.Sprintf("%s:%d: ", dbg.Source, dbg.CurrentLine)
}

// raise is luaL_error: the message, after the caller's position.
func raise(L *lua.LState, format string, args ...any) {
	L.Error(lua.LString(where(L, 1)+fmt.Sprintf(format, args...)), 0)
}

// funcName is the name the running library function was called by, as
// luaL_argerror finds it, or "?".
func funcName(L *lua.LState) string {
	dbg, ok := L.GetStack(0)
	if !ok {
		return "?"
	}
	if _, err := L.GetInfo("n", dbg, lua.LNil); err != nil {
		return "?"
	}
	// gopher-lua says "(anonymous)" or "<file:line>" where Lua says "?"
	if dbg.Name == "" || strings.HasPrefix(dbg.Name, "(") || strings.HasPrefix(dbg.Name, "<") {
		return "?"
	}
	return dbg.Name
}

// argError is luaL_argerror. Unlike the reference, it cannot tell a method
// call (s:rep()) from a plain one, so it counts self as argument #1.
func argError(L *lua.LState, n int, msg string) {
	raise(L, "bad argument #%d to '%s' (%s)", n, funcName(L), msg)
}

func typeError(L *lua.LState, n int, want string) {
	argError(L, n, want+" expected, got "+typeName(L, n))
}

// typeName is luaL_typename: "no value" past the last argument.
func typeName(L *lua.LState, n int) string {
	if n > L.GetTop() {
		return "no value"
	}
	return L.Get(n).Type().String()
}

func isNoneOrNil(L *lua.LState, n int) bool { return L.Get(n) == lua.LNil }

func checkAny(L *lua.LState, n int) lua.LValue {
	if n > L.GetTop() {
		argError(L, n, "value expected")
	}
	return L.Get(n)
}

// toStr is lua_tolstring: strings, and numbers written as Lua writes them.
func toStr(v lua.LValue) (string, bool) {
	switch v := v.(type) {
	case lua.LString:
		return string(v), true
	case lua.LNumber:
		return NumberString(float64(v)), true
	}
	return "", false
}

// toNumber is lua_tonumber: numbers, and strings that read as numbers.
func toNumber(v lua.LValue) (float64, bool) {
	switch v := v.(type) {
	case lua.LNumber:
		return float64(v), true
	case lua.LString:
		return str2number(string(v))
	}
	return 0, false
}

func checkString(L *lua.LState, n int) string {
	s, ok := toStr(L.Get(n))
	if !ok {
		typeError(L, n, "string")
	}
	return s
}

func optString(L *lua.LState, n int, def string) string {
	if isNoneOrNil(L, n) {
		return def
	}
	return checkString(L, n)
}

func checkNumber(L *lua.LState, n int) float64 {
	f, ok := toNumber(L.Get(n))
	if !ok {
		typeError(L, n, "number")
	}
	return f
}

// checkInteger is luaL_checkinteger (a C cast to long).
func checkInteger(L *lua.LState, n int) int64 { return cInt64(checkNumber(L, n)) }

func optInteger(L *lua.LState, n int, def int64) int64 {
	if isNoneOrNil(L, n) {
		return def
	}
	return checkInteger(L, n)
}

// checkInt is luaL_checkint (to long, then to int: 2^32+1 is 1).
func checkInt(L *lua.LState, n int) int { return checkIntOf(checkNumber(L, n)) }

func optInt(L *lua.LState, n int, def int) int {
	if isNoneOrNil(L, n) {
		return def
	}
	return checkInt(L, n)
}

// optLen is luaL_opt(L, luaL_checkint, n, luaL_getn(t)): argument n, or
// the length of t when it is absent.
func optLen(L *lua.LState, n int, t *lua.LTable) int {
	if isNoneOrNil(L, n) {
		return t.Len()
	}
	return checkInt(L, n)
}

func checkTable(L *lua.LState, n int) *lua.LTable {
	t, ok := L.Get(n).(*lua.LTable)
	if !ok {
		typeError(L, n, "table")
	}
	return t
}

// posrelat turns a negative string position into one from the start.
func posrelat(pos int64, n int) int64 {
	if pos < 0 {
		pos += int64(n) + 1
	}
	if pos < 0 {
		return 0
	}
	return pos
}

// maxCStack is the reference's LUAI_MAXCSTACK: a C function may push at
// most this many values (unpack and string.byte say so when asked for more).
const maxCStack = 8000

// checkStack is lua_checkstack: may the running function push n values?
func checkStack(L *lua.LState, n int64) bool {
	return n <= maxCStack && int64(L.GetTop())+n <= maxCStack
}
