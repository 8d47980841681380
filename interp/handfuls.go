package interp

import (
	"strconv"

	"github.com/tabletop/tabletop/printable"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/luahost"
	"github.com/tabletop/tabletop/table"
)

// pool:handfuls(k [, leave [, verb]]) lists, as options for t:ask, every
// handful of exactly k pieces a player may take from a pool's supply: "take
// 5 chips of the colours you like", "take 3 resources". A handful leaves
// at least leave pieces of each kind in the supply (default 0). Each option
// is a table with a field per kind (how many of it, 0 for none), count (k)
// and text: the verb (default "take") and the kinds taken, in the pool's
// order ("take 2 white 3 green"). The list runs from the most of the first
// kind down, then the second, and so on: the last kind takes what is left.
//
// A payment is asked for again and again, and the same handfuls come back:
// so, like melds (lib/melds), the same handful is the same table every
// time while it is exactly as it was made, and a script can key what it
// makes of a handful by the table. The list itself is new on every call.

// maxHandfuls bounds one list: a pool of 4 kinds has 286 handfuls of 10,
// one of 10 kinds 92,378.
const maxHandfuls = 10000

// keptHandful is a handful's table and the text it was made with.
type keptHandful struct {
	t    *lua.LTable
	text lua.LString
}

// handfulMaker keeps a match's handful tables and the storage one list
// reuses; table.Handfuls goes through the handfuls.
type handfulMaker struct {
	table.Handfuls
	kept map[string]keptHandful
	key  []byte
	// a handful's fields (the kinds, count and text) and their values
	fields, values []lua.LValue
}

// poolHandfuls implements pool:handfuls(k [, leave [, verb]]).
func (m *Match) poolHandfuls(L *lua.LState) int {
	p := m.checkPool(L)
	k, leave := L.CheckInt(2), L.OptInt(3, 0)
	verb := L.OptString(4, "take")
	if k < 0 || leave < 0 {
		L.ArgError(2, "k and leave must not be negative")
	}
	if problem := printable.OptionProblem(verb); problem != "" || verb == "" {
		L.ArgError(4, "the verb must be one line of plain text")
	}
	h := &m.handfuls
	h.fields = h.fields[:0]
	for _, kind := range p.Kinds {
		h.fields = append(h.fields, lua.LString(kind))
	}
	h.fields = append(h.fields, lua.LString("count"), lua.LString("text"))
	out := L.CreateTable(0, 0)
	n := 0
	h.Each(p, k, leave, func() {
		n++
		if n > maxHandfuls {
			L.RaiseError("pool:handfuls: more than %d handfuls of %d from pool %s", maxHandfuls, k, p.Name)
		}
		out.RawSetInt(n, h.table(L, p, k, verb))
	})
	luahost.MeterOf(L).Work(L, int64(1+n))
	L.Push(out)
	return 1
}

// table returns the option for the handful in h.Counts: the kept one if
// it is unchanged, else a new one.
func (h *handfulMaker) table(L *lua.LState, p *Pool, k int, verb string) *lua.LTable {
	h.key = append(h.key[:0], verb...)
	h.key = strconv.AppendInt(append(h.key, 0), int64(p.ID), 10)
	for _, c := range h.Counts {
		h.key = strconv.AppendInt(append(h.key, ' '), int64(c), 10)
	}
	if kh, ok := h.kept[string(h.key)]; ok && h.unchanged(kh, p, k) {
		return kh.t
	}
	text := verb
	for i, c := range h.Counts {
		if c > 0 {
			text += " " + strconv.Itoa(c) + " " + p.Kinds[i]
		}
	}
	h.values = h.values[:0]
	for _, c := range h.Counts {
		h.values = append(h.values, boxNumber(c))
	}
	h.values = append(h.values, boxNumber(k), lua.LString(text))
	t := luahost.KeyedTable(L, h.fields, h.values)
	if h.kept == nil {
		h.kept = make(map[string]keptHandful)
	}
	if len(h.kept) < maxHandfuls {
		h.kept[string(h.key)] = keptHandful{t, lua.LString(text)}
	}
	return t
}

// unchanged reports whether a kept handful still has the fields it was
// made with.
func (h *handfulMaker) unchanged(kh keptHandful, p *Pool, k int) bool {
	if kh.t.Metatable != lua.LNil || kh.t.RawGetString("count") != lua.LNumber(k) || kh.t.RawGetString("text") != kh.text {
		return false
	}
	for i, kind := range p.Kinds {
		if kh.t.RawGetString(kind) != lua.LNumber(h.Counts[i]) {
			return false
		}
	}
	return true
}
