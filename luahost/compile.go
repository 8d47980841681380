package luahost

import (
	"bytes"
	"fmt"
	"strings"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/ast"
	"github.com/yuin/gopher-lua/parse"
)

// A Chunk is a compiled Lua chunk: a script, a module or a test file. It
// holds no state of its own and may be loaded into any number of states,
// concurrently. Run it with Load, never with lua's NewFunctionFromProto:
// its code calls helpers that Load binds.
type Chunk struct {
	name  string
	proto *lua.FunctionProto
	// sites describes every routed '..' chain by the line of its call,
	// so an error can name the operand as Lua 5.1 does.
	sites map[int][]concatSite
}

// Name returns the chunk name errors show (usually the file path).
func (c *Chunk) Name() string { return c.name }

// Error is a chunk that cannot be compiled: a syntax error, a size limit
// or a construct gopher-lua cannot compile. It always carries a line.
type Error struct {
	Chunk string // chunk name (file path)
	Line  int
	Col   int // 0 when unknown
	Msg   string
}

func (e *Error) Error() string {
	if e.Col > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.Chunk, e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s", e.Chunk, e.Line, e.Msg)
}

// Compile turns Lua source into a Chunk: parse with gopher-lua's parser
// (after a scan that keeps it from nesting too deep), refuse what is too
// large to compile safely (check.go), rewrite what gopher-lua would
// compile wrongly or unmetered (rewrite.go), then lua.Compile. Errors are
// *Error, always with a line. Only lim.MaxSource is consulted; the other
// limits are the meter's.
func Compile(src []byte, name string, lim Limits) (c *Chunk, err error) {
	defer func() { // our own pass must never take the process down
		if r := recover(); r != nil {
			c, err = nil, &Error{Chunk: name, Line: 1, Msg: fmt.Sprintf("internal error compiling the chunk: %v", r)}
		}
	}()
	if lim.MaxSource > 0 && len(src) > lim.MaxSource {
		line := 1 + bytes.Count(src[:lim.MaxSource], []byte{'\n'})
		return nil, &Error{Chunk: name, Line: line, Msg: fmt.Sprintf("the chunk is %d bytes, over the limit of %s", len(src), ByteSize(int64(lim.MaxSource)))}
	}
	src, nums, err := prescan(src, name)
	if err != nil {
		return nil, err
	}
	stmts, err := parseChunk(src, name)
	if err != nil {
		return nil, err
	}
	info, err := checkSize(stmts, name)
	if err != nil {
		return nil, err
	}
	p := newPass(name, info, nums)
	body, err := p.chunk(stmts)
	if err != nil {
		return nil, err
	}
	proto, err := compileWrapped(body, name, info.vararg)
	if err != nil {
		return nil, err
	}
	return &Chunk{name: name, proto: proto, sites: p.sites}, nil
}

// parseChunk runs gopher-lua's parser and gives its errors a line.
func parseChunk(src []byte, name string) (stmts []ast.Stmt, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &Error{Chunk: name, Line: lastLine(src), Msg: fmt.Sprintf("cannot parse the chunk: %v", r)}
		}
	}()
	stmts, err = parse.Parse(bytes.NewReader(src), name)
	if err == nil {
		return stmts, nil
	}
	msg := strings.TrimSpace(err.Error())
	if pe, ok := err.(*parse.Error); ok {
		msg = strings.TrimSpace(pe.Message)
		if pe.Pos.Line == parse.EOF { // reported, as in Lua 5.1, on the line after the last newline
			return nil, &Error{Chunk: name, Line: 1 + bytes.Count(src, []byte{'\n'}), Msg: msg + " near '<eof>'"}
		}
		if pe.Token != "" {
			msg += fmt.Sprintf(" near '%s'", pe.Token)
		}
		return nil, &Error{Chunk: name, Line: pe.Pos.Line, Col: pe.Pos.Column, Msg: msg}
	}
	return nil, &Error{Chunk: name, Line: lastLine(src), Msg: msg}
}

// lastLine is the number of the source's last line.
func lastLine(src []byte) int {
	n := 1 + bytes.Count(src, []byte{'\n'})
	if len(src) > 0 && src[len(src)-1] == '\n' {
		n--
	}
	return n
}

// Hidden names: locals of the wrapper around every chunk, reached by the
// chunk's functions as upvalues. No script can write these identifiers,
// so no script can read, replace or shadow them.
const (
	concatName  = ".."        // the metered concatenation helper
	globalsName = "(globals)" // the chunk's environment (see pass.ident)
)

// compileWrapped compiles the chunk as the body of a function nested in a
// wrapper that declares the hidden names, and returns that function's
// prototype. The wrapper itself is never run: Load binds the hidden
// upvalues directly.
func compileWrapped(body []ast.Stmt, name string, vararg bool) (proto *lua.FunctionProto, err error) {
	fn := &ast.FunctionExpr{ParList: &ast.ParList{HasVargs: vararg, Names: []string{}}, Stmts: body}
	last := 0
	if len(body) > 0 {
		last = body[len(body)-1].LastLine()
		if l := body[len(body)-1].Line(); l > last {
			last = l
		}
	}
	fn.SetLine(0)
	fn.SetLastLine(last + 1)
	hidden := &ast.LocalAssignStmt{Names: []string{concatName, globalsName}, Exprs: []ast.Expr{}}
	ret := &ast.ReturnStmt{Exprs: []ast.Expr{fn}}
	defer func() {
		if r := recover(); r != nil {
			err = &Error{Chunk: name, Line: max(last, 1), Msg: fmt.Sprintf("gopher-lua cannot compile the chunk: %v", r)}
		}
	}()
	outer, err := lua.Compile([]ast.Stmt{hidden, ret}, name)
	if err != nil {
		if ce, ok := err.(*lua.CompileError); ok {
			return nil, &Error{Chunk: name, Line: max(ce.Line, 1), Msg: ce.Message}
		}
		return nil, &Error{Chunk: name, Line: max(last, 1), Msg: err.Error()}
	}
	return outer.FunctionPrototypes[0], nil
}

// Load returns chunk c as a function of state L, its hidden helpers bound,
// ready to be called (with the arguments its '...' should see). Every
// entry point runs chunks through Load so they all behave the same.
func Load(L *lua.LState, c *Chunk) *lua.LFunction {
	fn := L.NewFunctionFromProto(c.proto)
	for i, name := range c.proto.DbgUpvalues {
		var v lua.LValue = lua.LNil
		switch name {
		case concatName:
			v = L.NewFunction(c.concat)
		case globalsName:
			v = fn.Env
		}
		// NewClosure is gopher-lua's only public way to make a closed
		// upvalue holding a value.
		fn.Upvalues[i] = L.NewClosure(noop, v).Upvalues[0]
	}
	return fn
}

func noop(*lua.LState) int { return 0 }
