package holders

import (
	"math/rand/v2"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/luahost"
)

// holderFact is one fact for a solver in the tests: kind is "holds",
// "lacks", "exactly" or "some"; cards are numbered from 0.
type holderFact struct {
	kind        string
	card, place int
	n           int
	cards       []int
}

func (f holderFact) apply(h *solver) {
	switch f.kind {
	case "holds":
		h.fix(f.card, f.place)
	case "lacks":
		h.remove(f.card, f.place)
	case "exactly":
		h.addExactly(f.place, f.n, f.cards)
	case "some":
		h.addSome(f.place, f.cards)
	}
}

func noCharge(int64) {}

// where lists, card by card, the places the solver still allows.
func where(h *solver) [][]int {
	out := make([][]int, h.cards)
	for i := range out {
		for p := 0; p < h.width; p++ {
			if h.may[i*h.width+p] {
				out[i] = append(out[i], p)
			}
		}
	}
	return out
}

func TestHoldersSolve(t *testing.T) {
	tests := []struct {
		name          string
		cards, places int
		facts         []holderFact
		ok            bool
		want          [][]int
	}{{
		name: "counts close a hand", cards: 3, places: 2,
		facts: []holderFact{
			{kind: "exactly", place: 1, n: 1, cards: []int{0, 1, 2}},
			{kind: "exactly", place: 2, n: 2, cards: []int{0, 1, 2}},
			{kind: "exactly", place: 0, n: 0, cards: []int{0, 1, 2}},
			{kind: "holds", card: 0, place: 1},
		},
		ok: true, want: [][]int{{1}, {2}, {2}},
	}, {
		name: "one of three, two ruled out", cards: 3, places: 1,
		facts: []holderFact{
			{kind: "some", place: 1, cards: []int{0, 1, 2}},
			{kind: "lacks", card: 0, place: 1},
			{kind: "lacks", card: 2, place: 1},
		},
		ok: true, want: [][]int{{0}, {1}, {0}},
	}, {
		// Place 1 holds two cards, exactly one of {0, 1} and one of
		// {1, 2}: no rule alone settles card 1, but with card 1 in place 1
		// neither 0 nor 2 can be, and place 1 is a card short.
		name: "a trial settles what the rules alone do not", cards: 3, places: 1,
		facts: []holderFact{
			{kind: "exactly", place: 1, n: 2, cards: []int{0, 1, 2}},
			{kind: "exactly", place: 1, n: 1, cards: []int{0, 1}},
			{kind: "exactly", place: 1, n: 1, cards: []int{1, 2}},
			{kind: "some", place: 1, cards: []int{0, 2}},
		},
		ok: true, want: [][]int{{1}, {0}, {1}},
	}, {
		name: "a contradiction", cards: 2, places: 1,
		facts: []holderFact{
			{kind: "exactly", place: 1, n: 2},
			{kind: "lacks", card: 1, place: 1},
		},
		ok: false,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newSolver(tt.cards, tt.places)
			for _, f := range tt.facts {
				if f.kind == "exactly" && f.cards == nil {
					f.cards = []int{0, 1}
				}
				f.apply(h)
			}
			if ok := h.solve(noCharge); ok != tt.ok {
				t.Fatalf("solve: %v, want %v", ok, tt.ok)
			}
			if !tt.ok {
				if h.solve(noCharge) {
					t.Error("a contradiction did not stay")
				}
				return
			}
			if got := where(h); !equalLists(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func equalLists(a, b [][]int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if len(a[i]) != len(b[i]) {
			return false
		}
		for j := range a[i] {
			if a[i][j] != b[i][j] {
				return false
			}
		}
	}
	return true
}

// cluedoFacts deals a random Cluedo-like game (20 cards in three kinds,
// one of each kind in place 0, the rest dealt to the seats) and returns
// true facts about it as seat 1 would learn them.
func cluedoFacts(r *rand.Rand, seats int) (deal []int, facts []holderFact) {
	kinds := [][]int{{0, 1, 2, 3, 4, 5}, {6, 7, 8, 9, 10, 11, 12, 13}, {14, 15, 16, 17, 18, 19}}
	deal = make([]int, 20)
	var rest []int
	for _, k := range kinds {
		e := k[r.IntN(len(k))]
		for _, c := range k {
			if c != e {
				rest = append(rest, c)
			}
		}
	}
	r.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	count := make([]int, seats+1)
	for i, c := range rest {
		deal[c] = i%seats + 1
		count[deal[c]]++
	}
	all := make([]int, 20)
	for c := range all {
		all[c] = c
	}
	for s := 1; s <= seats; s++ {
		facts = append(facts, holderFact{kind: "exactly", place: s, n: count[s], cards: all})
	}
	for _, k := range kinds {
		facts = append(facts, holderFact{kind: "exactly", place: 0, n: 1, cards: k})
	}
	for c := 0; c < 20; c++ {
		if deal[c] == 1 {
			facts = append(facts, holderFact{kind: "holds", card: c, place: 1})
		} else {
			facts = append(facts, holderFact{kind: "lacks", card: c, place: 1})
		}
	}
	for q := 0; q < 12; q++ {
		named := []int{kinds[0][r.IntN(6)], kinds[1][r.IntN(8)], kinds[2][r.IntN(6)]}
		s := 1 + r.IntN(seats)
		held := false
		for _, c := range named {
			held = held || deal[c] == s
		}
		if !held {
			for _, c := range named {
				facts = append(facts, holderFact{kind: "lacks", card: c, place: s})
			}
		} else {
			facts = append(facts, holderFact{kind: "some", place: s, cards: named})
		}
		if c := named[r.IntN(3)]; r.IntN(3) == 0 && deal[c] != 0 {
			facts = append(facts, holderFact{kind: "holds", card: c, place: deal[c]})
		}
	}
	return deal, facts
}

// TestHoldersOrderDoesNotMatter checks on random games that the truth
// always survives, and that facts solved a few at a time, in any order,
// give what solving them all at once gives.
func TestHoldersOrderDoesNotMatter(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for game := 0; game < 200; game++ {
		seats := 3 + game%4
		deal, facts := cluedoFacts(r, seats)
		all := newSolver(20, seats)
		for _, f := range facts {
			f.apply(all)
		}
		if !all.solve(noCharge) {
			t.Fatalf("game %d: true facts contradict each other", game)
		}
		for c, p := range deal {
			if !all.may[c*all.width+p] {
				t.Fatalf("game %d: card %d ruled out of its place %d", game, c, p)
			}
		}
		r.Shuffle(len(facts), func(i, j int) { facts[i], facts[j] = facts[j], facts[i] })
		bit := newSolver(20, seats)
		for i, f := range facts {
			f.apply(bit)
			if i%5 == 4 && !bit.solve(noCharge) {
				t.Fatalf("game %d: contradiction after %d facts", game, i+1)
			}
		}
		bit.solve(noCharge)
		if !equalLists(where(all), where(bit)) {
			t.Fatalf("game %d: at once %v, a few at a time %v", game, where(all), where(bit))
		}
	}
}

// holdersScript exercises the module from Lua, a line of output each.
const holdersScript = `
local holders = require "holders"
local h = holders.new(3, 2)
h:exactly(0, 0)
h:exactly(1, 1)
h:exactly(2, 2, { 1, 2, 3 })
h:holds(1, 1)
out(tostring(h:holder(2)), h:places(2), tostring(h:may(2, 1)))
out(tostring(h:solve()), h:holder(1), h:holder(2), h:holder(3), h:places(3), tostring(h:may(3, 1)))
local g = holders.new(3, 1)
g:some(1, { 1, 2, 3 })
g:lacks(1, 1)
g:lacks(3, 1)
out(tostring(g:solve()), g:holder(2), g:holder(1))
g:holds(2, 0)
out(tostring(g:solve()), tostring(g:solve()))
`

func holdersState(t *testing.T, l luahost.Limits) (*lua.LState, *[]string) {
	t.Helper()
	L := lua.NewState()
	m := luahost.NewMeter(l)
	L.SetContext(m)
	t.Cleanup(func() { m.Close(); L.Close() })
	L.SetGlobal("require", L.NewFunction(func(L *lua.LState) int {
		L.Push(open(L))
		return 1
	}))
	var lines []string
	L.SetGlobal("out", L.NewFunction(func(L *lua.LState) int {
		var parts []string
		for i := 1; i <= L.GetTop(); i++ {
			parts = append(parts, L.ToStringMeta(L.Get(i)).String())
		}
		lines = append(lines, strings.Join(parts, " "))
		return 0
	}))
	m.Begin()
	t.Cleanup(m.End)
	return L, &lines
}

func TestHoldersFromLua(t *testing.T) {
	L, lines := holdersState(t, luahost.Limits{StepInstructions: 1_000_000, StepAlloc: 1 << 20})
	if err := L.DoString(holdersScript); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"nil 3 true",
		"true 1 2 2 1 false",
		"true 1 0",
		"false false",
	}
	if strings.Join(*lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(*lines, "\n"), strings.Join(want, "\n"))
	}
}

func TestHoldersBadArguments(t *testing.T) {
	for _, tt := range []struct{ code, want string }{
		{`holders.new(0, 2)`, "from 1 to 1000 cards"},
		{`holders.new(3, 101)`, "places run from 0 to at most 100"},
		{`holders.new(3, 2):holds(4, 1)`, "no such card"},
		{`holders.new(3, 2):lacks(1, 3)`, "no such place"},
		{`holders.new(3, 2):some(1, { 1, "x" })`, "a list of card numbers expected"},
		{`holders.new(3, 2):exactly(1, 1, { 1.5 })`, "a list of card numbers expected"},
		{`getmetatable(holders.new(1, 1)).__index.solve({})`, "userdata expected"},
	} {
		L, _ := holdersState(t, luahost.Limits{StepInstructions: 1_000_000, StepAlloc: 1 << 20})
		err := L.DoString(`local holders = require "holders"; ` + tt.code)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want an error saying %q", tt.code, err, tt.want)
		}
	}
}

