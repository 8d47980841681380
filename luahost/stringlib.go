package luahost

import (
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// stringFuncs is Lua 5.1's string library, without string.dump.
var stringFuncs = map[string]lua.LGFunction{
	"byte":    strByte,
	"char":    strChar,
	"find":    strFind,
	"format":  strFormat,
	"gmatch":  strGmatch,
	"gsub":    strGsub,
	"len":     strLen,
	"lower":   strLower,
	"match":   strMatch,
	"rep":     strRep,
	"reverse": strReverse,
	"sub":     strSub,
	"upper":   strUpper,
}

var stringLib = sortedLibrary(stringFuncs)

// openString makes the string table, and the strings' metatable
// {__index = string} as in the reference.
func openString(L *lua.LState) *lua.LTable {
	str := stringLib.open(L)
	str.RawSetString("gfind", str.RawGetString("gmatch")) // 5.1's old name, still there
	mt := L.NewTable()
	mt.RawSetString("__index", str)
	L.SetMetatable(lua.LString(""), mt)
	return str
}

func strLen(L *lua.LState) int {
	L.Push(lua.LNumber(len(checkString(L, 1))))
	return 1
}

func strSub(L *lua.LState) int {
	s := checkString(L, 1)
	start := posrelat(checkInteger(L, 2), len(s))
	end := posrelat(optInteger(L, 3, -1), len(s))
	start = max(start, 1)
	end = min(end, int64(len(s)))
	if start > end {
		L.Push(lua.LString(""))
		return 1
	}
	newString(L, "string.sub", end-start+1)
	L.Push(lua.LString(s[start-1 : end]))
	return 1
}

func strReverse(L *lua.LState) int {
	s := checkString(L, 1)
	newString(L, "string.reverse", int64(len(s)))
	b := make([]byte, len(s))
	for i := range b {
		b[i] = s[len(s)-1-i]
	}
	L.Push(lua.LString(b))
	return 1
}

// strLower and strUpper change ASCII letters only, as C's tolower and
// toupper do in the C locale: other bytes, UTF-8 included, stay as they are.
func strLower(L *lua.LState) int { return mapCase(L, "string.lower", strings.ToLower, 'A', 'Z') }
func strUpper(L *lua.LState) int { return mapCase(L, "string.upper", strings.ToUpper, 'a', 'z') }

// mapCase switches the case of the bytes from lo to hi, with Go's fast
// conversion when s is ASCII (where it does just that).
func mapCase(L *lua.LState, what string, ascii func(string) string, lo, hi byte) int {
	s := checkString(L, 1)
	newString(L, what, int64(len(s)))
	if isASCII(s) {
		L.Push(lua.LString(ascii(s)))
		return 1
	}
	b := []byte(s)
	for i, c := range b {
		if c >= lo && c <= hi {
			b[i] = c ^ 0x20
		}
	}
	L.Push(lua.LString(b))
	return 1
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func strRep(L *lua.LState) int {
	s := checkString(L, 1)
	n := checkInt(L, 2)
	if n <= 0 || len(s) == 0 {
		L.Push(lua.LString(""))
		return 1
	}
	total := int64(len(s)) * int64(n) // at most 2^31 * len(s): no overflow in int64
	if total/int64(n) != int64(len(s)) {
		total = -1
	}
	newString(L, "string.rep", total)
	L.Push(lua.LString(strings.Repeat(s, n)))
	return 1
}

func strByte(L *lua.LState) int {
	s := checkString(L, 1)
	posi := posrelat(optInteger(L, 2, 1), len(s))
	pose := posrelat(optInteger(L, 3, posi), len(s))
	posi = max(posi, 1)
	pose = min(pose, int64(len(s)))
	if posi > pose {
		return 0
	}
	n := pose - posi + 1
	if !checkStack(L, n) {
		raise(L, "stack overflow (string slice too long)")
	}
	work(L, n)
	for i := posi - 1; i < pose; i++ {
		L.Push(lua.LNumber(s[i]))
	}
	return int(n)
}

func strChar(L *lua.LState) int {
	n := L.GetTop()
	b := make([]byte, n)
	for i := range b {
		c := checkInt(L, i+1)
		if c < 0 || c > 255 {
			argError(L, i+1, "invalid value")
		}
		b[i] = byte(c)
	}
	newString(L, "string.char", int64(n))
	L.Push(lua.LString(b))
	return 1
}
