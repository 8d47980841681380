package server

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/tabletop/tabletop/render"

	"github.com/tabletop/tabletop/store"
)

// Friends at a table: what the web table does beside the game for a group
// of friends playing online.
//
//   - Getting in (invite.go): a table has one invitation, a short join
//     code; each friend claims a free seat with it and gets his own seat
//     token. The game starts once every seat is taken. The host (who
//     opened the table) may give a seat to a bot or free it until then.
//   - Chat (chat.go): the table's chat is no move: kept apart from the
//     game, in no save and no log, read by the spectators too. A game's
//     say (what its rules hear) stays a decision.
//   - Your turn (away.go): how long the table has waited on whom, and a
//     seat left with no page open too long, which the others may give to
//     a bot until its person comes back.
//   - Again! (rematch.go): a finished table offers a rematch: same
//     people, same or rotated seats, a new secret seed.
//   - Who watches (here): spectators may give a name; every page is told
//     how many watch, and their names.
//
// All of it lives in a friends value of the table, under the table's mu.
type friends struct {
	inv    store.Invite // the table's invitation as stored
	tokens []string     // each seat's token hash, "" for none (a free seat, a bot)
	// visitors are the table's connections: what opened them.
	visitors map[*client]*visitor
	// empty is when each person's seat was last left with no page open
	// (or the table was loaded): a seat with a page open has none.
	empty map[int]time.Time
	// clock is since when the table has waited on its prompt.
	clock struct {
		seq, turn int
		since     time.Time
	}
	vote  *awayVote     // a vote to give an absent person's seat to a bot
	offer *rematchOffer // a rematch offered at a finished table
	// rematchCode is the join code of the rematch this table led to.
	rematchCode string
	chat        chatLog
}

// visitor is what opened a connection: its token (to derive the seat's
// token at a rematch), its client address, and a spectator's name.
type visitor struct {
	token string
	addr  string
	name  string
	gone  string // why the connection no longer holds its seat
}

func newFriends() *friends {
	return &friends{inv: store.Invite{Started: true}, visitors: map[*client]*visitor{}, empty: map[int]time.Time{}}
}

// code is the table's join code.
func (t *Table) code() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.fr.inv.Code
}

// started says whether the game has begun: every seat was taken.
func (t *Table) started() bool { return t.fr.inv.Started }

// isPerson reports whether a person holds seat: he plays it, or a bot
// plays it while he is away (he is asked as a person, and takes it back).
func (t *Table) isPerson(seat int) bool {
	if t.isHuman(seat) {
		return true
	}
	for _, s := range t.fr.inv.Away {
		if s == seat {
			return true
		}
	}
	return false
}

// isAway reports whether a bot plays seat for its absent person.
func (t *Table) isAway(seat int) bool { return !t.isHuman(seat) && t.isPerson(seat) }

// meet records what opened connection c: its token and client address.
// It is called before the table's join.
func (s *Server) meet(t *Table, c *client, r *http.Request) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.fr.visitors[c] = &visitor{token: r.PathValue("token"), addr: s.clientOf(r)}
}

// greet sends a connection joining the table its chat (the last lines
// that fit a frame's budget: history.go), and drops a vote
// about its seat (its person is back); the caller holds mu, and joins c
// to the table's connections in the same hold, so that c misses no line.
func (t *Table) greet(c *client) {
	if c.seat > 0 {
		delete(t.fr.empty, c.seat)
		if v := t.fr.vote; v != nil && v.seat == c.seat {
			t.fr.vote = nil
			t.notices = append(t.notices, fmt.Sprintf("%s is back: the vote to let a bot play for him is dropped.", t.label(c.seat)))
		}
	}
	lines := t.fr.chat.lines
	from := window(len(lines), func(i int) int { return jsonLen(lines[i].Name) + jsonLen(lines[i].Text) + 40 })
	c.send(t.chatFrame(lines[from:], true))
}

