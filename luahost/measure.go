package luahost

import (
	"reflect"
	"sync"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// Measure estimates the bytes of Lua data that state L keeps: everything
// reachable from its globals, its registry, its value stack, and the extra
// roots given (other threads of the state, values the host holds on to).
// Each table, function, userdata and thread is counted once; a string each
// time it is reached. The estimate follows gopher-lua's own layout (a
// table's array part, its hash maps and their preallocated capacity), so
// it is near what the Go heap holds for the state, but it is computed from
// the state alone: the same state always measures the same, whatever else
// the process holds.
//
// Once the count passes limit (when limit > 0) Measure stops early and
// returns a number over limit; whether it does depends only on the total,
// not on the order of the walk.
func Measure(limit int64, L *lua.LState, roots ...lua.LValue) int64 {
	z := sizers.Get().(*sizer)
	defer z.release()
	z.limit = limit
	z.push(L)
	for _, r := range roots {
		z.push(r)
	}
	z.run()
	return z.total
}

// sizers keeps walkers with their maps grown: a state is measured again
// and again as it grows, and regrowing the maps each time would cost more
// than the walk.
var sizers = sync.Pool{New: func() any {
	return &sizer{tables: map[*lua.LTable]struct{}{}, others: map[lua.LValue]struct{}{}}
}}

func (z *sizer) release() {
	clear(z.tables)
	clear(z.others)
	clear(z.stack)
	z.stack, z.total, z.limit = z.stack[:0], 0, 0
	sizers.Put(z)
}

type sizer struct {
	tables map[*lua.LTable]struct{} // tables seen (most of what there is)
	others map[lua.LValue]struct{}  // functions, userdata and threads seen
	stack  []lua.LValue
	total  int64
	limit  int64
}

func (z *sizer) push(v lua.LValue) {
	switch x := v.(type) {
	case lua.LString:
		z.total += int64(len(x)) + stringBytes0
	case *lua.LTable:
		if _, ok := z.tables[x]; !ok {
			z.tables[x] = struct{}{}
			z.stack = append(z.stack, x)
		}
	case *lua.LFunction, *lua.LUserData, *lua.LState:
		if _, ok := z.others[x]; !ok {
			z.others[x] = struct{}{}
			z.stack = append(z.stack, x)
		}
	}
}

// run walks with an explicit stack: a script can nest tables a million
// deep, and the walk must not recurse that far.
func (z *sizer) run() {
	for len(z.stack) > 0 && (z.limit <= 0 || z.total <= z.limit) {
		v := z.stack[len(z.stack)-1]
		z.stack = z.stack[:len(z.stack)-1]
		switch x := v.(type) {
		case *lua.LTable:
			z.total += tableBytes(x)
			z.push(x.Metatable)
			x.ForEach(func(k, v lua.LValue) { z.push(k); z.push(v) })
		case *lua.LFunction:
			z.total += funcBytes0 + upvalueBytes*int64(len(x.Upvalues))
			if x.Env != nil {
				z.push(x.Env)
			}
			for _, uv := range x.Upvalues {
				if uv != nil {
					z.push(uv.Value())
				}
			}
		case *lua.LUserData:
			z.total += 64
			z.push(x.Metatable)
			if x.Env != nil {
				z.push(x.Env)
			}
		case *lua.LState:
			z.total += 512
			if x.G != nil {
				z.push(x.G.Global)
				z.push(x.G.Registry)
			}
			if x.Env != nil {
				z.push(x.Env)
			}
			stack := stackOf(x)
			z.total += 16 * int64(len(stack))
			for _, v := range stack {
				z.push(v)
			}
		}
	}
}

// Sizes of gopher-lua's parts in bytes, measured against the Go heap with
// gopher-lua 1.1.2 (see TestMeasureIsNearTheHeap): a slot of the array part
// (an interface value, plus the boxed number it often holds); an entry of
// a hash map (key, value and the map's own overhead as it doubles); the
// least a map costs (tables make theirs with room for 32 entries); a table
// itself; a string beyond its bytes; a function and each of its upvalues.
const (
	slotBytes     = 24
	mapEntryBytes = 96
	mapMinBytes   = 600
	tableBytes0   = 112
	stringBytes0  = 32
	funcBytes0    = 96
	upvalueBytes  = 48
)

// tableBytes estimates one table (not what it refers to) from its parts.
func tableBytes(t *lua.LTable) int64 {
	p := tablePartsOf(t)
	n := int64(tableBytes0) + slotBytes*int64(p.arrayCap+p.keysCap)
	for _, m := range []int{p.strdict, p.dict} {
		if m >= 0 {
			n += max(mapEntryBytes*int64(m), mapMinBytes)
		}
	}
	return n + mapEntryBytes*int64(p.k2i)
}

type tableParts struct {
	arrayCap, keysCap int // capacities of the array part and the iteration key list
	strdict, dict     int // entries in the string-keyed and other-keyed maps (-1: absent)
	k2i               int // entries in the iteration index
}

// The fields below are unexported in gopher-lua; they are read (never
// written) through reflection, because a table's capacity is what its
// memory is and no exported method tells it. layoutOK records whether the
// pinned gopher-lua has the fields expected; if not, the estimate falls
// back to counting entries (TestLayoutIsKnown fails, so an upgrade that
// moves them is noticed).
var (
	tableType = reflect.TypeOf(lua.LTable{})
	stateType = reflect.TypeOf(lua.LState{})
	layoutOK  = hasFields(tableType, "array", "dict", "strdict", "keys", "k2i") &&
		hasFields(stateType, "reg") && hasRegistry()
)

func hasFields(t reflect.Type, names ...string) bool {
	for _, n := range names {
		if _, ok := t.FieldByName(n); !ok {
			return false
		}
	}
	return true
}

func hasRegistry() bool {
	f, ok := stateType.FieldByName("reg")
	if !ok || f.Type.Kind() != reflect.Pointer || f.Type.Elem().Kind() != reflect.Struct {
		return false
	}
	a, ok1 := f.Type.Elem().FieldByName("array")
	t, ok2 := f.Type.Elem().FieldByName("top")
	return ok1 && ok2 && a.Type == reflect.TypeOf([]lua.LValue(nil)) && t.Type.Kind() == reflect.Int
}

// Field indices of lua.LTable's parts, looked up once.
var tableField = func() (idx struct{ array, keys, strdict, dict, k2i int }) {
	if !layoutOK {
		return idx
	}
	at := func(name string) int { f, _ := tableType.FieldByName(name); return f.Index[0] }
	idx.array, idx.keys, idx.strdict, idx.dict, idx.k2i = at("array"), at("keys"), at("strdict"), at("dict"), at("k2i")
	return idx
}()

func tablePartsOf(t *lua.LTable) tableParts {
	if !layoutOK {
		n := 0
		t.ForEach(func(lua.LValue, lua.LValue) { n++ })
		return tableParts{arrayCap: n, strdict: n}
	}
	v := reflect.ValueOf(t).Elem()
	return tableParts{
		arrayCap: v.Field(tableField.array).Cap(),
		keysCap:  v.Field(tableField.keys).Cap(),
		strdict:  mapLen(v.Field(tableField.strdict)),
		dict:     mapLen(v.Field(tableField.dict)),
		k2i:      max(mapLen(v.Field(tableField.k2i)), 0),
	}
}

func mapLen(v reflect.Value) int {
	if v.IsNil() {
		return -1
	}
	return v.Len()
}

// stackOf returns the live part of a thread's value stack: locals,
// temporaries, varargs and the functions being called.
func stackOf(L *lua.LState) []lua.LValue {
	if !layoutOK {
		return nil
	}
	reg := reflect.ValueOf(L).Elem().FieldByName("reg")
	if reg.IsNil() {
		return nil
	}
	r := reg.Elem()
	top := int(r.FieldByName("top").Int())
	arr := r.FieldByName("array")
	all := *(*[]lua.LValue)(unsafe.Pointer(arr.UnsafeAddr()))
	if top < 0 || top > len(all) {
		return nil
	}
	return all[:top]
}
