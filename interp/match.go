package interp

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tabletop/tabletop/knowledge"
	"github.com/tabletop/tabletop/printable"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/gamelog"
	"github.com/tabletop/tabletop/luahost"
	"github.com/tabletop/tabletop/table"
)

// Config is everything that, with the decisions, determines a game.
type Config struct {
	Players int
	Seed    uint64
	// Options are the game options as text; missing ones take the
	// script's defaults (see Engine.ParseOptions).
	Options map[string]string
	// Names are the players' names by seat (optional).
	Names []string
	// Out receives the script's print output (nil: discarded).
	Out io.Writer
	// Stack arranges decks for tests: when a zone with this name is
	// shuffled, the next list gives card names from the top down.
	Stack map[string][][]string
	// Rolls are the die results thrown first, for tests: by t:roll, and
	// under cups by t:dice and cup:roll (dice.go), in the order thrown.
	Rolls []int
	// Chance, when set, decides how zones are shuffled and dice fall
	// instead of the match's generator (see determinize.go); nil for a
	// normal game.
	Chance Chance
	// SharedFrom, when not 0, says that two or more people share the
	// table from the SharedFrom-th decision on (1: from the start; see
	// Match.ShareKeyboard) — at one keyboard, or at a web table, whose
	// pages show everyone whom it waits for: t:offer then asks every seat
	// it names, a seat with nothing to play with only "pass", so that
	// being asked out of turn tells the people watching nothing. A save
	// records it ("shared N").
	SharedFrom int
}

// Prompt is a decision the game waits for: one seat chooses one of a finite
// list of legal options.
type Prompt struct {
	Seat    int
	Hint    string
	Options []string
	// Secret prompts are part of a simultaneous choice: the answer is not
	// shown to the other seats until the script reveals it.
	Secret bool
	// Group numbers the simultaneous choice (t:ask_all) a secret prompt
	// belongs to; 0 for other prompts.
	Group int
	// Window prompts are answers offered out of turn (t:offer).
	Window bool
	values []lua.LValue
}

// Index returns the position of the option whose text is exactly text, or -1.
func (p *Prompt) Index(text string) int {
	for i, o := range p.Options {
		if o == text {
			return i
		}
	}
	return -1
}

// Match is one running game.
type Match struct {
	Engine *Engine
	Config Config
	RNG    *RNG

	// The table: seats, cards, zones, pools, tracks, pads, extras.
	table.State
	Notes []Note

	L     *lua.LState
	co    *lua.LState
	game  *lua.LTable
	play  *lua.LFunction
	t     *lua.LTable
	meter *luahost.Meter

	// The coroutines of the pcalls play is inside of, innermost last,
	// and ended ones to use again (playthreads.go).
	pcalls    []pcallThread
	spare     []*lua.LState
	pcallArgs []lua.LValue

	prompt   *Prompt
	record   []Decision
	done     bool
	result   Result
	err      error
	meta     matchMeta
	stack    map[string][][]string // what is left of Config.Stack
	rolls    []int                 // the fixed rolls still to throw: what is left of Config.Rolls, or FixRolls's
	cfgLeft  int                   // how many of rolls, at its front, are Config.Rolls'
	cfgSeen  []int                 // the rolls of Config.Rolls that t:roll threw (open dice), in order
	throws   table.Throws          // every die thrown under a cup, in order (dice.go)
	saying   bool                  // inside on_say
	logBytes int64                 // what the log keeps, for the memory measure
	renamed  int64                 // what the seats' lists t:set_name made keep, likewise
	trace    string                // where the script was when it last failed
	metrics  []Metric              // t:metric's totals (metric.go)

	promptBuf Prompt       // storage reused by every prompt
	seen      textSet      // reused by duplicate
	handfuls  handfulMaker // pool:handfuls's tables (handfuls.go)

	log       gamelog.Log                    // the log's lines (log.go)
	lineBytes int64                          // the size of the line being written
	lineNames SeatSet                        // the seats the line being written names
	silent    bool                           // keeps no log (a copy nobody reads: Silent)
	placeIdx  map[*lua.FunctionProto][]int32 // a line's place (Log.Intern) by the instruction that wrote it: its pc (logplace.go)

	notesVer  uint32             // changes with every t:note (bot views)
	seatLists []*lua.LTable      // the lists t:seats made, by the seat they start from
	rand      *randSource        // math.random's generator: RNG, or a scratch one while drawing
	drawing   bool               // a note or sidebar function is running (draw.go)
	learn     *knowledge.Learner // what each seat learned when (knowledge.go); nil without Learning
	windowHow *lua.LTable        // what t:offer hands t:ask, to know its prompt for a window (prompts.go)
	takebacks []Takeback         // what was taken back before (record.go)
	drawn     int64              // the instructions drawing has run in all (draw.go)
	estimate  *lua.LFunction     // t:estimate's function, nil without one (estimate.go)
}

