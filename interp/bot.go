package interp

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/tabletop/tabletop/table"

	"github.com/tabletop/tabletop/printable"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/luahost"
)

// Bot chooses for one seat. Bots never touch the match's own state: a
// script bot runs in a Lua state of its own and is handed only the view of
// its seat, so it cannot read what its seat may not see.
type Bot interface {
	// Name is the bot's name, as given in --seats bot:NAME.
	Name() string
	// Choose returns the index of the option it picks for the current
	// prompt, which must be its seat's.
	Choose(m *Match) (int, error)
	// Close releases what the bot holds.
	Close()
}

// RandomBot picks a legal option uniformly at random from its own
// generator (never the game's, so replays do not depend on bots).
type RandomBot struct{ rng *RNG }

// NewRandomBot returns a random bot seeded with seed.
func NewRandomBot(seed uint64) *RandomBot { return &RandomBot{rng: table.NewRNG(seed)} }

// Name implements Bot.
func (b *RandomBot) Name() string { return "random" }

// Choose implements Bot.
func (b *RandomBot) Choose(m *Match) (int, error) {
	p := m.Prompt()
	if p == nil {
		return 0, fmt.Errorf("no decision to make")
	}
	return b.rng.Intn(len(p.Options)), nil
}

// Close implements Bot.
func (b *RandomBot) Close() {}

// ScriptBot runs one of the script's bots (game.bots[name]) for one seat.
type ScriptBot struct {
	name  string
	seat  int
	eng   *Engine
	L     *lua.LState
	fn    *lua.LFunction
	meter *luahost.Meter
	rng   *RNG
	view  *botView // kept from one decision to the next (botview.go)
	// shortlist is what the bot's last decision named besides its
	// choice (Shortlist).
	shortlist []int
}

// BotSeed is the seed of the bot at seat in a game seeded with seed: bots
// are as repeatable as games, on their own streams.
func BotSeed(seed uint64, seat int) uint64 { return table.DeriveSeed(seed^0xb07b07b07, seat) }

// BotKind is a bot that works for every game, built outside this package
// (the search bot): --seats bot:KIND or bot:KIND:ARGS.
type BotKind struct {
	// New returns the bot for seat; args is what followed "KIND:" ("" for
	// none). It must check args and say what is wrong with them.
	New func(e *Engine, args string, seat int, seed uint64) (Bot, error)
	// Help says how to name the bot, for error messages and help texts.
	Help string
	// Local kinds start a program on this machine (bot:exec): an engine
	// seats them only once its owner has said AllowPrograms, which the
	// command line does for its own user and nothing else does — a script
	// naming a bot in its tests, a web table — and BotNames leaves them
	// out.
	Local bool
}

// AllowPrograms lets this engine seat the bots that start a program on
// this machine (see BotKind.Local). Only the command line calls it, for
// the person who typed the command: never a server, never on a script's
// say-so.
func (e *Engine) AllowPrograms() { e.programs = true }

// StartsProgram reports whether the bot called name starts a program on
// this machine (bot:exec): a server for other people refuses it whatever
// its engines allow.
func (e *Engine) StartsProgram(name string) bool {
	k, _, ok := botKind(name)
	return ok && k.Local && !e.hasScriptBot(name)
}

// Noticer is a bot with news for the people at the table, such as an exec
// bot whose program failed and that plays the game's bot instead. Notices
// returns what it has not told yet; it reveals nothing a seat may not see.
type Noticer interface {
	Notices() []string
}

var botKinds = map[string]BotKind{}

// RegisterBotKind makes a bot kind available to every game under name. It
// is meant for init functions and panics on a name taken twice.
func RegisterBotKind(name string, k BotKind) {
	if _, dup := botKinds[name]; dup || name == "random" {
		panic("interp: bot kind " + name + " registered twice")
	}
	botKinds[name] = k
}

// botKind finds the registered kind a bot name asks for: KIND or KIND:ARGS.
func botKind(name string) (BotKind, string, bool) {
	kind, args, _ := strings.Cut(name, ":")
	k, ok := botKinds[kind]
	return k, args, ok
}

// NewBot returns the bot called name ("random", one the script declares,
// or a registered kind such as "search:200ms") for seat, seeded with seed.
func (e *Engine) NewBot(name string, seat int, seed uint64) (Bot, error) {
	if name == "" {
		name = e.DefaultBot()
	}
	if name == "random" {
		return NewRandomBot(seed), nil
	}
	if k, args, ok := botKind(name); ok && !e.hasScriptBot(name) {
		if k.Local && !e.programs {
			return nil, fmt.Errorf("bot %s starts a program on this machine: only tabletop play, sim, compare and ladder may seat it, for the person who typed the command (never a web table, nor a script's tests)", name)
		}
		return k.New(e, args, seat, seed)
	}
	found := false
	for _, b := range e.Info.Bots {
		found = found || b == name
	}
	if !found {
		return nil, fmt.Errorf("%s has no bot called %q (bots: %s)", e.Info.Title, name, e.botNames())
	}
	fn, L, g, rng, err := e.scriptFunc("bots", name, seed, e.Limits, 0)
	if err != nil {
		return nil, err
	}
	g.Whole = wholeGame
	b := &ScriptBot{name: name, seat: seat, eng: e, L: L, fn: fn, meter: g, rng: rng}
	g.SetMeasure(b.kept)
	return b, nil
}

