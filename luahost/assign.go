package luahost

import (
	"github.com/yuin/gopher-lua/ast"
)

// Assignment, exactly as Lua 5.1 does it:
//
//  1. the table and key of each indexed target are evaluated, target by
//     target, left to right; a local variable used as a table or key is
//     not copied but read when stored, unless a later target of the same
//     statement assigns it, in which case it is copied at that target
//     (lparser.c, check_conflict);
//  2. the values are evaluated left to right, adjusted to the number of
//     targets (the last call or '...' expands; missing values are nil;
//     extra values are evaluated and dropped);
//  3. the targets are stored right to left, so in a, a = 1, 2 the first
//     wins, and __newindex sees the last target first.
//
// gopher-lua compiles each value straight into its target, so a value
// that reads an earlier target sees it already assigned (upstream #440).
// The rewrite evaluates steps 1 and 2 into temporaries with one local
// statement (which gopher-lua compiles correctly: its names are new), then
// stores them one target at a time:
//
//	do local @1, @2, @3 = obj, key, value...; obj'[key'] = @3 ... end

// target is one assignment target on its way through the rewrite.
type target struct {
	expr     ast.Expr // an identifier target, as stored
	local    string   // its name, if it is a local of this function
	obj, key ast.Expr // an indexed target's table and key
	// objLocal and keyLocal name the locals obj and key read at store
	// time (see step 1).
	objLocal, keyLocal string
}

func (p *pass) assign(n *ast.AssignStmt) ast.Stmt {
	ts := make([]target, len(n.Lhs))
	for i, lhs := range n.Lhs {
		switch t := lhs.(type) {
		case *ast.IdentExpr:
			k := p.resolve(t.Value, t.Line())
			ts[i].expr = p.ident(t, k)
			if k == local {
				ts[i].local = t.Value
			}
		case *ast.AttrGetExpr:
			ts[i].obj, ts[i].key = p.expr(t.Object), p.expr(t.Key)
		default:
			ts[i].expr = p.expr(lhs)
		}
	}
	p.exprs(n.Rhs)
	if len(n.Lhs) == 1 && len(n.Rhs) == 1 {
		return p.assignOne(n, ts[0])
	}
	return p.assignMany(n, ts)
}

// assignOne handles the plain a = b, which gopher-lua compiles correctly
// unless the table of an indexed target is a constant (upstream #524), or
// the target is a local and the value an and/or expression: gopher-lua
// computes that straight into the local's register, and a jump out of a
// nested and/or skips the final move (upstream #490: result = result and
// (f() and g()) keeps the old result).
func (p *pass) assignOne(n *ast.AssignStmt, t target) ast.Stmt {
	line := n.Lhs[0].Line()
	if t.obj == nil {
		n.Lhs[0] = t.expr
		if _, ok := n.Rhs[0].(*ast.LogicalOpExpr); ok && t.local != "" {
			tmp := p.temp()
			decl := withLine(&ast.LocalAssignStmt{Names: []string{tmp}, Exprs: []ast.Expr{n.Rhs[0]}}, n.Line())
			n.Rhs[0] = ident(tmp, endLine(n.Rhs[0]))
			return doBlock([]ast.Stmt{decl, n}, n.Line(), endLine(n.Rhs[0]))
		}
		return n
	}
	switch t.obj.(type) {
	case *ast.IdentExpr, *ast.AttrGetExpr, *ast.FuncCallExpr:
		n.Lhs[0] = attr(t.obj, t.key, line)
		return n
	}
	tmp := p.temp()
	decl := withLine(&ast.LocalAssignStmt{Names: []string{tmp}, Exprs: []ast.Expr{t.obj}}, line)
	n.Lhs[0] = attr(ident(tmp, line), t.key, line)
	return doBlock([]ast.Stmt{decl, n}, n.Line(), line)
}

func (p *pass) assignMany(n *ast.AssignStmt, ts []target) ast.Stmt {
	line := n.Line()
	var names []string
	var exprs []ast.Expr
	hoist := func(e ast.Expr) ast.Expr {
		name := p.temp()
		names = append(names, name)
		exprs = append(exprs, e)
		return ident(name, e.Line())
	}
	for i := range ts {
		t := &ts[i]
		switch {
		case t.obj != nil:
			if t.objLocal = p.localName(t.obj); t.objLocal == "" {
				t.obj = hoist(t.obj)
			}
			if !isConstant(t.key) {
				if t.keyLocal = p.localName(t.key); t.keyLocal == "" {
					t.key = hoist(t.key)
				}
			}
		case t.local != "":
			p.copyConflicts(ts[:i], t.local, t.expr.Line(), hoist)
		}
	}
	values := make([]string, len(ts))
	for i := range values {
		values[i] = p.temp()
	}
	names = append(names, values...)
	exprs = append(exprs, n.Rhs...)
	stmts := []ast.Stmt{withLine(&ast.LocalAssignStmt{Names: names, Exprs: exprs}, line)}
	// Lua 5.1 stores once the whole value list is read: the line of its end.
	store := endLine(n.Rhs[len(n.Rhs)-1])
	for i := len(ts) - 1; i >= 0; i-- {
		lhs := ts[i].expr
		if ts[i].obj != nil {
			lhs = attr(ts[i].obj, ts[i].key, store)
		}
		a := &ast.AssignStmt{Lhs: []ast.Expr{lhs}, Rhs: []ast.Expr{ident(values[i], store)}}
		stmts = append(stmts, withLine(a, store))
	}
	return doBlock(stmts, line, store)
}

// copyConflicts copies the local name, assigned by a later target, for the
// earlier targets that index with it (step 1).
func (p *pass) copyConflicts(earlier []target, name string, line int, hoist func(ast.Expr) ast.Expr) {
	var copied ast.Expr
	use := func() ast.Expr {
		if copied == nil {
			copied = hoist(ident(name, line))
		}
		return copied
	}
	for j := range earlier {
		u := &earlier[j]
		if u.objLocal == name {
			u.obj, u.objLocal = use(), ""
		}
		if u.keyLocal == name {
			u.key, u.keyLocal = use(), ""
		}
	}
}

// localName returns the name of e if it is a local of this function.
func (p *pass) localName(e ast.Expr) string {
	if id, ok := e.(*ast.IdentExpr); ok && p.fn.has(id.Value) {
		return id.Value
	}
	return ""
}

// isConstant says whether e is a literal key, which Lua 5.1 takes from
// the constant table when storing.
func isConstant(e ast.Expr) bool {
	switch e.(type) {
	case *ast.StringExpr, *ast.NumberExpr, *ast.NilExpr, *ast.TrueExpr, *ast.FalseExpr:
		return true
	}
	return false
}
