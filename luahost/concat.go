package luahost

import (
	"strings"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/ast"
)

// String concatenation. Every '..' chain (a .. b .. c is one chain, as it
// is one instruction in Lua 5.1) becomes one call of a Go helper the
// chunk reaches as the hidden upvalue "..", so that building a string is
// charged to the state's meter like any library function, and the result
// is built in one allocation:
//
//	"seat " .. n .. ":"   becomes   ..("seat ", n, ":")
//
// A trailing run of two or more literals is joined at compile time (Lua
// 5.1 joins it first at run time, with the same result and metamethod
// calls); a chain of literals only becomes a single string literal.
//
// The helper keeps Lua 5.1's semantics (lvm.c, luaV_concat): numbers are
// written with "%.14g"; operands are taken pairwise from the right, the
// longest run of strings and numbers joined at once; a pair with another
// operand goes to the __concat metamethod of its left, else its right
// operand; and the error names the operand as 5.1 does ("attempt to
// concatenate global 'x' (a nil value)"), from a table of the chain's
// operand names kept per line (see concatSite).

// concatSite is one routed chain: the names Lua 5.1 would give its
// operands in an error ("local 'x'", "field 'y'"), "" for none.
type concatSite struct {
	names []string
}

// concat rewrites a '..' chain into a call of the helper.
func (p *pass) concat(n *ast.StringConcatOpExpr) ast.Expr {
	var ops []ast.Expr
	var e ast.Expr = n
	for {
		c, ok := e.(*ast.StringConcatOpExpr)
		if !ok {
			break
		}
		ops = append(ops, c.Lhs)
		e = c.Rhs
	}
	ops = append(ops, e)
	line := endLine(ops[len(ops)-1]) // where 5.1 reports the chain's errors
	names := make([]string, len(ops))
	for i, op := range ops {
		names[i] = p.operandName(op)
		ops[i] = p.expr(op)
		switch o := ops[i].(type) { // an operand is one value, as in (f())
		case *ast.FuncCallExpr:
			o.AdjustRet = true
		case *ast.Comma3Expr:
			o.AdjustRet = true
		}
	}
	k := len(ops)
	for k > 0 && literalString(ops[k-1]) != nil {
		k--
	}
	if k == 0 || len(ops)-k >= 2 {
		var b strings.Builder
		for _, op := range ops[k:] {
			b.WriteString(*literalString(op))
		}
		joined := str(b.String(), ops[k].Line())
		if k == 0 {
			return joined
		}
		ops, names = append(ops[:k], joined), append(names[:k], "")
	}
	p.sites[line] = append(p.sites[line], concatSite{names: names})
	call := &ast.FuncCallExpr{Func: ident(concatName, line), Args: ops, AdjustRet: true}
	return withLine(call, line)
}

// literalString returns the string a literal operand stands for, or nil.
func literalString(e ast.Expr) *string {
	switch n := e.(type) {
	case *ast.StringExpr:
		return &n.Value
	case *ast.NumberExpr:
		if f, ok := parseNumeral(n.Value); ok {
			s := NumberString(f)
			return &s
		}
	}
	return nil
}

// operandName is the name Lua 5.1 gives an operand in an error message.
func (p *pass) operandName(e ast.Expr) string {
	switch n := e.(type) {
	case *ast.IdentExpr:
		switch p.kind(n.Value) {
		case local:
			return "local '" + n.Value + "'"
		case upvalue:
			return "upvalue '" + n.Value + "'"
		}
		return "global '" + n.Value + "'"
	case *ast.AttrGetExpr:
		if k, ok := n.Key.(*ast.StringExpr); ok {
			return "field '" + k.Value + "'"
		}
		return "field '?'"
	}
	return ""
}

