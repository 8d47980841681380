package pattern

import (
	"strings"
	"testing"

	"github.com/yuin/gopher-lua/pm"
)

// FuzzAgainstGopherLua compares the matcher with gopher-lua's own (package
// pm) on small patterns and subjects, where both are meant to agree: valid
// patterns that pm understands (it has no %f) and that finish quickly.
// Known differences in pm are skipped with the reason next to the skip.
func FuzzAgainstGopherLua(f *testing.F) {
	for _, c := range findCases {
		if len(c.src) <= 16 && len(c.pat) <= 16 {
			f.Add(c.src, c.pat)
		}
	}
	f.Add("f(a(b)c)d", "%b()")
	f.Add("aaaaab", "a-a-b")
	f.Fuzz(func(t *testing.T, src, pat string) {
		if len(src) > 16 || len(pat) > 16 || strings.ContainsRune(pat, 0) || strings.Contains(pat, "%f") {
			return
		}
		var m Matcher
		m.Reset(src, pat)
		s, e, err := m.Find(0)
		if err != nil || m.Steps() > 200_000 {
			return // pm reports errors when it parses, we when we reach them; and pm may take too long
		}
		if skipForPM(&m, pat) {
			return
		}
		mds, perr := pm.Find(pat, []byte(src), 0, 1)
		if perr != nil {
			return
		}
		got := describe(&m, src, s, e)
		want := "nil"
		if len(mds) > 0 {
			want = describePM(mds[0], src)
		}
		if got != want {
			t.Errorf("find(%q, %q): we say %s, pm says %s", src, pat, got, want)
		}
	})
}

// skipForPM says whether the pattern uses something pm does differently
// from Lua 5.1 (checked with lua5.1):
//   - a back-reference to a position capture never matches in 5.1 (it
//     compares an unsigned huge length); pm compares an empty string;
//   - a range with its bounds reversed, as in [0--], is empty in 5.1, and
//     [0-0-0] is a range and two members, and [%0-0] three members; pm
//     reads all three differently;
//   - a match with an unfinished capture is an error in 5.1 when the
//     captures are read; pm reports the capture as it stands.
func skipForPM(m *Matcher, pat string) bool {
	if strings.Contains(pat, "()") {
		for d := '1'; d <= '9'; d++ {
			if strings.Contains(pat, "%"+string(d)) {
				return true
			}
		}
	}
	if i := strings.IndexByte(pat, '['); i >= 0 {
		set := pat[i:]
		if strings.Count(set, "-") > 1 || strings.Contains(set, "-") && strings.Contains(set, "%") {
			return true
		}
		for i := 0; i+2 < len(set); i++ {
			if set[i+1] == '-' && set[i] > set[i+2] {
				return true
			}
		}
	}
	for i := 0; i < m.level; i++ {
		if m.capture[i].len == capUnfinished {
			return true
		}
	}
	return false
}

func describe(m *Matcher, src string, s, e int) string {
	if s < 0 {
		return "nil"
	}
	var b strings.Builder
	b.WriteString(src[s:e])
	for i := 0; i < m.Captures(false); i++ {
		c, err := m.Capture(i, s, e)
		if err != nil {
			return "error: " + err.Error()
		}
		b.WriteString("|")
		if c.Position {
			b.WriteString("@" + string(rune('0'+c.Start+1)))
		} else {
			b.WriteString(src[c.Start:c.End])
		}
	}
	return b.String()
}

func describePM(md *pm.MatchData, src string) string {
	var b strings.Builder
	b.WriteString(src[md.Capture(0):md.Capture(1)])
	for i := 2; i < md.CaptureLength(); i += 2 {
		b.WriteString("|")
		if md.IsPosCapture(i) {
			b.WriteString("@" + string(rune('0'+md.Capture(i))))
		} else {
			b.WriteString(src[md.Capture(i):md.Capture(i+1)])
		}
	}
	return b.String()
}
