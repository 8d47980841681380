package luahost

import (
	"context"
	"fmt"
	"reflect"
	"sync"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// gopher-lua's private layout.
//
// gopher-lua keeps most of what a host needs unexported: a table's parts,
// a state's registers, call frames and main loop, its table of
// instructions. luahost reads and writes them in place, and only here, in
// this package: through layouts, structs declared below with the same
// fields, in the same order, of the same types (or, where gopher-lua's
// type is unexported, of the same size and kind), and through two symbols
// linked by name (go:linkname): gopher-lua's table of instructions
// (jumpTable, countedloop.go) and its allocator's LNumber2I (arith.go).
//
// The layouts were written against gopher-lua v1.1.2 (checkedVersions),
// which go.mod pins. Every layout is compared with the type it stands for
// once, with reflection, when first needed (layoutProblem: the same field
// names at the same offsets, of the same types or kinds and sizes), and
// TestLayoutIsKnown fails loudly, naming the difference, when the layout
// differs or gopher-lua's version is not one of checkedVersions: an
// upgrade is checked by hand against these structs before that list
// grows. A gopher-lua whose linked symbols are gone or renamed does not
// link at all.
//
// On a gopher-lua whose layout differs, nothing reads or writes it, and
// each user falls back on gopher-lua's public API, as its file says:
//
//	countedloop.go  states run gopher-lua's checked loop, which asks the
//	                meter before every instruction (slower; budgets stop
//	                scripts at other points)
//	fieldstore.go   field stores are gopher-lua's own (slower; the same
//	                tables; a table's named fields are not charged)
//	arith.go        arithmetic is gopher-lua's own, with its differences
//	                from Lua 5.1 (%, strings read as numbers, -0)
//	keyed.go        KeyedTable sets fields one by one
//	measure.go      Measure counts a table's entries, not its capacity,
//	next.go         and next is gopher-lua's (a table emptied and walked
//	                is not charged for every slot it passes)
//	statecopy.go    a Copier fails: interp's Fork refuses, and its callers
//	                replay instead
//	threads.go      CallDepth is 0, ResetThread refuses, FitResults
//	                leaves values as they are, CalledFromGo reads the
//	                public debug interface (it cannot see a metamethod);
//	                interp's pcall is then gopher-lua's own; LeftFrame
//	                finds no frame (an error about play's result names
//	                where play is defined, not its return)
//
// The writes are ordinary Go assignments of pointer-typed fields, so the
// garbage collector sees every one of them; objects whose type is
// unexported are allocated with reflect.New of the real type.

// The instructions are wrapped once, before any state runs (luahost's
// init, after gopher-lua's has made its table), where the layout is the
// one luahost knows.
func init() {
	if layoutProblem() != "" {
		return
	}
	installArith()
	installCountedLoop()
	installFieldStores()
}

// checkedVersions are the versions of gopher-lua whose layout luahost's
// was checked against (TestLayoutIsKnown).
var checkedVersions = []string{"v1.1.2"}

// tableLayout is lua.LTable.
type tableLayout struct {
	Metatable lua.LValue
	array     []lua.LValue
	dict      map[lua.LValue]lua.LValue
	strdict   map[string]lua.LValue
	keys      []lua.LValue
	k2i       map[lua.LValue]int
}

// upvalueLayout is lua.Upvalue: an open upvalue is a register of a thread
// (reg, index), a closed one holds its value.
type upvalueLayout struct {
	next   *lua.Upvalue
	reg    *registryLayout
	index  int
	value  lua.LValue
	closed bool
}

// registryLayout is gopher-lua's registry: a thread's value stack.
type registryLayout struct {
	array   []lua.LValue
	top     int
	growBy  int
	maxSize int
	alloc   *allocLayout
	handler ifaceWords // registryHandler: the thread
}

// ifaceWords is an interface value of an unexported interface type.
type ifaceWords struct{ tab, data unsafe.Pointer }

// allocLayout is gopher-lua's allocator: a slab of boxed numbers, which
// points into itself.
type allocLayout struct {
	size          int
	fptrs         []float64
	fheader       unsafe.Pointer // *reflect.SliceHeader of fptrs
	scratchValue  lua.LValue
	scratchValueP unsafe.Pointer // *iface of scratchValue
}

// frameLayout is gopher-lua's callFrame.
type frameLayout struct {
	Idx        int
	Fn         *lua.LFunction
	Parent     *frameLayout
	Pc         int
	Base       int
	LocalBase  int
	ReturnBase int
	NArgs      int
	NRet       int
	TailCall   int
}

// stackLayout is gopher-lua's fixedCallFrameStack (the call stack of a
// state made without MinimizeStackMemory).
type stackLayout struct {
	array []frameLayout
	sp    int
}

// stateLayout is lua.LState.
type stateLayout struct {
	G            *lua.Global
	Parent       *lua.LState
	Env          *lua.LTable
	Panic        func(*lua.LState)
	Dead         bool
	Options      lua.Options
	stop         int32
	reg          *registryLayout
	stack        ifaceWords // callFrameStack
	alloc        *allocLayout
	currentFrame *frameLayout
	wrapped      bool
	uvcache      *lua.Upvalue
	hasErrorFunc bool
	mainLoop     unsafe.Pointer // func(*LState, *callFrame): shared
	ctx          context.Context
	ctxCancelFn  context.CancelFunc
}

// globalLayout is lua.Global.
type globalLayout struct {
	MainThread    *lua.LState
	CurrentThread *lua.LState
	Registry      *lua.LTable
	Global        *lua.LTable
	builtinMts    map[int]lua.LValue
	tempFiles     []unsafe.Pointer // []*os.File
	gccount       int32
}

// The real types behind the layouts.
var (
	stateType     = reflect.TypeOf(lua.LState{})
	registryType  = fieldOf(stateType, "reg").Elem()
	allocType     = fieldOf(stateType, "alloc").Elem()
	frameType     = fieldOf(stateType, "currentFrame").Elem()
	fixedStackPtr = fixedStackType()
)

// fixedStackType is the type of a state's call stack, as a state made
// like a match's has it.
func fixedStackType() reflect.Type {
	L := lua.NewState(lua.Options{SkipOpenLibs: true, CallStackSize: 1})
	defer L.Close()
	return reflect.ValueOf(L).Elem().FieldByName("stack").Elem().Type()
}

func fieldOf(t reflect.Type, name string) reflect.Type {
	f, ok := t.FieldByName(name)
	if !ok {
		return reflect.TypeOf(struct{}{})
	}
	return f.Type
}

// layoutProblem compares every layout with the type it stands for: the
// same field names at the same offsets, with the same types, or, where
// the layout cannot name gopher-lua's type, the same kind and size. It
// returns what differs, or "".
var layoutProblem = sync.OnceValue(layoutDiffers)

// LayoutProblem says how gopher-lua's layout differs from the one luahost
// knows, or "" when it is that one: see layout.go for what luahost does
// then instead.
func LayoutProblem() string { return layoutProblem() }

func layoutDiffers() string {
	pairs := []struct {
		real, mine reflect.Type
	}{
		{reflect.TypeOf(lua.LTable{}), reflect.TypeOf(tableLayout{})},
		{reflect.TypeOf(lua.Upvalue{}), reflect.TypeOf(upvalueLayout{})},
		{registryType, reflect.TypeOf(registryLayout{})},
		{allocType, reflect.TypeOf(allocLayout{})},
		{frameType, reflect.TypeOf(frameLayout{})},
		{fixedStackPtr.Elem(), reflect.TypeOf(stackLayout{})},
		{stateType, reflect.TypeOf(stateLayout{})},
		{reflect.TypeOf(lua.Global{}), reflect.TypeOf(globalLayout{})},
	}
	for _, p := range pairs {
		if why := sameLayout(p.real, p.mine); why != "" {
			return why
		}
	}
	return ""
}

// sameLayout compares one type with its layout.
func sameLayout(real, mine reflect.Type) string {
	if real.Kind() != reflect.Struct || real.NumField() != mine.NumField() || real.Size() != mine.Size() {
		return fmt.Sprintf("gopher-lua's %s has changed (%d fields, %d bytes)", real, real.NumField(), real.Size())
	}
	for i := range real.NumField() {
		r, m := real.Field(i), mine.Field(i)
		if r.Name != m.Name || r.Offset != m.Offset || !sameFieldType(r.Type, m.Type) {
			return fmt.Sprintf("gopher-lua's %s.%s has changed (%s at %d)", real, r.Name, r.Type, r.Offset)
		}
	}
	return ""
}

// sameFieldType says whether a layout's field type stands for gopher-lua's:
// the same type, or an unexported type of gopher-lua's held as a value of
// the same kind and size (a pointer for a pointer, two words for an
// interface, a slice for a slice).
func sameFieldType(real, mine reflect.Type) bool {
	if real == mine {
		return true
	}
	if real.Size() != mine.Size() {
		return false
	}
	switch real.Kind() {
	case reflect.Pointer, reflect.Func:
		return mine.Kind() == reflect.Pointer || mine.Kind() == reflect.UnsafePointer
	case reflect.Interface:
		return mine == reflect.TypeOf(ifaceWords{})
	case reflect.Slice:
		return mine.Kind() == reflect.Slice && sameElem(real.Elem(), mine.Elem())
	}
	return false
}

func sameElem(real, mine reflect.Type) bool {
	if real.Kind() == reflect.Struct {
		return sameLayout(real, mine) == ""
	}
	return real.Size() == mine.Size() && real.Kind() == reflect.Pointer && mine.Kind() == reflect.UnsafePointer
}
