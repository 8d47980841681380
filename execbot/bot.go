package execbot

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/tabletop/tabletop/interp"
)

func init() {
	interp.RegisterBotKind("exec", interp.BotKind{New: newBot, Help: Help, Local: true})
}

// Bot is an exec bot: the program of one seat, started once a match.
type Bot struct {
	name string // as in --seats: exec:ARGS
	eng  *interp.Engine
	seat int
	seed uint64
	set  Settings

	// The match the program plays, and where the conversation is.
	m         *interp.Match
	proc      *process
	observe   bool // the program asked for every log line
	logRead   int  // the match's log lines gone through (sent or not the seat's)
	decisions int  // decide messages sent in this match
	failed    bool // the program failed in this match: the fallback plays

	fallback interp.Bot
	notices  []string
}

func newBot(e *interp.Engine, args string, seat int, seed uint64) (interp.Bot, error) {
	set, err := ParseSettings(e, args)
	if err != nil {
		return nil, err
	}
	return &Bot{name: "exec:" + args, eng: e, seat: seat, seed: seed, set: set}, nil
}

// Name implements interp.Bot.
func (b *Bot) Name() string { return b.name }

// Notices implements interp.Noticer: the failures not told yet.
func (b *Bot) Notices() []string {
	out := b.notices
	b.notices = nil
	return out
}

// Choose implements interp.Bot: it asks the program, starting it first if
// this is the seat's first decision of the match, and asks the fallback
// bot once the program has failed.
func (b *Bot) Choose(m *interp.Match) (int, error) {
	p := m.Prompt()
	if p == nil {
		return 0, fmt.Errorf("no decision to make")
	}
	if p.Seat != b.seat {
		return 0, fmt.Errorf("bot %s plays seat %d, not seat %d", b.name, b.seat, p.Seat)
	}
	if b.m != m || b.logRead > m.LogLen() {
		// Another match (a new game, an undo): a new program.
		b.endMatch()
		b.m = m
	}
	if !b.failed {
		err := b.begin()
		if err == nil {
			var i int
			if i, err = b.ask(p); err == nil {
				return i, nil
			}
		}
		b.fail(err)
	}
	return b.fallbackChoose(m)
}

// Close implements interp.Bot: the program hears how the match ended and
// is stopped.
func (b *Bot) Close() {
	b.endMatch()
	if b.fallback != nil {
		b.fallback.Close()
		b.fallback = nil
	}
}

// begin starts the program for this match, if it is not running yet, and
// waits for its ready message.
func (b *Bot) begin() error {
	if b.proc != nil {
		return nil
	}
	proc, err := start(b.set.Argv, func(pid int) string { return fmt.Sprintf("seat %d (pid %d): ", b.seat, pid) })
	if err != nil {
		return fmt.Errorf("it cannot start: %w", err)
	}
	b.proc = proc
	hi := hello{Type: "hello", Protocol: Protocol, Game: b.eng.Info.Title, Script: b.eng.Script, Seat: b.seat,
		Players: b.m.Players(), Seats: seatsOf(b.m), Options: optionsInForce(b.m), Seed: programSeed(b.seed),
		TimeMS: b.set.Time.Milliseconds(), Fallback: b.set.Fallback}
	var r ready
	err = b.exchange(b.set.Start, "the hello", func() error {
		if err := b.send(hi); err != nil {
			return err
		}
		line, err := b.receiveFrom("the hello")
		if err != nil {
			return err
		}
		if err := strictJSON(line, &r); err != nil || r.Type != "ready" {
			return nonsense{fmt.Sprintf("it answered the hello with %s: the answer is a line {\"type\":\"ready\"}", quoteLine(line))}
		}
		if r.Protocol != nil && *r.Protocol != Protocol {
			return nonsense{fmt.Sprintf("it speaks protocol %d; this tabletop speaks protocol %d", *r.Protocol, Protocol)}
		}
		return nil
	})
	b.observe = r.Observe
	return err
}

