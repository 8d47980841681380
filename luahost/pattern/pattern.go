// Package pattern matches Lua 5.1 patterns, step by counted step.
//
// It follows the reference implementation's matcher (lstrlib.c) item for
// item, so that a script finds what Lua 5.1 finds and fails where Lua 5.1
// fails, with the same messages:
//
//	.  %a %c %d %l %p %s %u %w %x %z  -- classes, upper case for the complement
//	[set] [^set]                      -- with ranges a-z and %classes inside
//	* + - ?                           -- repetitions (greedy, greedy, lazy, optional)
//	^ $                               -- anchors (^ is the caller's business, see Find)
//	( ) ()                            -- captures and position captures, at most 32
//	%1-%9                             -- back-references
//	%bxy                              -- a balanced run from x to y
//	%f[set]                           -- the frontier (undocumented in 5.1, present)
//
// Like the reference, a malformed pattern is an error only when the
// matcher reaches the malformed item: ("abc"):find("x%") is simply no match.
//
// Unlike the reference, the matcher counts its steps, and stops when they
// pass a limit its caller sets (ErrBudget); so a pattern that backtracks
// catastrophically costs what it costs and no more, the same on every
// machine. Its recursion is bounded too ("pattern too complex").
//
// The package is plain Go: it knows nothing of gopher-lua.
package pattern

import (
	"errors"
	"math"
)

// MaxCaptures is the most captures one pattern may open (LUA_MAXCAPTURES).
const MaxCaptures = 32

// MaxDepth bounds the matcher's recursion, which grows with the pattern's
// items, not with the subject. Lua 5.1 has no bound (it overflows the C
// stack); Lua 5.2 bounds it at 200 and says "pattern too complex".
const MaxDepth = 2000

// Error is an error in a pattern, with Lua 5.1's text.
type Error string

func (e Error) Error() string { return string(e) }

// ErrBudget is the error of a match stopped at its step limit.
var ErrBudget = errors.New("pattern: the match went past its step limit")

// budgetStop is what the matcher panics with at its limit.
type budgetStop struct{}

const (
	errEndsWithPercent Error = "malformed pattern (ends with '%')"
	errMissingBracket  Error = "malformed pattern (missing ']')"
	errMissingFrontier Error = "missing '[' after '%f' in pattern"
	errUnbalanced      Error = "unbalanced pattern"
	errCaptureIndex    Error = "invalid capture index"
	errPatternCapture  Error = "invalid pattern capture"
	errUnfinished      Error = "unfinished capture"
	errTooMany         Error = "too many captures"
	errTooComplex      Error = "pattern too complex"
)

const (
	capUnfinished = -1
	capPosition   = -2
)

type capture struct{ init, len int }

// Matcher matches one pattern against one subject. The zero value is not
// ready: call Reset first. A Matcher may be reused for other subjects and
// patterns; it is not safe for use by several goroutines at once.
type Matcher struct {
	src, pat string
	level    int // captures opened so far (finished or not)
	capture  [MaxCaptures]capture
	depth    int
	steps    int64 // steps counted since Reset
	stop     int64 // the step count past which the match stops
}

// Reset prepares m to match pattern pat against subject src, with no
// limit on its steps. As in the reference implementation, which reads the
// pattern as a C string, a zero byte ends the pattern.
func (m *Matcher) Reset(src, pat string) {
	for i := 0; i < len(pat); i++ {
		if pat[i] == 0 {
			pat = pat[:i]
			break
		}
	}
	m.src, m.pat = src, pat
	m.level, m.depth, m.steps, m.stop = 0, 0, 0, math.MaxInt64
}

// Limit bounds the steps the matcher may take from now on (0 or less: no
// bound). A Find or Match that would pass the bound stops and returns
// ErrBudget; Steps then says how far it went.
func (m *Matcher) Limit(steps int64) {
	m.stop = math.MaxInt64
	if steps > 0 && steps < math.MaxInt64-m.steps {
		m.stop = m.steps + steps
	}
}

// Steps returns the steps counted since Reset.
func (m *Matcher) Steps() int64 { return m.steps }

// Find scans the subject from byte offset init for the first match, as
// string.find and string.match do: a leading '^' anchors the match at
// init. It returns the match's bounds [start, end), or start = -1 when
// there is none.
func (m *Matcher) Find(init int) (start, end int, err error) {
	defer m.catch(&err)
	p, anchor := 0, len(m.pat) > 0 && m.pat[0] == '^'
	if anchor {
		p = 1
	}
	for s := init; ; s++ {
		m.level, m.depth = 0, 0
		if e := m.match(s, p); e >= 0 {
			return s, e, nil
		}
		if anchor || s >= len(m.src) {
			break
		}
	}
	return -1, -1, nil
}

