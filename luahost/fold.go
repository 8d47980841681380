package luahost

import (
	"math"

	"github.com/yuin/gopher-lua/ast"
)

// Constant folding of '%'.
//
// gopher-lua's compiler folds arithmetic on constants (constFold in its
// compile.go), and folds a % b with its own modulo, fmod adjusted to the
// divisor's sign: -6 % 3 would be the constant -0, which prints "-0", and
// 1 % 0.1 the constant 0.1. Lua 5.1 computes a - floor(a/b)*b, whether it
// folds (lcode.c, constfolding) or not (interp wraps the instruction), so
// the rewrite pass folds a % b of two constants itself, into a literal of
// 5.1's result that gopher-lua's compiler reads back exactly.

// foldMod folds n, a % b, if both operands are constants as gopher-lua's
// compiler sees them.
func foldMod(n *ast.ArithmeticOpExpr) ast.Expr {
	a, okA := constNumber(n.Lhs)
	b, okB := constNumber(n.Rhs)
	if !okA || !okB {
		return n
	}
	return numberLiteral(Mod(a, b), n.Line())
}

// constNumber is the number gopher-lua's compiler folds e into, if it
// folds it: a numeral (its text as the rewrite pass wrote it), its
// negation, and the arithmetic of those. The depth is checkSize's.
func constNumber(e ast.Expr) (float64, bool) {
	switch n := e.(type) {
	case *ast.NumberExpr:
		return parseNumeral(n.Value)
	case *ast.UnaryMinusOpExpr:
		v, ok := constNumber(n.Expr)
		return -v, ok
	case *ast.ArithmeticOpExpr:
		a, okA := constNumber(n.Lhs)
		b, okB := constNumber(n.Rhs)
		if !okA || !okB {
			return 0, false
		}
		switch n.Operator {
		case "+":
			return a + b, true
		case "-":
			return a - b, true
		case "*":
			return a * b, true
		case "/":
			return a / b, true
		case "^":
			return math.Pow(a, b), true
		case "%": // not folded here: one operand is not a constant after all
			return Mod(a, b), true
		}
	}
	return 0, false
}

// hardwareNaN is the NaN the machine's division makes of 0/0 (x86-64's
// has its sign bit set: Lua 5.1 prints it "-nan"), computed at run time
// as gopher-lua's compiler computes 0/0 when it folds it.
var hardwareNaN = func() float64 {
	zero := 0.0
	return zero / zero
}()

// numberLiteral is an expression gopher-lua's compiler folds into exactly
// f: a numeral, or -0 and NaN (with f's sign), which no numeral it reads
// gives, as -(0) and 0/0.
func numberLiteral(f float64, line int) ast.Expr {
	switch {
	case math.IsNaN(f):
		zero := func() ast.Expr { return withLine(&ast.NumberExpr{Value: "0"}, line) }
		var nan ast.Expr = withLine(&ast.ArithmeticOpExpr{Operator: "/", Lhs: zero(), Rhs: zero()}, line)
		if math.Signbit(f) != math.Signbit(hardwareNaN) {
			nan = withLine(&ast.UnaryMinusOpExpr{Expr: nan}, line)
		}
		return nan
	case f == 0 && math.Signbit(f):
		return withLine(&ast.UnaryMinusOpExpr{Expr: withLine(&ast.NumberExpr{Value: "0"}, line)}, line)
	}
	return withLine(&ast.NumberExpr{Value: numberText(f)}, line)
}
