package luahost

import (
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// Field stores: t.name = v and { name = v } on a plain table.
//
// gopher-lua stores a field with a constant name (SETTABLEKS) through
// setFieldString: it looks the name up, looks for a __newindex, and then
// RawSetString looks it up twice more and, for a new name, boxes it twice
// over for the table's list of keys. Scripts store fields all the time —
// every option, event and scratch table is built so — so a match's states
// store a field on a table without a metatable here, with one lookup for a
// name the table has, and the name's box from the function's constants
// (or the register holding it) for a new one. The table comes out exactly
// as gopher-lua makes it: the same fields, listed in the same order.
// Anything else (a metatable, a nil value, not a table) is gopher-lua's.

// installFieldStores wraps SETTABLEKS and SETTABLE, and NEWTABLE so that a table made
// with named fields ({ text = ..., kind = ... }) gets its list of keys at
// their number rather than growing it field by field; once, at start-up,
// where the layout is the one luahost knows.
func installFieldStores() {
	newTable := vmOps[lua.OP_NEWTABLE]
	vmOps[lua.OP_NEWTABLE] = func(L *lua.LState, inst uint32, bf *frameLayout) int {
		ret := newTable(L, inst, bf)
		if n := opC(inst); n > 0 && useFieldStores {
			sl := (*stateLayout)(unsafe.Pointer(L))
			if tb, ok := sl.reg.array[sl.currentFrame.LocalBase+opA(inst)].(*lua.LTable); ok {
				presizeKeys(tb, n)
				chargeNamedTable(L)
			}
		}
		return ret
	}
	orig := vmOps[lua.OP_SETTABLEKS]
	vmOps[lua.OP_SETTABLEKS] = func(L *lua.LState, inst uint32, bf *frameLayout) int {
		sl := (*stateLayout)(unsafe.Pointer(L))
		cf, reg := sl.currentFrame, sl.reg.array
		tb, ok := reg[cf.LocalBase+opA(inst)].(*lua.LTable)
		if !ok || tb.Metatable != lua.LNil || !useFieldStores {
			return orig(L, inst, bf)
		}
		key, val := rk(cf, reg, opB(inst)), rk(cf, reg, opC(inst))
		name, ok := key.(lua.LString)
		if !ok || val == lua.LNil {
			return orig(L, inst, bf)
		}
		if (*tableLayout)(unsafe.Pointer(tb)).strdict == nil {
			chargeNamedTable(L)
		}
		storeField(tb, name, key, val)
		return 0
	}
	// t[k] = v with a string k (a set of names, a lookup by name) is
	// stored the same way, without the charge (gopher-lua's own store
	// charges none, and a budget counts the same whichever way).
	setTable := vmOps[lua.OP_SETTABLE]
	vmOps[lua.OP_SETTABLE] = func(L *lua.LState, inst uint32, bf *frameLayout) int {
		sl := (*stateLayout)(unsafe.Pointer(L))
		cf, reg := sl.currentFrame, sl.reg.array
		key := rk(cf, reg, opB(inst))
		name, ok := key.(lua.LString)
		if !ok || !useFieldStores {
			return setTable(L, inst, bf)
		}
		tb, ok := reg[cf.LocalBase+opA(inst)].(*lua.LTable)
		val := rk(cf, reg, opC(inst))
		if !ok || tb.Metatable != lua.LNil || val == lua.LNil {
			return setTable(L, inst, bf)
		}
		storeField(tb, name, key, val)
		return 0
	}
}

// namedTableBytes is what a table's named fields cost beyond the
// instructions that make them: its hash map and its list of keys, made
// with the first (or by a constructor with named fields), about as
// luahost.Measure counts them. A script's instructions are otherwise
// taken to make at most 64 bytes each (the memory measure's pacing), and
// a loop of t.x = {} makes ten times that: a script nesting forty
// thousand such tables kept twice its memory budget unmeasured.
const namedTableBytes = 768

// chargeNamedTable charges the running step for a table's named fields
// (see namedTableBytes).
func chargeNamedTable(L *lua.LState) {
	MeterOf(L).Charge(L, namedTableBytes)
}

// useFieldStores is false in tests that compare with gopher-lua's own.
var useFieldStores = true

// rk is an instruction's operand: a constant of the running function
// (the top bit set) or a register of its frame.
func rk(cf *frameLayout, reg []lua.LValue, x int) lua.LValue {
	if x&0x100 != 0 {
		return cf.Fn.Proto.Constants[x&0xff]
	}
	return reg[cf.LocalBase+x]
}

// presizeKeys gives tb, a new table, room in its list of keys for n named
// fields (gopher-lua makes the list with its first named field, empty).
func presizeKeys(tb *lua.LTable, n int) {
	tl := (*tableLayout)(unsafe.Pointer(tb))
	tl.keys, tl.k2i = make([]lua.LValue, 0, n), make(map[lua.LValue]int, n)
}

// storeField stores val (not nil) under name in tb, which has no
// metatable, as RawSetString does; key is name boxed, and is what the
// table's list of keys gets.
func storeField(tb *lua.LTable, name lua.LString, key, val lua.LValue) {
	tl := (*tableLayout)(unsafe.Pointer(tb))
	if tl.strdict == nil {
		// Go's own small map, not gopher-lua's room for 32 names (its
		// defaultHashCap, some two kilobytes): most tables filled field by
		// field hold a few names, and made by the thousand that room was
		// most of what a game allocated. The capacity is never observed —
		// iteration follows the list of keys, and Measure counts entries.
		tl.strdict = make(map[string]lua.LValue)
	}
	if tl.keys == nil {
		tl.keys = []lua.LValue{}
		tl.k2i = map[lua.LValue]int{}
	}
	// One map operation for the name: the store itself, which tells by
	// the map's length whether the name was new (a name the table holds
	// is listed already).
	s, n := string(name), len(tl.strdict)
	fresh := len(tl.keys) == n+len(tl.dict)
	tl.strdict[s] = val
	if len(tl.strdict) != n {
		listKey(tl, key, fresh)
	}
}

// addField stores val under s, a name tl's table does not hold, and lists
// key (s boxed) among its keys unless it is listed already (a field set
// to nil stays listed, as in gopher-lua).
//
// A table lists every key of its hash part, and keeps listed those set to
// nil since: while it lists no more keys than it holds, none lingers, and
// a name it does not hold is not listed — the common case of a table
// being filled (an option { text = ..., count = ... } made each turn),
// which then needs no look-up in the list.
func addField(tl *tableLayout, s string, key, val lua.LValue) {
	fresh := len(tl.keys) == len(tl.strdict)+len(tl.dict)
	tl.strdict[s] = val
	listKey(tl, key, fresh)
}

// listKey lists key, a name just stored in tl's table, among its keys
// unless it is listed already; fresh tells whether the table listed no
// more keys than it held before the store.
func listKey(tl *tableLayout, key lua.LValue, fresh bool) {
	if fresh {
		tl.k2i[key] = len(tl.keys)
		tl.keys = append(tl.keys, key)
		return
	}
	if _, listed := tl.k2i[key]; !listed {
		tl.k2i[key] = len(tl.keys)
		tl.keys = append(tl.keys, key)
	}
}
