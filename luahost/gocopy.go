package luahost

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// Copying a host's state: its Lua states and the Go values that hold them.
//
// A Copier makes a deep copy that goes on exactly as the original would
// and shares nothing with it that either changes (interp's Match.Fork is
// one: a match waiting at a decision, copied with its Lua state rather
// than replayed). Go values are copied through reflection, unexported
// fields included (copyValue); Lua values through gopher-lua's layouts
// (statecopy.go); each object once, so that what the original shares the
// copy shares the same way. What the copy shares rather than copies:
// compiled code, strings, numbers, and the types a CopyPlan names shared;
// Go functions that keep no state of their own.
//
// A Copier that meets what it cannot copy soundly (a Go closure it does not
// know, a channel, a thread on another meter) does not panic: it notes why
// (Err), and the caller drops the copy.

// CopyRules say how a Copier copies the Go values it meets besides Lua's.
type CopyRules struct {
	// Shared are types whose values the copy shares with the original:
	// values never changed once made. Compiled code (*lua.FunctionProto,
	// *Chunk) is always shared.
	Shared []reflect.Type
	// Special are types the Copier's Special function copies by hand.
	Special []reflect.Type
	// Skipped names, by struct type, a field the copy leaves zero: its
	// host makes it anew.
	Skipped map[reflect.Type]string
	// MethodValues are Go method values, by the name runtime.FuncForPC
	// gives them ("pkg.(*T).m-fm"), whose receivers are never changed once
	// made, so that a copy may share them (besides luahost's own).
	MethodValues []string
}

// A CopyPlan is a set of CopyRules made ready: it keeps, by type, what
// needs a deep copy, and by function, whether a copy may share it. Make
// one (NewCopyPlan) and use it for every copy.
type CopyPlan struct {
	kinds        map[reflect.Type]copyKind
	skipped      map[reflect.Type]string
	methodValues map[string]bool
	deepTypes    sync.Map // reflect.Type → bool
	plans        sync.Map // reflect.Type → []int
	goFuncs      sync.Map // uintptr → string: "" when shared, else why not
}

// copyKind is how a Copier copies values of a type it knows.
type copyKind uint8

const (
	copyDeep copyKind = iota // by kind: copyValue
	copyShared
	copySpecial
	copyLuaValue
	copyTable
	copyFunction
	copyUserData
	copyThread
)

// NewCopyPlan makes rules ready for copies.
func NewCopyPlan(r CopyRules) *CopyPlan {
	p := &CopyPlan{
		kinds: map[reflect.Type]copyKind{
			reflect.TypeOf((*lua.FunctionProto)(nil)): copyShared,
			reflect.TypeOf((*Chunk)(nil)):             copyShared,
			reflect.TypeOf(lua.LNil):                  copyShared,
			reflect.TypeOf((*lua.LValue)(nil)).Elem(): copyLuaValue,
			reflect.TypeOf((*lua.LTable)(nil)):        copyTable,
			reflect.TypeOf((*lua.LFunction)(nil)):     copyFunction,
			reflect.TypeOf((*lua.LUserData)(nil)):     copyUserData,
			reflect.TypeOf((*lua.LState)(nil)):        copyThread,
		},
		skipped:      r.Skipped,
		methodValues: map[string]bool{},
	}
	for _, t := range r.Shared {
		p.kinds[t] = copyShared
	}
	for _, t := range r.Special {
		p.kinds[t] = copySpecial
	}
	for name := range sharedMethodValues {
		p.methodValues[name] = true
	}
	for _, name := range r.MethodValues {
		p.methodValues[name] = true
	}
	return p
}

// A Copier makes one copy (see the top of this file). Set Context and
// Special before copying; copy the threads first (Threads), then the Go
// values that hold them (Copy).
type Copier struct {
	// Context gives a copied thread its context, from the original's
	// (nil: the same). A dead thread's cancel function is copied as one
	// that asks the copy's context for Done once, as the original's asks
	// its own.
	Context func(old context.Context) context.Context
	// Special copies a value of a type the plan names Special into dst.
	Special func(dst, src reflect.Value)

	plan *CopyPlan
	lua  luaCopier
	ptrs map[ptrKey]reflect.Value // Go pointers copied, to their copies
	maps map[ptrKey]reflect.Value
	drop reflect.Type    // a struct type whose fields dropped are left zero
	gone map[string]bool // those fields
	err  error
}

