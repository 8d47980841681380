package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"
)

// The protocol, one JSON object per WebSocket text message. From the page:
//
//	{"type":"play","option":"play JC","at":12}  a legal move as listed, made
//	                                           at decision 12 (a click)
//	{"type":"command","text":"p j♣","at":12}   a line of the text box: a move
//	                                           (typed at decision 12) or a
//	                                           command (legal, rules, …)
//	{"type":"say","text":"well played"}        say something at the table
//	{"type":"undo","at":12}                    take back my last move
//	{"type":"undo_answer","accept":true}       answer another's request
//	{"type":"history","before":300}            the log lines before line 300
//
// To the page: {"type":"state",…} (frame.go) after every change and on
// connecting, {"type":"reply","lines":[…]} for a command's output,
// {"type":"history",…} for the log lines asked (history.go), and
// {"type":"error","error":"…"} when a message was refused; nothing changed
// then. A move carries the decision it was made at, so that a message
// sent twice, or late, is refused once the table has moved on.
const (
	// MaxMessage is the largest message handled; a longer one gets an
	// error frame. A message beyond readLimit closes the connection.
	MaxMessage = 4 << 10
	readLimit  = 64 << 10
	sendQueue  = 64
)

// message is a message from the page.
type message struct {
	Type   string `json:"type"`
	Option string `json:"option"`
	At     *int   `json:"at"`
	Text   string `json:"text"`
	Accept bool   `json:"accept"`
	Before *int   `json:"before"`
}

// client is one open connection to a table, for a seat or a spectator.
//
// Its state frames are not queued: each change builds the connection's
// frame at once and puts it in place of one not sent yet (whose log lines
// it repeats), and the writer sends the latest when the connection is
// ready. A burst of bot moves reaches a slow page as one frame with every
// new log line, instead of filling a queue.
type client struct {
	seat  int
	out   chan []byte   // replies and error frames, for this connection alone
	stale chan struct{} // a frame is pending (1 slot)
	once  sync.Once
	gone  chan struct{}

	logSent int // under the table's mu: log lines of its seat in frames so far; -1: send it whole

	mu          sync.Mutex
	pending     []byte   // the frame not sent yet
	pendingFrom int      // logSent before the pending frame was built
	notices     []string // said to everyone since its last frame sent
}

// changed builds c's frame of the table as it is now, in place of the
// one not sent yet. The caller holds the table's mu.
func (c *client) changed(t *Table) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case c.pending != nil && c.logSent >= 0:
		c.logSent = c.pendingFrom // the new frame repeats the unsent one's lines
	case c.pending == nil:
		c.pendingFrom = c.logSent
	}
	c.notices = append(c.notices, t.notices...)
	c.pending = t.frame(c)
	select {
	case c.stale <- struct{}{}:
	default: // the writer has been told already
	}
}

// takeFrame returns the pending frame, if any, for the writer to send.
func (c *client) takeFrame() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	b := c.pending
	c.pending, c.notices = nil, nil
	return b
}

// send queues a reply or an error frame; a connection that does not read
// them is closed (the page reconnects and gets the whole state).
func (c *client) send(b []byte) {
	select {
	case <-c.gone:
	case c.out <- b:
	default:
		c.close()
	}
}

func (c *client) close() { c.once.Do(func() { close(c.gone) }) }

func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	if err := s.checkOrigin(r); err != nil {
		http.Error(w, err.Error(), http.StatusForbidden)
		return
	}
	t, seat, ok := s.open(r)
	if !ok {
		forbidden(w)
		return
	}
	limit, refused := s.admit(t, seat, s.clientOf(r))
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: s.originPatterns()})
	if err != nil {
		if refused == nil {
			limit.done()
		}
		return
	}
	if refused != nil {
		// the page shows why, and tries again later
		ws.Close(websocket.StatusPolicyViolation, refused.Error())
		return
	}
	defer limit.done()
	ws.SetReadLimit(readLimit)
	c := &client{seat: seat, out: make(chan []byte, sendQueue), stale: make(chan struct{}, 1), gone: make(chan struct{})}
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	go func() {
		select {
		case <-r.Context().Done():
		case <-ctx.Done():
		}
	}()
	t.join(c)
	defer t.leave(c)
	go c.writeLoop(ctx, ws, cancel)
	c.readLoop(ctx, ws, t, limit)
	ws.Close(websocket.StatusNormalClosure, "")
}

// join adds a connection and sends it the table; the others learn that
// the seat is here.
func (t *Table) join(c *client) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.conns[c] = struct{}{}
	t.active = time.Now()
	if t.closed {
		c.close()
		return
	}
	c.logSent = -1
	t.broadcast()
}

