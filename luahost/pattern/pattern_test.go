package pattern

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// findCases are string.find(src, pat, init) calls with what Lua 5.1 says
// (TestFindCasesAgainstLua51 checks the wants with lua5.1 when it is
// installed). A want is "nil", "error: <message>", or the match's bounds
// "start-end" (0-based, end excluded) followed by its captures, 'text' or
// @position (0-based).
var findCases = []struct {
	src, pat string
	init     int
	want     string
}{
	{"hello world", "o w", 1, "4-7"},
	{"hello world", "o", 6, "7-8"},
	{"hello", "l+", 1, "2-4"},
	{"hello", "xyz", 1, "nil"},
	{"", "", 1, "0-0"},
	{"abc", "", 4, "3-3"},
	{"abc", "^b", 1, "nil"},
	{"abc", "^b", 2, "1-2"},
	{"abc", "c$", 1, "2-3"},
	{"abc", "b$", 1, "nil"},
	{"a$c", "$c", 1, "1-3"},
	{"a^c", "a^", 1, "0-2"},
	{"aaa", "a-", 1, "0-0"},
	{"aaab", "a-b", 1, "0-4"},
	{"aaab", "a*", 1, "0-3"},
	{"aaab", "a?a?b", 1, "1-4"},
	{"xaaab", ".-b", 1, "0-5"},
	{"ab12cd", "%d+", 1, "2-4"},
	{"ab12cd", "%D+", 3, "4-6"},
	{"  x y", "%S", 1, "2-3"},
	{"Hello World", "%u%l+", 2, "6-11"},
	{"a.b", "%.", 1, "1-2"},
	{"a+b", "[+-]", 1, "1-2"},
	{"a-b", "[a-]", 2, "1-2"},
	{"a]b", "[]]", 1, "1-2"},
	{"a]b", "[^]a]", 1, "2-3"},
	{"a%b", "[%%]", 1, "1-2"},
	{"az09_", "[%w_]+", 1, "0-5"},
	{"x=\t1", "[%s=]+", 1, "1-3"},
	{"deadBEEF!", "%x+", 1, "0-8"},
	{"a\x00b", "%z", 1, "1-2"},
	{"a\x00b", "%Z+", 2, "2-3"},
	{"!?,", "%p+", 1, "0-3"},
	{"\x01\x7f", "%c+", 1, "0-2"},
	{"key = value", "(%w+)%s*=%s*(%w+)", 1, "0-11 'key' 'value'"},
	{"abc", "()b()", 1, "1-2 @1 @2"},
	{"abc", "()", 4, "3-3 @3"},
	{"hello", "(l)%1", 1, "2-4 'l'"},
	{"abcabc", "(abc)%1", 1, "0-6 'abc'"},
	{"abab", "()a%1", 1, "nil"},
	{"f(a(b)c)d", "%b()", 1, "1-8"},
	{"f(a(b)c d", "%b()", 1, "3-6"},
	{"THE (quick) fox", "%f[%a]%a+", 5, "5-10"},
	{"THE (quick) fox", "%f[%a]%a+", 11, "12-15"},
	{"hello", "%f[%l]", 1, "0-0"},
	{"hello", "%f[%z]", 1, "5-5"},
	{"hello", "%f[%Z]", 2, "nil"},
	{"aaa", "((a)(a))", 1, "0-2 'aa' 'a' 'a'"},
	{"abc", "(a", 1, "error: unfinished capture"},
	{"xbc", "x%", 1, "error: malformed pattern (ends with '%')"},
	{"abc", "x%", 1, "nil"},
	{"abc", "[a", 1, "error: malformed pattern (missing ']')"},
	{"abc", "[a%", 1, "error: malformed pattern (missing ']')"},
	{"abc", "a)", 1, "error: invalid pattern capture"},
	{"abc", "%1", 1, "error: invalid capture index"},
	{"abc", "(a)%2", 1, "error: invalid capture index"},
	{"abc", "(a%1)", 1, "error: invalid capture index"},
	{"abc", "%0", 1, "error: invalid capture index"},
	{"abc", "%b", 1, "error: unbalanced pattern"},
	{"abc", "%bx", 1, "error: unbalanced pattern"},
	{"abc", "%f", 1, "error: missing '[' after '%f' in pattern"},
	{"abc", "%fa", 1, "error: missing '[' after '%f' in pattern"},
	{"abc", "%f[a", 1, "error: malformed pattern (missing ']')"},
	{"x", strings.Repeat("()", 32), 1, "0-0 @0 @0 @0 @0 @0 @0 @0 @0 @0 @0 @0 @0 @0 @0 @0 @0 @0 @0 @0 @0 @0 @0 @0 @0 @0 @0 @0 @0 @0 @0 @0 @0"},
	{"x", strings.Repeat("()", 33), 1, "error: too many captures"},
	{"a.b-c", "[%.%-]", 3, "3-4"},
	{"[x]", "[[]", 1, "0-1"},
	{"a^b", "[%^]", 1, "1-2"},
	{"a^b", "[b^]", 1, "1-2"},
	{"0x1F", "^0[xX](%x+)$", 1, "0-4 '1F'"},
	{"caaat", "ca-t", 1, "0-5"},
	{"ct", "ca-t", 1, "0-2"},
	{"aXb", "a.?b", 1, "0-3"},
	{"hello", "", 10, "5-5"},
	{"hello", "l", -2, "3-4"},
	{"hello", "h", -100, "0-1"},
	{"\xff\xfe", "[\x80-\xff]+", 1, "0-2"},
	{"été", "%a", 1, "2-3"},
}