// parted forgets connection c, which has left; the caller holds mu. A
// person's seat left with no page open starts its time away.
func (t *Table) parted(c *client) {
	delete(t.fr.visitors, c)
	if c.seat == 0 || !t.isPerson(c.seat) {
		return
	}
	for o := range t.conns {
		if o.seat == c.seat {
			return
		}
	}
	t.fr.empty[c.seat] = time.Now()
}

// tick notes when the table began waiting on its prompt; the caller
// holds mu, before every broadcast.
func (t *Table) tick() {
	seq, turn := 0, 0
	if t.m != nil {
		seq = len(t.m.Decisions())
		if p := t.m.Prompt(); p != nil {
			turn = p.Seat
		}
	}
	if k := &t.fr.clock; k.since.IsZero() || k.seq != seq || k.turn != turn {
		k.seq, k.turn, k.since = seq, turn, time.Now()
	}
}

// label is seat's name at the table.
func (t *Table) label(seat int) string {
	if t.m == nil {
		return fmt.Sprintf("seat %d", seat)
	}
	return t.m.SeatLabel(seat)
}

// friendsJSON is the part of a frame about the people at the table.
type friendsJSON struct {
	// Started is false while the seats are being claimed: the frame then
	// shows no part of the game.
	Started bool `json:"started"`
	// Code is the table's join code, for the people seated (a spectator
	// could take a free seat with it); Public lists it in the lobby.
	Code     string           `json:"code,omitempty"`
	Public   bool             `json:"public,omitempty"`
	Seats    []friendSeatJSON `json:"seats"`
	Watching watchingJSON     `json:"watching"`
	// Waited is how long the table has waited on the seat to act (turn).
	Waited    int64 `json:"waited_ms"`
	AwayAfter int64 `json:"away_after_ms"`
	// Speech says that the game hears what a seat says (say): the page
	// offers to speak in the game beside the table's chat.
	Speech  bool         `json:"speech,omitempty"`
	Vote    *voteJSON    `json:"vote,omitempty"`
	Rematch *rematchJSON `json:"rematch,omitempty"`
	// Unseated says why this page no longer holds a seat (the host freed
	// it before the game began).
	Unseated string `json:"unseated,omitempty"`
}

type friendSeatJSON struct {
	N int `json:"n"`
	// Who is "free" (nobody has claimed it yet), "person", "bot", or
	// "away" (a bot plays it while its person is away).
	Who string `json:"who"`
	// Away is how long a person's seat has had no page open.
	Away int64 `json:"away_ms,omitempty"`
}

type watchingJSON struct {
	Count int      `json:"count"`
	Names []string `json:"names"`
}

// friendsFrame is the part of c's frame about the people at the table.
// The caller holds mu.
func (t *Table) friendsFrame(c *client) *friendsJSON {
	now := time.Now()
	fj := &friendsJSON{Started: t.started(), Public: t.fr.inv.Public, Seats: []friendSeatJSON{},
		AwayAfter: t.srv.cfg.AwayAfter.Milliseconds(), Watching: t.watching()}
	if c.seat > 0 {
		fj.Code = t.fr.inv.Code
	}
	if vis := t.fr.visitors[c]; vis != nil {
		fj.Unseated = vis.gone
	}
	if t.eng != nil {
		fj.Speech = t.eng.Info.OnSay
	}
	if t.m != nil && t.m.Prompt() != nil && !t.m.Done() {
		fj.Waited = now.Sub(t.fr.clock.since).Milliseconds()
	}
	online := t.online()
	for seat := 1; seat <= len(t.seats); seat++ {
		sj := friendSeatJSON{N: seat, Who: t.who(seat)}
		if since, ok := t.fr.empty[seat]; ok && !online[seat] && sj.Who != "bot" && sj.Who != "free" {
			sj.Away = max(now.Sub(since).Milliseconds(), 1)
		}
		fj.Seats = append(fj.Seats, sj)
	}
	fj.Vote = t.voteFrame()
	fj.Rematch = t.rematchFrame(c)
	return fj
}