// TestHoldersCountsItsWork checks that a solve's work is charged: a big
// one stops at the step's budget like a Lua loop would.
func TestHoldersCountsItsWork(t *testing.T) {
	L, _ := holdersState(t, luahost.Limits{StepInstructions: 20_000, StepAlloc: 1 << 20})
	err := L.DoString(`
local holders = require "holders"
local h = holders.new(200, 20)
for p = 1, 20 do h:exactly(p, 10) end
for c = 1, 199, 2 do h:some(c % 20 + 1, { c, c + 1 }) end
h:solve()`)
	if err == nil || !strings.Contains(err.Error(), "instructions") {
		t.Fatalf("got %v, want the step's budget spent", err)
	}
}

// TestHoldersSolvesOnlyWhatIsNew checks that a solve with nothing learnt
// since the last one costs nothing, and that a new fact is worked out.
func TestHoldersSolvesOnlyWhatIsNew(t *testing.T) {
	deal, facts := cluedoFacts(rand.New(rand.NewPCG(3, 4)), 4)
	h := newSolver(20, 4)
	for _, f := range facts {
		f.apply(h)
	}
	work := int64(0)
	count := func(w int64) { work += w }
	if !h.solve(count) || work == 0 {
		t.Fatalf("first solve: work %d", work)
	}
	work = 0
	for j, may := range h.may {
		if !may {
			h.remove(j/h.width, j%h.width) // known already: nothing new
			break
		}
	}
	if !h.solve(count) || work != 0 {
		t.Errorf("a solve with nothing new did %d work", work)
	}
	open := -1
	for i := 0; i < 20 && open < 0; i++ {
		if h.left[i] > 1 {
			open = i
		}
	}
	if open < 0 {
		t.Skip("the facts settle every card")
	}
	h.addSome(deal[open], []int{open}) // where it is
	if !h.solve(count) || work == 0 {
		t.Errorf("a new fact was not worked out (work %d)", work)
	}
}

