package search

import (
	"sort"
	"strings"
	"unicode"

	"github.com/tabletop/tabletop/interp"
)

// The seat does not see other seats' decisions, only what follows them:
// "West plays 7♥", "Votes: Ann no (3), Bob yes (1)". To replay a world the
// builder must choose, for each such decision, an option that makes the
// seat read exactly those lines; it tries the options in the order rank
// gives, and the lines decide. The order is only a guess — a wrong one
// costs a replay, never a wrong world — and it is made from the seat's
// own lines, never from what the other seat really chose.

// horizon is how many steps ahead rank looks for the lines a decision
// explains (a secret vote is revealed when the last seat has voted).
const horizon = 8

// rank returns the texts of p's options, best first: first the text this
// world chose before (a world carried from an earlier decision, or changed
// a little), then the one every world so far chose, then by how well each
// explains the lines the seat read next, ties at random.
func (b *builder) rank(m *interp.Match, p *interp.Prompt, k int, prev string) []string {
	n := len(p.Options)
	if n == 1 {
		return []string{p.Options[0]}
	}
	first := map[string]int{}
	if prev != "" {
		first[prev] = 2
	}
	if k < len(b.memo) && len(b.memo[k]) == 1 {
		for t := range b.memo[k] {
			if first[t] == 0 {
				first[t] = 1
			}
		}
	}
	if t, ok := b.phrase(k); ok && p.Index(t) >= 0 && first[t] == 0 {
		first[t] = 1
	}
	win := b.window(k, p.Seat, m.SeatLabel(p.Seat))
	type scored struct {
		i     int
		score [12]int
	}
	list := make([]scored, n)
	for i, text := range p.Options {
		cards := m.OptionCards(i)
		a, c := win.score(text, cards), win.whole().score(text, cards)
		copy(list[i].score[:6], a[:])
		copy(list[i].score[6:], c[:])
		list[i].i = i
		list[i].score[0] = first[text]
	}
	b.rng.Shuffle(n, func(i, j int) { list[i], list[j] = list[j], list[i] })
	sort.SliceStable(list, func(i, j int) bool {
		a, c := list[i].score, list[j].score
		for x := range a {
			if a[x] != c[x] {
				return a[x] > c[x]
			}
		}
		return false
	})
	// Every option stays a candidate: the one the lines explain best may
	// not be the one made (Cluedo's "any" character writes its line only
	// later), and the lines, not the guess, decide.
	out := make([]string, 0, n)
	for _, x := range list {
		out = append(out, p.Options[x.i])
	}
	return out
}

// A decision's first line, its deciding seat's name aside, often says
// which option was chosen in words of the game's own: "Green places no
// bet" is the option pass, "Sergeant Northey stays in the Great Hall" is
// stay. The seat learns these phrases from its own decisions, whose
// options it knows, and from other seats' decisions that lines confirmed;
// rank tries first the option a phrase was last seen with.

// phraseKey is the first line of step k with the deciding seat's names
// replaced, or "" when it wrote none.
func (b *builder) phraseKey(k int) string {
	st := b.obs.Steps[k]
	if len(st.Lines) == 0 || st.Say || st.Secret {
		return ""
	}
	text := st.Lines[0].Text
	if st.Seat >= 1 && st.Seat < len(b.obs.Labels) {
		for _, l := range b.obs.Labels[st.Seat] {
			text = strings.ReplaceAll(text, l, "\x00")
		}
	}
	return text
}

// learnPhrases notes the phrases of the seat's own decisions since the
// last call.
func (b *builder) learnPhrases() {
	if b.phrases == nil {
		b.phrases = map[string]string{}
	}
	for ; b.phrasesAt < len(b.obs.Steps); b.phrasesAt++ {
		if st := b.obs.Steps[b.phrasesAt]; st.Own() && !st.Say {
			if key := b.phraseKey(b.phrasesAt); key != "" {
				b.phrases[key] = st.Text
			}
		}
	}
}

// phrase returns the option the first line of step k was last seen with.
func (b *builder) phrase(k int) (string, bool) {
	b.learnPhrases()
	key := b.phraseKey(k)
	if key == "" {
		return "", false
	}
	t, ok := b.phrases[key]
	return t, ok
}

// window is what the seat read after a decision: the words said about the
// deciding seat (after its name, up to another seat's) and the cards named.
type window struct {
	words map[string]int // the words said
	parts map[string]int // the parts of hyphenated words ("umbrella" of "umbrella-no")
	cards map[string]bool
	// all is the window of the same lines whole, not cut at other seats'
	// names: it breaks the ties of the cut one ("I suggest that Reverend
	// Burgess …" names a person who is also a seat). Nil when the window
	// is not cut.
	all *window
}

// whole returns the window of the lines whole.
func (w window) whole() window {
	if w.all != nil {
		return *w.all
	}
	return w
}

