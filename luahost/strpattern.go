package luahost

import (
	"strings"

	"github.com/tabletop/tabletop/luahost/pattern"
	lua "github.com/yuin/gopher-lua"
)

// string.find, match, gmatch and gsub on our own matcher, which charges
// its steps to the meter as it goes.

// limitMatch bounds m's further steps by what L's meter has left, and
// returns the steps taken so far, for chargeMatch.
func limitMatch(L *lua.LState, m *pattern.Matcher) int64 {
	m.Limit(MeterOf(L).left())
	return m.Steps()
}

// chargeMatch charges the steps m took since before, and raises the error
// of the match, if any: the meter's when the match ran out of steps.
func chargeMatch(L *lua.LState, m *pattern.Matcher, before int64, err error) {
	work(L, m.Steps()-before)
	if err != nil {
		raise(L, "%s", err.Error())
	}
}

// hasSpecials reports whether p has a character that makes string.find
// search for a pattern rather than plainly; like the reference, it looks
// no further than a zero byte.
func hasSpecials(p string) bool {
	if i := strings.IndexByte(p, 0); i >= 0 {
		p = p[:i]
	}
	return strings.ContainsAny(p, "^$*+?.([%-")
}

func strFind(L *lua.LState) int  { return findAux(L, true) }
func strMatch(L *lua.LState) int { return findAux(L, false) }

// findAux is string.find (find set) and string.match.
func findAux(L *lua.LState, find bool) int {
	s := checkString(L, 1)
	p := checkString(L, 2)
	init := posrelat(optInteger(L, 3, 1), len(s)) - 1
	init = min(max(init, 0), int64(len(s)))
	if find && (lua.LVAsBool(L.Get(4)) || !hasSpecials(p)) {
		work(L, int64(len(s)-int(init))/bytesPerStep)
		if i := strings.Index(s[init:], p); i >= 0 {
			L.Push(lua.LNumber(int(init) + i + 1))
			L.Push(lua.LNumber(int(init) + i + len(p)))
			return 2
		}
		L.Push(lua.LNil)
		return 1
	}
	var m pattern.Matcher
	m.Reset(s, p)
	before := limitMatch(L, &m)
	start, end, err := m.Find(int(init))
	chargeMatch(L, &m, before, err)
	if start < 0 {
		L.Push(lua.LNil)
		return 1
	}
	if find {
		L.Push(lua.LNumber(start + 1))
		L.Push(lua.LNumber(end))
		return 2 + pushCaptures(L, &m, s, start, end, false)
	}
	return pushCaptures(L, &m, s, start, end, true)
}

// pushCaptures pushes the captures of the match [start, end) (the whole
// match when there are none and whole is set) and returns how many.
func pushCaptures(L *lua.LState, m *pattern.Matcher, src string, start, end int, whole bool) int {
	n := m.Captures(whole)
	for i := 0; i < n; i++ {
		L.Push(captureValue(L, m, src, i, start, end))
	}
	return n
}

// captureValue is capture i of the match [start, end): a string, or a
// number for a position capture.
func captureValue(L *lua.LState, m *pattern.Matcher, src string, i, start, end int) lua.LValue {
	c, err := m.Capture(i, start, end)
	if err != nil {
		raise(L, "%s", err.Error())
	}
	if c.Position {
		return lua.LNumber(c.Start + 1)
	}
	return lua.LString(src[c.Start:c.End])
}

// strGmatch returns an iterator over the matches, found one at a time as
// the loop asks (gopher-lua's finds them all first). As in the reference,
// '^' is not an anchor here.
func strGmatch(L *lua.LState) int {
	s := checkString(L, 1)
	p := checkString(L, 2)
	m := new(pattern.Matcher)
	pos := 0
	m.Reset(s, p)
	L.Push(L.NewFunction(func(L *lua.LState) int {
		before := limitMatch(L, m)
		for src := pos; src <= len(s); src++ {
			e, err := m.Match(src, 0)
			if err != nil || e >= 0 {
				chargeMatch(L, m, before, err)
			}
			if e >= 0 {
				pos = e
				if e == src {
					pos++ // an empty match: go on at least one position
				}
				return pushCaptures(L, m, s, src, e, true)
			}
		}
		pos = len(s) + 1
		chargeMatch(L, m, before, nil)
		return 0
	}))
	return 1
}