type ptrKey struct {
	p unsafe.Pointer
	t reflect.Type
}

// NewCopier returns a Copier for one copy by plan.
func NewCopier(plan *CopyPlan) *Copier {
	c := &Copier{plan: plan, ptrs: map[ptrKey]reflect.Value{}, maps: map[ptrKey]reflect.Value{}}
	c.lua = newLuaCopier(c)
	return c
}

func keyOf(p reflect.Value) ptrKey { return ptrKey{p.UnsafePointer(), p.Type()} }

// Alias has the copy give copy wherever it meets the pointer orig: orig
// is being copied already, by hand (the host's root, a buffer of it).
func (c *Copier) Alias(orig, copy reflect.Value) { c.ptrs[keyOf(orig)] = copy }

// Drop has the copy leave fields of struct type t zero: what this copy
// does without (a silent match's log).
func (c *Copier) Drop(t reflect.Type, fields ...string) {
	c.drop, c.gone = t, map[string]bool{}
	for _, f := range fields {
		c.gone[f] = true
	}
}

// Fail notes why the copy cannot be sound; the first reason is kept.
func (c *Copier) Fail(why string) {
	if c.err == nil {
		c.err = errors.New(why)
	}
}

// Err is why the copy is not sound, or nil.
func (c *Copier) Err() error { return c.err }

// Threads copies threads of one state, and returns their copies: every
// thread's shell first, so that an open upvalue of any of them finds its
// copy's registry, then what each holds.
func (c *Copier) Threads(threads ...*lua.LState) []*lua.LState {
	if why := LayoutProblem(); why != "" {
		c.Fail(why)
		return make([]*lua.LState, len(threads))
	}
	for _, th := range threads {
		c.lua.shell(th)
	}
	out := make([]*lua.LState, len(threads))
	for i, th := range threads {
		c.lua.fill(th)
		out[i] = c.lua.states[th]
	}
	return out
}

// Value copies one Lua value.
func (c *Copier) Value(v lua.LValue) lua.LValue { return c.lua.value(v) }

// Originals calls fn with every table, function, userdata and upvalue of
// the original the copy has met: for a test that wrecks the original, to
// show that the copy shares none of it.
func (c *Copier) Originals(fn func(any)) {
	for t := range c.lua.tables {
		fn(t)
	}
	for f := range c.lua.funcs {
		fn(f)
	}
	for u := range c.lua.uds {
		fn(u)
	}
	for u := range c.lua.upvals {
		fn(u)
	}
}

// contextOf is a copied thread's context.
func (c *Copier) contextOf(old context.Context) context.Context {
	if c.Context == nil {
		return old
	}
	return c.Context(old)
}

// copyCancel copies a thread's cancel function: gopher-lua's NewThread
// makes one that asks the parent context for Done once when the thread
// dies (a meter counts that as an instruction); the copy's asks ctx, the
// copy's context, the same way.
func copyCancel(old context.CancelFunc, dead bool, ctx context.Context) context.CancelFunc {
	if old == nil || dead || ctx == nil {
		return nil
	}
	fired := false
	return func() {
		if !fired {
			fired = true
			ctx.Done()
		}
	}
}

// panicOf is a copied thread's panic handler: shared, when it keeps no
// state of its own.
func (c *Copier) panicOf(p func(*lua.LState)) func(*lua.LState) {
	if p == nil {
		return nil
	}
	if why := c.plan.goFuncProblem(p); why != "" {
		c.Fail(why)
	}
	return p
}

// goValue copies the Go value a userdata holds.
func (c *Copier) goValue(v any) any {
	if v == nil {
		return nil
	}
	src := reflect.New(reflect.TypeOf(v)).Elem()
	src.Set(reflect.ValueOf(v))
	dst := reflect.New(src.Type()).Elem()
	c.Copy(dst, src)
	return dst.Interface()
}