// Match tries the pattern, from byte offset p of the pattern, at subject
// offset s only. It returns the end of the match, or -1. Anchors are the
// caller's business: string.gsub skips a leading '^' and stops after the
// first attempt, string.gmatch takes '^' literally.
func (m *Matcher) Match(s, p int) (end int, err error) {
	defer m.catch(&err)
	m.level, m.depth = 0, 0
	return m.match(s, p), nil
}

// Anchored reports whether the pattern starts with '^'.
func (m *Matcher) Anchored() bool { return len(m.pat) > 0 && m.pat[0] == '^' }

// Captures returns how many captures the last match made, or 1 when it made
// none and whole is set (string.match and string.gmatch then return the
// whole match; string.find returns only the bounds).
func (m *Matcher) Captures(whole bool) int {
	if m.level == 0 && whole {
		return 1
	}
	return m.level
}

// Capture is one capture of a match: the text src[Start:End], or, for a
// position capture, the position Start (0-based).
type Capture struct {
	Start, End int
	Position   bool
}

// Capture returns capture i (0-based) of the last match, which spanned
// [s, e). Capture 0 of a match without captures is the whole match.
func (m *Matcher) Capture(i, s, e int) (Capture, error) {
	if i >= m.level {
		if i == 0 {
			return Capture{Start: s, End: e}, nil
		}
		return Capture{}, errCaptureIndex
	}
	c := m.capture[i]
	switch c.len {
	case capUnfinished:
		return Capture{}, errUnfinished
	case capPosition:
		return Capture{Start: c.init, End: c.init, Position: true}, nil
	}
	return Capture{Start: c.init, End: c.init + c.len}, nil
}

// catch turns a pattern error raised deep in the matcher, or a stop at the
// limit, into err; any other panic goes on.
func (m *Matcher) catch(err *error) {
	if r := recover(); r != nil {
		switch r := r.(type) {
		case Error:
			*err = r
		case budgetStop:
			*err = ErrBudget
		default:
			panic(r)
		}
	}
}

func (m *Matcher) step() {
	if m.steps++; m.steps > m.stop {
		panic(budgetStop{})
	}
}

func (m *Matcher) stepN(n int) {
	if m.steps += int64(n); m.steps > m.stop {
		panic(budgetStop{})
	}
}

// at returns the pattern byte at i, or 0 past its end (C's terminator).
func (m *Matcher) at(i int) byte {
	if i < len(m.pat) {
		return m.pat[i]
	}
	return 0
}

// match matches the pattern from p at subject offset s and returns the end
// of the match or -1.
func (m *Matcher) match(s, p int) int {
	if m.depth++; m.depth > MaxDepth {
		panic(errTooComplex)
	}
	r := m.doMatch(s, p)
	m.depth--
	return r
}

// doMatch is the reference's match(), with its tail calls as a loop.
func (m *Matcher) doMatch(s, p int) int {
	for {
		m.step()
		if p >= len(m.pat) {
			return s
		}
		switch m.pat[p] {
		case '(':
			if m.at(p+1) == ')' {
				return m.startCapture(s, p+2, capPosition)
			}
			return m.startCapture(s, p+1, capUnfinished)
		case ')':
			return m.endCapture(s, p+1)
		case '$':
			if p+1 == len(m.pat) {
				if s == len(m.src) {
					return s
				}
				return -1
			}
		case '%':
			switch c := m.at(p + 1); {
			case c == 'b':
				if s = m.matchBalance(s, p+2); s < 0 {
					return -1
				}
				p += 4
				continue
			case c == 'f':
				var ok bool
				if p, ok = m.frontier(s, p+2); !ok {
					return -1
				}
				continue
			case isDigit(c):
				if s = m.matchCapture(s, c); s < 0 {
					return -1
				}
				p += 2
				continue
			}
		}
		var next bool
		if s, p, next = m.item(s, p); !next {
			return s
		}
	}
}

// item matches a single-character class at p, with the repetition that
// may follow it. When the match goes on with the rest of the pattern it
// returns the new positions and true; otherwise the result and false.
func (m *Matcher) item(s, p int) (int, int, bool) {
	ep := m.classEnd(p)
	matched := s < len(m.src) && m.singleMatch(m.src[s], p, ep)
	switch m.at(ep) {
	case '?':
		if matched {
			if r := m.match(s+1, ep+1); r >= 0 {
				return r, 0, false
			}
		}
		return s, ep + 1, true
	case '*':
		return m.maxExpand(s, p, ep), 0, false
	case '+':
		if !matched {
			return -1, 0, false
		}
		return m.maxExpand(s+1, p, ep), 0, false
	case '-':
		return m.minExpand(s, p, ep), 0, false
	}
	if !matched {
		return -1, 0, false
	}
	return s + 1, ep, true
}

