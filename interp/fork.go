package interp

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"unsafe"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/board"
	"github.com/tabletop/tabletop/luahost"
)

// Fork returns a deep copy of a match waiting at a decision: a match in
// the same position that goes on exactly as m would, and shares nothing
// with m that either of them changes. It is much cheaper than Copy, which
// replays the game from its start, once the game is under way.
//
// The copy takes everything: the Go side (record, generator, cards,
// zones, pools, tracks, pads, boards, log, prompt, meter) and the whole
// Lua state — globals, registry, every table, function and userdata, the
// script's coroutine suspended in t:ask with its call frames — each object
// once, so what m shares the copy shares the same way. Compiled code,
// strings, numbers, the engine, the configuration (but its Chance, see
// ChanceForker) and Go functions that keep no state are shared.
//
// Fork refuses, with an error, a match it cannot copy soundly: one that is
// broken, drawing a view or reacting to a say, whose Chance cannot fork,
// or whose state holds something the copy would have to share but must
// not (a Go closure it does not know, a channel, a file): the caller can
// fall back on Copy. The copy keeps m's modes; with Silent it is silent
// even when m keeps its log: it is then what a silent replay of m would
// be (the same state and budgets, no log).
func (m *Match) Fork(modes ...Mode) (*Match, error) {
	if err := m.forkable(); err != nil {
		return nil, err
	}
	n := &Match{}
	c := newForkCopier(m, n)
	for _, mode := range modes {
		c.silent = c.silent || mode&Silent != 0 && !m.silent
	}
	// Every thread's shell first, so that an open upvalue of any of them
	// finds its copy's registry.
	threads := []*lua.LState{m.L, m.co}
	for _, p := range m.pcalls {
		threads = append(threads, p.th)
	}
	for _, th := range threads {
		c.lua.shell(th)
	}
	for _, th := range threads {
		c.lua.fill(th)
	}
	c.copyValue(reflect.ValueOf(n).Elem(), reflect.ValueOf(m).Elem())
	if c.silent {
		n.silent, n.pending = true, 0
	}
	if c.err != nil {
		c.meter.Close()
		return nil, fmt.Errorf("forking the match: %w", c.err)
	}
	return n, nil
}

// ChanceForker is a Chance that can be forked with its match (Fork): its
// fork goes on as it would, and neither changes the other.
type ChanceForker interface {
	Chance
	ForkChance() Chance
}

// forkable says why m cannot be forked now, or nil.
func (m *Match) forkable() error {
	switch {
	case m.L == nil:
		return errors.New("the match is closed")
	case m.err != nil:
		return fmt.Errorf("the game is stopped by an error: %w", m.err)
	case m.drawing || m.saying:
		return errors.New("the match is running its script")
	case m.co == nil:
		return errors.New("the match has not started")
	}
	if why := layoutProblem(); why != "" {
		return errors.New(why)
	}
	if _, ok := m.Config.Chance.(ChanceForker); m.Config.Chance != nil && !ok {
		return fmt.Errorf("its Chance (%T) cannot fork", m.Config.Chance)
	}
	return nil
}

// forkCopier copies a match: Go values through reflection (copyValue),
// Lua values through luaCopier, each object once.
type forkCopier struct {
	from, to *Match
	meter    *luahost.Meter // the fork's
	lua      luaCopier
	silent   bool                     // the fork drops m's log (silentDrops)
	ptrs     map[ptrKey]reflect.Value // Go pointers copied, to their copies
	maps     map[ptrKey]reflect.Value
	err      error
}

type ptrKey struct {
	p unsafe.Pointer
	t reflect.Type
}

func newForkCopier(m, n *Match) *forkCopier {
	c := &forkCopier{from: m, to: n, ptrs: map[ptrKey]reflect.Value{}, maps: map[ptrKey]reflect.Value{}}
	c.meter = m.meter.Fork(n.kept)
	c.meter.Host = n
	c.lua = newLuaCopier()
	c.lua.fail = c.fail
	c.lua.goVal = c.goValue
	c.lua.ctx = func(ctx context.Context) context.Context {
		if ctx != context.Context(m.meter) {
			c.fail("a thread of the state runs under another meter")
		}
		return c.meter
	}
	// A coroutine's cancel function (from gopher-lua's NewThread) asks its
	// parent context, the meter, for Done once when the thread dies, which
	// counts as an instruction: the fork's does the same on its meter.
	c.lua.cancel = func(old context.CancelFunc, dead bool) context.CancelFunc {
		if old == nil || dead {
			return nil
		}
		g, fired := c.meter, false
		return func() {
			if !fired {
				fired = true
				g.Done()
			}
		}
	}
	c.lua.panics = func(p func(*lua.LState)) func(*lua.LState) {
		if p == nil {
			return nil
		}
		if reflect.ValueOf(p).Pointer() == reflect.ValueOf(m.panicWithTraceback).Pointer() {
			return n.panicWithTraceback
		}
		if why := goFuncProblem(p); why != "" {
			c.fail(why)
		}
		return p
	}
	// Pointers into m itself: the prompt is m's promptBuf.
	c.ptrs[keyOf(reflect.ValueOf(m))] = reflect.ValueOf(n)
	c.ptrs[keyOf(reflect.ValueOf(&m.promptBuf))] = reflect.ValueOf(&n.promptBuf)
	return c
}

