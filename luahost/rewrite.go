package luahost

import (
	"fmt"
	"strconv"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/ast"
)

// The rewrite pass: our own walk over gopher-lua's syntax tree between
// parsing and compiling. It resolves every name as Lua 5.1 scopes it and
// rewrites what gopher-lua 1.1.2 compiles wrongly or unmetered, keeping
// every node's line so errors point where they did:
//
//   - multiple assignment (upstream #440): every value, and every table
//     and key of an indexed target, is evaluated into temporaries first,
//     then the targets are stored right to left as Lua 5.1 does;
//   - an assignment with more values than targets, whose extra values
//     gopher-lua evaluates after storing the first;
//   - a field of a constant, (5).x = 1 (upstream #524): gopher-lua writes
//     through a register the constant never reached;
//   - a generic for whose expressions are not one call (upstream #514):
//     gopher-lua leaves the hidden state and control registers stale;
//   - local f = function ... end: gopher-lua compiles it as local
//     function f, so the function sees the new f instead of the outer one;
//   - number literals become their exact value as Lua 5.1 reads them
//     (1e999, long hex, and the prescan's stand-ins, see numeral.go);
//   - a % b of two constants is folded as 5.1 computes it (fold.go);
//   - '..' chains become one call of the metered helper (concat.go).
//
// Temporaries are locals with names no script can write ("@1"), declared
// in a do ... end block so they end with the statement they serve.
//
// The pass recurses, but only after checkSize has bounded the nesting.

type varKind int

const (
	global varKind = iota
	local
	upvalue
)

// funcScope is one function's view of the names in scope.
type funcScope struct {
	parent *funcScope
	vars   []string // active locals, innermost last
	marks  []int    // where each open block's locals start in vars
	upvals map[string]struct{}
	line   int
}

func (f *funcScope) enter() { f.marks = append(f.marks, len(f.vars)) }
func (f *funcScope) leave() {
	f.vars = f.vars[:f.marks[len(f.marks)-1]]
	f.marks = f.marks[:len(f.marks)-1]
}
func (f *funcScope) declare(name string) { f.vars = append(f.vars, name) }

func (f *funcScope) has(name string) bool {
	for i := len(f.vars) - 1; i >= 0; i-- {
		if f.vars[i] == name {
			return true
		}
	}
	return false
}

type pass struct {
	name  string
	info  chunkInfo
	nums  numerals // the prescan's stand-ins
	fn    *funcScope
	tmp   int
	sites map[int][]concatSite
	err   error
}

func newPass(name string, info chunkInfo, nums numerals) *pass {
	return &pass{name: name, info: info, nums: nums, sites: map[int][]concatSite{}}
}

// chunk rewrites a chunk's statements.
func (p *pass) chunk(stmts []ast.Stmt) ([]ast.Stmt, error) {
	p.fn = &funcScope{upvals: map[string]struct{}{}}
	stmts = p.stmts(stmts)
	return stmts, p.err
}

func (p *pass) fail(line int, format string, args ...any) {
	if p.err == nil {
		p.err = &Error{Chunk: p.name, Line: max(line, 1), Msg: fmt.Sprintf(format, args...)}
	}
}

// kind resolves name in the current scope without recording anything.
func (p *pass) kind(name string) varKind {
	if p.fn.has(name) {
		return local
	}
	for g := p.fn.parent; g != nil; g = g.parent {
		if g.has(name) {
			return upvalue
		}
	}
	return global
}

// resolve resolves name and records the upvalue it makes of it in every
// function between its use and its declaration.
func (p *pass) resolve(name string, line int) varKind {
	k := p.kind(name)
	if k != upvalue {
		return k
	}
	for h := p.fn; !h.has(name); h = h.parent {
		if _, ok := h.upvals[name]; ok {
			continue
		}
		h.upvals[name] = struct{}{}
		if len(h.upvals) > maxUpvalues {
			p.fail(line, "%s has more than %d upvalues", fnWhere(h.line), maxUpvalues)
		}
	}
	return upvalue
}

func (p *pass) temp() string {
	p.tmp++
	return "@" + strconv.Itoa(p.tmp)
}