// Copy copies src into dst, both addressable values of one type (a
// struct's fields may be unexported).
func (c *Copier) Copy(dst, src reflect.Value) {
	t := src.Type()
	if c.copyKnown(dst, src) {
		return
	}
	if !c.plan.deep(t) {
		dst.Set(src)
		return
	}
	switch t.Kind() {
	case reflect.Pointer:
		if !src.IsNil() {
			dst.Set(c.pointer(src))
		}
	case reflect.Struct:
		c.CopyStruct(dst, src)
	case reflect.Slice:
		c.copySlice(dst, src)
	case reflect.Array:
		for i := range src.Len() {
			c.Copy(dst.Index(i), src.Index(i))
		}
	case reflect.Map:
		c.copyMap(dst, src)
	case reflect.Interface:
		c.copyInterface(dst, src)
	case reflect.Func:
		if !src.IsNil() {
			if why := c.plan.goFuncProblem(src.Interface()); why != "" {
				c.Fail(why)
			}
			dst.Set(src)
		}
	default:
		c.Fail(fmt.Sprintf("the state holds a %s, which a copy cannot make", t))
	}
}

// copyKnown copies the values of the types the plan knows; it reports
// whether src was one.
func (c *Copier) copyKnown(dst, src reflect.Value) bool {
	switch c.plan.kinds[src.Type()] {
	case copyDeep:
		return false
	case copyShared:
		dst.Set(src)
	case copySpecial:
		c.Special(dst, src)
	case copyLuaValue:
		if !src.IsNil() {
			dst.Set(reflect.ValueOf(c.lua.value(src.Interface().(lua.LValue))))
		}
	case copyTable:
		dst.Set(reflect.ValueOf(c.lua.table(src.Interface().(*lua.LTable))))
	case copyFunction:
		dst.Set(reflect.ValueOf(c.lua.function(src.Interface().(*lua.LFunction))))
	case copyUserData:
		dst.Set(reflect.ValueOf(c.lua.userdata(src.Interface().(*lua.LUserData))))
	case copyThread:
		dst.Set(reflect.ValueOf(c.lua.state(src.Interface().(*lua.LState))))
	}
	return true
}

// pointer returns the copy of the object src points to, copying it the
// first time.
func (c *Copier) pointer(src reflect.Value) reflect.Value {
	k := keyOf(src)
	if n, ok := c.ptrs[k]; ok {
		return n
	}
	n := reflect.New(src.Type().Elem())
	c.ptrs[k] = n
	c.Copy(n.Elem(), src.Elem())
	return n
}

// CopyStruct copies a struct whole, then its deep fields one by one: what
// Copy does with a struct, for a Special function that copies a struct as
// usual before it changes the copy.
func (c *Copier) CopyStruct(dst, src reflect.Value) {
	dst.Set(src)
	t := src.Type()
	skip := c.plan.skipped[t]
	for _, i := range c.plan.plan(t) {
		df := field(dst, i)
		if name := t.Field(i).Name; name == skip || t == c.drop && c.gone[name] {
			df.Set(reflect.Zero(df.Type()))
			continue
		}
		c.Copy(df, field(src, i))
	}
}

// field returns field i of the addressable struct v, readable and
// settable even when unexported.
func field(v reflect.Value, i int) reflect.Value {
	f := v.Field(i)
	return reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
}

func (c *Copier) copySlice(dst, src reflect.Value) {
	if src.IsNil() {
		return
	}
	n := reflect.MakeSlice(src.Type(), src.Len(), src.Cap())
	if !c.plan.deep(src.Type().Elem()) {
		// Plain values: the whole backing array, as a reslice would see it.
		reflect.Copy(n.Slice(0, n.Cap()), src.Slice(0, src.Cap()))
		dst.Set(n)
		return
	}
	for i := range src.Len() {
		c.Copy(n.Index(i), src.Index(i))
	}
	dst.Set(n)
}

func (c *Copier) copyMap(dst, src reflect.Value) {
	if src.IsNil() {
		return
	}
	k := ptrKey{src.UnsafePointer(), src.Type()}
	if n, ok := c.maps[k]; ok {
		dst.Set(n)
		return
	}
	t := src.Type()
	n := reflect.MakeMapWithSize(t, src.Len())
	c.maps[k] = n
	kv, vv := reflect.New(t.Key()).Elem(), reflect.New(t.Elem()).Elem()
	nk, nv := reflect.New(t.Key()).Elem(), reflect.New(t.Elem()).Elem()
	for it := src.MapRange(); it.Next(); {
		kv.SetIterKey(it)
		vv.SetIterValue(it)
		nk.SetZero() // Copy leaves nil values as it finds dst
		nv.SetZero()
		c.Copy(nk, kv)
		c.Copy(nv, vv)
		n.SetMapIndex(nk, nv)
	}
	dst.Set(n)
}