// Mode changes what a match keeps, never how its game goes.
type Mode uint8

const (
	// Silent matches keep no log: no line is rendered or kept, and no view
	// shows a log or events. They are copies nobody reads — a search bot's
	// playouts from a position. Everything else is as in any match: the
	// state, the prompts, the notes, the result, and the budgets, which
	// count a line's cost as if it were kept.
	Silent Mode = 1 << iota
)

// NewMatch starts a game: it runs the script up to its first prompt.
func (e *Engine) NewMatch(cfg Config, modes ...Mode) (*Match, error) {
	cfg, err := e.configure(cfg)
	if err != nil {
		return nil, err
	}
	m := e.newMatch(cfg, modes)
	if err := m.start(); err != nil {
		m.Close()
		return nil, err
	}
	for _, mode := range modes {
		if mode&Learning != 0 && m.learn == nil {
			m.startLearning()
		}
	}
	return m, nil
}

// configure fills in a match's configuration: the player count (the
// game's smallest, or 4 where the game allows 4) and every option the
// game declares (its default unless cfg sets it).
func (e *Engine) configure(cfg Config) (Config, error) {
	if cfg.Players == 0 {
		cfg.Players = e.Info.UsualPlayers()
	}
	if cfg.Players < e.Info.MinPlayers || cfg.Players > e.Info.MaxPlayers {
		return cfg, fmt.Errorf("%s is for %s players, not %d", e.Info.Title, e.Info.Players(), cfg.Players)
	}
	opts, err := e.ParseOptions(nil)
	if err != nil {
		return cfg, err
	}
	for k, v := range cfg.Options {
		if _, ok := e.Info.Option(k); !ok {
			return cfg, e.Info.UnknownOption(k)
		}
		opts[k] = v
	}
	cfg.Options = opts
	return cfg, nil
}

// newMatch makes the match's seats, generator, meter and Lua state; the
// script has not run yet.
func (e *Engine) newMatch(cfg Config, modes []Mode) *Match {
	m := &Match{Engine: e, Config: cfg, RNG: table.NewRNG(cfg.Seed)}
	for _, mode := range modes {
		m.silent = m.silent || mode&Silent != 0
	}
	m.stack = map[string][][]string{}
	for k, v := range cfg.Stack {
		m.stack[k] = v
	}
	m.rolls, m.cfgLeft = cfg.Rolls, len(cfg.Rolls)
	if !m.silent {
		e.logHint.Apply(&m.log)
	}
	for i := 1; i <= cfg.Players; i++ {
		s := Seat{Label: "Player " + strconv.Itoa(i)}
		if i <= len(cfg.Names) {
			s.Name = printable.Line(cfg.Names[i-1])
		}
		m.Seats = append(m.Seats, s)
	}
	m.meter = luahost.NewMeter(e.Limits)
	m.meter.Host = m
	m.meter.Whole = wholeGame
	m.rand = &randSource{m.RNG}
	m.L = e.newState(m.rand, cfg.Out)
	installPCall(m.L)
	luahost.SetContext(m.L, m.meter)
	m.meter.SetMeasure(m.kept)
	return m
}

