package interp

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/luahost"
)

// Scripts reach the engine through objects with methods: t (the table a
// game's play receives), zones, pools, tracks, pads and boards. Each kind
// of object is declared once, as a class: a list of its methods, kept
// beside their implementations (tablemethods.go, zonemethods.go,
// pieces.go, board.go). That one list is
//   - what is installed into Lua (install, metatable);
//   - what says which methods change the game, so that a note or sidebar
//     drawn while a view is drawn may call only the others (draw.go);
//   - what the test of tabletop.meta.lua lists from a running match and
//     checks the annotations against (stdlib/meta_test.go).
//
// A method's Go function takes the match and the Lua state; its object is
// argument 1 (self), its first argument 2, as in any Lua method call.

// A method is one Lua method of a class.
type method struct {
	name    string
	changes bool // it changes the game: refused while a view is drawn
	fn      func(m *Match, L *lua.LState) int
}

// The values of method.changes, so that the lists read as sentences.
const (
	changes = true
	reads   = false
)

// A class is one kind of engine object as scripts see it.
type class struct {
	lua     string // its name in messages: "zone", as in "zone:add"
	meta    string // its class in tabletop.meta.lua: "Zone"
	methods []method
}

// function makes the Lua function of one method of c for match m. It
// finds its match through the state (matchOf), and it is a method value
// rather than a closure, so that a fork of the match (fork.go) can tell
// that it keeps nothing the match changes, and share it.
func (c *class) function(m *Match, md method) *lua.LFunction {
	what := c.lua + ":" + md.name
	max, params := c.arity(md.name)
	return m.L.NewFunction((&boundMethod{fn: md.fn, changes: md.changes, what: what, peek: peekOf(c.lua, what), max: max, params: params}).call)
}

// boundMethod is a method of a class as Lua calls it.
type boundMethod struct {
	fn      func(m *Match, L *lua.LState) int
	changes bool
	what    string   // "zone:add", for the message of a method refused
	peek    peekKind // what it may read that a seat cannot see (knowledge.go)
	max     int      // the arguments it takes after its object; -1: any number (arity.go)
	params  string   // their names, for the message of a call with more
}

func (b *boundMethod) call(L *lua.LState) int {
	if b.max >= 0 && L.GetTop() > b.max+1 {
		tooManyArgs(L, b.what, b.max, b.params)
	}
	m := matchOf(L)
	if b.changes && m.drawing {
		m.mutates(L, b.what)
	}
	if m.learn != nil && !m.drawing {
		m.learnCall(b, L)
	}
	return b.fn(m, L)
}

// matchOf returns the match whose state L is: the host of its meter. The
// Go functions of a match's state find their match here instead of
// capturing it, so that they serve every fork of the match alike.
func matchOf(L *lua.LState) *Match {
	if g, ok := L.Context().(*luahost.Meter); ok {
		if m, ok := g.Host.(*Match); ok {
			return m
		}
	}
	L.RaiseError("a method of a match called outside its match")
	return nil
}

// install sets every method of c as a field of t.
func (c *class) install(m *Match, t *lua.LTable) {
	for _, md := range c.methods {
		t.RawSetString(md.name, c.function(m, md))
	}
}

// metatable returns a metatable for objects of class c: their methods are
// looked up in a table of their own (__index).
func (c *class) metatable(m *Match) *lua.LTable {
	mt := m.L.NewTable()
	methods := m.L.CreateTable(0, len(c.methods))
	c.install(m, methods)
	mt.RawSetString("__index", methods)
	return mt
}
