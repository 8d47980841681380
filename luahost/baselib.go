package luahost

import (
	"io"
	"strings"
	"sync"

	lua "github.com/yuin/gopher-lua"
)

// baseFuncs replace gopher-lua's base functions whose results or errors
// differ from Lua 5.1's, or which do unbounded work in one call.
var baseFuncs = map[string]lua.LGFunction{
	"assert":   baseAssert,
	"error":    baseError,
	"select":   baseSelect,
	"tonumber": baseTonumber,
	"tostring": baseTostring,
	"unpack":   baseUnpack,
}

// Tostring converts v to a string as Lua 5.1's tostring does: through
// __tostring when v has one (whatever it returns), numbers as "%.14g".
func Tostring(L *lua.LState, v lua.LValue) lua.LValue {
	if mm := L.GetMetaField(v, "__tostring"); mm != lua.LNil {
		work(L, callCost)
		L.Push(mm)
		L.Push(v)
		L.Call(1, 1)
		r := L.Get(-1)
		L.Pop(1)
		return r
	}
	switch v := v.(type) {
	case lua.LString:
		return v
	case lua.LNumber:
		return lua.LString(NumberString(float64(v)))
	}
	return lua.LString(Ident(L, v))
}

func baseTostring(L *lua.LState) int {
	r := Tostring(L, checkAny(L, 1))
	if s, ok := r.(lua.LString); ok {
		MeterOf(L).Charge(L, int64(len(s)))
	}
	L.Push(r)
	return 1
}

// Print returns Lua 5.1's print, writing to w: each argument through the
// global tostring, tabs between, a newline at the end. Like the reference,
// which writes with fputs, it writes a string only up to a zero byte.
//
// The function is a method value, not a closure, so that a copy of a state
// (interp's Fork) can tell what it holds: the writer, never changed.
func Print(w io.Writer) lua.LGFunction { return printer{w}.print }

// printer is print with its writer.
type printer struct{ w io.Writer }

func (p printer) print(L *lua.LState) int {
	w := p.w
	n := L.GetTop()
	tostring := L.GetGlobal("tostring")
	var line []byte
	for i := 1; i <= n; i++ {
		L.Push(tostring)
		L.Push(L.Get(i))
		L.Call(1, 1)
		s, ok := toStr(L.Get(-1))
		if !ok {
			raise(L, "'tostring' must return a string to 'print'")
		}
		L.Pop(1)
		if z := strings.IndexByte(s, 0); z >= 0 {
			s = s[:z]
		}
		if i > 1 {
			line = append(line, '\t')
		}
		line = append(line, s...)
	}
	w.Write(append(line, '\n'))
	return 0
}

// PCall is pcall: gopher-lua's, behind the reference's argument check,
// with the addresses scrubbed from an error message it catches (see
// ScrubAddresses).
func PCall(L *lua.LState) int {
	n := gopherPCall()(L)
	if n == 2 && L.Get(-2) == lua.LFalse {
		L.Replace(-1, scrubError(L.Get(-1)))
	}
	return n
}

var gopherPCall = sync.OnceValue(func() lua.LGFunction { return checked(gopherBase("pcall"), checkedBase["pcall"]) })

// XPCall is xpcall(f, handler): f is called without arguments, as in Lua
// 5.1; when it fails, handler is called with the error (its addresses
// scrubbed), once f's frames are gone, and xpcall returns false and what
// the handler returned (or, when the handler fails too, its error).
func XPCall(L *lua.LState) int {
	fn, handler := L.CheckFunction(1), L.CheckFunction(2)
	top := L.GetTop()
	L.Push(fn)
	err := L.PCall(0, lua.MultRet, nil)
	if err == nil {
		L.Insert(lua.LTrue, top+1)
		return L.GetTop() - top
	}
	L.Push(handler)
	L.Push(scrubError(errorObject(err)))
	if herr := L.PCall(1, 1, nil); herr != nil {
		L.Push(scrubError(errorObject(herr)))
	}
	L.Insert(lua.LFalse, -1)
	return 2
}

// errorObject is the Lua value a failed call raised.
func errorObject(err error) lua.LValue {
	if ae, ok := err.(*lua.ApiError); ok {
		return ae.Object
	}
	return lua.LString(err.Error())
}

func baseTonumber(L *lua.LState) int {
	base := optInt(L, 2, 10)
	if base == 10 {
		if f, ok := toNumber(checkAny(L, 1)); ok {
			L.Push(lua.LNumber(f))
			return 1
		}
		L.Push(lua.LNil)
		return 1
	}
	s := checkString(L, 1)
	if base < 2 || base > 36 {
		argError(L, 2, "base out of range")
	}
	if u, n := strtoul(s, base); n > 0 {
		for n < len(s) && isSpace(s[n]) {
			n++
		}
		if n == len(s) || s[n] == 0 { // the reference sees a C string
			L.Push(lua.LNumber(float64(u)))
			return 1
		}
	}
	L.Push(lua.LNil)
	return 1
}

