package server

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/tabletop/tabletop/store"
)

// The table's chat is not a move: what people say to each other is kept
// apart from the game, in its own store table (store.ChatLine), with its
// own rate limit and length cap; it is in no save and no game log, and the
// spectators read it (and write to it) as the seats do. A game whose rules
// hear what is said (Das Regeln Wir Schon fines speaking: its on_say) keeps
// say as a decision; at any other table say goes to the chat.
const (
	// MaxChat is the longest chat line, in characters.
	MaxChat = 300
	// chatHistory is how many of the last lines the table keeps in memory;
	// a page that connects is sent those of them that fit a frame's budget
	// (maxLogBytes as JSON: greet).
	chatHistory = 100
)

// chatLog is the table's chat as the server holds it: its last lines and
// how many there are in all.
type chatLog struct {
	lines []chatJSON
	total int
}

// chatJSON is a line of the chat as pages get it.
type chatJSON struct {
	N    int    `json:"n"`
	Seat int    `json:"seat"` // 0: a spectator
	Name string `json:"name"` // the seat's label, or the spectator's name ("" for none)
	Text string `json:"text"`
	At   int64  `json:"at"` // Unix milliseconds
}

// chatFrame is the message that brings chat lines: the last lines of the
// table (replace) when a page connects, then each new line.
func (t *Table) chatFrame(lines []chatJSON, replace bool) []byte {
	if lines == nil {
		lines = []chatJSON{}
	}
	return mustJSON(map[string]any{"type": "chat", "lines": lines, "replace": replace})
}

// loadChat reads the table's last chat lines from the store.
func (t *Table) loadChat(ctx context.Context) {
	lines, total, err := t.srv.cfg.Store.Chat(ctx, t.id, chatHistory)
	if err != nil {
		t.srv.cfg.Logf("table %s: %v", t.id, err)
		return
	}
	t.fr.chat.total = total
	for _, l := range lines {
		t.fr.chat.lines = append(t.fr.chat.lines, chatJSON{N: l.N, Seat: l.Seat, Name: l.Name, Text: l.Text, At: l.At.UnixMilli()})
	}
}

// chatFrom is a line connection c says at the table's chat.
func (t *Table) chatFrom(ctx context.Context, c *client, text string) error {
	vis := t.fr.visitors[c]
	if vis == nil {
		return errors.New("this connection is closing")
	}
	if c.seat == 0 {
		return t.chat(ctx, t.id+"/watch/"+vis.addr, 0, vis.name, text)
	}
	return t.chat(ctx, chatKey(t, c.seat), c.seat, t.label(c.seat), text)
}

// chatKey is the key of seat's budget of chat lines.
func chatKey(t *Table, seat int) string {
	return fmt.Sprintf("%s/%d", t.id, seat)
}

// chat adds a line to the table's chat, said by seat (0: a spectator) as
// name, limited by key (the seat, or the table's spectators from one
// address: limits.go); the caller holds mu.
func (t *Table) chat(ctx context.Context, key string, seat int, name, text string) error {
	if t.broken != "" || t.closed || t.expired {
		return t.usable()
	}
	text = strings.TrimSpace(strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, text))
	switch n := utf8.RuneCountInString(text); {
	case n == 0:
		return errors.New("say what? (chat TEXT)")
	case n > MaxChat:
		return fmt.Errorf("that line is %d characters: at most %d go in the chat", n, MaxChat)
	}
	if !t.srv.limits.chat.allow(key) {
		return errors.New("too many chat lines: wait a moment (this one was not said)")
	}
	l := store.ChatLine{N: t.fr.chat.total, Seat: seat, Name: name, Text: text, At: time.Now()}
	if err := t.srv.cfg.Store.AddChat(ctx, t.id, l); err != nil {
		t.srv.cfg.Logf("table %s: %v", t.id, err)
		return errors.New("the server could not store that line: try again")
	}
	j := chatJSON{N: l.N, Seat: seat, Name: name, Text: text, At: l.At.UnixMilli()}
	t.fr.chat.total++
	t.fr.chat.lines = append(t.fr.chat.lines, j)
	if len(t.fr.chat.lines) > chatHistory {
		t.fr.chat.lines = append([]chatJSON(nil), t.fr.chat.lines[len(t.fr.chat.lines)-chatHistory:]...)
	}
	b := t.chatFrame([]chatJSON{j}, false)
	for c := range t.conns {
		c.send(b)
	}
	return nil
}
