package server

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tabletop/tabletop/command"
	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/render"
	"github.com/tabletop/tabletop/seating"
	"github.com/tabletop/tabletop/store"
	"github.com/tabletop/tabletop/takeback"
)

// Table is one game on the web: the match, who plays each seat, the
// connections of its players and spectators, and a pending undo. Every
// change happens under mu and is stored before it is sent to anyone.
type Table struct {
	srv   *Server
	id    string
	eng   *interp.Engine
	seats []seating.Seat
	specs []string

	mu     sync.Mutex
	m      *interp.Match
	broken string // why the table could not be resumed ("" when it could)
	// gen counts the matches the table has had (an undo replaces it);
	// side is what its bots think with (bots.go), its runner's alone
	// while botsOn. hands counts, by seat, the times a seat changed
	// hands between a person and a bot once the game began (away.go): a
	// bot's choice for a seat that changed hands while it thought is not
	// played, and the seat's next bot is a new one.
	gen     int
	hands   map[int]int
	side    botSide
	botsOn  bool // a bot runner is going
	closed  bool
	conns   map[*client]struct{}
	undo    *undoRequest
	notices []string // said to everyone with the next frames
	stored  bool     // the end of the game is stored
	hashes  []string // its token hashes (set by Server.add)
	// open marks an open deal, whose seed every seat is shown; client is
	// the address that opened the table ("" when it was resumed); active
	// is when it was last played at or had a page open; expired is set
	// once it is closed for that (fair.go). over is set as the game's end
	// or the table's expiry is stored (storeOver): read without mu, it
	// says the table no longer counts against its client.
	open    bool
	client  string
	active  time.Time
	expired bool
	over    atomic.Bool
	// fr is what the table keeps for the people at it beside the game:
	// its invitation, chat, clock, votes and rematch (friends.go).
	fr *friends
}

// undoRequest is a seat asking to take back its moves when it may not on
// its own (package takeback): every other person must accept — or, at a
// table of one person, the person himself, since the game then becomes
// practice.
type undoRequest struct {
	plan     *takeback.Plan
	accepted map[int]bool
}

func newTable(s *Server, id string, eng *interp.Engine, m *interp.Match, seats []seating.Seat, specs []string) *Table {
	return &Table{srv: s, id: id, eng: eng, m: m, seats: seats, specs: specs, conns: map[*client]struct{}{},
		active: time.Now(), fr: newFriends()}
}

// restore rebuilds a stored table by replaying its decisions.
func (s *Server) restore(st *store.Table) *Table {
	if st.Expired {
		t := s.brokenTable(st, expiredText(s.cfg.Expire))
		t.expired = true
		return t
	}
	eng, err := s.engineFor(st.Script)
	if err != nil {
		s.cfg.Logf("table %s: cannot load %s: %v", st.ID, st.Script, err)
		return s.brokenTable(st, fmt.Sprintf("the game %s cannot be loaded: %s", st.Script, interp.ErrorText(err)))
	}
	seats, err := seating.FromRecord(eng, st.Record())
	if err != nil {
		return s.brokenTable(st, err.Error())
	}
	m, err := eng.ReplayRecord(st.Record())
	if err != nil {
		s.cfg.Logf("table %s: cannot replay: %v", st.ID, err)
		return s.brokenTable(st, "the game cannot be replayed: "+interp.ErrorText(err))
	}
	t := newTable(s, st.ID, eng, m, seats, st.Seats)
	t.stored, t.open = st.Finished, st.OpenDeal
	s.restoreFriends(t, st)
	return t
}

func (s *Server) brokenTable(st *store.Table, why string) *Table {
	t := newTable(s, st.ID, nil, nil, nil, st.Seats)
	t.broken = why
	return t
}

// engineFor finds the game a stored table names: one of the lobby's, else
// through Config.Load.
func (s *Server) engineFor(script string) (*interp.Engine, error) {
	for _, g := range s.games {
		if g.Engine.Script == script {
			return g.Engine, nil
		}
	}
	if s.cfg.Load == nil {
		return nil, errors.New("no such game in the lobby")
	}
	return s.cfg.Load(script)
}

func (t *Table) close() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.closed = true
	for c := range t.conns {
		c.close()
	}
	if !t.botsOn {
		t.side.close() // else its runner does, on its way out
	}
	if t.m != nil {
		t.m.Close()
		t.m = nil
	}
}

// hand is how many times seat changed hands (see hands).
func (t *Table) hand(seat int) int { return t.hands[seat] }