// frontier matches %f[set] (p at the '['): the character before s is not
// in the set and the one at s is (the subject's ends count as '\0'). It
// returns where the pattern goes on.
func (m *Matcher) frontier(s, p int) (int, bool) {
	if m.at(p) != '[' {
		panic(errMissingFrontier)
	}
	ep := m.classEnd(p)
	var prev, cur byte
	if s > 0 {
		prev = m.src[s-1]
	}
	if s < len(m.src) {
		cur = m.src[s]
	}
	if m.matchBracketClass(prev, p, ep-1) || !m.matchBracketClass(cur, p, ep-1) {
		return 0, false
	}
	return ep, true
}

// classEnd returns the end of the single-character class starting at p.
func (m *Matcher) classEnd(p int) int {
	c := m.pat[p]
	p++
	switch c {
	case '%':
		if p >= len(m.pat) {
			panic(errEndsWithPercent)
		}
		return p + 1
	case '[':
		if m.at(p) == '^' {
			p++
		}
		for { // the first character may be a ']' of the set
			if p >= len(m.pat) {
				panic(errMissingBracket)
			}
			c := m.pat[p]
			p++
			if c == '%' && p < len(m.pat) {
				p++ // an escape such as %]
			}
			if m.at(p) == ']' {
				return p + 1
			}
		}
	}
	return p
}

// singleMatch reports whether c is in the class [p, ep).
func (m *Matcher) singleMatch(c byte, p, ep int) bool {
	switch m.pat[p] {
	case '.':
		return true
	case '%':
		return matchClass(c, m.pat[p+1])
	case '[':
		return m.matchBracketClass(c, p, ep-1)
	}
	return m.pat[p] == c
}

// matchBracketClass reports whether c is in the set from the '[' at p to
// the ']' at ec.
func (m *Matcher) matchBracketClass(c byte, p, ec int) bool {
	in := true
	if m.pat[p+1] == '^' {
		in = false
		p++
	}
	for p++; p < ec; p++ {
		switch {
		case m.pat[p] == '%':
			p++
			if matchClass(c, m.pat[p]) {
				return in
			}
		case m.pat[p+1] == '-' && p+2 < ec:
			p += 2
			if m.pat[p-2] <= c && c <= m.pat[p] {
				return in
			}
		case m.pat[p] == c:
			return in
		}
	}
	return !in
}

func (m *Matcher) maxExpand(s, p, ep int) int {
	i := 0
	for s+i < len(m.src) && m.singleMatch(m.src[s+i], p, ep) {
		i++
		m.step()
	}
	for ; i >= 0; i-- { // the longest run first, then shorter ones
		if r := m.match(s+i, ep+1); r >= 0 {
			return r
		}
	}
	return -1
}

func (m *Matcher) minExpand(s, p, ep int) int {
	for {
		if r := m.match(s, ep+1); r >= 0 {
			return r
		}
		if s < len(m.src) && m.singleMatch(m.src[s], p, ep) {
			s++ // one more repetition
		} else {
			return -1
		}
	}
}

func (m *Matcher) startCapture(s, p, what int) int {
	if m.level >= MaxCaptures {
		panic(errTooMany)
	}
	m.capture[m.level] = capture{init: s, len: what}
	m.level++
	r := m.match(s, p)
	if r < 0 {
		m.level-- // undo the capture
	}
	return r
}

func (m *Matcher) endCapture(s, p int) int {
	l := m.captureToClose()
	m.capture[l].len = s - m.capture[l].init
	r := m.match(s, p)
	if r < 0 {
		m.capture[l].len = capUnfinished // undo the close
	}
	return r
}

func (m *Matcher) captureToClose() int {
	for l := m.level - 1; l >= 0; l-- {
		if m.capture[l].len == capUnfinished {
			return l
		}
	}
	panic(errPatternCapture)
}

// matchBalance matches %bxy (p at the x).
func (m *Matcher) matchBalance(s, p int) int {
	if p+1 >= len(m.pat) {
		panic(errUnbalanced)
	}
	if s >= len(m.src) || m.src[s] != m.pat[p] {
		return -1
	}
	open, close := m.pat[p], m.pat[p+1]
	depth := 1
	for s++; s < len(m.src); s++ {
		m.step()
		switch m.src[s] {
		case close:
			if depth--; depth == 0 {
				return s + 1
			}
		case open:
			depth++
		}
	}
	return -1
}

// matchCapture matches a back-reference %1-%9 (c is the digit).
func (m *Matcher) matchCapture(s int, c byte) int {
	l := int(c) - '1'
	if l < 0 || l >= m.level || m.capture[l].len == capUnfinished {
		panic(errCaptureIndex)
	}
	n := m.capture[l].len
	if n == capPosition { // the reference compares a huge unsigned length: never a match
		return -1
	}
	m.stepN(n)
	if len(m.src)-s >= n && m.src[s:s+n] == m.src[m.capture[l].init:m.capture[l].init+n] {
		return s + n
	}
	return -1
}