// kept measures what the bot keeps, for its memory budget: its state, and
// the view of the game the engine keeps in it from one decision to the
// next (botview.go).
func (b *ScriptBot) kept(limit int64) int64 {
	if b.view == nil {
		return luahost.Measure(limit, b.L)
	}
	return luahost.Measure(limit, b.L, b.view.t)
}

// DefaultBot is the bot a seat gets when none is named: the script's first.
func (e *Engine) DefaultBot() string {
	if len(e.Info.Bots) > 0 {
		return e.Info.Bots[0]
	}
	return "random"
}

// BotNames lists the bots a game offers: its default first, then random,
// then the bots every game has (search); not the kinds that start a
// program (exec), which are no name to pick from a list.
func (e *Engine) BotNames() []string {
	names := append([]string(nil), e.Info.Bots...)
	if !e.hasScriptBot("random") {
		names = append(names, "random")
	}
	for _, k := range BotKinds() {
		if !botKinds[k].Local {
			names = append(names, k)
		}
	}
	return names
}

func (e *Engine) botNames() string { return strings.Join(e.BotNames(), ", ") }

// hasScriptBot reports whether the script declares a bot called name.
func (e *Engine) hasScriptBot(name string) bool {
	for _, b := range e.Info.Bots {
		if b == name {
			return true
		}
	}
	return false
}

