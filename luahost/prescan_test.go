package luahost

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// TestCompilePassEndsOnPathologicalSources compiles sources of a
// megabyte built to make a scanner loop, backtrack or blow up: every one
// must end, compiled or refused with a line. The prescan moves forward at
// every step (a step that does not is refused at its line), and what
// follows it is bounded by checkSize; a hang here is a bug of the pass.
func TestCompilePassEndsOnPathologicalSources(t *testing.T) {
	const n = 1 << 18
	rep := func(s string, size int) string { return strings.Repeat(s, size/len(s)) }
	cases := map[string]string{
		"points":                 "x = " + rep(".", n),
		"leading-point numbers":  "x = 0" + rep(" + .5", n),
		"trailing-point numbers": "x = 0" + rep("+5.", n),
		"one long numeral":       "x = " + rep("1", n),
		"one long fraction":      "x = ." + rep("5", n),
		"one long hex numeral":   "x = 0x" + rep("f", n),
		"one long exponent":      "x = 1e" + rep("9", n),
		"malformed at the end":   "x = 1" + rep("\n", n) + "y = 1..2",
		"hex floats":             "x = {" + rep("0x1p4, ", n) + "}",
		"semicolons":             rep("x = 1; ", n),
		"concat points":          "x = 'a'" + rep(" .. .5", n/4),
		"dots and digits":        "x = " + rep("1.", n),
		"unclosed long string":   "x = [==[" + rep(".5 ]=] ", n),
		"unclosed comment":       "--[[" + rep(".5\n", n),
		"unclosed string":        "x = '" + rep("\\'.5", n),
		"functions":              rep("function f(); end ", n),
		"long-bracket openers":   rep("[=", n),
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) {
			done := make(chan error, 1)
			go func() {
				_, err := Compile([]byte(src), "test.lua", DefaultLimits)
				done <- err
			}()
			var err error
			select {
			case err = <-done:
			case <-time.After(2 * time.Minute): // a hang guard, not a measure
				t.Fatal("still compiling after 2 minutes")
			}
			var ce *Error
			if err != nil && (!errors.As(err, &ce) || ce.Line < 1 || strings.Contains(ce.Msg, "internal error")) {
				t.Errorf("refused without a place, or by a bug: %v", err)
			}
		})
	}
}

// FuzzCompile feeds the compile pass anything: it must compile the chunk
// or refuse it with a line, never panic, hang or fail in its own code.
//
//	go test ./luahost -run XXX -fuzz FuzzCompile
func FuzzCompile(f *testing.F) {
	for _, seed := range []string{
		"local HALF = .5\nreturn HALF * .5", "return 1.+.1, 0x10, 0x1p4, 1e5", "return 1..2", "return [[.456]] .. .5",
		"x = 1;; y = 2", "function f(); end", "return 0x1p-4", "--[==[ .5 ]==] return 3e", "return '\\.5' .. 5.",
		"for i = .5, 2.5, .5 do end", "return -6 % 3, 1 % 0.1, 5 % (1/0)", "return {.5; [.5] = .5}",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		_, err := Compile(src, "fuzz.lua", DefaultLimits)
		var ce *Error
		if err != nil && (!errors.As(err, &ce) || ce.Line < 1 || strings.Contains(ce.Msg, "internal error")) {
			t.Errorf("%q: %v", src, err)
		}
	})
}