// ask sends the log lines the seat has not seen (if the program wants
// them) and the decision, and reads the program's choice.
func (b *Bot) ask(p *interp.Prompt) (int, error) {
	b.decisions++
	msg := decide{Type: "decide", Decision: b.decisions, Hint: p.Hint, Secret: p.Secret, Options: make([]optionJSON, len(p.Options)),
		TimeMS: b.set.Time.Milliseconds(), View: makeView(b.m, b.seat)}
	for i, o := range p.Options {
		msg.Options[i] = optionJSON{Index: i, Text: o}
	}
	what := fmt.Sprintf("decision %d", b.decisions)
	choice := -1
	err := b.exchange(b.set.Time, what, func() error {
		if err := b.sendLog(); err != nil {
			return err
		}
		if err := b.send(msg); err != nil {
			return err
		}
		line, err := b.receiveFrom(what)
		if err != nil {
			return err
		}
		choice, err = readChoice(line, p.Options)
		if err != nil {
			return nonsense{fmt.Sprintf("it answered %s with %s: %v", what, quoteLine(line), err)}
		}
		return nil
	})
	return choice, err
}

// readChoice reads a choose message: an option's index (from 0) or its
// exact text, or both if they agree.
func readChoice(line []byte, options []string) (int, error) {
	var c choose
	if err := strictJSON(line, &c); err != nil || c.Type != "choose" {
		return 0, errors.New(`the answer is a line {"type":"choose","index":N} or {"type":"choose","text":"..."}`)
	}
	i := -1
	if c.Index != nil {
		if *c.Index < 0 || *c.Index >= len(options) {
			if len(options) == 1 {
				return 0, errors.New("there is one option, indexed 0")
			}
			return 0, fmt.Errorf("there are %d options, indexed 0 to %d", len(options), len(options)-1)
		}
		i = *c.Index
	}
	if c.Text != nil {
		j := -1
		for k, o := range options {
			if o == *c.Text {
				j = k
				break
			}
		}
		switch {
		case j < 0:
			return 0, fmt.Errorf("%q is not one of the options", clip(*c.Text, 80))
		case i >= 0 && i != j:
			return 0, fmt.Errorf("index %d is %q, not %q", i, options[i], *c.Text)
		}
		i = j
	}
	if i < 0 {
		return 0, errors.New("it names no option: give index or text")
	}
	return i, nil
}

// sendLog sends the log lines written since the last message that the
// seat may read, as observe messages, if the program asked for them.
func (b *Bot) sendLog() error {
	lines := b.m.LogFor(b.seat, b.logRead)
	b.logRead = b.m.LogLen()
	if !b.observe {
		return nil
	}
	for _, l := range lines {
		o := observe{Type: "observe", Text: l.Text, Private: l.To != interp.AllSeats}
		if l.Data != nil {
			o.Event = plain(l.Data).(map[string]any)
		}
		if err := b.send(o); err != nil {
			return err
		}
	}
	return nil
}

// endMatch tells the program how the match ended (the log lines it has
// not seen, then bye) and stops it; the next decision starts afresh.
func (b *Bot) endMatch() {
	if b.proc != nil && !b.failed {
		msg := bye{Type: "bye", Reason: reasonAbandoned}
		if b.m.Done() && b.m.Err() == nil {
			msg.Reason, msg.Result = reasonOver, resultOf(b.m.Result(), b.seat, b.m.Players())
		}
		_ = b.exchange(byeTime, "the bye", func() error {
			if err := b.sendLog(); err != nil {
				return err
			}
			return b.send(msg)
		})
	}
	if b.proc != nil {
		b.proc.stop(byeTime)
	}
	b.proc, b.m, b.failed, b.observe, b.logRead, b.decisions = nil, nil, false, false, 0, 0
}

// byeTime is how long a program has to read its bye and end.
const byeTime = 2 * time.Second

// resultOf is a result as bye gives it.
func resultOf(r interp.Result, seat, players int) *resultJSON {
	out := &resultJSON{Winners: append([]int{}, r.Winners...), Scores: make([]float64, players)}
	for s := 1; s <= players && s < len(r.Scores); s++ {
		out.Scores[s-1], _ = plain(r.Scores[s]).(float64) // a score is finite; 0 if not
	}
	for _, w := range r.Winners {
		out.Won = out.Won || w == seat
	}
	return out
}

// nonsense is an answer the protocol has no place for: the program is
// told why before it is stopped.
type nonsense struct{ msg string }

func (n nonsense) Error() string { return n.msg }

// timeout is a program that did not answer in time.
type timeout struct{ msg string }

func (t timeout) Error() string { return t.msg }