// TestASolverIsCopiedWithItsState: a copy of a state (luahost.Copier, as a
// fork of a match makes) copies the solvers it holds: the copy learns on
// without the original knowing, and a solver holds nothing a copy cannot
// see through.
func TestASolverIsCopiedWithItsState(t *testing.T) {
	plan := luahost.NewCopyPlan(luahost.CopyRules{})
	structs, opaque := plan.Reachable(solver{})
	if got := strings.Join(structs, " "); got != "holders.holderCount holders.holderSome holders.solver" || len(opaque) > 0 {
		t.Errorf("a copy walks %s and cannot see through %v: check that a copy of a solver is sound", got, opaque)
	}
	L := lua.NewState(lua.Options{SkipOpenLibs: true})
	defer L.Close()
	luahost.OpenLibs(L)
	L.SetGlobal("holders", Module.Open(L))
	if err := L.DoString(`h = holders.new(3, 2); h:holds(1, 1)`); err != nil {
		t.Fatal(err)
	}
	c := luahost.NewCopier(plan)
	n := c.Threads(L)[0]
	if err := c.Err(); err != nil {
		t.Fatal(err)
	}
	if err := n.DoString(`h:holds(2, 1); h:holds(3, 2); assert(h:solve() and h:holder(2) == 1)`); err != nil {
		t.Fatal(err)
	}
	if err := L.DoString(`assert(h:solve() and h:holder(2) == nil and h:holder(1) == 1)`); err != nil {
		t.Errorf("the original learnt what its copy did: %v", err)
	}
}