// renderLua renders the results of pcall(string.find, ...) as find does.
const renderLua = `local function render(ok, s, e, ...)
  if not ok then return "error: " .. s end
  if s == nil then return "nil" end
  local out = {(s - 1) .. "-" .. e}
  for i = 1, select("#", ...) do
    local v = select(i, ...)
    if type(v) == "number" then out[#out + 1] = "@" .. (v - 1) else out[#out + 1] = "'" .. v .. "'" end
  end
  return table.concat(out, " ")
end
`

func find(src, pat string, init int) string {
	// string.find's treatment of init (posrelat, clamped to the subject)
	if init < 0 {
		init += len(src) + 1
	}
	init--
	if init < 0 {
		init = 0
	} else if init > len(src) {
		init = len(src)
	}
	var m Matcher
	m.Reset(src, pat)
	s, e, err := m.Find(init)
	if err != nil {
		return "error: " + err.Error()
	}
	if s < 0 {
		return "nil"
	}
	out := []string{fmt.Sprintf("%d-%d", s, e)}
	for i := 0; i < m.Captures(false); i++ {
		c, err := m.Capture(i, s, e)
		if err != nil {
			return "error: " + err.Error()
		}
		if c.Position {
			out = append(out, "@"+strconv.Itoa(c.Start))
		} else {
			out = append(out, "'"+src[c.Start:c.End]+"'")
		}
	}
	return strings.Join(out, " ")
}

func TestFind(t *testing.T) {
	for _, c := range findCases {
		if got := find(c.src, c.pat, c.init); got != c.want {
			t.Errorf("find(%q, %q, %d) = %s, want %s", c.src, c.pat, c.init, got, c.want)
		}
	}
}

// TestFindCasesAgainstLua51 checks the wants of findCases with the
// reference implementation, where it is installed.
func TestFindCasesAgainstLua51(t *testing.T) {
	lua, err := exec.LookPath("lua5.1")
	if err != nil {
		t.Skip("lua5.1 is not installed")
	}
	var script strings.Builder
	script.WriteString(renderLua + `local function pfind(s, p, i)
  -- a pattern without specials makes string.find search plainly; an
  -- empty capture-free prefix keeps it a pattern search
  if not p:find("[%^%$%*%+%?%.%(%[%%%-]") then p = "()" .. p
    local r = {pcall(string.find, s, p, i)}
    if r[1] and r[2] then table.remove(r, 4) end
    return render(unpack(r, 1, table.maxn(r)))
  end
  return render(pcall(string.find, s, p, i))
end
`)
	for _, c := range findCases {
		fmt.Fprintf(&script, "print(pfind(%s, %s, %d))\n", luaQuote(c.src), luaQuote(c.pat), c.init)
	}
	f, err := os.CreateTemp(t.TempDir(), "cases*.lua")
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(script.String())
	f.Close()
	out, err := exec.Command(lua, f.Name()).CombinedOutput()
	if err != nil {
		t.Fatalf("lua5.1: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	for i, c := range findCases {
		if i >= len(lines) || lines[i] != c.want {
			got := "(missing)"
			if i < len(lines) {
				got = lines[i]
			}
			t.Errorf("lua5.1: find(%q, %q, %d) = %s, the table says %s", c.src, c.pat, c.init, got, c.want)
		}
	}
}

func luaQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		fmt.Fprintf(&b, "\\%d", s[i])
	}
	b.WriteByte('"')
	return b.String()
}