// start runs the script's top level for this match, makes t, and plays
// the game up to its first prompt (or its end).
func (m *Match) start() error {
	e := m.Engine
	var game *lua.LTable
	if err := guarded(m.meter, m.L, e.Path, func() (err error) { game, err = e.runMain(m.L); return err }); err != nil {
		return err
	}
	m.game = game
	play, ok := game.RawGetString("play").(*lua.LFunction)
	if !ok {
		return &ScriptError{Msg: e.Path + ": the game table has no play(t) function in this match (does the script's top level depend on chance?)"}
	}
	if err := m.applySeatLabels(); err != nil {
		return err
	}
	m.t = m.newTableObject()
	m.co, _ = m.L.NewThread()
	// The thread got a context derived from the meter, which cannot see
	// the meter stop (its Done is nil until then): give it the meter itself.
	luahost.SetContext(m.co, m.meter)
	// Start the coroutine with a pause, so that the traceback hook below
	// is in place (gopher-lua resets it on a thread's first resume).
	if err := guarded(m.meter, m.L, e.Path, func() error {
		m.L.Push(luahost.Load(m.L, entryProto()))
		m.L.Push(m.L.NewFunction(pause))
		m.L.Push(play)
		if err := m.L.PCall(2, 1, nil); err != nil {
			return err
		}
		m.play = m.L.Get(-1).(*lua.LFunction)
		m.L.Pop(1)
		_, err, _ := m.L.Resume(m.co, m.play, m.t)
		return err
	}); err != nil {
		return err
	}
	m.co.Panic = panicWithTraceback
	return m.resume()
}

// panicWithTraceback is the coroutine's error hook: it notes where the
// script was before the error unwinds the stack. It finds its match
// through the state (matchOf), so that a fork shares it.
func panicWithTraceback(L *lua.LState) {
	m := matchOf(L)
	m.trace = luaTraceback(L, m.game.RawGetString("play"))
	panic(&lua.ApiError{Type: lua.ApiErrorRun, Object: L.Get(-1)})
}

// luaTraceback lists the script's frames, innermost first; play is the
// game's play function.
func luaTraceback(L *lua.LState, play lua.LValue) string {
	var lines []string
	for level := 0; level < 12; level++ {
		dbg, ok := L.GetStack(level)
		if !ok {
			break
		}
		fn, err := L.GetInfo("Slnf", dbg, lua.LNil)
		if err != nil || dbg.CurrentLine <= 0 || strings.HasPrefix(dbg.Source, "<") {
			continue
		}
		name := "in function " + dbg.Name
		switch {
		case fn == play:
			name = "in play"
		case dbg.Name == "" || strings.HasPrefix(dbg.Name, "<"):
			name = "in a function"
		}
		line := fmt.Sprintf("  %s:%d: %s", dbg.Source, dbg.CurrentLine, name)
		if len(lines) == 0 || lines[len(lines)-1] != line {
			lines = append(lines, line)
		}
	}
	return strings.Join(lines, "\n")
}

// entrySource is the play coroutine's body. It calls play rather than
// tail-calling it: a frame of its own stays at the bottom of the
// coroutine, so that a t:ask play tail-calls (return t:ask(...), at any
// depth) suspends a coroutine that still has a frame to return to.
const entrySource = `
local pause, play = ...
return function(t) pause() local result = play(t) return result end
`

var entryProto = compiledOnce("<entry>", entrySource)

// pause is the entry's pause: the coroutine's first yield.
func pause(L *lua.LState) int { return L.Yield() }

// applySeatLabels takes seat labels from game.seats: a list of names, or a
// table keyed by player count whose values are lists. A player's name
// (capitalised) then stands for the seat: "Ann" rather than "North".
func (m *Match) applySeatLabels() error {
	if st, ok := m.game.RawGetString("seats").(*lua.LTable); ok {
		list := st
		if byCount, ok := st.RawGetInt(len(m.Seats)).(*lua.LTable); ok {
			list = byCount
		}
		for i := range m.Seats {
			if s, ok := list.RawGetInt(i + 1).(lua.LString); ok {
				m.Seats[i].Label = capText(printable.Line(string(s)), 100)
			}
		}
	}
	for i := range m.Seats {
		m.Seats[i].GameLabel = m.Seats[i].Label
		if n := m.Seats[i].Name; n != "" {
			r, size := utf8.DecodeRuneInString(n)
			m.Seats[i].Label = string(unicode.ToTitle(r)) + n[size:]
		}
	}
	return table.CheckSeatNames(m.Seats)
}

// Close releases the match's Lua state. A closed match must not be used.
func (m *Match) Close() {
	if m == nil {
		return
	}
	if m.meter != nil {
		m.meter.Close()
	}
	if m.L != nil {
		m.L.Close()
		m.L = nil
	}
}