// who says who holds seat: free, a person, a bot, or a bot while its
// person is away.
func (t *Table) who(seat int) string {
	switch {
	case !t.started() && t.isHuman(seat) && t.fr.tokens[seat-1] == "":
		return "free"
	case t.isHuman(seat):
		return "person"
	case t.isAway(seat):
		return "away"
	}
	return "bot"
}

// watching is who watches: the spectators' connections, and the names
// those who gave one gave.
func (t *Table) watching() watchingJSON {
	w := watchingJSON{Names: []string{}}
	seen := map[string]bool{}
	for c := range t.conns {
		if c.seat != 0 {
			continue
		}
		w.Count++
		if v := t.fr.visitors[c]; v != nil && v.name != "" && !seen[strings.ToLower(v.name)] {
			seen[strings.ToLower(v.name)] = true
			w.Names = append(w.Names, v.name)
		}
	}
	sort.Strings(w.Names)
	return w
}

// friendly carries out the messages of friends at the table (chat, names,
// invitations, votes, rematches) for connection c; the caller holds mu.
func (t *Table) friendly(ctx context.Context, c *client, msg message) error {
	if t.broken != "" || t.closed || t.m == nil {
		return t.usable()
	}
	switch msg.Type {
	case "chat":
		return t.chatFrom(ctx, c, msg.Text)
	case "name":
		return t.nameSpectator(c, msg.Text)
	case "host":
		return t.hostDoes(ctx, c, msg)
	case "leave_seat":
		return t.leaveSeat(ctx, c)
	case "away_bot":
		return t.voteAway(ctx, c.seat, msg.Seat)
	case "away_answer":
		return t.answerAway(ctx, c.seat, msg.Accept)
	case "bot_for_me":
		return t.botForMe(ctx, c.seat)
	case "take_seat":
		return t.takeSeat(ctx, c.seat)
	case "rematch":
		return t.offerRematch(ctx, c, msg.Rotate)
	case "rematch_answer":
		return t.answerRematch(ctx, c, msg.Accept)
	}
	return fmt.Errorf("unknown message type %q: play, command, say, undo, undo_answer, history, chat, name, host, leave_seat, away_bot, away_answer, bot_for_me, take_seat, rematch or rematch_answer", msg.Type)
}

// maxSpectatorName bounds a spectator's name, in characters.
const maxSpectatorName = 24

// nameSpectator sets the name a spectator watches under ("" for none).
func (t *Table) nameSpectator(c *client, name string) error {
	if c.seat != 0 {
		return errors.New("a seat's name is the one it was claimed with")
	}
	name = strings.Join(strings.Fields(name), " ")
	if n := utf8.RuneCountInString(name); n > maxSpectatorName {
		return fmt.Errorf("a name has at most %d letters", maxSpectatorName)
	}
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune(" -_'.", r) {
			return errors.New("a name is letters, digits, spaces, dots and - _ '")
		}
	}
	vis := t.fr.visitors[c]
	if vis == nil {
		return errors.New("this connection is closing")
	}
	vis.name = name
	t.broadcast()
	return nil
}

// sameToken compares a token with a stored hash in constant time.
func sameToken(token, hash string) bool {
	return hash != "" && subtle.ConstantTimeCompare([]byte(hashToken(token)), []byte(hash)) == 1
}

// gatheringFrame is c's frame while the seats are being taken: who holds
// each seat, and nothing of the game (its match is set up again when the
// seats change). The caller holds mu.
func (t *Table) gatheringFrame(c *client, f stateFrame) []byte {
	f.Title = t.eng.Info.Title
	online := t.online()
	for i := range t.seats {
		sj := seatJSON{N: i + 1, Label: t.m.SeatLabel(i + 1), Title: render.SeatTitle(t.m.Seats[i]), Online: online[i+1]}
		if !t.isHuman(i + 1) {
			sj.Bot = t.seats[i].BotName(t.eng)
		}
		f.Seats = append(f.Seats, sj)
	}
	if f.OpenDeal = t.open; t.open {
		f.Seed = strconv.FormatUint(t.m.Config.Seed, 10)
	}
	return mustJSON(f)
}