// window gathers the lines of step k and the steps after it, up to the
// first that names the deciding seat (at most horizon steps), else those
// of the first steps that wrote any.
func (b *builder) window(k, seat int, label string) window {
	// The same step is ranked in every replay: its window is kept while
	// the observation stays as it is.
	key := windowKey{k, seat, label}
	if b.windowsAt != len(b.obs.Steps) {
		b.windows, b.windowsAt = map[windowKey]window{}, len(b.obs.Steps)
	}
	if w, ok := b.windows[key]; ok {
		return w
	}
	w := b.gather(k, seat, label)
	b.windows[key] = w
	return w
}

// windowKey names a window: a step, and the seat deciding it by its name
// then.
type windowKey struct {
	k, seat int
	label   string
}

// gather makes the window of step k.
func (b *builder) gather(k, seat int, label string) window {
	steps := b.obs.Steps
	var lines []Line
	found := false
	for j := k; j < len(steps) && j < k+horizon && !found; j++ {
		for _, l := range steps[j].Lines {
			lines = append(lines, l)
			found = found || strings.Contains(l.Text, label)
		}
	}
	if !found {
		lines = nil
		for j := k; j < len(steps) && j < k+horizon && len(lines) == 0; j++ {
			lines = steps[j].Lines
		}
	}
	w := b.windowOf(lines, seat, label, found)
	if found {
		all := b.windowOf(lines, seat, label, false)
		w.all = &all
	}
	return w
}

// windowOf is the window of lines: all their words, or when about the
// deciding seat, those said after its name.
func (b *builder) windowOf(lines []Line, seat int, label string, about bool) window {
	found := about
	w := window{words: map[string]int{}, parts: map[string]int{}, cards: map[string]bool{}}
	var labels []string // the other seats' names
	for s, names := range b.obs.Labels {
		if s != seat {
			labels = append(labels, names...)
		}
	}
	for _, l := range lines {
		for i, c := range l.Cards {
			w.cards[l.Labels[i]] = true
			for _, t := range words(c) {
				w.add(t)
			}
			if l.Labels[i] != c {
				for _, t := range words(l.Labels[i]) {
					w.add(t)
				}
			}
		}
		text := l.Text
		if found {
			i := strings.Index(text, label)
			if i < 0 {
				continue
			}
			// What follows the seat's name, up to another seat's name
			// ("Ann no (3), Bob yes (1)"); a name with 's stays, as the
			// target of the choice ("West plays Flo on East's tray").
			text = text[i+len(label):]
			for _, o := range labels {
				if j := otherSeat(text, o); j >= 0 {
					text = text[:j]
				}
			}
		}
		for _, t := range words(text) {
			w.add(t)
		}
	}
	return w
}

// otherSeat returns where text names seat label o other than as an owner
// (o's), or -1.
func otherSeat(text, o string) int {
	for from := 0; ; {
		j := strings.Index(text[from:], o)
		if j < 0 {
			return -1
		}
		j += from
		if !strings.HasPrefix(text[j+len(o):], "'s") && !strings.HasPrefix(text[j+len(o):], "’s") {
			return j
		}
		from = j + len(o)
	}
}

// add adds a word, and its parts when it is hyphenated.
func (w window) add(t string) {
	w.words[t]++
	if parts := strings.Split(t, "-"); len(parts) > 1 {
		for _, p := range parts {
			if p != "" {
				w.parts[p]++
			}
		}
	}
}

// score rates how well an option explains the window: do the lines name
// all its cards, how many of them, do they say all its words (the verb
// aside), how many as words, how many as parts of words. The first
// element is left for rank.
func (w window) score(text string, cards []*interp.Card) [6]int {
	var s [6]int
	named := 0
	for _, c := range cards {
		if w.cards[c.Label] {
			named++
		}
	}
	if len(cards) > 0 && named == len(cards) {
		s[1] = 1
	}
	s[2] = named
	ws := words(text)
	if len(ws) > 1 {
		ws = ws[1:]
	}
	// Each word of the window explains one word of the option: took
	// counts those taken (a small map, not copies of the window's).
	var took map[string]int
	take := func(m map[string]int, t, as string) bool {
		if m[t]-took[as] <= 0 {
			return false
		}
		if took == nil {
			took = map[string]int{}
		}
		took[as]++
		return true
	}
	exact, part := 0, 0
	for _, t := range ws {
		switch {
		case take(w.words, t, t):
			exact++
		case take(w.parts, t, "-"+t):
			part++
		case w.inflected(t, take):
			part++
		}
	}
	if len(ws) > 0 && exact+part == len(ws) {
		s[3] = 1
	}
	s[4], s[5] = exact, part
	return s
}

// inflected reports whether the lines say t with an ending: "fights" for
// the option "fight", "drinks" for "drink"; take takes the word.
func (w window) inflected(t string, take func(m map[string]int, t, as string) bool) bool {
	if len(t) < 3 {
		return false
	}
	var cands []string
	for x := range w.words {
		if len(x) > len(t) && len(x) <= len(t)+3 && strings.HasPrefix(x, t) {
			cands = append(cands, x)
		}
	}
	sort.Strings(cands)
	for _, x := range cands {
		if take(w.words, x, x) {
			return true
		}
	}
	return false
}

// words splits a text into lower-case words of letters, digits, + and -.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '+' && r != '-'
	})
}
