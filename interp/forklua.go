package interp

import (
	"context"
	"fmt"
	"maps"
	"reflect"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// The Lua half of a fork (fork.go): a deep copy of a gopher-lua state.
//
// gopher-lua's objects keep most of their fields unexported. A fork reads
// and writes them through layouts: structs declared here with the same
// fields, in the same order, of the same types (or, where gopher-lua's
// type is unexported, of the same size and kind), checked against the real
// types once with reflection (layoutProblem). A gopher-lua whose layout
// differs is not forked: Fork says so and the caller replays instead. The
// writes are ordinary Go assignments of pointer-typed fields, so the
// garbage collector sees every one of them; objects whose type is
// unexported are allocated with reflect.New of the real type.
//
// What is shared rather than copied: function prototypes (compiled code),
// strings, numbers and booleans (immutable: a number boxed in gopher-lua's
// allocator slab is never written again), LNil, and Go functions that keep
// no state of their own (sharedGo).

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
var layoutProblem = sync.OnceValue(func() string {
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
})

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

// The Go functions a state may hold. A function declared at the top level,
// a method expression, or a function literal of a package-level variable
// (pkg.init.funcN, which can capture nothing) keeps no state and is shared.
// A closure keeps what it captured, which a fork cannot see, and stops the
// fork; so does a method value (name-fm), whose receiver a fork cannot
// see either, unless it is listed here: their receivers are never changed
// once made. (Closures are told by name: the compiler renames a closure
// made in a function it inlines, but never a method value.)
var sharedMethodValues = map[string]bool{
	// The methods of engine objects (methods.go): they find their match
	// through the state.
	"github.com/tabletop/tabletop/interp.(*boundMethod).call-fm": true,
	// print's writer is Config.Out, which a fork shares.
	"github.com/tabletop/tabletop/luahost.printer.print-fm": true,
	// Library wrappers of the function they check or wrap.
	"github.com/tabletop/tabletop/luahost.(*checkedFunc).call-fm": true,
	"github.com/tabletop/tabletop/luahost.unaryFunc.call-fm":      true,
	// The metered concatenation reads its compiled chunk, shared by the
	// engine's every match.
	"github.com/tabletop/tabletop/luahost.(*Chunk).concat-fm": true,
}

// packageLiteral matches the name of a function literal of a
// package-level variable.
var packageLiteral = regexp.MustCompile(`^[^()]*\.init\.func[0-9]+$`)

// goFuncs caches the verdict on each Go function by its code address.
var goFuncs sync.Map // uintptr → string: "" when shared, else why not

// goFuncProblem returns why the Go function fn cannot be shared by a fork,
// or "".
func goFuncProblem(fn any) string {
	pc := reflect.ValueOf(fn).Pointer()
	if v, ok := goFuncs.Load(pc); ok {
		return v.(string)
	}
	name := "an unknown Go function"
	if f := runtime.FuncForPC(pc); f != nil {
		name = f.Name()
	}
	why := ""
	switch {
	case strings.HasSuffix(name, "-fm"):
		if !sharedMethodValues[name] {
			why = "the state holds a Go method value whose receiver a fork cannot copy: " + name
		}
	case strings.Contains(name, ".func") && !packageLiteral.MatchString(name):
		why = "the state holds a Go closure that may keep state of its own: " + name
	}
	goFuncs.Store(pc, why)
	return why
}

// luaCopier copies Lua values, each object once.
type luaCopier struct {
	tables map[*lua.LTable]*lua.LTable
	funcs  map[*lua.LFunction]*lua.LFunction
	uds    map[*lua.LUserData]*lua.LUserData
	upvals map[*lua.Upvalue]*lua.Upvalue
	states map[*lua.LState]*lua.LState
	regs   map[*registryLayout]*registryLayout
	global map[*lua.Global]*lua.Global
	ctx    func(old context.Context) context.Context // the fork's meter for the original's
	cancel func(old context.CancelFunc, dead bool) context.CancelFunc
	panics func(old func(*lua.LState)) func(*lua.LState)
	goVal  func(v any) any // copies a userdata's Go value (fork.go)
	fail   func(why string)
	depth  int // tables, functions and userdata being copied, one within another
}

// maxForkDepth bounds how deep the objects a fork copies may nest (a
// table in a table, a function's upvalue holding a function, ...): the
// copy recurses, and a card field nested forty thousand tables deep would
// cost it a hundred times what as many tables side by side do. A match
// whose data nests deeper cannot be forked: it is copied by replaying.
const maxForkDepth = 1000

// deeper enters one more level of nesting, and reports false (the copy
// failing) past maxForkDepth. A caller that gets true leaves with
// c.depth-- (not deferred: the copy is hot).
func (c *luaCopier) deeper() bool {
	if c.depth >= maxForkDepth {
		c.fail(fmt.Sprintf("the script's data is nested more than %d deep (tables within tables, or functions within functions)", maxForkDepth))
		return false
	}
	c.depth++
	return true
}

func newLuaCopier() luaCopier {
	return luaCopier{
		tables: make(map[*lua.LTable]*lua.LTable, 1024),
		funcs:  make(map[*lua.LFunction]*lua.LFunction, 512),
		uds:    map[*lua.LUserData]*lua.LUserData{},
		upvals: map[*lua.Upvalue]*lua.Upvalue{},
		states: map[*lua.LState]*lua.LState{},
		regs:   map[*registryLayout]*registryLayout{},
		global: map[*lua.Global]*lua.Global{},
	}
}

// value copies one Lua value.
func (c *luaCopier) value(v lua.LValue) lua.LValue {
	switch x := v.(type) {
	case *lua.LTable:
		return c.table(x)
	case *lua.LFunction:
		return c.function(x)
	case *lua.LUserData:
		return c.userdata(x)
	case *lua.LState:
		return c.state(x)
	case lua.LChannel:
		c.fail("the state holds a channel")
		return lua.LNil
	}
	return v // nil, LNil, strings, numbers, booleans
}

func (c *luaCopier) table(t *lua.LTable) *lua.LTable {
	if t == nil {
		return nil
	}
	if n, ok := c.tables[t]; ok {
		return n
	}
	n := &lua.LTable{}
	if !c.deeper() {
		return n
	}
	c.tables[t] = n
	o, w := (*tableLayout)(unsafe.Pointer(t)), (*tableLayout)(unsafe.Pointer(n))
	w.Metatable = c.value(o.Metatable)
	w.array = c.values(o.array)
	w.keys = c.values(o.keys)
	// Maps are cloned whole (much faster than filled), then the entries
	// that hold objects are made to hold their copies.
	if o.strdict != nil {
		w.strdict = maps.Clone(o.strdict)
		for k, v := range w.strdict {
			if isObject(v) {
				w.strdict[k] = c.value(v)
			}
		}
	}
	if o.dict != nil {
		w.dict = maps.Clone(o.dict)
		var moved []lua.LValue // keys that are objects, and their values
		for k, v := range w.dict {
			switch {
			case isObject(k):
				moved = append(moved, k, v)
			case isObject(v):
				w.dict[k] = c.value(v)
			}
		}
		for i := 0; i < len(moved); i += 2 {
			delete(w.dict, moved[i])
		}
		for i := 0; i < len(moved); i += 2 {
			w.dict[c.value(moved[i])] = c.value(moved[i+1])
		}
	}
	if o.k2i != nil {
		w.k2i = c.indexes(o.k2i)
	}
	c.depth--
	return n
}

// indexes copies a table's key index (k2i), whose keys may be objects.
func (c *luaCopier) indexes(k2i map[lua.LValue]int) map[lua.LValue]int {
	n := maps.Clone(k2i)
	var moved []lua.LValue
	for k := range n {
		if isObject(k) {
			moved = append(moved, k)
		}
	}
	for _, k := range moved {
		i := n[k]
		delete(n, k)
		n[c.value(k)] = i
	}
	return n
}

// isObject says whether v is a table, function, userdata, thread or
// channel: a value a fork copies rather than shares.
func isObject(v lua.LValue) bool {
	switch v.(type) {
	case *lua.LTable, *lua.LFunction, *lua.LUserData, *lua.LState, lua.LChannel:
		return true
	}
	return false
}

// values copies a slice of values, keeping its length and capacity.
func (c *luaCopier) values(vs []lua.LValue) []lua.LValue {
	if vs == nil {
		return nil
	}
	out := make([]lua.LValue, len(vs), cap(vs))
	for i, v := range vs {
		out[i] = c.value(v)
	}
	return out
}

func (c *luaCopier) function(f *lua.LFunction) *lua.LFunction {
	if f == nil {
		return nil
	}
	if n, ok := c.funcs[f]; ok {
		return n
	}
	n := &lua.LFunction{IsG: f.IsG, Proto: f.Proto, GFunction: f.GFunction}
	if !c.deeper() {
		return n
	}
	c.funcs[f] = n
	if f.GFunction != nil {
		if why := goFuncProblem(f.GFunction); why != "" {
			c.fail(why)
		}
	}
	n.Env = c.table(f.Env)
	if f.Upvalues != nil {
		n.Upvalues = make([]*lua.Upvalue, len(f.Upvalues), cap(f.Upvalues))
		for i, u := range f.Upvalues {
			n.Upvalues[i] = c.upvalue(u)
		}
	}
	c.depth--
	return n
}

func (c *luaCopier) userdata(u *lua.LUserData) *lua.LUserData {
	if u == nil {
		return nil
	}
	if n, ok := c.uds[u]; ok {
		return n
	}
	n := &lua.LUserData{}
	if !c.deeper() {
		return n
	}
	c.uds[u] = n
	n.Env = c.table(u.Env)
	n.Metatable = c.value(u.Metatable)
	n.Value = c.goVal(u.Value)
	c.depth--
	return n
}

func (c *luaCopier) upvalue(u *lua.Upvalue) *lua.Upvalue {
	if u == nil {
		return nil
	}
	if n, ok := c.upvals[u]; ok {
		return n
	}
	n := &lua.Upvalue{}
	c.upvals[u] = n
	o, w := (*upvalueLayout)(unsafe.Pointer(u)), (*upvalueLayout)(unsafe.Pointer(n))
	w.next = c.upvalue(o.next)
	w.index, w.closed = o.index, o.closed
	w.value = c.value(o.value)
	if o.reg != nil {
		w.reg = c.regs[o.reg]
		if w.reg == nil && !o.closed {
			c.fail("an open upvalue of a thread the fork does not copy")
		}
	}
	return n
}

// state copies a thread: its shell first (shell), then what it holds.
func (c *luaCopier) state(L *lua.LState) *lua.LState {
	if L == nil {
		return nil
	}
	if n, ok := c.states[L]; ok {
		return n
	}
	n := c.shell(L)
	c.fill(L)
	return n
}

// shell makes the copy of thread L with its own registry, allocator and
// call stack, all empty, so that open upvalues can name its registry
// before its contents are copied (fill).
func (c *luaCopier) shell(L *lua.LState) *lua.LState {
	n := &lua.LState{}
	c.states[L] = n
	o, w := (*stateLayout)(unsafe.Pointer(L)), (*stateLayout)(unsafe.Pointer(n))
	if o.stack.tab == nil || reflect.ValueOf(L).Elem().FieldByName("stack").Elem().Type() != fixedStackPtr {
		c.fail("a thread without a fixed call stack (MinimizeStackMemory) or a closed one")
		return n
	}
	w.Dead, w.Options, w.stop, w.wrapped, w.hasErrorFunc = o.Dead, o.Options, o.stop, o.wrapped, o.hasErrorFunc
	w.mainLoop = o.mainLoop
	w.alloc = newAllocLike(o.alloc)
	reg := (*registryLayout)(reflect.New(registryType).UnsafePointer())
	*reg = registryLayout{
		array: make([]lua.LValue, len(o.reg.array), cap(o.reg.array)),
		top:   o.reg.top, growBy: o.reg.growBy, maxSize: o.reg.maxSize,
		alloc: w.alloc, handler: ifaceWords{tab: o.reg.handler.tab, data: unsafe.Pointer(n)},
	}
	if o.reg.handler.data != unsafe.Pointer(L) {
		c.fail("a registry whose handler is not its thread")
	}
	c.regs[o.reg] = reg
	w.reg = reg
	stack := (*stackLayout)(reflect.New(fixedStackPtr.Elem()).UnsafePointer())
	arr := reflect.MakeSlice(reflect.SliceOf(frameType), len(o.stackArray()), len(o.stackArray()))
	stack.array = unsafe.Slice((*frameLayout)(arr.UnsafePointer()), arr.Len())
	w.stack = ifaceWords{tab: o.stack.tab, data: unsafe.Pointer(stack)}
	return n
}

// stackArray is the frames of a thread's fixed call stack.
func (o *stateLayout) stackArray() []frameLayout { return (*stackLayout)(o.stack.data).array }

// newAllocLike makes an empty allocator of the same block size as a.
func newAllocLike(a *allocLayout) *allocLayout {
	n := (*allocLayout)(reflect.New(allocType).UnsafePointer())
	n.size = a.size
	n.fptrs = make([]float64, 0, a.size)
	n.fheader = unsafe.Pointer(&n.fptrs)
	n.scratchValue = lua.LNumber(0)
	n.scratchValueP = unsafe.Pointer(&n.scratchValue)
	return n
}

// fill copies what thread L holds into its shell: its globals, its live
// values (below the top: nothing above it is ever read before it is
// written), its call frames and its open upvalues.
func (c *luaCopier) fill(L *lua.LState) {
	n := c.states[L]
	o, w := (*stateLayout)(unsafe.Pointer(L)), (*stateLayout)(unsafe.Pointer(n))
	if w.reg == nil {
		return // the shell failed
	}
	w.G = c.globals(o.G)
	w.Parent = c.state(o.Parent)
	w.Env = c.table(o.Env)
	w.Panic = c.panics(o.Panic)
	w.ctx = c.ctx(o.ctx)
	w.ctxCancelFn = c.cancel(o.ctxCancelFn, o.Dead)
	for i := 0; i < o.reg.top; i++ {
		w.reg.array[i] = c.value(o.reg.array[i])
	}
	c.frames(o, w)
	w.uvcache = c.upvalue(o.uvcache)
}

// frames copies the live call frames; a frame's parent and the current
// frame point into the stack, so they are found again by index.
func (c *luaCopier) frames(o, w *stateLayout) {
	os, ws := (*stackLayout)(o.stack.data), (*stackLayout)(w.stack.data)
	ws.sp = os.sp
	at := func(f *frameLayout) *frameLayout {
		if f == nil {
			return nil
		}
		i := (uintptr(unsafe.Pointer(f)) - uintptr(unsafe.Pointer(&os.array[0]))) / unsafe.Sizeof(*f)
		if uintptr(unsafe.Pointer(f)) < uintptr(unsafe.Pointer(&os.array[0])) || i >= uintptr(len(os.array)) {
			c.fail("a call frame outside its thread's stack")
			return nil
		}
		return &ws.array[i]
	}
	for i := 0; i < os.sp; i++ {
		f := os.array[i]
		f.Fn = c.function(f.Fn)
		f.Parent = at(f.Parent)
		ws.array[i] = f
	}
	w.currentFrame = at(o.currentFrame)
}

func (c *luaCopier) globals(g *lua.Global) *lua.Global {
	if g == nil {
		return nil
	}
	if n, ok := c.global[g]; ok {
		return n
	}
	n := &lua.Global{}
	c.global[g] = n
	o, w := (*globalLayout)(unsafe.Pointer(g)), (*globalLayout)(unsafe.Pointer(n))
	w.MainThread = c.state(o.MainThread)
	w.CurrentThread = c.state(o.CurrentThread)
	w.Registry = c.table(o.Registry)
	w.Global = c.table(o.Global)
	w.builtinMts = make(map[int]lua.LValue, len(o.builtinMts))
	for k, v := range o.builtinMts {
		w.builtinMts[k] = c.value(v)
	}
	if len(o.tempFiles) > 0 {
		c.fail("the state has temporary files")
	}
	w.tempFiles = make([]unsafe.Pointer, 0, cap(o.tempFiles))
	w.gccount = o.gccount
	return n
}