// exchange runs talk, which writes to the program and reads from it,
// within d: past d the program is killed, which ends whatever talk waits
// for, and exchange says it timed out.
func (b *Bot) exchange(d time.Duration, what string, talk func() error) error {
	proc, killed := b.proc, make(chan struct{})
	t := time.AfterFunc(d, func() { proc.kill(); close(killed) })
	err := talk()
	if !t.Stop() {
		<-killed // too late, whatever talk says
		return timeout{fmt.Sprintf("no answer to %s within %v: it is stopped", what, d)}
	}
	return err
}

// send writes one message.
func (b *Bot) send(msg any) error {
	line, err := marshal(msg)
	if err != nil {
		return fmt.Errorf("tabletop cannot write the message: %w", err)
	}
	if err := b.proc.send(line); err != nil {
		return fmt.Errorf("it no longer reads its input (%v)", err)
	}
	return nil
}

// receiveFrom reads the program's answer to what; a program that ended
// instead is said to have.
func (b *Bot) receiveFrom(what string) ([]byte, error) {
	line, err := b.proc.receive()
	switch {
	case err == nil:
		return line, nil
	case errors.Is(err, errTooLong):
		return nil, nonsense{fmt.Sprintf("it answered %s with %v", what, err)}
	}
	return nil, fmt.Errorf("it ended before answering %s: %w", what, err)
}

// fail stops the program that failed, says why, and lets the fallback
// play the seat for the rest of the match.
func (b *Bot) fail(err error) {
	b.failed = true
	var n nonsense
	if errors.As(err, &n) && b.proc != nil {
		// It is alive and may want to know what it did wrong.
		_ = b.exchange(byeTime, "the bye", func() error { return b.send(bye{Type: "bye", Reason: reasonError, Error: n.msg}) })
	}
	why := err.Error()
	var late timeout
	if b.proc != nil {
		b.proc.stop(byeTime)
		if !errors.As(err, &n) && !errors.As(err, &late) {
			// It ended by itself: how, and its last words.
			why = fmt.Sprintf("%s (%s)", strings.TrimSuffix(why, ": EOF"), b.proc.exitText())
			if last := b.proc.relay.lastLine(); last != "" {
				why += fmt.Sprintf("; the last line on its stderr: %q", clip(last, 120))
			}
		}
		b.proc = nil
	}
	note := fmt.Sprintf("bot %s of seat %d (%s): %s; %s plays the seat for the rest of the game", b.name, b.seat, b.m.SeatLabel(b.seat), why, b.set.Fallback)
	writeLine("tabletop: %s", note)
	b.notices = append(b.notices, "The "+note+".")
}

// fallbackChoose asks the fallback bot, made on first use.
func (b *Bot) fallbackChoose(m *interp.Match) (int, error) {
	if b.fallback == nil {
		fb, err := b.eng.NewBot(b.set.Fallback, b.seat, b.seed)
		if err != nil {
			return 0, fmt.Errorf("bot %s: the fallback: %w", b.name, err)
		}
		b.fallback = fb
	}
	return b.fallback.Choose(m)
}

// optionsInForce are the match's options, every one, defaults included.
func optionsInForce(m *interp.Match) map[string]string {
	out, err := m.Engine.ParseOptions(nil)
	if err != nil {
		out = map[string]string{}
	}
	for k, v := range m.Config.Options {
		out[k] = v
	}
	return out
}

// programSeed is the seed the program is given: a one-way hash of its bot
// seed, so that it cannot work back to the game's seed (and the deal),
// below 2^53 so that every JSON reader reads it exactly.
func programSeed(botSeed uint64) uint64 {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], botSeed)
	sum := sha256.Sum256(append([]byte("tabletop exec bot seed\x00"), b[:]...))
	return binary.LittleEndian.Uint64(sum[:8]) & (1<<53 - 1)
}

// marshal writes a message as one line of JSON, with <, > and & as they
// are.
func marshal(msg any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(msg); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// strictJSON reads one JSON object from line, and nothing after it.
func strictJSON(line []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(line))
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("more than one value")
	}
	return nil
}

// quoteLine quotes an answer for a message, cut short.
func quoteLine(line []byte) string {
	if len(line) == 0 {
		return "an empty line"
	}
	return fmt.Sprintf("%q", clip(string(line), 120))
}
