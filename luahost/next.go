package luahost

import (
	lua "github.com/yuin/gopher-lua"
)

// next is Lua's next, metered. A gopher-lua table walks its array part
// past nil slots and its hash part past every key it ever had (it never
// forgets a deleted key), so one call of its own Next can scan a large
// table: a script that empties a big table and then calls next in a loop
// would run far past its budget in a handful of instructions. This next
// walks the same parts in the same order itself, reading them in place,
// and charges every slot it passes as one instruction of work.
func next(L *lua.LState, t *lua.LTable, key lua.LValue) (k, v lua.LValue) {
	if !layoutKnown {
		return t.Next(key)
	}
	p := partsOf(t)
	i, fromHash := 0, 0
	switch k := key.(type) {
	case *lua.LNilType:
	case lua.LNumber:
		n := float64(k)
		if n >= 1 && n <= float64(len(p.array)) && n == float64(int(n)) {
			i = int(n)
			break
		}
		fromHash = hashPosition(L, p, key)
	default:
		fromHash = hashPosition(L, p, key)
	}
	meter := MeterOf(L)
	if fromHash == 0 {
		for ; i < len(p.array); i++ {
			if v := p.array[i]; v != lua.LNil && v != nil {
				meter.Work(L, int64(i-int(numberOr(key))))
				return lua.LNumber(i + 1), v
			}
		}
		fromHash = 1
		meter.Work(L, int64(len(p.array)-int(numberOr(key))))
	}
	for j := fromHash - 1; j < len(p.keys); j++ {
		if v := t.RawGetH(p.keys[j]); v != lua.LNil {
			meter.Work(L, int64(j-fromHash+1))
			return p.keys[j], v
		}
	}
	meter.Work(L, int64(len(p.keys)-fromHash+1))
	return lua.LNil, lua.LNil
}

// hashPosition is where in the hash part's key list the walk goes on after
// key (1-based), raising Lua's error for a key the table never had.
func hashPosition(L *lua.LState, p *tableLayout, key lua.LValue) int {
	if p.k2i != nil {
		if j, ok := p.k2i[key]; ok {
			return j + 2
		}
	}
	L.RaiseError("invalid key to 'next'")
	return 0
}

func numberOr(key lua.LValue) float64 {
	if n, ok := key.(lua.LNumber); ok {
		return float64(n)
	}
	return 0
}
