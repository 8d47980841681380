package luahost

import (
	"fmt"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestNextWalksAsGopherLuaDoes compares our next with the table's own Next
// on tables with holes, deleted keys and every kind of key.
func TestNextWalksAsGopherLuaDoes(t *testing.T) {
	L, m := meteredState(t, Limits{StepInstructions: 1e9})
	OpenLibs(L)
	m.Begin()
	err := L.DoString(`
		tables = {}
		local t = {}
		for i = 1, 40 do t[i] = i end
		for i = 1, 40, 3 do t[i] = nil end
		for i = 1, 30 do t["k" .. i] = i end
		for i = 1, 30, 4 do t["k" .. i] = nil end
		t[1.5], t[-3], t[true] = "half", "neg", "yes"
		tables[1] = t
		tables[2] = {}
		tables[3] = { 1, 2, 3 }
		tables[4] = { a = 1 }
		local e = { x = 1, y = 2 }
		e.x, e.y = nil, nil
		tables[5] = e`)
	if err != nil {
		t.Fatal(err)
	}
	list := L.GetGlobal("tables").(*lua.LTable)
	for n := 1; n <= list.Len(); n++ {
		tb := list.RawGetInt(n).(*lua.LTable)
		var ours, theirs []string
		for k := lua.LValue(lua.LNil); ; {
			k2, v := next(L, tb, k)
			if k2 == lua.LNil {
				break
			}
			ours = append(ours, fmt.Sprint(k2, "=", v))
			k = k2
		}
		for k := lua.LValue(lua.LNil); ; {
			k2, v := tb.Next(k)
			if k2 == lua.LNil {
				break
			}
			theirs = append(theirs, fmt.Sprint(k2, "=", v))
			k = k2
		}
		if strings.Join(ours, " ") != strings.Join(theirs, " ") {
			t.Errorf("table %d:\nours   %v\ntheirs %v", n, ours, theirs)
		}
	}
}

func TestNextOfAnEmptiedTableIsCharged(t *testing.T) {
	L, m := meteredState(t, Limits{StepInstructions: 10_000_000})
	OpenLibs(L)
	m.Begin()
	err := L.DoString(`
		local t = {}
		for i = 1, 30000 do t["k" .. i] = true end
		for i = 1, 30000 do t["k" .. i] = nil end
		while true do local k = next(t) end`)
	if err == nil || !strings.Contains(err.Error(), "<string>:5:") || !strings.Contains(err.Error(), "instructions") {
		t.Fatalf("got %v, want the loop stopped at line 5 by the step budget", err)
	}
	L2, m2 := meteredState(t, Limits{StepInstructions: 10_000_000})
	OpenLibs(L2)
	m2.Begin()
	if err := L2.DoString(`next({}, "nope")`); err == nil || !strings.Contains(err.Error(), "invalid key to 'next'") {
		t.Errorf("an unknown key: got %v", err)
	}
}

func TestAFarKeyDoesNotFillTheArray(t *testing.T) {
	L, m := meteredState(t, Limits{StepInstructions: 1_000_000})
	OpenLibs(L)
	m.Begin()
	if err := L.DoString(`t = {} t[2^25] = 1 n, far = #t, t[2^25]`); err != nil {
		t.Fatal(err)
	}
	if n := L.GetGlobal("n"); n != lua.LNumber(0) {
		t.Errorf("#t = %v, want 0 as in Lua 5.1", n)
	}
	if far := L.GetGlobal("far"); far != lua.LNumber(1) {
		t.Errorf("t[2^25] = %v, want 1", far)
	}
	if kept := Measure(0, L); kept > 1<<20 {
		t.Errorf("the state keeps %d bytes after one far key", kept)
	}
}