func (t *Table) leave(c *client) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.conns, c)
	c.close()
	t.active = time.Now()
	if t.closed {
		return
	}
	t.broadcast()
	if len(t.conns) == 0 && (t.m != nil && t.m.Done() && t.stored && !t.botsOn || t.expired) {
		go t.srv.evict(t)
	}
}

func (c *client) writeLoop(ctx context.Context, ws *websocket.Conn, cancel context.CancelFunc) {
	defer cancel()
	ping := time.NewTicker(30 * time.Second)
	defer ping.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-c.gone:
			ws.Close(websocket.StatusGoingAway, "too slow or closed")
			return
		case b := <-c.out:
			if write(ctx, ws, b) != nil {
				return
			}
		case <-c.stale:
			if b := c.takeFrame(); b != nil && write(ctx, ws, b) != nil {
				return
			}
		case <-ping.C:
			pctx, done := context.WithTimeout(ctx, 10*time.Second)
			err := ws.Ping(pctx)
			done()
			if err != nil {
				return
			}
		}
	}
}

func write(ctx context.Context, ws *websocket.Conn, b []byte) error {
	wctx, done := context.WithTimeout(ctx, 10*time.Second)
	defer done()
	return ws.Write(wctx, websocket.MessageText, b)
}

func (c *client) readLoop(ctx context.Context, ws *websocket.Conn, t *Table, limit *pass) {
	for {
		typ, b, err := ws.Read(ctx)
		if err != nil {
			return
		}
		if !limit.allow() {
			c.send(errorFrame(errors.New("too many messages: slow down (this one was ignored)")))
			continue
		}
		if typ != websocket.MessageText {
			c.send(errorFrame(errors.New("messages are JSON text")))
			continue
		}
		if len(b) > MaxMessage {
			c.send(errorFrame(fmt.Errorf("that message is %d bytes: at most %d are read", len(b), MaxMessage)))
			continue
		}
		var msg message
		if !utf8.Valid(b) {
			c.send(errorFrame(errors.New("a message must be UTF-8 text")))
			continue
		}
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&msg); err != nil || dec.More() {
			c.send(errorFrame(fmt.Errorf("a message must be one JSON object such as {\"type\":\"command\",\"text\":\"legal\"}")))
			continue
		}
		t.srv.people.Add(1)
		reply := t.handle(ctx, c, msg)
		t.srv.people.Add(-1)
		if reply != nil {
			c.send(reply)
		}
	}
}

// handle carries out one message for c and returns what to tell c alone
// (nil when the change was broadcast).
func (t *Table) handle(ctx context.Context, c *client, msg message) []byte {
	t.mu.Lock()
	defer t.mu.Unlock()
	var err error
	switch msg.Type {
	case "play":
		err = t.click(ctx, c.seat, msg)
	case "command":
		var lines []string
		lines, err = t.command(ctx, c.seat, msg.Text, msg.At)
		if err == nil && lines != nil {
			return replyFrame(msg.Text, lines)
		}
	case "say":
		err = t.say(ctx, c.seat, msg.Text)
	case "undo":
		if err = t.current(msg.At, false); err == nil {
			err = t.askUndo(ctx, c.seat)
		}
	case "undo_answer":
		err = t.answerUndo(ctx, c.seat, msg.Accept)
	case "history":
		var b []byte
		if b, err = t.historyFrame(c.seat, msg.Before); err == nil {
			return b
		}
	default:
		err = fmt.Errorf("unknown message type %q: play, command, say, undo, undo_answer or history", msg.Type)
	}
	if err != nil {
		return errorFrame(err)
	}
	t.kickLocked()
	return nil
}

// click is a move chosen from the buttons: the option's exact text, made
// at a given decision so that a click on a stale page is refused.
func (t *Table) click(ctx context.Context, seat int, msg message) error {
	if err := t.usable(); err != nil {
		return err
	}
	if err := t.current(msg.At, true); err != nil {
		return err
	}
	p := t.m.Prompt()
	if p == nil || p.Seat != seat {
		return t.play(ctx, seat, -1) // says why
	}
	i := p.Index(msg.Option)
	if i < 0 {
		return fmt.Errorf("%q is not one of your legal moves", msg.Option)
	}
	return t.play(ctx, seat, i)
}

// current checks the decision a message was made at, which a move must
// give (need): it must be the table's, else the message came late (or
// twice) and is refused. The caller holds mu and has checked usable.
func (t *Table) current(at *int, need bool) error {
	switch {
	case at == nil && need:
		return errors.New("a move needs \"at\", the decision it was made at")
	case at != nil && t.m != nil && *at != len(t.m.Decisions()):
		return errors.New("the table has moved on since: look again")
	}
	return nil
}