func (p *pass) stmts(list []ast.Stmt) []ast.Stmt {
	for i, s := range list {
		list[i] = p.stmt(s)
	}
	return list
}

func (p *pass) block(list []ast.Stmt) []ast.Stmt {
	p.fn.enter()
	list = p.stmts(list)
	p.fn.leave()
	return list
}

func (p *pass) stmt(s ast.Stmt) ast.Stmt {
	switch n := s.(type) {
	case *ast.AssignStmt:
		return p.assign(n)
	case *ast.LocalAssignStmt:
		p.local(n)
	case *ast.FuncCallStmt:
		n.Expr = p.expr(n.Expr)
	case *ast.DoBlockStmt:
		n.Stmts = p.block(n.Stmts)
	case *ast.WhileStmt:
		n.Condition = p.expr(n.Condition)
		n.Stmts = p.block(n.Stmts)
	case *ast.RepeatStmt:
		p.fn.enter() // the condition sees the body's locals
		n.Stmts = p.stmts(n.Stmts)
		n.Condition = p.expr(n.Condition)
		p.fn.leave()
	case *ast.IfStmt:
		n.Condition = p.expr(n.Condition)
		n.Then = p.block(n.Then)
		n.Else = p.block(n.Else)
	case *ast.NumberForStmt:
		n.Init = p.expr(n.Init)
		n.Limit = p.expr(n.Limit)
		if n.Step != nil {
			n.Step = p.expr(n.Step)
		}
		p.fn.enter()
		p.fn.declare(n.Name)
		n.Stmts = p.stmts(n.Stmts)
		p.fn.leave()
	case *ast.GenericForStmt:
		return p.genericFor(n)
	case *ast.FuncDefStmt:
		if n.Name.Func != nil {
			n.Name.Func = p.expr(n.Name.Func)
			p.function(n.Func, false)
		} else {
			n.Name.Receiver = p.expr(n.Name.Receiver)
			p.function(n.Func, true)
		}
	case *ast.ReturnStmt:
		p.exprs(n.Exprs)
	}
	return s
}

func (p *pass) exprs(list []ast.Expr) {
	for i, e := range list {
		list[i] = p.expr(e)
	}
}

func (p *pass) expr(e ast.Expr) ast.Expr {
	switch n := e.(type) {
	case *ast.IdentExpr:
		return p.ident(n, p.resolve(n.Value, n.Line()))
	case *ast.NumberExpr:
		f, ok := p.nums.value(n.Value)
		if !ok { // the prescan refused every numeral 5.1 would
			p.fail(n.Line(), "malformed number near '%s'", clipText(n.Value))
		}
		n.Value = numberText(f)
	case *ast.AttrGetExpr:
		n.Object = p.expr(n.Object)
		n.Key = p.expr(n.Key)
	case *ast.TableExpr:
		for _, f := range n.Fields {
			if f.Key != nil {
				f.Key = p.expr(f.Key)
			}
			f.Value = p.expr(f.Value)
		}
	case *ast.FuncCallExpr:
		if n.Func != nil {
			n.Func = p.expr(n.Func)
		} else {
			n.Receiver = p.expr(n.Receiver)
		}
		p.exprs(n.Args)
	case *ast.LogicalOpExpr:
		n.Lhs, n.Rhs = p.expr(n.Lhs), p.expr(n.Rhs)
	case *ast.RelationalOpExpr:
		n.Lhs, n.Rhs = p.expr(n.Lhs), p.expr(n.Rhs)
	case *ast.ArithmeticOpExpr:
		n.Lhs, n.Rhs = p.expr(n.Lhs), p.expr(n.Rhs)
		if n.Operator == "%" {
			return foldMod(n)
		}
	case *ast.StringConcatOpExpr:
		return p.concat(n)
	case *ast.UnaryMinusOpExpr:
		n.Expr = p.expr(n.Expr)
	case *ast.UnaryNotOpExpr:
		n.Expr = p.expr(n.Expr)
	case *ast.UnaryLenOpExpr:
		n.Expr = p.expr(n.Expr)
	case *ast.FunctionExpr:
		p.function(n, false)
	}
	return e
}