func strGsub(L *lua.LState) int {
	src := checkString(L, 1)
	p := checkString(L, 2)
	repl := L.Get(3)
	maxN := optInt(L, 4, len(src)+1)
	switch repl.Type() {
	case lua.LTNumber, lua.LTString, lua.LTFunction, lua.LTTable:
	default:
		argError(L, 3, "string/function/table expected")
	}
	g := gsubState{L: L, src: src, repl: repl, limit: maxString(L)}
	anchor := len(p) > 0 && p[0] == '^'
	pstart := 0
	if anchor {
		pstart = 1
	}
	g.m.Reset(src, p)
	s, n := 0, 0
	for n < maxN {
		before := limitMatch(L, &g.m)
		e, err := g.m.Match(s, pstart)
		chargeMatch(L, &g.m, before, err)
		if e >= 0 {
			n++
			g.addValue(s, e)
		}
		if e > s { // a non-empty match: go on after it
			s = e
		} else if s < len(src) {
			g.add(src[s : s+1])
			s++
		} else {
			break
		}
		if anchor {
			break
		}
	}
	g.add(src[s:])
	newString(L, "string.gsub", int64(len(g.out)))
	L.Push(lua.LString(g.out))
	L.Push(lua.LNumber(n))
	return 2
}

// gsubState builds string.gsub's result.
type gsubState struct {
	L     *lua.LState
	m     pattern.Matcher
	src   string
	repl  lua.LValue
	out   []byte
	limit int64
}

func (g *gsubState) add(s string) {
	if int64(len(g.out))+int64(len(s)) > g.limit {
		tooLong(g.L, "string.gsub", int64(len(g.out))+int64(len(s)))
	}
	g.out = append(g.out, s...)
}

// addValue adds the replacement of the match [s, e).
func (g *gsubState) addValue(s, e int) {
	L := g.L
	var v lua.LValue
	switch r := g.repl.(type) {
	case lua.LString:
		g.addString(string(r), s, e)
		return
	case lua.LNumber:
		g.addString(NumberString(float64(r)), s, e)
		return
	case *lua.LFunction:
		work(L, callCost)
		L.Push(r)
		L.Call(pushCaptures(L, &g.m, g.src, s, e, true), 1)
		v = L.Get(-1)
		L.Pop(1)
	case *lua.LTable:
		v = L.GetTable(r, captureValue(L, &g.m, g.src, 0, s, e))
	}
	if !lua.LVAsBool(v) {
		g.add(g.src[s:e]) // nil or false: keep the original text
		return
	}
	str, ok := toStr(v)
	if !ok {
		raise(L, "invalid replacement value (a %s)", v.Type().String())
	}
	g.add(str)
}

// addString adds a replacement string, with %0-%9 standing for captures
// and % before anything else for that character (at the very end, for a
// zero byte: the reference reads the string's terminator).
func (g *gsubState) addString(r string, s, e int) {
	for i := 0; i < len(r); i++ {
		c := r[i]
		if c != '%' {
			g.out = append(g.out, c)
			if int64(len(g.out)) > g.limit {
				tooLong(g.L, "string.gsub", int64(len(g.out)))
			}
			continue
		}
		i++
		var d byte
		if i < len(r) {
			d = r[i]
		}
		switch {
		case d == '0':
			g.add(g.src[s:e])
		case d >= '1' && d <= '9':
			v := captureValue(g.L, &g.m, g.src, int(d-'1'), s, e)
			str, _ := toStr(v)
			g.add(str)
		default:
			g.add(string(d))
		}
	}
}
