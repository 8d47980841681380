package interp

import (
	"context"
	"errors"
	"fmt"
	"reflect"

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
	f := newForker(m, n)
	silent := false
	for _, mode := range modes {
		silent = silent || mode&Silent != 0 && !m.silent
	}
	if silent {
		f.c.Drop(matchType, silentDrops...)
	}
	threads := []*lua.LState{m.L, m.co}
	for _, p := range m.pcalls {
		threads = append(threads, p.th)
	}
	f.c.Threads(threads...)
	f.c.Copy(reflect.ValueOf(n).Elem(), reflect.ValueOf(m).Elem())
	if silent {
		n.silent = true
	}
	if err := f.c.Err(); err != nil {
		f.meter.Close()
		return nil, fmt.Errorf("forking the match: %w", err)
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
	if why := luahost.LayoutProblem(); why != "" {
		return errors.New(why)
	}
	if _, ok := m.Config.Chance.(ChanceForker); m.Config.Chance != nil && !ok {
		return fmt.Errorf("its Chance (%T) cannot fork", m.Config.Chance)
	}
	return nil
}

// A forker copies a match: its Go values and its Lua state through a
// luahost.Copier, by the rules of forkPlan, and by hand the values of the
// types forkPlan names Special (copySpecial).
type forker struct {
	from, to *Match
	meter    *luahost.Meter // the fork's
	c        *luahost.Copier
}

func newForker(m, n *Match) *forker {
	f := &forker{from: m, to: n, c: luahost.NewCopier(forkPlan)}
	f.meter = m.meter.Fork(n.kept)
	f.meter.Host = n
	f.c.Context = func(ctx context.Context) context.Context {
		if ctx != context.Context(m.meter) {
			f.c.Fail("a thread of the state runs under another meter")
		}
		return f.meter
	}
	f.c.Special = f.copySpecial
	// Pointers into m itself: the prompt is m's promptBuf.
	f.c.Alias(reflect.ValueOf(m), reflect.ValueOf(n))
	f.c.Alias(reflect.ValueOf(&m.promptBuf), reflect.ValueOf(&n.promptBuf))
	return f
}

// How a match's Go values are copied: most deeply, by kind (see
// luahost.Copier); the shared types never change once made, or are the
// engine's.
var (
	matchType  = reflect.TypeOf(Match{})
	meterType  = reflect.TypeOf((*luahost.Meter)(nil))
	configType = reflect.TypeOf(Config{})
	boardType  = reflect.TypeOf(Board{})
	// silentDrops are what a silent match does not keep: its log and what
	// makes it (a silent match counts the log's bytes all the same).
	silentDrops = []string{"log", "placeIdx"}
	forkPlan    = luahost.NewCopyPlan(luahost.CopyRules{
		Shared: []reflect.Type{
			reflect.TypeOf((*Engine)(nil)),
			// a board's map, which no move changes (board.Board.Again)
			reflect.TypeOf(board.Board{}).Field(fieldIndex(reflect.TypeOf(board.Board{}), "geometry")).Type,
		},
		Special: []reflect.Type{meterType, configType, boardType},
		Skipped: map[reflect.Type]string{
			// The board's sidebar function is a Go closure over its match
			// and the script's function: the copy makes its own (forkBoard).
			reflect.TypeOf(board.Board{}).Field(fieldIndex(reflect.TypeOf(board.Board{}), "drawing")).Type: "sideFn",
			// A match's spare pcall threads are only storage (playthreads.go).
			matchType: "spare",
		},
		// The methods of engine objects (methods.go): they find their match
		// through the state.
		MethodValues: []string{"github.com/tabletop/tabletop/interp.(*boundMethod).call-fm"},
	})
)

func fieldIndex(t reflect.Type, name string) int {
	f, _ := t.FieldByName(name)
	return f.Index[0]
}

// copySpecial copies the values of the types forkPlan names Special.
func (f *forker) copySpecial(dst, src reflect.Value) {
	switch src.Type() {
	case meterType:
		switch src.Interface().(*luahost.Meter) {
		case nil:
		case f.from.meter:
			dst.Set(reflect.ValueOf(f.meter))
		default:
			f.c.Fail("the match holds a meter not its own")
		}
	case configType:
		f.copyConfig(dst, src)
	case boardType:
		f.c.CopyStruct(dst, src)
		f.forkBoard(dst.Addr().Interface().(*Board))
	}
}

// copyConfig shares the configuration, which a match never changes, but
// forks its Chance.
func (f *forker) copyConfig(dst, src reflect.Value) {
	cfg := src.Interface().(Config)
	if fc, ok := cfg.Chance.(ChanceForker); ok {
		cfg.Chance = fc.ForkChance()
	}
	dst.Set(reflect.ValueOf(cfg))
}

// forkBoard gives a copied board its own sidebar function, over its own
// match and the copy of the script's function.
func (f *forker) forkBoard(b *Board) {
	fn, ok := b.sideRoot.(*lua.LFunction)
	if !ok {
		return
	}
	n := f.to
	b.SetSidebarFunc(func(seat int) ([]string, error) { return n.drawLines(fn, seat) })
}