func keyOf(p reflect.Value) ptrKey { return ptrKey{p.UnsafePointer(), p.Type()} }

func (c *forkCopier) fail(why string) {
	if c.err == nil {
		c.err = errors.New(why)
	}
}

// goValue copies the Go value a userdata holds.
func (c *forkCopier) goValue(v any) any {
	if v == nil {
		return nil
	}
	src := reflect.New(reflect.TypeOf(v)).Elem()
	src.Set(reflect.ValueOf(v))
	dst := reflect.New(src.Type()).Elem()
	c.copyValue(dst, src)
	return dst.Interface()
}

// How Go types are copied: most deeply, by kind (copyValue); these by
// hand. Shared types are never changed once made, or are the engine's.
var (
	sharedTypes = map[reflect.Type]bool{
		reflect.TypeOf((*Engine)(nil)):            true,
		reflect.TypeOf((*lua.FunctionProto)(nil)): true,
		reflect.TypeOf((*luahost.Chunk)(nil)):     true,
		reflect.TypeOf(lua.LNil):                  true,
		// a board's map, which no move changes (board.Board.Again)
		reflect.TypeOf(board.Board{}).Field(fieldIndex(reflect.TypeOf(board.Board{}), "geometry")).Type: true,
	}
	luaValueType = reflect.TypeOf((*lua.LValue)(nil)).Elem()
	tableType    = reflect.TypeOf((*lua.LTable)(nil))
	functionType = reflect.TypeOf((*lua.LFunction)(nil))
	userdataType = reflect.TypeOf((*lua.LUserData)(nil))
	threadType   = reflect.TypeOf((*lua.LState)(nil))
	meterType    = reflect.TypeOf((*luahost.Meter)(nil))
	configType   = reflect.TypeOf(Config{})
	matchType    = reflect.TypeOf(Match{})
	// silentDrops are what a silent match does not keep: its log and what
	// makes it (a silent match counts the log's bytes all the same).
	silentDrops = map[string]bool{"log": true, "logParts": true, "logArgs": true, "cardRefs": true, "fmtBuf": true, "leaks": true}
	boardType   = reflect.TypeOf(Board{})
	// The board's sidebar function is a Go closure over its match and the
	// script's function: the copy makes its own (forkBoard).
	skippedFields = map[reflect.Type]string{
		reflect.TypeOf(board.Board{}).Field(fieldIndex(reflect.TypeOf(board.Board{}), "drawing")).Type: "sideFn",
		// A match's spare pcall threads are only storage (playthreads.go).
		matchType: "spare",
	}
)

func fieldIndex(t reflect.Type, name string) int {
	f, _ := t.FieldByName(name)
	return f.Index[0]
}

// copyValue copies src into dst, both addressable values of one type
// reached without passing an unexported field (see field).
func (c *forkCopier) copyValue(dst, src reflect.Value) {
	t := src.Type()
	if c.copySpecial(dst, src) {
		return
	}
	if !deep(t) {
		dst.Set(src)
		return
	}
	switch t.Kind() {
	case reflect.Pointer:
		if !src.IsNil() {
			dst.Set(c.pointer(src))
		}
	case reflect.Struct:
		c.copyStruct(dst, src)
	case reflect.Slice:
		c.copySlice(dst, src)
	case reflect.Array:
		for i := range src.Len() {
			c.copyValue(dst.Index(i), src.Index(i))
		}
	case reflect.Map:
		c.copyMap(dst, src)
	case reflect.Interface:
		c.copyInterface(dst, src)
	case reflect.Func:
		if !src.IsNil() {
			if why := goFuncProblem(src.Interface()); why != "" {
				c.fail(why)
			}
			dst.Set(src)
		}
	default:
		c.fail(fmt.Sprintf("the match holds a %s, which a fork cannot copy", t))
	}
}

// copySpecial copies the values copied by hand; it reports whether src
// was one.
func (c *forkCopier) copySpecial(dst, src reflect.Value) bool {
	t := src.Type()
	switch {
	case sharedTypes[t]:
		dst.Set(src)
	case t == luaValueType:
		if !src.IsNil() {
			dst.Set(reflect.ValueOf(c.lua.value(src.Interface().(lua.LValue))))
		}
	case t == tableType:
		dst.Set(reflect.ValueOf(c.lua.table(src.Interface().(*lua.LTable))))
	case t == functionType:
		dst.Set(reflect.ValueOf(c.lua.function(src.Interface().(*lua.LFunction))))
	case t == userdataType:
		dst.Set(reflect.ValueOf(c.lua.userdata(src.Interface().(*lua.LUserData))))
	case t == threadType:
		dst.Set(reflect.ValueOf(c.lua.state(src.Interface().(*lua.LState))))
	case t == meterType:
		switch src.Interface().(*luahost.Meter) {
		case nil:
		case c.from.meter:
			dst.Set(reflect.ValueOf(c.meter))
		default:
			c.fail("the match holds a meter not its own")
		}
	case t == configType:
		c.copyConfig(dst, src)
	case t == boardType:
		c.copyStruct(dst, src)
		c.forkBoard(dst.Addr().Interface().(*Board))
	default:
		return false
	}
	return true
}

