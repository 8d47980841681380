package luahost

import (
	"fmt"
	"strconv"

	"github.com/yuin/gopher-lua/ast"
)

// Limits on the shape of a chunk, checked before anything recurses over
// its syntax tree. gopher-lua's compiler recurses once per level of
// nesting (a deep chunk could overflow the Go stack), spends time
// quadratic in the length of a '..' chain or a left-leaning operator
// chain, and looks its constants up by linear search (a function with
// 100k constants takes a minute to compile).
const (
	// maxLevels bounds nesting as Lua 5.1 counts it ("chunk has too many
	// syntax levels" past about 200): blocks, calls, tables, functions,
	// right operands, '..' chains. Left operands and suffixes (a.b.c,
	// f()(), a + b + c, elseif) do not count, as in 5.1.
	maxLevels = 200
	// maxDepth bounds nesting as gopher-lua's compiler recurses: every
	// level counts, left-leaning chains included.
	maxDepth = 1000
	// maxNodes bounds the syntax tree's size.
	maxNodes = 1_000_000
	// maxConstants bounds the distinct constants (strings, numbers and
	// names) of one function; constCost bounds the sum of their squares
	// over the chunk, which is what gopher-lua's compiler spends.
	maxConstants = 10_000
	constCost    = maxConstants * maxConstants
	// maxUpvalues is Lua 5.1's limit on the upvalues of one function
	// (gopher-lua's own counter wraps at 256).
	maxUpvalues = 60
)

// chunkInfo is what the size check learns about a chunk.
type chunkInfo struct {
	// vararg is whether the chunk's own body (not a nested function)
	// uses '...'.
	vararg bool
}

// walkItem is one node waiting on the size check's explicit stack.
type walkItem struct {
	node          any // ast.Stmt, ast.Expr or *ast.Field
	levels, depth int
	fn            int // index of the enclosing function in checker.fns
	line          int // nearest known line
}

type fnConsts struct {
	line   int
	consts map[string]struct{}
}

type checker struct {
	name  string
	stack []walkItem
	fns   []fnConsts
	nodes int
	info  chunkInfo
}

// checkSize walks the chunk without recursion and refuses it if it is too
// deep, too large or has too many constants to compile quickly.
func checkSize(stmts []ast.Stmt, name string) (chunkInfo, error) {
	c := &checker{name: name, fns: []fnConsts{{line: 0, consts: map[string]struct{}{}}}}
	for i := len(stmts) - 1; i >= 0; i-- {
		c.push(stmts[i], 1, 1, 0, 1, false)
	}
	for len(c.stack) > 0 {
		it := c.stack[len(c.stack)-1]
		c.stack = c.stack[:len(c.stack)-1]
		if err := c.visit(it); err != nil {
			return c.info, err
		}
	}
	cost, worst := 0, 0
	for i, f := range c.fns {
		n := len(f.consts)
		cost += n * n
		if n > len(c.fns[worst].consts) {
			worst = i
		}
	}
	if w := c.fns[worst]; len(w.consts) > maxConstants || cost > constCost {
		msg := fmt.Sprintf("%s has %d distinct constants: too many to compile (at most %d in one function, fewer when several functions hold many; split large data tables into several functions)",
			fnWhere(w.line), len(w.consts), maxConstants)
		return c.info, &Error{Chunk: name, Line: max(w.line, 1), Msg: msg}
	}
	return c.info, nil
}

// fnWhere names a function the way Lua 5.1's limit errors do.
func fnWhere(line int) string {
	if line == 0 {
		return "main function"
	}
	return fmt.Sprintf("function at line %d", line)
}

// push queues node n; cont says it continues its parent's chain (a left
// operand or a suffix), which Lua 5.1 does not count as a level.
func (c *checker) push(n any, levels, depth, fn, line int, cont bool) {
	if n == nil {
		return
	}
	if cont {
		levels--
	}
	c.stack = append(c.stack, walkItem{node: n, levels: levels, depth: depth, fn: fn, line: line})
}

// visit checks one node against the limits, notes its constants, and
// queues its parts; a function starts a new set of constants.
func (c *checker) visit(it walkItem) error {
	line := it.line
	if ph, ok := it.node.(ast.PositionHolder); ok && ph.Line() > 0 {
		line = ph.Line()
	}
	c.nodes++
	if err := c.limits(it, line); err != nil {
		return err
	}
	fn := it.fn
	if f, ok := it.node.(*ast.FunctionExpr); ok {
		c.fns = append(c.fns, fnConsts{line: line, consts: map[string]struct{}{}})
		fn = len(c.fns) - 1
		c.addBlock(f.Stmts, it, fn, line)
		return nil
	}
	c.constants(it.node, fn)
	// child queues a sub-node one level down; cont marks chain
	// continuations.
	child := func(n any, cont bool) { c.push(n, it.levels+1, it.depth+1, fn, line, cont) }
	if !c.statementChildren(it, fn, line, child) {
		c.expressionChildren(it.node, fn, child)
	}
	return nil
}

// limits refuses a chunk nested or grown past what the compiler can take.
func (c *checker) limits(it walkItem, line int) error {
	switch {
	case it.levels > maxLevels:
		return &Error{Chunk: c.name, Line: line, Msg: "chunk has too many syntax levels"}
	case it.depth > maxDepth:
		return &Error{Chunk: c.name, Line: line, Msg: fmt.Sprintf("chunk has too many syntax levels (an expression or block nested more than %d deep, counting every operand of a long chain)", maxDepth)}
	case c.nodes > maxNodes:
		return &Error{Chunk: c.name, Line: line, Msg: fmt.Sprintf("chunk too large to compile (more than %d syntax nodes)", maxNodes)}
	}
	return nil
}