// changedHands notes that seat changed hands; the caller holds mu.
func (t *Table) changedHands(seat int) {
	if t.hands == nil {
		t.hands = map[int]int{}
	}
	t.hands[seat]++
}

func (t *Table) isHuman(seat int) bool {
	return seat >= 1 && seat <= len(t.seats) && t.seats[seat-1].Human
}

// usable says why nothing can be done at the table, or nil.
func (t *Table) usable() error {
	switch {
	case t.broken != "":
		return errors.New("this table cannot be played: " + t.broken)
	case t.closed || t.m == nil:
		return errors.New("the server is stopping")
	case !t.started():
		return errors.New("the game begins once every seat is taken: waiting for the players")
	}
	return nil
}

// play answers the seat's prompt with option i, stores it and tells
// everyone. The caller holds mu.
func (t *Table) play(ctx context.Context, seat, i int) error {
	if err := t.usable(); err != nil {
		return err
	}
	p := t.m.Prompt()
	switch {
	case p == nil && t.m.Err() != nil:
		return errors.New("the game is stopped by a script error: only undo can go on from here")
	case p == nil:
		return errors.New("the game is over")
	case p.Seat != seat:
		return fmt.Errorf("it is %s's turn, not yours", t.m.SeatLabel(p.Seat))
	}
	return t.commit(ctx, func() error { return t.m.Step(i) })
}

// say records what seat says at the table, at decision at: in the game
// when its rules hear what is said (a decision, which like a move must
// be said at the table's current decision, so that a message sent twice
// is refused), else in the table's chat.
func (t *Table) say(ctx context.Context, seat int, text string, at *int) error {
	if err := t.usable(); err != nil {
		return err
	}
	if seat == 0 {
		return errors.New("spectators speak in the table's chat, not in the game")
	}
	if !t.eng.Info.OnSay {
		// the game does not hear what is said: it is table chat
		return t.chat(ctx, chatKey(t, seat), seat, t.label(seat), text)
	}
	if err := t.current(at, true); err != nil {
		return err
	}
	return t.commit(ctx, func() error { return t.m.Say(seat, text) })
}

// commit runs a change that adds one decision, then stores it. When the
// change adds nothing (it was refused) its error is returned as it is;
// when the store fails the match is rebuilt without the decision, so what
// the players see is always what is stored.
func (t *Table) commit(ctx context.Context, change func() error) error {
	n := len(t.m.Decisions())
	err := change()
	ds := t.m.Decisions()
	if len(ds) == n {
		return err
	}
	if serr := t.srv.cfg.Store.Append(ctx, t.id, n, ds[n]); serr != nil {
		t.srv.cfg.Logf("table %s: %v", t.id, serr)
		t.rebuild(context.Background())
		return errors.New("the server could not store that decision: try again")
	}
	t.active = time.Now()
	if t.undo != nil {
		t.undo = nil
		t.notices = append(t.notices, "The request to take back a move lapsed: the game went on.")
	}
	if t.m.Done() && !t.stored {
		if err := t.storeOver(func() error { return t.srv.cfg.Store.Finish(ctx, t.id) }); err == nil {
			t.stored = true
		}
	}
	t.broadcast()
	if err != nil && errors.Is(err, t.m.Err()) {
		return nil // the script error is shown in every frame
	}
	return err
}

// rebuild replays what the store holds after a failed write.
func (t *Table) rebuild(ctx context.Context) {
	st, err := t.srv.cfg.Store.Load(ctx, t.id)
	if err != nil || st == nil {
		t.broken = "the database cannot be read"
		return
	}
	m, err := t.eng.ReplayRecord(st.Record())
	if err != nil {
		t.broken = "the game cannot be replayed: " + err.Error()
		return
	}
	t.replace(m)
}

// replace makes m the table's match; the bots start afresh (with a copy
// of it, at their next decision).
func (t *Table) replace(m *interp.Match) {
	if t.m != nil && t.m != m {
		t.m.Close()
	}
	t.m = m
	t.gen++
	for c := range t.conns {
		c.logSent = -1 // the log changed: send it whole
	}
}

// kick starts the bot runner when a bot is to act.
func (t *Table) kick() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.kickLocked()
}

func (t *Table) kickLocked() {
	if t.botsOn || t.closed || t.m == nil || t.undo != nil || !t.started() {
		return
	}
	p := t.m.Prompt()
	if p == nil || t.isHuman(p.Seat) {
		return
	}
	t.botsOn = true
	t.srv.wg.Add(1)
	go t.runBots()
}