// TestRandomAgainstLua51 compares the matcher with lua5.1 on random small
// patterns and subjects (PATTERN_DIFF=n cases; skipped by default). The
// generator favours the pattern language's special characters.
func TestRandomAgainstLua51(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("PATTERN_DIFF"))
	if n == 0 {
		t.Skip("set PATTERN_DIFF=<cases> to compare random patterns with lua5.1")
	}
	if _, err := exec.LookPath("lua5.1"); err != nil {
		t.Skip("lua5.1 is not installed")
	}
	const patChars = "ab.%()[]^$*+-?1 2bfdaswpxz]"
	const srcChars = "ab()[] x1-^%"
	seed := uint64(1)
	rnd := func(k int) int { // xorshift: the same cases every run
		seed ^= seed << 13
		seed ^= seed >> 7
		seed ^= seed << 17
		return int(seed % uint64(k))
	}
	word := func(chars string, max int) string {
		b := make([]byte, rnd(max+1))
		for i := range b {
			b[i] = chars[rnd(len(chars))]
		}
		return string(b)
	}
	type call struct {
		src, pat string
		init     int
	}
	var cases []call
	for len(cases) < n {
		src, pat := word(srcChars, 10), word(patChars, 8)
		if !strings.ContainsAny(pat, "^$*+?.([%-") {
			continue // string.find would search plainly
		}
		cases = append(cases, call{src, pat, 1 + rnd(3)})
	}
	var script strings.Builder
	script.WriteString(renderLua)
	for i, c := range cases {
		if i%1000 == 0 { // a Lua 5.1 function holds at most 2^18 constants
			script.WriteString(";(function()\n")
		}
		fmt.Fprintf(&script, "print(render(pcall(string.find, %s, %s, %d)))\n", luaQuote(c.src), luaQuote(c.pat), c.init)
		if i%1000 == 999 || i == len(cases)-1 {
			script.WriteString("end)()\n")
		}
	}
	f, err := os.CreateTemp(t.TempDir(), "random*.lua")
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(script.String())
	f.Close()
	out, err := exec.Command("lua5.1", f.Name()).CombinedOutput()
	if err != nil {
		t.Fatalf("lua5.1: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	bad := 0
	for i, c := range cases {
		if got := find(c.src, c.pat, c.init); got != lines[i] {
			if bad++; bad <= 20 {
				t.Errorf("find(%q, %q, %d) = %s, lua5.1 says %s", c.src, c.pat, c.init, got, lines[i])
			}
		}
	}
}

func TestLimitStopsACatastrophicMatch(t *testing.T) {
	var m Matcher
	m.Reset(strings.Repeat("a", 30), ".-.-.-.-b")
	m.Limit(100_000)
	if _, _, err := m.Find(0); err != ErrBudget {
		t.Fatalf("got %v, want ErrBudget", err)
	}
	if m.Steps() != 100_001 {
		t.Errorf("stopped after %d steps, want 100001", m.Steps())
	}
	m.Limit(0)
	if s, _, err := m.Find(0); err != nil || s != -1 {
		t.Errorf("without a limit: %d, %v; want no match", s, err)
	}
}

func TestStepsAreCountedTheSameEveryTime(t *testing.T) {
	count := func() int64 {
		var m Matcher
		m.Reset(strings.Repeat("ab", 200), "(a-)b%1$")
		m.Find(0)
		return m.Steps()
	}
	if s1, s2 := count(), count(); s1 != s2 || s1 < 400 {
		t.Errorf("steps %d and %d", s1, s2)
	}
}

func TestDeepPatternIsTooComplex(t *testing.T) {
	var m Matcher
	m.Reset(strings.Repeat("a", 5000), strings.Repeat("a?", 5000))
	if _, _, err := m.Find(0); err == nil || err.Error() != "pattern too complex" {
		t.Errorf("got %v, want pattern too complex", err)
	}
	m.Reset("aaa", strings.Repeat("a?", 100)+"$")
	if s, e, err := m.Find(0); err != nil || s != 0 || e != 3 {
		t.Errorf("a pattern of 100 optional items: %d-%d %v", s, e, err)
	}
}

func TestZeroEndsThePattern(t *testing.T) {
	var m Matcher
	m.Reset("ab", "a\x00x")
	if s, e, _ := m.Find(0); s != 0 || e != 1 {
		t.Errorf("got %d-%d, want 0-1 (the pattern is just \"a\")", s, e)
	}
}

func TestMatchTakesCaretLiterally(t *testing.T) {
	var m Matcher
	m.Reset("x^y", "^y")
	if e, err := m.Match(1, 0); err != nil || e != 3 {
		t.Errorf("Match(1, 0) = %d, %v; want 3", e, err)
	}
	if !m.Anchored() {
		t.Error("Anchored() = false")
	}
}
