package server

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/tabletop/tabletop/interp"
)

// How the bots play on the server.
//
// A bot thinks without its table: each table keeps a copy of its match for
// its bots (botSide: a fork of the match, brought up to date with every
// decision before a bot thinks), so that while a search bot thinks for
// seconds the people at its table get their legal moves, their views and
// their words said at once. The bot's choice is played on the table only
// if the table has not moved meanwhile (no decision made, nothing taken
// back, no takeback asked) and the seat is still that bot's (its person
// may take it back, or hand it to a bot, while the bot thinks: away.go);
// else the bot thinks again at the table as it is. A seat that changes
// hands gets a new bot, made when it is next to decide.
//
// The bots of every table share the cores through botPool: all cores but
// one (so that a person's message never waits for a core behind a crowd
// of bots), handed out in the order the tables ask. A table asks for one
// slot at a time, for one decision, so each table with a bot to move gets
// its turn, and a bot that thinks long (the search bot, for its budget)
// gives its slot up to the next table in line every botQuantum: one busy
// table slows the others down by its share of the cores, never by its
// whole think.

// botQuantum is how long a bot thinks before it lets the next table in
// line have its slot.
const botQuantum = 20 * time.Millisecond

// botPool hands out the slots the bots think in, in the order asked.
type botPool struct {
	slots int
	mu    sync.Mutex
	free  int
	queue []chan struct{} // waiters, first come first served
}

func newBotPool(slots int) *botPool {
	slots = max(1, slots)
	return &botPool{slots: slots, free: slots}
}

// acquire waits for a slot, behind those who asked before, or until ctx
// is done (then it reports false and holds none).
func (p *botPool) acquire(ctx context.Context) bool {
	p.mu.Lock()
	if p.free > 0 && len(p.queue) == 0 {
		p.free--
		p.mu.Unlock()
		return true
	}
	ch := make(chan struct{})
	p.queue = append(p.queue, ch)
	p.mu.Unlock()
	select {
	case <-ch:
		return true
	case <-ctx.Done():
	}
	p.mu.Lock()
	for i, w := range p.queue {
		if w == ch {
			p.queue = append(p.queue[:i], p.queue[i+1:]...)
			p.mu.Unlock()
			return false
		}
	}
	p.mu.Unlock()
	p.release() // handed the slot as ctx ended: pass it on
	return false
}

// release gives a slot to the first waiter, else frees it.
func (p *botPool) release() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.queue) > 0 {
		close(p.queue[0])
		p.queue = p.queue[1:]
		return
	}
	p.free++
}

// waiting reports whether a table waits for a slot.
func (p *botPool) waiting() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.queue) > 0
}

// turn is one bot decision's hold on a slot of the pool.
type turn struct {
	pool  *botPool
	held  bool
	since time.Time
}

// take waits for a slot (see acquire).
func (u *turn) take(ctx context.Context) bool {
	u.held = u.pool.acquire(ctx)
	u.since = time.Now()
	return u.held
}

func (u *turn) give() {
	if u.held {
		u.pool.release()
		u.held = false
	}
}

// yield lets the next table in line have the slot once this one has had
// it for botQuantum, and waits for its turn again (or for ctx).
func (u *turn) yield(ctx context.Context) {
	if !u.held || time.Since(u.since) < botQuantum || !u.pool.waiting() {
		return
	}
	u.give()
	u.take(ctx)
}

// sharedCtx is the context a bot that can be stopped (contextBot: the
// search bot) thinks in. That bot asks its Err between two games it plays
// out (search.Bot.ChooseContext stops within an iteration), and that is
// where it yields its slot: a long think is cut into quanta that take
// turns with the other tables' bots.
type sharedCtx struct {
	context.Context
	turn *turn
}

func (c sharedCtx) Err() error {
	c.turn.yield(c.Context)
	return c.Context.Err()
}

// botSide is what a table's bots think with: their copy of the table's
// match (m, forked at the table's gen, brought up to date with each
// decision) and the bots themselves, each made for its seat's hand (see
// Table.hand). The bot runner alone uses it while Table.botsOn; else
// whoever holds the table's mu.
type botSide struct {
	m     *interp.Match
	gen   int
	bots  map[int]interp.Bot
	hands map[int]int // the hand of its seat each bot was made for
}

func (bs *botSide) close() {
	for seat := range bs.bots {
		bs.drop(seat)
	}
	bs.m.Close()
	bs.m = nil
}

// drop closes the bot of seat, if it has one.
func (bs *botSide) drop(seat int) {
	if b, ok := bs.bots[seat]; ok {
		b.Close()
		delete(bs.bots, seat)
		delete(bs.hands, seat)
	}
}

// dropStale closes the bots of the seats that changed hands since they
// were made. The caller holds t's mu, and owns the side (see botSide).
func (bs *botSide) dropStale(t *Table) {
	for seat := range bs.bots {
		if bs.hands[seat] != t.hand(seat) {
			bs.drop(seat)
		}
	}
}

// botJob is a bot decision to make: the seat, the table as it was (gen,
// decisions, the seat's hand), the bot that plays the seat and the
// decisions the bots' copy has yet to take in.
type botJob struct {
	seat, gen, at, hand int
	name                string
	todo                []interp.Decision
}

// runBots plays the bots' seats until a person is to act.
func (t *Table) runBots() {
	defer t.srv.wg.Done()
	for {
		if d := t.srv.cfg.BotDelay; d > 0 {
			select {
			case <-time.After(d):
			case <-t.srv.ctx.Done():
			}
		}
		if !t.botStep() {
			return
		}
	}
}