// askUndo is seat's request to take back its last move, as the table's
// policy says (package takeback): at once when the seat may on its own,
// else once the others accept (or, alone with bots, once it accepts that
// the game becomes practice). Never once the game is over.
func (t *Table) askUndo(ctx context.Context, seat int) error {
	if err := t.usable(); err != nil {
		return err
	}
	if seat == 0 {
		return errors.New("spectators cannot take back moves")
	}
	if t.undo != nil {
		return errors.New("a request to take back a move is already waiting for answers")
	}
	p, err := takeback.Judge(t.m, t.isPerson, seat, 1)
	if err != nil {
		return err
	}
	if p.Free() || p.Practice && t.m.Practice() {
		return t.takeBack(ctx, p)
	}
	t.undo = &undoRequest{plan: p, accepted: map[int]bool{}}
	if !p.Practice {
		t.undo.accepted[seat] = true
		t.notices = append(t.notices, p.Request(t.m)+" Everyone must accept.")
	}
	t.broadcast()
	return nil
}

// answerUndo is seat's answer to the pending request: the asker may
// withdraw it, or accept it himself when it asks him alone.
func (t *Table) answerUndo(ctx context.Context, seat int, accept bool) error {
	if err := t.usable(); err != nil {
		return err
	}
	u := t.undo
	switch {
	case u == nil:
		return errors.New("nobody asks to take back a move")
	case !t.isPerson(seat):
		return errors.New("only the players answer")
	case !accept:
		t.undo = nil
		if seat == u.plan.Seat {
			t.notices = append(t.notices, fmt.Sprintf("%s lets the move stand.", t.m.SeatLabel(seat)))
		} else {
			t.notices = append(t.notices, fmt.Sprintf("%s declines: the move stands.", t.m.SeatLabel(seat)))
		}
		t.broadcast()
		t.kickLocked()
		return nil
	}
	u.accepted[seat] = true
	for _, s := range t.answering(u) {
		if !u.accepted[s] {
			t.broadcast()
			return nil
		}
	}
	t.undo = nil
	return t.takeBack(ctx, u.plan)
}

// answering are the seats that must accept request u.
func (t *Table) answering(u *undoRequest) []int {
	if u.plan.Practice {
		return []int{u.plan.Seat}
	}
	return append([]int{u.plan.Seat}, u.plan.Ask...)
}

// takeBack goes back to before the plan's first decision, in the store
// first, and tells everyone.
func (t *Table) takeBack(ctx context.Context, p *takeback.Plan) error {
	old := t.m
	m, err := takeback.Take(old, p)
	if err != nil {
		return errors.New(interp.ErrorText(err))
	}
	if err := t.srv.cfg.Store.TakeBack(ctx, t.id, p.Takeback()); err != nil {
		m.Close()
		t.srv.cfg.Logf("table %s: %v", t.id, err)
		return errors.New("the server could not store that: try again")
	}
	t.stored = false
	t.notices = append(t.notices, p.Announce(old))
	t.replace(m)
	t.broadcast()
	t.kickLocked()
	return nil
}

// finishedRecord is the table as a save, once its game is over: before
// then the save (with its seed) would tell what every hand holds.
func (t *Table) finishedRecord() (*interp.Record, string, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := t.usable(); err != nil {
		return nil, "", err
	}
	if !t.m.Done() {
		return nil, "", errors.New("the game is not over yet: its save would show every hand")
	}
	return t.m.NewRecord(t.specs), t.eng.Info.Title, nil
}

// webHelp is the text box's help: the REPL's commands that make sense at
// a web table.
var webHelp = []string{
	"Type a move as the buttons show it (play JC, bet tea 5+): case does not matter, ♣♦♥♠ or CDHS,",
	"any unique prefix of each word (p j♣), or the number legal shows.",
	"  legal [WORD…]   your legal moves, numbered; with words, those that have them",
	"  view            everything your seat sees, as text",
	"  log [N]         the log as your seat may read it, or its last N lines",
	"  rules [TOPIC]   the game's rules in short, or one topic",
	"  notes           the game's notebook for your seat (Cluedo)",
	"  say TEXT        say something: in the table's chat, or in the game when its rules hear",
	"                  what is said (Das Regeln Wir Schon! fines speaking)",
	"  undo            take back your last move: alone while you have seen nothing come of it,",
	"                  else once the other players accept; never once the game is over",
}

