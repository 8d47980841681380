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

// Keeper is implemented by the Go value of a userdata that keeps data of
// its own (a solver's tables, Lua tables it made and gives again), so that
// Measure counts it with the userdata.
type Keeper interface {
	// KeptBytes returns about how many bytes the value keeps beyond the
	// userdata, and passes each Lua value it holds to root.
	KeptBytes(root func(lua.LValue)) int64
}

// sizers keeps walkers with their maps grown: a state is measured again
// and again as it grows, and regrowing the maps each time would cost more
// than the walk.
var sizers = sync.Pool{New: func() any { return &sizer{} }}

func (z *sizer) release() {
	z.seen.reset()
	clear(z.stack)
	z.stack, z.total, z.limit = z.stack[:0], 0, 0
	sizers.Put(z)
}

type sizer struct {
	seen  pointerSet // tables, functions, userdata and threads counted
	stack []lua.LValue
	total int64
	limit int64
}

func (z *sizer) push(v lua.LValue) {
	var p unsafe.Pointer
	switch x := v.(type) {
	case lua.LString:
		z.total += int64(len(x)) + stringBytes0
		return
	case *lua.LTable:
		p = unsafe.Pointer(x)
	case *lua.LFunction:
		p = unsafe.Pointer(x)
	case *lua.LUserData:
		p = unsafe.Pointer(x)
	case *lua.LState:
		p = unsafe.Pointer(x)
	default:
		return
	}
	if z.seen.add(uintptr(p)) {
		z.stack = append(z.stack, v)
	}
}

// pointerSet is a set of addresses, open-addressed: the walk asks it about
// every table it meets, and a Go map spends most of the walk hashing. The
// objects stay alive (the state holds them) for as long as the walk runs,
// so their addresses are stable and unique.
type pointerSet struct {
	slots []uintptr // 0 is empty; the length is a power of two
	n     int
}

// add adds p and reports whether it was new.
func (s *pointerSet) add(p uintptr) bool {
	if 2*(s.n+1) > len(s.slots) {
		s.grow()
	}
	mask := uintptr(len(s.slots) - 1)
	for i := (p >> 4) * 0x9E3779B97F4A7C15 >> 32 & mask; ; i = (i + 1) & mask {
		switch s.slots[i] {
		case 0:
			s.slots[i] = p
			s.n++
			return true
		case p:
			return false
		}
	}
}

func (s *pointerSet) grow() {
	old := s.slots
	s.slots, s.n = make([]uintptr, max(1024, 2*len(old))), 0
	for _, p := range old {
		if p != 0 {
			s.add(p)
		}
	}
}

// reset empties the set, keeping its room unless it grew very large.
func (s *pointerSet) reset() {
	if len(s.slots) > 1<<22 {
		s.slots = nil
	}
	clear(s.slots)
	s.n = 0
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
			z.contents(x)
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
			if k, ok := x.Value.(Keeper); ok {
				z.total += k.KeptBytes(z.push)
			}
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

// contents pushes what table t holds. It reads the parts in place rather
// than through ForEach, which boxes every array index it passes.
func (z *sizer) contents(t *lua.LTable) {
	if !layoutOK {
		t.ForEach(func(k, v lua.LValue) { z.push(k); z.push(v) })
		return
	}
	p := partsAt(t)
	for _, v := range p.array {
		z.push(v)
	}
	for k, v := range p.strdict {
		z.total += int64(len(k)) + stringBytes0
		z.push(v)
	}
	for k, v := range p.dict {
		z.push(k)
		z.push(v)
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
	if !layoutOK {
		n := int64(0)
		t.ForEach(func(lua.LValue, lua.LValue) { n++ })
		return tableBytes0 + mapEntryBytes*n
	}
	p := partsAt(t)
	n := int64(tableBytes0) + slotBytes*int64(cap(p.array)+cap(p.keys))
	if p.strdict != nil {
		n += max(mapEntryBytes*int64(len(p.strdict)), mapMinBytes)
	}
	if p.dict != nil {
		n += max(mapEntryBytes*int64(len(p.dict)), mapMinBytes)
	}
	if p.k2i != nil {
		n += mapEntryBytes * int64(len(*p.k2i))
	}
	return n
}

// The fields below are unexported in gopher-lua; they are read (never
// written) in place, because a table's capacity is what its memory is and
// no exported method tells it, and because walking them through ForEach
// boxes every index. layoutOK records whether the pinned gopher-lua has
// the fields expected, with the types expected; if not, the estimate falls
// back to counting entries and next to the table's own (TestLayoutIsKnown
// fails, so an upgrade that moves them is noticed).
var (
	tableType = reflect.TypeOf(lua.LTable{})
	stateType = reflect.TypeOf(lua.LState{})
	layoutOK  = hasFields(tableType, "array", "dict", "strdict", "keys", "k2i") &&
		fieldType(tableType, "array") == reflect.TypeOf([]lua.LValue(nil)) &&
		fieldType(tableType, "keys") == reflect.TypeOf([]lua.LValue(nil)) &&
		fieldType(tableType, "k2i") == reflect.TypeOf(map[lua.LValue]int(nil)) &&
		fieldType(tableType, "strdict") == reflect.TypeOf(map[string]lua.LValue(nil)) &&
		fieldType(tableType, "dict") == reflect.TypeOf(map[lua.LValue]lua.LValue(nil)) &&
		hasFields(stateType, "reg") && hasRegistry()
)

func fieldType(t reflect.Type, name string) reflect.Type {
	f, _ := t.FieldByName(name)
	return f.Type
}

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
