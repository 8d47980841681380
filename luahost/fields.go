package luahost

import (
	lua "github.com/yuin/gopher-lua"
)

// AppendFields appends t's fields to buf, each as its key and then its
// value, in the order next visits them (the array part, then the keys of
// the hash part in the order they were first set), nil values left out,
// and returns buf. It reads the table in place: gopher-lua's own Next
// looks the key up again at every step. Where gopher-lua's layout is not
// the one luahost knows, it walks the table with Next.
func AppendFields(buf []lua.LValue, t *lua.LTable) []lua.LValue {
	if !layoutKnown {
		for k, v := t.Next(lua.LNil); k != lua.LNil; k, v = t.Next(k) {
			buf = append(buf, k, v)
		}
		return buf
	}
	p := partsOf(t)
	for i, v := range p.array {
		if v != lua.LNil && v != nil {
			buf = append(buf, lua.LNumber(i+1), v)
		}
	}
	for _, k := range p.keys {
		var v lua.LValue = lua.LNil
		if s, ok := k.(lua.LString); ok {
			if x, ok := p.strdict[string(s)]; ok {
				v = x
			}
		} else if x, ok := p.dict[k]; ok {
			v = x
		}
		if v != lua.LNil && v != nil {
			buf = append(buf, k, v)
		}
	}
	return buf
}