// command runs a line typed in the page's text box for seat, with the
// REPL's parser: a move, typed at decision at, or one of the commands
// that make sense at a web table. It returns lines to show to that seat
// alone.
func (t *Table) command(ctx context.Context, seat int, input string, at *int) ([]string, error) {
	if err := t.usable(); err != nil {
		return nil, err
	}
	l, err := command.Parse(input)
	if err != nil {
		return nil, err
	}
	switch l.Command {
	case "":
		if len(l.Move) == 0 {
			return nil, nil
		}
		if err := t.current(at, seat > 0); err != nil {
			return nil, err
		}
		return nil, t.typedMove(ctx, seat, l)
	case command.CmdHelp:
		return webHelp, nil
	case command.CmdLegal:
		return t.legal(seat, l.Words)
	case command.CmdView:
		return render.View(t.m.View(seat), render.Plain), nil
	case command.CmdLog:
		return t.logLines(seat, l.N, l.HasN), nil
	case command.CmdRules:
		return t.rules(l.Topic)
	case command.CmdNotes:
		return t.notes(seat)
	case command.CmdSay:
		return nil, t.say(ctx, seat, l.Text, at)
	case command.CmdUndo:
		if err := t.current(at, false); err != nil {
			return nil, err
		}
		return nil, t.askUndo(ctx, seat)
	}
	return nil, fmt.Errorf("%s is for the terminal, not for a web table (help lists what works here)", l.Command)
}

// typedMove applies a move typed as text, matched against the legal
// options as the REPL does.
func (t *Table) typedMove(ctx context.Context, seat int, l *command.Line) error {
	p := t.m.Prompt()
	if p == nil || p.Seat != seat {
		if seat == 0 {
			return errors.New("spectators watch: they do not move")
		}
		if p == nil {
			return t.play(ctx, seat, 0) // says why
		}
		return fmt.Errorf("it is %s's turn, not yours", t.m.SeatLabel(p.Seat))
	}
	i, err := command.Match(l.Raw, p.Options)
	if err != nil {
		return err
	}
	return t.play(ctx, seat, i)
}

func (t *Table) legal(seat int, words []string) ([]string, error) {
	p := t.m.Prompt()
	if p == nil || p.Seat != seat {
		return nil, errors.New("you have no decision to make now")
	}
	var idx []int
	if len(words) > 0 {
		if idx = render.Filter(p.Options, words); len(idx) == 0 {
			return nil, fmt.Errorf("no legal move has %s", strings.Join(words, " "))
		}
	}
	return render.Options(p.Options, idx, render.Plain), nil
}

func (t *Table) logLines(seat, n int, hasN bool) []string {
	lines := t.m.LogFor(seat, 0)
	if hasN && n < len(lines) {
		lines = lines[len(lines)-n:]
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = l.Text
	}
	return capLines(out)
}

func (t *Table) rules(topic string) ([]string, error) {
	texts, err := t.m.RulesTexts() // as this table plays: its options filled in
	if err != nil {
		return nil, err
	}
	r := render.ParseRules(texts...)
	if topic == "" {
		out := render.Plain.Markdown(append([]string{"# " + t.eng.Info.Title, ""}, r.Summary...))
		if topics := r.Topics(); len(topics) > 0 {
			out = append(out, "Topics (rules TOPIC): "+strings.Join(topics, " · "))
		}
		return out, nil
	}
	found := r.Find(topic)
	if len(found) == 0 {
		return nil, fmt.Errorf("the rules have nothing on %q. Topics: %s", topic, strings.Join(r.Topics(), " · "))
	}
	var out []string
	for _, sec := range found {
		out = append(out, render.Plain.Markdown(append([]string{"## " + sec.Title, ""}, sec.Body...))...)
	}
	return out, nil
}

func (t *Table) notes(seat int) ([]string, error) {
	has := false
	for _, n := range t.eng.Info.Tools {
		has = has || n == "notes"
	}
	if !has || seat == 0 {
		return nil, fmt.Errorf("%s has no notes for you", t.eng.Info.Title)
	}
	text, err := t.eng.RunTool(t.m, "notes", seat)
	if err != nil {
		return nil, errors.New(interp.ErrorText(err))
	}
	return strings.Split(strings.TrimRight(text, "\n"), "\n"), nil
}

// storeOver runs store, which tells the store the table's game is over
// (finished or expired), with t.over set first and cleared again if the
// store refuses: whoever reads the store's word then finds the table no
// longer counting against its client, and may open another at once.
func (t *Table) storeOver(store func() error) error {
	t.over.Store(true)
	if err := store(); err != nil {
		t.over.Store(false)
		return err
	}
	return nil
}