// ident returns the expression for a resolved name. In a chunk that uses
// '...', gopher-lua gives the chunk's function (nested in our wrapper) a
// local named arg, as Lua 5.1 does for nested vararg functions
// (LUA_COMPAT_VARARG) but not for a main chunk; so there a global arg is
// reached through the environment instead.
func (p *pass) ident(n *ast.IdentExpr, k varKind) ast.Expr {
	if k != global || n.Value != "arg" || !p.info.vararg || !lua.CompatVarArg {
		return n
	}
	return attr(ident(globalsName, n.Line()), str("arg", n.Line()), n.Line())
}

// function rewrites a function's body in a scope of its own.
func (p *pass) function(n *ast.FunctionExpr, method bool) {
	f := &funcScope{parent: p.fn, upvals: map[string]struct{}{}, line: n.Line()}
	p.fn = f
	if method {
		f.declare("self")
	}
	for _, name := range n.ParList.Names {
		f.declare(name)
	}
	if n.ParList.HasVargs && lua.CompatVarArg {
		f.declare("arg")
	}
	n.Stmts = p.stmts(n.Stmts)
	p.fn = f.parent
}

func (p *pass) local(n *ast.LocalAssignStmt) {
	if len(n.Names) == 1 && len(n.Exprs) == 1 {
		if fn, ok := n.Exprs[0].(*ast.FunctionExpr); ok {
			if n.LastLine() != 0 { // local function f: f is in scope in its body
				p.fn.declare(n.Names[0])
				p.function(fn, false)
				return
			}
			// local f = function: a second (nil) value keeps gopher-lua
			// from compiling it as local function f.
			n.Exprs = append(n.Exprs, withLine(&ast.NilExpr{}, n.Line()))
		}
	}
	p.exprs(n.Exprs)
	for _, name := range n.Names {
		p.fn.declare(name)
	}
}

// genericFor gives a generic for whose expressions are not a single call
// (or '...') exactly three values through temporaries.
func (p *pass) genericFor(n *ast.GenericForStmt) ast.Stmt {
	p.exprs(n.Exprs)
	p.fn.enter()
	for _, name := range n.Names {
		p.fn.declare(name)
	}
	n.Stmts = p.stmts(n.Stmts)
	p.fn.leave()
	if len(n.Exprs) == 1 && isMulti(n.Exprs[0]) {
		return n
	}
	line := n.Line()
	names := []string{p.temp(), p.temp(), p.temp()}
	decl := withLine(&ast.LocalAssignStmt{Names: names, Exprs: n.Exprs}, line)
	n.Exprs = []ast.Expr{ident(names[0], line), ident(names[1], line), ident(names[2], line)}
	return doBlock([]ast.Stmt{decl, n}, line, n.LastLine())
}

// isMulti says whether e may give several values.
func isMulti(e ast.Expr) bool {
	switch n := e.(type) {
	case *ast.FuncCallExpr:
		return !n.AdjustRet
	case *ast.Comma3Expr:
		return !n.AdjustRet
	}
	return false
}

// Small constructors that set lines.

func withLine[T ast.PositionHolder](n T, line int) T {
	n.SetLine(line)
	return n
}

func ident(name string, line int) *ast.IdentExpr {
	return withLine(&ast.IdentExpr{Value: name}, line)
}

func str(s string, line int) *ast.StringExpr {
	return withLine(&ast.StringExpr{Value: s}, line)
}

func attr(obj, key ast.Expr, line int) *ast.AttrGetExpr {
	return withLine(&ast.AttrGetExpr{Object: obj, Key: key}, line)
}

func doBlock(stmts []ast.Stmt, line, last int) *ast.DoBlockStmt {
	d := withLine(&ast.DoBlockStmt{Stmts: stmts}, line)
	d.SetLastLine(max(last, line))
	return d
}

// endLine is the last line of e, as far as the tree tells.
func endLine(e ast.Expr) int {
	return max(e.Line(), e.LastLine())
}
