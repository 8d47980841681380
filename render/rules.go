package render

import (
	"strings"
)

// Rules is a game's rules summary, read from markdown: a "# Title" line,
// a summary, then sections under "##" (and "###") headings, which are the
// topics of the rules command.
type Rules struct {
	Title    string
	Summary  []string // markdown lines
	Sections []Section
}

// Section is one topic of the rules.
type Section struct {
	Title string
	Level int      // 2 for ##, 3 for ###
	Body  []string // markdown lines
}

// ParseRules reads rules texts, each amending the ones before it (a game,
// then its variant): a section with a title already there replaces it, a
// new one is added at the end, a new title replaces the old, and a
// variant's summary follows the game's. A title starting with a number
// such as a card's ("I1 a chip a word") replaces the section whose title
// starts with the same number.
func ParseRules(texts ...string) *Rules {
	r := &Rules{}
	for _, text := range texts {
		r.amend(parseRules(text))
	}
	return r
}

func parseRules(text string) *Rules {
	r := &Rules{}
	var cur *Section
	for _, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		level, title := heading(line)
		switch {
		case level == 1 && r.Title == "" && cur == nil:
			r.Title = title
		case level >= 2:
			r.Sections = append(r.Sections, Section{Title: title, Level: level})
			cur = &r.Sections[len(r.Sections)-1]
		case cur != nil:
			cur.Body = append(cur.Body, line)
		default:
			r.Summary = append(r.Summary, line)
		}
	}
	r.Summary = trimBlank(r.Summary)
	for i := range r.Sections {
		r.Sections[i].Body = trimBlank(r.Sections[i].Body)
	}
	return r
}

// heading returns a markdown heading's level and title (0 for a line that
// is no heading).
func heading(line string) (int, string) {
	n := 0
	for n < len(line) && line[n] == '#' {
		n++
	}
	if n == 0 || n > 4 || n >= len(line) || line[n] != ' ' {
		return 0, ""
	}
	return n, strings.TrimSpace(line[n:])
}

func trimBlank(lines []string) []string {
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

func (r *Rules) amend(v *Rules) {
	if v.Title != "" {
		r.Title = v.Title
	}
	if len(v.Summary) > 0 {
		if len(r.Summary) > 0 {
			r.Summary = append(r.Summary, "")
		}
		r.Summary = append(r.Summary, v.Summary...)
	}
	for _, s := range v.Sections {
		replaced := false
		for i := range r.Sections {
			if sectionKey(r.Sections[i].Title) == sectionKey(s.Title) {
				r.Sections[i], replaced = s, true
			}
		}
		if !replaced {
			r.Sections = append(r.Sections, s)
		}
	}
}

// sectionKey is what identifies a section when a variant amends the
// rules: its title, or the first word of it when that holds a digit.
func sectionKey(title string) string {
	t := strings.ToLower(title)
	if first, _, ok := strings.Cut(t, " "); ok && strings.ContainsAny(first, "0123456789") {
		return first
	}
	return t
}

// Topics are the titles of the sections, as the rules command lists them.
func (r *Rules) Topics() []string {
	var out []string
	for _, s := range r.Sections {
		if s.Level == 2 {
			out = append(out, s.Title)
		}
	}
	return out
}

// Find returns the sections a topic names: the one titled so, else those
// whose title starts with it as a word ("S1" for "S1 Single + Bonus"),
// else those with the topic's words at the start of words of their title.
func (r *Rules) Find(topic string) []Section {
	topic = strings.ToLower(strings.TrimSpace(topic))
	words := strings.Fields(topic)
	if len(words) == 0 {
		return nil
	}
	var exact, first, loose []int
	for i, s := range r.Sections {
		title := strings.ToLower(s.Title)
		tw := strings.Fields(strings.NewReplacer(":", " ", ",", " ", "(", " ", ")", " ").Replace(title))
		switch {
		case title == topic:
			exact = append(exact, i)
		case len(tw) > 0 && tw[0] == words[0] && len(words) == 1:
			first = append(first, i)
		case matchesAll(tw, words):
			loose = append(loose, i)
		}
	}
	for _, found := range [][]int{exact, first, loose} {
		if len(found) > 0 {
			return r.withSubsections(found)
		}
	}
	return nil
}

// withSubsections returns the sections at idx, each followed by the
// sections under it (a deeper level, up to the next of its own).
func (r *Rules) withSubsections(idx []int) []Section {
	var out []Section
	for _, i := range idx {
		out = append(out, r.Sections[i])
		for j := i + 1; j < len(r.Sections) && r.Sections[j].Level > r.Sections[i].Level; j++ {
			out = append(out, r.Sections[j])
		}
	}
	return out
}

// Markdown renders markdown lines for a terminal: paragraphs and list
// items word-wrapped to the width (items with a hanging indent), tables
// and code cut to it, headings in bold.
func (st Style) Markdown(lines []string) []string {
	var out, para []string
	hang := "" // the indent of the list item being gathered in para
	code := false
	flush := func() {
		if len(para) > 0 {
			out = append(out, st.Wrap(strings.Join(para, " "), hang)...)
		}
		para, hang = nil, ""
	}
	for _, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(t, "```"):
			flush()
			code = !code
		case code || strings.HasPrefix(t, "|"):
			flush()
			out = append(out, st.Cut(l))
		case t == "":
			flush()
			out = append(out, "")
		case strings.HasPrefix(t, "#"):
			flush()
			_, title := heading(t)
			out = append(out, st.Bold(title))
		case listItem(t) != "":
			flush()
			lead := l[:len(l)-len(strings.TrimLeft(l, " "))]
			para, hang = []string{lead + t}, lead+strings.Repeat(" ", len(listItem(t)))
		default:
			para = append(para, t)
		}
	}
	flush()
	return out
}

// listItem returns the marker of a list item ("- ", "1. "), or "".
func listItem(t string) string {
	if strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* ") {
		return t[:2]
	}
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i > 0 && i+1 < len(t) && t[i] == '.' && t[i+1] == ' ' {
		return t[:i+2]
	}
	return ""
}