// BotKinds lists the registered bot kinds (see RegisterBotKind), sorted.
func BotKinds() []string {
	var names []string
	for n := range botKinds {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// CheckBot reports whether name is a bot this game can seat: "random", a
// bot of the script, or a registered kind with valid arguments.
func (e *Engine) CheckBot(name string) error {
	if name == "" || name == "random" || e.hasScriptBot(name) {
		return nil
	}
	if _, _, ok := botKind(name); ok {
		b, err := e.NewBot(name, 1, 0)
		if err != nil {
			return err
		}
		b.Close()
		return nil
	}
	return fmt.Errorf("%s has no bot called %q (bots: %s)", e.Info.Title, name, e.botNames())
}

// scriptFunc loads the script in a fresh state, with a meter of its own
// (under lim, its total counted on from carry), and returns
// game[field][name].
func (e *Engine) scriptFunc(field, name string, seed uint64, lim Limits, carry int64) (*lua.LFunction, *lua.LState, *luahost.Meter, *RNG, error) {
	rng := table.NewRNG(seed)
	L := e.newState(&randSource{rng}, nil)
	g := newMeter(lim, L)
	g.Carry(carry)
	var game *lua.LTable
	err := guarded(g, L, e.Path, func() (err error) { game, err = e.runMain(L); return err })
	if err != nil {
		g.Close()
		L.Close()
		return nil, nil, nil, nil, err
	}
	tbl, _ := game.RawGetString(field).(*lua.LTable)
	var fn *lua.LFunction
	if tbl != nil {
		fn, _ = tbl.RawGetString(name).(*lua.LFunction)
	}
	if fn == nil {
		g.Close()
		L.Close()
		return nil, nil, nil, nil, fmt.Errorf("%s has no %s.%s function", e.Path, field, name)
	}
	return fn, L, g, rng, nil
}

// Name implements Bot.
func (b *ScriptBot) Name() string { return b.name }

// Spent is the instructions the bot's script has run in its decisions
// in the match it last played (asked in another match, it counts again
// from nothing: the budget of a whole game is per game): a driver that
// bounds what many games cost (check) counts them with the game's.
func (b *ScriptBot) Spent() int64 { return b.meter.Total() }

// Close implements Bot.
func (b *ScriptBot) Close() {
	b.meter.Close()
	b.L.Close()
}

// Choose implements Bot: it calls bots[name](view, options, seat), which
// returns an option's 1-based index or its text.
func (b *ScriptBot) Choose(m *Match) (int, error) {
	p := m.Prompt()
	if p == nil {
		return 0, fmt.Errorf("no decision to make")
	}
	L := b.L
	var ret, list lua.LValue
	b.shortlist = nil
	err := guarded(b.meter, L, b.eng.Path, func() error {
		if !b.view.current(m, p.Seat) {
			// Another match (a new game, an undo): nothing carries over.
			if b.view == nil || b.view.m != m {
				// A new game gets the budget of a whole game: a bot
				// that plays game after game (a search bot's rollouts,
				// thousands a game) is bounded game by game.
				b.meter.Carry(0)
			}
			b.view = newBotView(L, m, p.Seat, b.view)
		}
		vt := b.view.update()
		if err := viewStopped(L, b.eng.Path); err != nil {
			return err
		}
		L.Push(b.fn)
		L.Push(vt)
		L.Push(vt.RawGetString("options"))
		L.Push(lua.LNumber(p.Seat))
		if err := L.PCall(3, 2, nil); err != nil {
			return err
		}
		ret, list = L.Get(-2), L.Get(-1)
		L.Pop(2)
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("bot %s: %w", b.name, err)
	}
	i, ok := optionIndex(p, ret)
	if !ok {
		return 0, &ScriptError{Msg: fmt.Sprintf("%s: bot %s returned %s, which is not one of the %d legal options", b.eng.Path, b.name, capText(valueText(ret), 80), len(p.Options))}
	}
	if b.shortlist, err = b.readShortlist(p, list); err != nil {
		return 0, err
	}
	return i, nil
}

// optionIndex is the 0-based index of the option v names: its 1-based
// index or its text.
func optionIndex(p *Prompt, v lua.LValue) (int, bool) {
	switch r := v.(type) {
	case lua.LNumber:
		if i := int(r); i >= 1 && i <= len(p.Options) {
			return i - 1, true
		}
	case lua.LString:
		if i := p.Index(string(r)); i >= 0 {
			return i, true
		}
	}
	return 0, false
}

// A Shortlister is a bot that may name, besides the option it chose, the
// options it rates next, best first: a script bot's second return value.
// The search bot narrows a wide decision to its guide's choice and the
// head of its shortlist (search.Params.Shortlist).
type Shortlister interface {
	Bot
	// Shortlist is what the last Choose named besides its choice, as
	// 0-based indices: nil when it named no list, empty (not nil) when
	// it named an empty one. An empty list, or one naming only the
	// choice, says it rates no other option: the search plays its choice
	// without searching.
	Shortlist() []int
}

// Shortlist implements Shortlister.
func (b *ScriptBot) Shortlist() []int { return b.shortlist }

var _ Shortlister = (*ScriptBot)(nil)

// readShortlist reads a bot's second return value: nil, or a list of
// options (1-based indices or texts), each legal and named once.
func (b *ScriptBot) readShortlist(p *Prompt, v lua.LValue) ([]int, error) {
	if v == lua.LNil {
		return nil, nil
	}
	bad := func(why string) error {
		where := b.eng.Path
		if pr := b.fn.Proto; pr != nil && pr.LineDefined > 0 {
			where = pr.SourceName + ":" + strconv.Itoa(pr.LineDefined)
		}
		return &ScriptError{Msg: fmt.Sprintf("%s: bot %s returned a shortlist %s", where, b.name, why)}
	}
	t, ok := v.(*lua.LTable)
	if !ok {
		return nil, bad(fmt.Sprintf("that is %s, not a list of options", capText(valueText(v), 40)))
	}
	n := t.Len()
	out := make([]int, 0, n)
	seen := make([]bool, len(p.Options))
	for k := 1; k <= n; k++ {
		e := t.RawGetInt(k)
		i, ok := optionIndex(p, e)
		if !ok {
			return nil, bad(fmt.Sprintf("whose entry %d, %s, is not one of the %d legal options", k, capText(valueText(e), 40), len(p.Options)))
		}
		if seen[i] {
			return nil, bad(fmt.Sprintf("that names option %d twice", i+1))
		}
		seen[i] = true
		out = append(out, i)
	}
	return out, nil
}

// RunTool runs game.tools[name](view) for seat and returns its text: a
// read-only helper such as a deduction notebook, limited to the seat's view.
//
// A tool runs beside the game, like the drawing of a note: its
// instructions count against the budget of the match's drawings
// (Limits.DrawInstructions, see draw.go).
func (e *Engine) RunTool(m *Match, name string, seat int) (string, error) {
	lim := e.Limits
	lim.TotalInstructions = lim.DrawInstructions
	fn, L, g, _, err := e.scriptFunc("tools", name, 0, lim, m.drawn)
	if err != nil {
		return "", err
	}
	g.Whole = drawingWhole
	defer func() { m.drawn = g.Total(); g.Close(); L.Close() }()
	var text string
	err = guarded(g, L, e.Path, func() error {
		vt := m.LuaView(L, seat)
		if err := viewStopped(L, e.Path); err != nil {
			return err
		}
		L.Push(fn)
		L.Push(vt)
		L.Push(lua.LNumber(seat))
		if err := L.PCall(2, 1, nil); err != nil {
			return err
		}
		text = printable.Block(lua.LVAsString(L.Get(-1)))
		return nil
	})
	return text, err
}