func (c *Copier) copyInterface(dst, src reflect.Value) {
	if src.IsNil() {
		return
	}
	e := src.Elem()
	if !c.plan.deep(e.Type()) {
		dst.Set(src) // a string, a number: nothing in it can change, so shared
		return
	}
	v := reflect.New(e.Type()).Elem()
	v.Set(e)
	n := reflect.New(e.Type()).Elem()
	c.Copy(n, v)
	dst.Set(n)
}

// deep says whether a value of type t holds anything a copy must copy
// rather than share: a pointer, slice, map, interface or function that is
// not of a shared type. Strings are immutable, so shared.
func (p *CopyPlan) deep(t reflect.Type) bool {
	if v, ok := p.deepTypes.Load(t); ok {
		return v.(bool)
	}
	p.deepTypes.Store(t, true) // a recursive type is deep
	d := true
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128, reflect.String:
		d = false
	case reflect.Array:
		d = p.deep(t.Elem())
	case reflect.Struct:
		d = len(p.plan(t)) > 0 || p.skipped[t] != ""
	default:
		d = p.kinds[t] != copyShared
	}
	p.deepTypes.Store(t, d)
	return d
}

// plan lists the fields of struct type t that need a deep copy.
func (p *CopyPlan) plan(t reflect.Type) []int {
	if v, ok := p.plans.Load(t); ok {
		return v.([]int)
	}
	var fields []int
	for i := range t.NumField() {
		if p.deep(t.Field(i).Type) || t.Field(i).Name == p.skipped[t] {
			fields = append(fields, i)
		}
	}
	p.plans.Store(t, fields)
	return fields
}

// goFuncProblem returns why the Go function fn cannot be shared by a copy,
// or "" (see sharedMethodValues).
func (p *CopyPlan) goFuncProblem(fn any) string {
	pc := reflect.ValueOf(fn).Pointer()
	if v, ok := p.goFuncs.Load(pc); ok {
		return v.(string)
	}
	name := "an unknown Go function"
	if f := runtime.FuncForPC(pc); f != nil {
		name = f.Name()
	}
	why := ""
	switch {
	case strings.HasSuffix(name, "-fm"):
		if !p.methodValues[name] {
			why = "the state holds a Go method value whose receiver a fork cannot copy: " + name
		}
	case strings.Contains(name, ".func") && !packageLiteral.MatchString(name):
		why = "the state holds a Go closure that may keep state of its own: " + name
	}
	p.goFuncs.Store(pc, why)
	return why
}

// Reachable walks the types a copy by this plan copies through
// reflection, from the roots' types, stopping at the types it shares or
// knows (Lua's, Special), and returns the structs among them, and the
// types and struct fields whose values a copy cannot see through by type
// alone (functions, interfaces, channels, unsafe pointers), each sorted:
// what a test pins, so that a field of a new kind is noticed and checked.
// A root of a Special type is walked all the same (a struct its Special
// function copies as usual, then changes).
func (p *CopyPlan) Reachable(roots ...any) (structs, opaque []string) {
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type, root bool)
	walk = func(t reflect.Type, root bool) {
		if seen[t] {
			return
		}
		seen[t] = true
		if k := p.kinds[t]; k != copyDeep && !(root && k == copySpecial) {
			return
		}
		switch t.Kind() {
		case reflect.Func, reflect.Interface, reflect.Chan, reflect.UnsafePointer, reflect.Uintptr:
			opaque = append(opaque, t.String())
		case reflect.Pointer, reflect.Slice, reflect.Array:
			walk(t.Elem(), false)
		case reflect.Map:
			walk(t.Key(), false)
			walk(t.Elem(), false)
		case reflect.Struct:
			for i := range t.NumField() {
				f := t.Field(i)
				switch f.Type.Kind() {
				case reflect.Func, reflect.Interface, reflect.Chan, reflect.UnsafePointer, reflect.Uintptr:
					opaque = append(opaque, fmt.Sprintf("%s.%s", t, f.Name))
				}
				walk(f.Type, false)
			}
		}
	}
	for _, r := range roots {
		walk(reflect.TypeOf(r), true)
	}
	for t := range seen {
		if t.Kind() == reflect.Struct {
			structs = append(structs, t.String())
		}
	}
	slices.Sort(structs)
	slices.Sort(opaque)
	return structs, opaque
}