// baseUnpack refuses, as the reference does, to return more values than a
// C function may push, which also keeps unpack(t, 1, 1e8) from running long.
func baseUnpack(L *lua.LState) int {
	t := checkTable(L, 1)
	i := optInt(L, 2, 1)
	e := optLen(L, 3, t)
	if i > e {
		return 0
	}
	n := int64(e) - int64(i) + 1
	if n >= 1<<31 || !checkStack(L, n) { // the reference computes n in an int
		raise(L, "too many results to unpack")
	}
	work(L, n)
	for k := i; k <= e; k++ {
		L.Push(rawGetInt(t, k))
	}
	return int(n)
}

func baseSelect(L *lua.LState) int {
	n := L.GetTop()
	if s, ok := L.Get(1).(lua.LString); ok && len(s) > 0 && s[0] == '#' {
		L.Push(lua.LNumber(n - 1))
		return 1
	}
	i := checkInt(L, 1)
	if i < 0 {
		i = n + i
	} else if i > n {
		i = n
	}
	if i < 1 {
		argError(L, 1, "index out of range")
	}
	return n - i
}

// baseError raises its value unchanged; a string or number at a level
// above 0 gets the position of that level's function, as in the reference
// (none when that function is not Lua).
func baseError(L *lua.LState) int {
	level := optInt(L, 2, 1)
	v := L.Get(1)
	if s, ok := toStr(v); ok && level > 0 {
		pos := where(L, level)
		MeterOf(L).Charge(L, int64(len(pos)+len(s)))
		v = lua.LString(pos + s)
	}
	L.Error(v, 0)
	return 0
}

func baseAssert(L *lua.LState) int {
	if !lua.LVAsBool(checkAny(L, 1)) {
		raise(L, "%s", optString(L, 2, "assertion failed!"))
	}
	return L.GetTop()
}

// argKind is what a base function wants of an argument.
type argKind int

const (
	argAny argKind = iota
	argTable
	argNilOrTable
)

// checkedBase are gopher-lua's base functions kept behind the reference's
// argument checks, so that their misuse reads as in Lua 5.1:
// "bad argument #1 to 'rawget' (table expected, got nil)".
var checkedBase = map[string][]argKind{
	"getmetatable": {argAny},
	"pcall":        {argAny}, // wrapped again by PCall
	"rawequal":     {argAny, argAny},
	"rawget":       {argTable, argAny},
	"rawset":       {argTable, argAny, argAny},
	"setmetatable": {argTable, argNilOrTable},
	"type":         {argAny},
}

// checked wraps f in the argument checks kinds. The wrapper is a method
// value, not a closure (see Print).
func checked(f lua.LGFunction, kinds []argKind) lua.LGFunction {
	return (&checkedFunc{f, kinds}).call
}

// checkedFunc is a function behind argument checks.
type checkedFunc struct {
	f     lua.LGFunction
	kinds []argKind
}

func (c *checkedFunc) call(L *lua.LState) int {
	f, kinds := c.f, c.kinds
	for i, k := range kinds {
		switch k {
		case argAny:
			checkAny(L, i+1)
		case argTable:
			checkTable(L, i+1)
		case argNilOrTable:
			if t := L.Get(i + 1).Type(); t != lua.LTNil && t != lua.LTTable {
				argError(L, i+1, "nil or table expected")
			}
		}
	}
	return f(L)
}

// basePairs is pairs, which returns next itself (its upvalue), as in the
// reference.
func basePairs(L *lua.LState) int {
	t := checkTable(L, 1)
	L.Push(L.Get(lua.UpvalueIndex(1)))
	L.Push(t)
	L.Push(lua.LNil)
	return 3
}

// baseIpairs is ipairs; its upvalue is the iterator.
func baseIpairs(L *lua.LState) int {
	t := checkTable(L, 1)
	L.Push(L.Get(lua.UpvalueIndex(1)))
	L.Push(t)
	L.Push(lua.LNumber(0))
	return 3
}

func baseNext(L *lua.LState) int {
	t := checkTable(L, 1)
	k, v := next(L, t, L.Get(2))
	if k == lua.LNil {
		L.Push(lua.LNil)
		return 1
	}
	L.Push(k)
	L.Push(v)
	return 2
}

func ipairsAux(L *lua.LState) int {
	i := checkInt(L, 2) + 1
	v := rawGetInt(checkTable(L, 1), i)
	if v == lua.LNil {
		return 0
	}
	L.Push(lua.LNumber(i))
	L.Push(v)
	return 2
}