// copyConfig shares the configuration, which a match never changes, but
// forks its Chance.
func (c *forkCopier) copyConfig(dst, src reflect.Value) {
	cfg := src.Interface().(Config)
	if f, ok := cfg.Chance.(ChanceForker); ok {
		cfg.Chance = f.ForkChance()
	}
	dst.Set(reflect.ValueOf(cfg))
}

// forkBoard gives a copied board its own sidebar function, over its own
// match and the copy of the script's function.
func (c *forkCopier) forkBoard(b *Board) {
	fn, ok := b.sideRoot.(*lua.LFunction)
	if !ok {
		return
	}
	n := c.to
	b.SetSidebarFunc(func(seat int) ([]string, error) { return n.drawLines(fn, seat) })
}

// pointer returns the copy of the object src points to, copying it the
// first time.
func (c *forkCopier) pointer(src reflect.Value) reflect.Value {
	k := keyOf(src)
	if n, ok := c.ptrs[k]; ok {
		return n
	}
	n := reflect.New(src.Type().Elem())
	c.ptrs[k] = n
	c.copyValue(n.Elem(), src.Elem())
	return n
}

// copyStruct copies a struct whole, then its deep fields one by one.
func (c *forkCopier) copyStruct(dst, src reflect.Value) {
	dst.Set(src)
	t := src.Type()
	skip := skippedFields[t]
	for _, i := range plan(t) {
		df := field(dst, i)
		if name := t.Field(i).Name; name == skip || t == matchType && c.silent && silentDrops[name] {
			df.Set(reflect.Zero(df.Type()))
			continue
		}
		c.copyValue(df, field(src, i))
	}
}

// field returns field i of the addressable struct v, readable and
// settable even when unexported.
func field(v reflect.Value, i int) reflect.Value {
	f := v.Field(i)
	return reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
}

func (c *forkCopier) copySlice(dst, src reflect.Value) {
	if src.IsNil() {
		return
	}
	n := reflect.MakeSlice(src.Type(), src.Len(), src.Cap())
	if !deep(src.Type().Elem()) {
		// Plain values: the whole backing array, as a reslice would see it.
		reflect.Copy(n.Slice(0, n.Cap()), src.Slice(0, src.Cap()))
		dst.Set(n)
		return
	}
	for i := range src.Len() {
		c.copyValue(n.Index(i), src.Index(i))
	}
	dst.Set(n)
}

func (c *forkCopier) copyMap(dst, src reflect.Value) {
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
		nk.SetZero() // copyValue leaves nil values as it finds dst
		nv.SetZero()
		c.copyValue(nk, kv)
		c.copyValue(nv, vv)
		n.SetMapIndex(nk, nv)
	}
	dst.Set(n)
}

func (c *forkCopier) copyInterface(dst, src reflect.Value) {
	if src.IsNil() {
		return
	}
	e := src.Elem()
	v := reflect.New(e.Type()).Elem()
	v.Set(e)
	n := reflect.New(e.Type()).Elem()
	c.copyValue(n, v)
	dst.Set(n)
}

// Which types need more than a shallow copy, and which fields of a struct
// do, worked out once per type.
var (
	deepTypes sync.Map // reflect.Type → bool
	plans     sync.Map // reflect.Type → []int
)

// deep says whether a value of type t holds anything a fork must copy
// rather than share: a pointer, slice, map, interface or function that is
// not of a shared type. Strings are immutable, so shared.
func deep(t reflect.Type) bool {
	if v, ok := deepTypes.Load(t); ok {
		return v.(bool)
	}
	deepTypes.Store(t, true) // a recursive type is deep
	d := true
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128, reflect.String:
		d = false
	case reflect.Array:
		d = deep(t.Elem())
	case reflect.Struct:
		d = len(plan(t)) > 0 || skippedFields[t] != ""
	default:
		d = !sharedTypes[t]
	}
	deepTypes.Store(t, d)
	return d
}

// plan lists the fields of struct type t that need a deep copy.
func plan(t reflect.Type) []int {
	if v, ok := plans.Load(t); ok {
		return v.([]int)
	}
	var p []int
	for i := range t.NumField() {
		if deep(t.Field(i).Type) || t.Field(i).Name == skippedFields[t] {
			p = append(p, i)
		}
	}
	plans.Store(t, p)
	return p
}
