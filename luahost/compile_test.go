package luahost

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestCompileErrorsCarryALine(t *testing.T) {
	cases := []struct{ src, want string }{
		{"x = = 1", "test.lua:1:5: syntax error near '='"},
		{"x = 1\nfunction f()\n  return 1\n", "test.lua:4: syntax error near '<eof>'"},
		{`local s = "abc`, "test.lua:1: unterminated string near '<eof>'"},
		{"--[[ unfinished\nx", "test.lua:2: invalid multiline comment near '<eof>'"},
		{"x = 0x", "test.lua:1: malformed number near '0x'"},
		{"x = 1\nlocal y = .5 .. 1..2", "test.lua:2: malformed number near '1..2'"},
		{"x = 1\nbreak", "test.lua:2: no loop to break"},
		{"x = 1\nfunction f() return ... end", "test.lua:2: cannot use '...' outside a vararg function"},
		{"x = 1\nfunction f()\n" + strings.Repeat("  local a = 1\n", 250) + "end", "test.lua:2: too many local variables"},
	}
	for _, c := range cases {
		_, err := Compile([]byte(c.src), "test.lua", DefaultLimits)
		var ce *Error
		if !errors.As(err, &ce) || err.Error() != c.want {
			t.Errorf("%q:\ngot  %v\nwant %s", c.src, err, c.want)
		}
	}
}

// hugeChain is a '..' chain of n operands, one per line from line 2.
func hugeChain(n int) string {
	var b strings.Builder
	b.WriteString("local a = 'x'\nlocal s = a")
	for i := 1; i < n; i++ {
		b.WriteString(" ..\n a")
	}
	return b.String()
}

func TestCompileRefusesWhatIsTooLargeToCompile(t *testing.T) {
	deepMinus := "x = " + strings.Repeat("-(", 100_000) + "1" + strings.Repeat(")", 100_000)
	deepCalls := "x = " + strings.Repeat("f(", 100_000) + "1" + strings.Repeat(")", 100_000)
	longSum := "local a = 1\nlocal s = a" + strings.Repeat(" + a", 5000)
	manyConstants := func(n int) string {
		var b strings.Builder
		b.WriteString("local t = {\n")
		for i := range n {
			fmt.Fprintf(&b, "'k%d',\n", i)
		}
		return b.String() + "}"
	}
	var upvalues strings.Builder
	for i := range 61 {
		fmt.Fprintf(&upvalues, "local u%d = %d\n", i, i)
	}
	upvalues.WriteString("local function f()\n  return 0")
	for i := range 61 {
		fmt.Fprintf(&upvalues, " + u%d", i)
	}
	upvalues.WriteString("\nend")
	cases := []struct {
		name, src, want string
		lim             Limits
	}{
		{"source", "x = 1\n" + strings.Repeat("-- padding\n", 200), `^test\.lua:94: the chunk is 2206 bytes, over the limit of 1 KiB$`, Limits{MaxSource: 1024}},
		{"200k-term chain", hugeChain(200_000), `^test\.lua:100[0-9]: chunk has too many syntax levels$`, Limits{}},
		{"deep unary minus", deepMinus, `^test\.lua:1: chunk has too many syntax levels$`, DefaultLimits},
		{"deep calls", deepCalls, `^test\.lua:1: chunk has too many syntax levels$`, DefaultLimits},
		{"long left-leaning sum", longSum, `^test\.lua:2: chunk has too many syntax levels \(an expression or block nested more than 1000 deep`, DefaultLimits},
		{"nested tables", "x = " + strings.Repeat("{", 300) + strings.Repeat("}", 300), `^test\.lua:1: chunk has too many syntax levels$`, DefaultLimits},
		{"constants", manyConstants(20_000), `^test\.lua:1: main function has 20000 distinct constants: too many to compile`, DefaultLimits},
		{"upvalues", upvalues.String(), `^test\.lua:63: function at line 62 has more than 60 upvalues$`, DefaultLimits},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			_, err := Compile([]byte(c.src), "test.lua", c.lim)
			if err == nil || !regexp.MustCompile(c.want).MatchString(err.Error()) {
				t.Errorf("got %v, want %s", err, c.want)
			}
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("took %v to refuse", d)
			}
		})
	}
}

func TestCompileAcceptsWhatLua51Accepts(t *testing.T) {
	var elseifs strings.Builder
	elseifs.WriteString("local x = 300\nlocal y\nif x == 0 then y = 0\n")
	for i := 1; i <= 300; i++ {
		fmt.Fprintf(&elseifs, "elseif x == %d then y = %d\n", i, i)
	}
	elseifs.WriteString("end\nprint(y)")
	var spread strings.Builder // many constants, spread over functions
	for f := range 20 {
		fmt.Fprintf(&spread, "local function f%d() return {", f)
		for i := range 1000 {
			fmt.Fprintf(&spread, "'k%d_%d',", f, i)
		}
		spread.WriteString("} end\n")
	}
	spread.WriteString("print(#f19())")
	cases := []struct{ name, src, want string }{
		{"190-operand chain", strings.Replace(hugeChain(190), "local s = ", "local s = ", 1) + "\nprint(#s)", "190\n"},
		{"300 elseifs", elseifs.String(), "300\n"},
		{"500-term sum", "local a = 1\nprint(a" + strings.Repeat(" + a", 499) + ")", "500\n"},
		{"long field chain", "local t = {}\nt.t = t\nprint(t" + strings.Repeat(".t", 500) + " == t)", "true\n"},
		{"constants spread over functions", spread.String(), "1000\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := runSource(t, c.src, nil)
			if err != nil || got != c.want {
				t.Errorf("got %q, %v; want %q", got, err, c.want)
			}
		})
	}
}

func TestRewriteKeepsLines(t *testing.T) {
	cases := []struct{ src, want string }{
		// the stores of a multiple assignment: where its values end
		{"local t\nlocal a\na, t.x = 1, 2", "test.lua:3:"},
		{"local t\nlocal a\na, t.x =\n  1,\n  2", "test.lua:5:"},
		// the values: their own line
		{"local t\nlocal a, b\na, b = 1,\n  t.x", "test.lua:4:"},
		{"local a\na = 1,\n  nil + 1", "test.lua:3:"},
		{"local t\nlocal f = function() end\nfor k in next, t do end", "test.lua:3:"},
		{"x = 1\n(5).y = 2", "test.lua:2:"},
		// '..': the line of the chain's last operand
		{"local x\nlocal s = 'a' ..\n  'b' ..\n  x", "test.lua:4:"},
		{"local x\nlocal s = x ..\n  'a'", "test.lua:3:"},
	}
	for _, c := range cases {
		_, err := runSource(t, c.src, nil)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: got %v, want an error at %s", c.src, err, c.want)
		}
	}
}

func TestHiddenNamesAreOutOfReach(t *testing.T) {
	// The helper and the environment are upvalues named with characters
	// no identifier has: scripts see neither as globals, and a script's
	// own globals of similar names change nothing.
	src := `
		concat = function() return "forged" end
		_G[".."] = function() return "forged" end
		_G["(globals)"] = {}
		local s = "a" .. 1
		local function f(...) return arg end
		print(s, rawget(_G, "..") ~= nil, select('#', ...), f(1, 2).n)`
	got, err := runSource(t, src, nil)
	if err != nil || got != "a1\ttrue\t0\t2\n" {
		t.Errorf("got %q, %v", got, err)
	}
}
