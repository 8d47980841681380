package luahost

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

func TestNumberString(t *testing.T) {
	zero := 0.0
	cases := []struct {
		f    float64
		want string
	}{
		{0, "0"}, {-zero, "-0"}, {1, "1"}, {-1, "-1"}, {0.1 + 0.2, "0.3"}, {1.0 / 3, "0.33333333333333"},
		{1e14 - 1, "99999999999999"}, {1e14, "1e+14"}, {1e15, "1e+15"}, {1 << 53, "9.007199254741e+15"},
		{math.Inf(1), "inf"}, {math.Inf(-1), "-inf"}, {math.NaN(), "nan"}, {math.Copysign(math.NaN(), -1), "-nan"},
		{1e-5, "1e-05"}, {123.456, "123.456"}, {5e-324, "4.9406564584125e-324"}, {-2147483648, "-2147483648"},
	}
	for _, c := range cases {
		if got := NumberString(c.f); got != c.want {
			t.Errorf("NumberString(%v) = %q, want %q", c.f, got, c.want)
		}
	}
}

func TestStr2number(t *testing.T) {
	cases := []struct {
		s    string
		want float64
		ok   bool
	}{
		{"10", 10, true}, {" 10 ", 10, true}, {"0x10", 16, true}, {"-0x10", -16, true}, {"0x", 0, false},
		{"1e5", 1e5, true}, {"1e", 0, false}, {".5", 0.5, true}, {"5.", 5, true}, {".", 0, false},
		{"0x1p4", 16, true}, {"0x.8", 0.5, true}, {"inf", math.Inf(1), true}, {"-Infinity", math.Inf(-1), true},
		{"infinit", 0, false}, {"10\x00junk", 10, true}, {"1_000", 0, false}, {"0b1", 0, false}, {"", 0, false},
		{"1e400", math.Inf(1), true}, {"\t\v\f\r\n7", 7, true},
	}
	for _, c := range cases {
		got, ok := str2number(c.s)
		if ok != c.ok || (ok && got != c.want) {
			t.Errorf("str2number(%q) = %v, %v; want %v, %v", c.s, got, ok, c.want, c.ok)
		}
	}
	if f, ok := str2number("nan(abc)"); !ok || !math.IsNaN(f) {
		t.Errorf("str2number(nan(abc)) = %v, %v", f, ok)
	}
}

func TestCCasts(t *testing.T) {
	if got := cInt64(math.NaN()); got != math.MinInt64 {
		t.Errorf("cInt64(NaN) = %d", got)
	}
	if got := cInt64(1e300); got != math.MinInt64 {
		t.Errorf("cInt64(1e300) = %d", got)
	}
	if got := cInt64(-3.9); got != -3 {
		t.Errorf("cInt64(-3.9) = %d", got)
	}
	if got := cUint64(-1); got != math.MaxUint64 {
		t.Errorf("cUint64(-1) = %x", got)
	}
	if got := cUint64(0x1p64); got != 0 {
		t.Errorf("cUint64(2^64) = %x", got)
	}
	if got := cUint64(0x1p63); got != 1<<63 {
		t.Errorf("cUint64(2^63) = %x", got)
	}
	if got := checkIntOf(0x1p32 + 1); got != 1 {
		t.Errorf("checkIntOf(2^32+1) = %d", got)
	}
}

// TestFormatRandomAgainstLua51 compares string.format and tostring with
// lua5.1 on random numbers and format items (FORMAT_DIFF=n cases; skipped
// by default).
func TestFormatRandomAgainstLua51(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("FORMAT_DIFF"))
	if n == 0 {
		t.Skip("set FORMAT_DIFF=<cases> to compare random formats with lua5.1")
	}
	lua51, err := exec.LookPath("lua5.1")
	if err != nil {
		t.Skip("lua5.1 is not installed")
	}
	seed := uint64(99)
	rnd := func(k int) int {
		seed ^= seed << 13
		seed ^= seed >> 7
		seed ^= seed << 17
		return int(seed % uint64(k))
	}
	number := func() float64 {
		switch rnd(5) {
		case 0:
			return math.Float64frombits(uint64(rnd(1<<31))<<33 | uint64(rnd(1<<31))<<2 | uint64(rnd(4)))
		case 1:
			return float64(rnd(2_000_000)-1_000_000) / math.Pow(10, float64(rnd(8)))
		case 2:
			return float64(rnd(1<<30)) * math.Pow(2, float64(rnd(80)-10))
		case 3:
			return (float64(rnd(1000)) + 0.5) / math.Pow(10, float64(rnd(4)))
		}
		return []float64{0, 1, -1, 0.5, 1e15, 1e16, 1e100, 5e-324, math.MaxFloat64, 0x1p63, -0x1p63, 0x1p64}[rnd(12)]
	}
	spec := func() string {
		var b strings.Builder
		b.WriteByte('%')
		for k := rnd(3); k > 0; k-- {
			b.WriteByte("-+ #0"[rnd(5)])
		}
		if rnd(2) == 0 {
			b.WriteString(strconv.Itoa(rnd(30)))
		}
		if rnd(2) == 0 {
			b.WriteString("." + strconv.Itoa(rnd(25)))
		}
		b.WriteByte("dioxXuceEfgG"[rnd(12)])
		return b.String()
	}
	var script strings.Builder
	script.WriteString("local _ = 0\n") // 5.1 takes no ';' as a first statement
	for i := 0; i < n; i++ {
		if i%1000 == 0 {
			script.WriteString(";(function()\n")
		}
		f := strconv.FormatFloat(number(), 'x', -1, 64)
		fmt.Fprintf(&script, "print(%q, tostring(tonumber(%q)), string.format(%q, tonumber(%q)))\n", f, f, spec(), f)
		if i%1000 == 999 || i == n-1 {
			script.WriteString("end)()\n")
		}
	}
	file, err := os.CreateTemp(t.TempDir(), "formats*.lua")
	if err != nil {
		t.Fatal(err)
	}
	file.WriteString(script.String())
	file.Close()
	want, err := exec.Command(lua51, file.Name()).CombinedOutput()
	if err != nil {
		t.Fatalf("lua5.1: %v\n%s", err, want[max(0, len(want)-300):])
	}
	var out bytes.Buffer
	L, m := newTestState(t, &out, Limits{})
	if err := runChunk(L, m, "formats.lua", script.String()); err != nil {
		t.Fatal(err)
	}
	g, w := strings.Split(out.String(), "\n"), strings.Split(string(want), "\n")
	bad := 0
	for i := range w {
		if i >= len(g) || g[i] != w[i] {
			if bad++; bad <= 20 {
				got := ""
				if i < len(g) {
					got = g[i]
				}
				t.Errorf("line %d:\n got %q\nwant %q", i+1, got, w[i])
			}
		}
	}
}