// statementChildren queues the parts of a statement; it reports false
// when the node is not a statement.
func (c *checker) statementChildren(it walkItem, fn, line int, child func(any, bool)) bool {
	switch n := it.node.(type) {
	case *ast.AssignStmt:
		c.exprs(n.Lhs, child)
		c.exprs(n.Rhs, child)
	case *ast.LocalAssignStmt:
		c.exprs(n.Exprs, child)
	case *ast.FuncCallStmt:
		child(n.Expr, true)
	case *ast.DoBlockStmt:
		c.addBlock(n.Stmts, it, fn, line)
	case *ast.WhileStmt:
		child(n.Condition, false)
		c.addBlock(n.Stmts, it, fn, line)
	case *ast.RepeatStmt:
		c.addBlock(n.Stmts, it, fn, line)
		child(n.Condition, false)
	case *ast.IfStmt:
		child(n.Condition, false)
		c.addBlock(n.Then, it, fn, line)
		if len(n.Else) == 1 {
			if _, ok := n.Else[0].(*ast.IfStmt); ok { // elseif
				child(n.Else[0], true)
				break
			}
		}
		c.addBlock(n.Else, it, fn, line)
	case *ast.NumberForStmt:
		child(n.Init, false)
		child(n.Limit, false)
		child(n.Step, false)
		c.addBlock(n.Stmts, it, fn, line)
	case *ast.GenericForStmt:
		c.exprs(n.Exprs, child)
		c.addBlock(n.Stmts, it, fn, line)
	case *ast.FuncDefStmt:
		if n.Name.Func != nil {
			child(n.Name.Func, false)
		} else {
			child(n.Name.Receiver, false)
		}
		child(n.Func, false)
	case *ast.ReturnStmt:
		c.exprs(n.Exprs, child)
	default:
		return false
	}
	return true
}

// expressionChildren queues the operands of an expression; the left
// operand of a binary operator and the function or object of a call or an
// index continue their parent's chain (cont), which Lua 5.1 does not count
// as a syntax level.
func (c *checker) expressionChildren(node any, fn int, child func(any, bool)) {
	switch n := node.(type) {
	case *ast.AttrGetExpr:
		child(n.Object, true)
		child(n.Key, false)
	case *ast.TableExpr:
		for _, f := range n.Fields {
			child(f.Key, false)
			child(f.Value, false)
		}
	case *ast.FuncCallExpr:
		child(n.Func, true)
		child(n.Receiver, true)
		c.exprs(n.Args, child)
	case *ast.LogicalOpExpr:
		child(n.Lhs, true)
		child(n.Rhs, false)
	case *ast.RelationalOpExpr:
		child(n.Lhs, true)
		child(n.Rhs, false)
	case *ast.ArithmeticOpExpr:
		child(n.Lhs, true)
		child(n.Rhs, false)
	case *ast.StringConcatOpExpr:
		child(n.Lhs, true)
		child(n.Rhs, false)
	case *ast.UnaryMinusOpExpr:
		child(n.Expr, false)
	case *ast.UnaryNotOpExpr:
		child(n.Expr, false)
	case *ast.UnaryLenOpExpr:
		child(n.Expr, false)
	case *ast.Comma3Expr:
		if fn == 0 {
			c.info.vararg = true
		}
	}
}

func (c *checker) exprs(es []ast.Expr, child func(any, bool)) {
	for _, e := range es {
		child(e, false)
	}
}

// addBlock queues the statements of a block one level down.
func (c *checker) addBlock(stmts []ast.Stmt, it walkItem, fn, line int) {
	for i := len(stmts) - 1; i >= 0; i-- {
		c.push(stmts[i], it.levels+1, it.depth+1, fn, line, false)
	}
}

// constants records the constants node n adds to its function: an upper
// bound on what gopher-lua's compiler puts in the function's table.
func (c *checker) constants(n any, fn int) {
	set := c.fns[fn].consts
	switch n := n.(type) {
	case *ast.StringExpr:
		set["s"+n.Value] = struct{}{}
	case *ast.IdentExpr:
		set["s"+n.Value] = struct{}{}
	case *ast.NumberExpr:
		set["n"+n.Value] = struct{}{}
	case *ast.FuncCallExpr:
		if n.Method != "" {
			set["s"+n.Method] = struct{}{}
		}
	case *ast.FuncDefStmt:
		if n.Name.Method != "" {
			set["s"+n.Name.Method] = struct{}{}
		}
	case *ast.ArithmeticOpExpr:
		if isNumeral(n.Rhs) { // perhaps folded into a new constant
			set["f"+strconv.Itoa(len(set))] = struct{}{}
		}
	case *ast.UnaryMinusOpExpr:
		if isNumeral(n.Expr) {
			set["f"+strconv.Itoa(len(set))] = struct{}{}
		}
	}
}

// isNumeral says whether e is a number literal, perhaps negated (looking
// no deeper than a few levels: this runs before the depth check).
func isNumeral(e ast.Expr) bool {
	for range 4 {
		switch n := e.(type) {
		case *ast.NumberExpr:
			return true
		case *ast.UnaryMinusOpExpr:
			e = n.Expr
		default:
			return false
		}
	}
	return false
}