// botStep makes one bot decision in a slot of the pool: it reads the
// table under mu, thinks without it, and plays the choice under mu if the
// table has not moved meanwhile. It reports whether the bots go on.
func (t *Table) botStep() bool {
	u := &turn{pool: t.srv.bots}
	if !u.take(t.srv.ctx) {
		return t.botCommit(botJob{}, 0, t.srv.ctx.Err())
	}
	// Everything in the slot runs the script (the copy, the bot, the
	// move played), so the bots use no more than their cores.
	defer u.give()
	// the people's messages being handled go first (for a few ms)
	for i := 0; i < 20 && t.srv.people.Load() > 0; i++ {
		time.Sleep(250 * time.Microsecond)
	}
	job, ok := t.botJob()
	if !ok {
		return false
	}
	i, err := t.think(job, u)
	return t.botCommit(job, i, err)
}

// botJob says which bot is to decide, or stops the runner (false) when
// none is. The bots' copy of the match is made here, under mu, when the
// table has none or its match was replaced (an undo).
func (t *Table) botJob() (botJob, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	var p *interp.Prompt
	if t.m != nil {
		p = t.m.Prompt()
	}
	if t.closed || t.srv.ctx.Err() != nil || p == nil || t.isHuman(p.Seat) || t.undo != nil || !t.started() {
		t.botsOff()
		return botJob{}, false
	}
	bs := &t.side
	bs.dropStale(t)
	if bs.m == nil || bs.gen != t.gen {
		if bs.m != nil {
			bs.close()
		}
		m, err := t.m.Fork()
		if err != nil {
			m, err = t.m.Copy()
		}
		if err != nil {
			t.botFailed(p.Seat, err)
			return botJob{}, false
		}
		bs.m, bs.gen = m, t.gen
	}
	ds := t.m.Decisions()
	return botJob{seat: p.Seat, gen: t.gen, at: len(ds), hand: t.hand(p.Seat), name: t.seats[p.Seat-1].BotName(t.eng),
		todo: append([]interp.Decision(nil), ds[len(bs.m.Decisions()):]...)}, true
}

// think brings the bots' copy of the match up to the table and asks the
// seat's bot for its choice there.
func (t *Table) think(job botJob, u *turn) (int, error) {
	bs := &t.side
	for _, d := range job.todo {
		var err error
		if d.Say {
			err = bs.m.Say(d.Seat, d.Text)
		} else {
			err = bs.m.Apply(d.Seat, d.Text)
		}
		if err != nil {
			bs.gen = -1 // made again at the next decision
			return 0, fmt.Errorf("the bots' copy of the game went astray: %w", err)
		}
	}
	b, err := t.bot(job)
	if err != nil {
		return 0, err
	}
	return t.srv.think(b, bs.m, u)
}

// botCommit plays the bot's choice i (or reports its error) if the table
// is where it was when the bot began, and the seat is still that bot's;
// it reports whether the bots go on.
func (t *Table) botCommit(job botJob, i int, err error) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed || t.srv.ctx.Err() != nil {
		t.botsOff() // the server stops: the bot's decision is not made
		return false
	}
	if t.m == nil || t.gen != job.gen || len(t.m.Decisions()) != job.at || t.undo != nil ||
		t.hand(job.seat) != job.hand || t.isHuman(job.seat) || !t.started() {
		return true // the table moved, or the seat changed hands: look again
	}
	if err != nil {
		t.botFailed(job.seat, err)
		return false
	}
	// A decision made is stored even while the server stops: stopBots
	// waits.
	if err := t.commit(context.Background(), func() error { return t.m.Step(i) }); err != nil {
		t.botsOff()
		return false
	}
	return true
}

// botFailed tells everyone that a bot could not decide and stops the
// runner. The caller holds mu.
func (t *Table) botFailed(seat int, err error) {
	t.srv.cfg.Logf("table %s: bot of %s: %v", t.id, t.m.SeatLabel(seat), err)
	t.notices = append(t.notices, fmt.Sprintf("The bot of %s failed: %s", t.m.SeatLabel(seat), firstLine(interp.ErrorText(err))))
	t.broadcast()
	t.botsOff()
}

// botsOff marks the runner gone; at a closed table it lets the bots go.
// The caller holds mu.
func (t *Table) botsOff() {
	t.botsOn = false
	if t.closed {
		t.side.close()
	}
}

func firstLine(s string) string {
	first, _, _ := strings.Cut(s, "\n")
	return first
}

// bot returns the bot that plays the job's seat, made on first use for
// the seat's hand (job.name, read under mu: the seats may change while
// it thinks). Its seed is drawn apart from the table's: a bot's play must
// not tell the table's seed to whoever works back from it (the decisions
// are stored, so the game replays all the same).
func (t *Table) bot(job botJob) (interp.Bot, error) {
	bs := &t.side
	if b, ok := bs.bots[job.seat]; ok && bs.hands[job.seat] == job.hand {
		return b, nil
	}
	bs.drop(job.seat)
	if err := noProgram(t.eng, job.seat, "bot:"+job.name); err != nil {
		return nil, err
	}
	b, err := t.eng.NewBot(job.name, job.seat, randomUint64())
	if err != nil {
		return nil, err
	}
	if bs.bots == nil {
		bs.bots, bs.hands = map[int]interp.Bot{}, map[int]int{}
	}
	bs.bots[job.seat], bs.hands[job.seat] = b, job.hand
	return b, nil
}