// Interrupt stops the match's script from another goroutine: a step
// running now ends with an error saying why, and the match refuses further
// moves. Use it to abandon a game (a cancelled run, a game no longer
// wanted); the game's result is lost.
func (m *Match) Interrupt(why string) {
	if m.meter != nil {
		m.meter.Stop(why)
	}
}

// Prompt returns the decision the game waits for, or nil when the game is
// over or broken. The prompt is valid until the next Step.
func (m *Match) Prompt() *Prompt { return m.prompt }

// Done reports whether the game has ended.
func (m *Match) Done() bool { return m.done }

// Result returns how the game ended (valid once Done).
func (m *Match) Result() Result { return m.result }

// Err returns the script error that broke the match, if any.
func (m *Match) Err() error { return m.err }

// Decisions returns the decisions made so far.
func (m *Match) Decisions() []Decision { return m.record }

// ShareKeyboard says that from now on people take turns at one keyboard:
// every decision asked from now on is asked as Config.SharedFrom says.
// The decision the match waits for was asked already, so that is from the
// one after it (a new game shared from the start says so in its Config).
// It reports whether that changed anything (it may have been so already).
func (m *Match) ShareKeyboard() bool {
	from := len(m.record) + 2
	if m.Config.SharedFrom != 0 && m.Config.SharedFrom <= from {
		return false
	}
	m.Config.SharedFrom = from
	return true
}

// sharedKeyboard reports whether the decision to be asked next is asked
// of people who share one keyboard.
func (m *Match) sharedKeyboard() bool {
	return m.Config.SharedFrom != 0 && len(m.record)+1 >= m.Config.SharedFrom
}

// luaSharedKeyboard is the prelude's shared_keyboard(): whether people
// share the keyboard now (a plain function, not a closure over the match,
// so that a fork can share it).
func luaSharedKeyboard(L *lua.LState) int {
	L.Push(lua.LBool(matchOf(L).sharedKeyboard()))
	return 1
}

// Step answers the current prompt with option i (0-based) and runs the
// script to its next prompt or to the end.
func (m *Match) Step(i int) error {
	if m.err != nil {
		return fmt.Errorf("the game is stopped by an error: %w", m.err)
	}
	p := m.prompt
	if p == nil {
		return errors.New("the game is over: there is nothing to decide")
	}
	if i < 0 || i >= len(p.Options) {
		return fmt.Errorf("option %d is out of range: there are %d legal moves", i+1, len(p.Options))
	}
	m.record = append(m.record, Decision{Seat: p.Seat, Text: p.Options[i]})
	if m.learn == nil {
		return m.resume(p.values[i])
	}
	m.learnBegin(m.record[len(m.record)-1], p.Secret, p.Group)
	err := m.resume(p.values[i])
	m.learnEnd()
	return err
}

// Apply answers the current prompt with the option whose text is exactly
// text, on behalf of seat (0: whoever is to act).
func (m *Match) Apply(seat int, text string) error {
	p := m.prompt
	if p == nil {
		if m.err != nil {
			return fmt.Errorf("the game is stopped by an error: %w", m.err)
		}
		return errors.New("the game is over: there is nothing to decide")
	}
	if seat != 0 && seat != p.Seat {
		return fmt.Errorf("it is %s's decision, not %s's", m.SeatLabel(p.Seat), m.SeatLabel(seat))
	}
	i := p.Index(text)
	if i < 0 {
		return fmt.Errorf("%q is not a legal move for %s now", text, m.SeatLabel(p.Seat))
	}
	return m.Step(i)
}