// concat is the helper: it concatenates its arguments as a Lua 5.1 chain.
func (c *Chunk) concat(L *lua.LState) int {
	n := L.GetTop()
	if n == 2 { // the most common chain, a .. b, without the general loop
		if a, ok := L.Get(1).(lua.LString); ok {
			if b, ok := L.Get(2).(lua.LString); ok {
				m := MeterOf(L)
				m.CheckString(L, "string concatenation", int64(len(a)+len(b)))
				m.Charge(L, int64(len(a)+len(b)))
				L.Push(a + b)
				return 1
			}
		}
	}
	var small [8]string
	parts := small[:0]
	total := 0
	for i := 1; i <= n; i++ {
		switch v := L.Get(i).(type) {
		case lua.LString:
			parts = append(parts, string(v))
			total += len(v)
		case lua.LNumber:
			s := NumberString(float64(v))
			parts = append(parts, s)
			total += len(s)
		default:
			return c.concatSlow(L, n)
		}
	}
	L.Push(lua.LString(build(L, parts, total)))
	return 1
}

// build joins parts (total bytes long) in one allocation, charged to L's
// meter.
func build(L *lua.LState, parts []string, total int) string {
	m := MeterOf(L)
	m.CheckString(L, "string concatenation", int64(total))
	m.Charge(L, int64(total))
	var b strings.Builder
	b.Grow(total)
	for _, s := range parts {
		b.WriteString(s)
	}
	return b.String()
}

// concatSlow is luaV_concat for a chain with an operand that is neither a
// string nor a number: metamethods, or an error.
func (c *Chunk) concatSlow(L *lua.LState, n int) int {
	vals := make([]lua.LValue, n)
	for i := range vals {
		vals[i] = L.Get(i + 1)
	}
	// acc is the value of the right part already done; it sits in the
	// register of operand slot (where 5.1 would name it from).
	acc, slot := vals[n-1], n-1
	for i := n - 2; i >= 0; {
		left := vals[i]
		if !isStringOrNumber(left) || !isStringOrNumber(acc) {
			acc = c.concatMeta(L, left, acc, i, slot, n)
			slot, i = i, i-1
			continue
		}
		right := toString(acc)
		if right == "" { // the result is the left operand, as a string
			acc, slot, i = lua.LString(toString(left)), i, i-1
			continue
		}
		j := i // join the longest run of strings and numbers ending at i
		for j > 0 && isStringOrNumber(vals[j-1]) {
			j--
		}
		parts := make([]string, 0, i-j+2)
		total := len(right)
		for _, v := range vals[j : i+1] {
			s := toString(v)
			parts = append(parts, s)
			total += len(s)
		}
		acc = lua.LString(build(L, append(parts, right), total))
		slot, i = j, j-1
	}
	L.Push(acc)
	return 1
}

// concatMeta applies the __concat metamethod of left, else of right, or
// raises Lua 5.1's error.
func (c *Chunk) concatMeta(L *lua.LState, left, right lua.LValue, leftSlot, rightSlot, n int) lua.LValue {
	mm := L.GetMetaField(left, "__concat")
	if mm == lua.LNil {
		mm = L.GetMetaField(right, "__concat")
	}
	if mm == lua.LNil {
		bad, slot := left, leftSlot
		if isStringOrNumber(left) {
			bad, slot = right, rightSlot
		}
		if name := c.operandName(L, n, slot); name != "" {
			L.RaiseError("attempt to concatenate %s (a %s value)", name, bad.Type().String())
		}
		L.RaiseError("attempt to concatenate a %s value", bad.Type().String())
	}
	L.Push(mm)
	L.Push(left)
	L.Push(right)
	L.Call(2, 1)
	v := L.Get(-1)
	L.Pop(1)
	return v
}

// operandName finds the name of operand slot of the n-operand chain the
// caller is running, from the chain's line. Several chains of n operands
// on one line that name the slot differently give no name.
func (c *Chunk) operandName(L *lua.LState, n, slot int) string {
	dbg, ok := L.GetStack(1)
	if !ok {
		return ""
	}
	if _, err := L.GetInfo("l", dbg, lua.LNil); err != nil {
		return ""
	}
	name, found := "", false
	for _, s := range c.sites[dbg.CurrentLine] {
		if len(s.names) != n {
			continue
		}
		if found && s.names[slot] != name {
			return ""
		}
		name, found = s.names[slot], true
	}
	return name
}

func isStringOrNumber(v lua.LValue) bool {
	switch v.(type) {
	case lua.LString, lua.LNumber:
		return true
	}
	return false
}

func toString(v lua.LValue) string {
	if n, ok := v.(lua.LNumber); ok {
		return NumberString(float64(n))
	}
	return string(v.(lua.LString))
}