// Say records that seat said text at the table — a chat line every seat
// sees — and lets the game react through its on_say(t, seat, text) hook,
// which may change the state (a fine for speaking) but may not ask.
func (m *Match) Say(seat int, text string) (err error) {
	if m.err != nil {
		return fmt.Errorf("the game is stopped by an error: %w", m.err)
	}
	if m.done {
		return errors.New("the game is over")
	}
	if seat < 1 || seat > len(m.Seats) {
		return fmt.Errorf("no seat %d", seat)
	}
	text = strings.TrimSpace(printable.Line(text))
	if text == "" {
		return errors.New("say what?")
	}
	if len(text) > printable.MaxOptionBytes {
		return fmt.Errorf("that is %d bytes: say it in fewer than %d", len(text), printable.MaxOptionBytes)
	}
	m.record = append(m.record, Decision{Seat: seat, Text: text, Say: true})
	if m.learn != nil {
		m.learnBegin(m.record[len(m.record)-1], false, 0)
		defer m.learnEnd()
	}
	m.addLog(LogLine{Text: m.SeatLabel(seat) + " says: " + text, To: AllSeats, Names: SeatSet(0).With(seat)})
	hook, ok := m.game.RawGetString("on_say").(*lua.LFunction)
	if !ok {
		return nil
	}
	m.saying = true
	defer func() { m.saying = false }()
	err = guarded(m.meter, m.L, m.Engine.Path, func() error {
		return m.L.CallByParam(lua.P{Fn: hook, NRet: 0, Protect: true}, m.t, lua.LNumber(seat), lua.LString(text))
	})
	if err != nil {
		m.err = err
	}
	return err
}

func (m *Match) resume(args ...lua.LValue) error {
	m.prompt = nil
	m.trace = ""
	var st lua.ResumeState
	var rets []lua.LValue
	err := guarded(m.meter, m.L, m.Engine.Path, func() (rerr error) {
		st, rets, rerr = m.resumePlay(args)
		if ae, ok := rerr.(*lua.ApiError); ok && ae.StackTrace == "" {
			ae.StackTrace = m.trace // where the play coroutine was when it failed
		}
		return rerr
	})
	if err != nil {
		m.err = err
		return err
	}
	switch st {
	case lua.ResumeYield:
		if m.prompt == nil {
			m.err = &ScriptError{Msg: m.Engine.Path + ": the script yielded without asking for a decision (do not use coroutines)"}
			return m.err
		}
	case lua.ResumeOK:
		if err := m.finish(rets); err != nil {
			m.err = err
			return err
		}
	}
	return nil
}

// Replay starts a new match with the same engine and config and applies
// decisions in order. It fails, naming the decision, if one is not legal.
// Nothing is rendered: log lines keep their parts until something reads
// them, and with Silent the match keeps no log at all.
func (e *Engine) Replay(cfg Config, decisions []Decision, modes ...Mode) (*Match, error) {
	m, err := e.NewMatch(cfg, modes...)
	if err != nil {
		return nil, err
	}
	for i, d := range decisions {
		if err := m.replayOne(i, d); err != nil {
			m.Close()
			return nil, err
		}
	}
	return m, nil
}

// replayOne applies decision i of a replay, d.
func (m *Match) replayOne(i int, d Decision) error {
	p := m.Prompt()
	switch {
	case p == nil && m.err != nil:
		return fmt.Errorf("decision %d (%s: %s): the game stopped before it: %w", i+1, m.SeatLabel(d.Seat), d.Text, m.err)
	case p == nil:
		return fmt.Errorf("decision %d (%s: %s): the game was already over", i+1, m.SeatLabel(d.Seat), d.Text)
	case d.Say:
		if err := m.Say(d.Seat, d.Text); err != nil {
			return fmt.Errorf("decision %d (%s says %q): %w", i+1, m.SeatLabel(d.Seat), d.Text, err)
		}
		return nil
	case p.Seat != d.Seat:
		return fmt.Errorf("decision %d (%s: %s): it is %s's decision at that point", i+1, m.SeatLabel(d.Seat), d.Text, m.SeatLabel(p.Seat))
	}
	if err := m.Apply(d.Seat, d.Text); err != nil {
		return fmt.Errorf("decision %d: %w", i+1, err)
	}
	return nil
}

// Copy returns a new match in the same position as m, made by replaying
// its decisions (from the config, which includes any stacked deck or
// rolls, but not the rearrangements of Arrange). With Silent the copy
// keeps no log: the cheapest copy, for a search that plays many games on
// from here. The copy is m's only while m is not changed.
func (m *Match) Copy(modes ...Mode) (*Match, error) {
	return m.Engine.Replay(m.Config, m.record, modes...)
}

// Silent reports whether the match keeps no log (see Silent).
func (m *Match) Silent() bool { return m.silent }
