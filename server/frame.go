package server

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/render"
	"github.com/tabletop/tabletop/takeback"
)

// stateFrame is what one seat is sent after every change: its view of the
// table (Match.View of its seat, nothing else) and the log lines it may
// read that it has not been sent yet.
type stateFrame struct {
	Type   string     `json:"type"` // "state"
	Table  string     `json:"table"`
	Title  string     `json:"title"`
	Seat   int        `json:"seat"` // 0: a spectator
	Seq    int        `json:"seq"`  // decisions so far: a move is made "at" it
	Seats  []seatJSON `json:"seats"`
	Turn   int        `json:"turn"` // the seat to act, 0 for none
	Hint   string     `json:"hint,omitempty"`
	Secret bool       `json:"secret,omitempty"` // the seat's own choice is secret
	// Options are the seat's legal moves, when it is to act.
	Options []string    `json:"options,omitempty"`
	Notes   []string    `json:"notes"`
	Zones   []zoneJSON  `json:"zones"`
	Dice    []diceJSON  `json:"dice"`
	Pads    []padJSON   `json:"pads"`
	Tracks  []trackJSON `json:"tracks"`
	Pools   []poolJSON  `json:"pools"`
	Extras  []extraJSON `json:"extras"`
	// Log holds the seat's log lines from index LogFrom (of the lines it
	// may read) on. LogReset says they replace any held: the first frame
	// of a connection, or the log changed (an undo). Such a frame holds
	// the last lines only (history.go); the page asks for earlier ones.
	Log      []logJSON `json:"log"`
	LogFrom  int       `json:"log_from"`
	LogReset bool      `json:"log_reset,omitempty"`
	Done     bool      `json:"done"`
	Result   string    `json:"result,omitempty"`
	// Practice says what was taken back in a finished game, when it
	// matters to its result: a practice game, or moves taken back by
	// agreement (takeback.Note).
	Practice string    `json:"practice,omitempty"`
	Winners  []int     `json:"winners,omitempty"`
	Error    string    `json:"error,omitempty"` // the script error that stopped the game
	Undo     *undoJSON `json:"undo,omitempty"`
	Notices  []string  `json:"notices,omitempty"`
	// Seed is the table's seed once the game is over, or from the start
	// at an open deal (OpenDeal): before then it would tell every hand.
	Seed     string `json:"seed,omitempty"`
	OpenDeal bool   `json:"open_deal,omitempty"`
	// Friends is about the people at the table: seats free or taken,
	// who watches, the turn's clock, votes and rematches (friends.go).
	Friends *friendsJSON `json:"friends,omitempty"`
}

type seatJSON struct {
	N      int    `json:"n"`
	Label  string `json:"label"`
	Title  string `json:"title"`
	Bot    string `json:"bot,omitempty"`
	Online bool   `json:"online"`
}

type cardJSON struct {
	ID    int    `json:"id"`
	Name  string `json:"name"`
	Label string `json:"label"`
}

// diceJSON is a cup of secret dice as the seat sees it: faces[i] is die
// i's face, 0 when the seat may not see it.
type diceJSON struct {
	Label string `json:"label"`
	Owner int    `json:"owner"`
	Sides int    `json:"sides"`
	Faces []int  `json:"faces"`
}

type zoneJSON struct {
	Name  string     `json:"name"`
	Label string     `json:"label"`
	Owner int        `json:"owner"`
	Count int        `json:"count"`
	Cards []cardJSON `json:"cards"` // the cards the seat may see
	Noted bool       `json:"noted,omitempty"`
}

type padJSON struct {
	Label  string       `json:"label"`
	Rows   []padRowJSON `json:"rows"`
	Totals []int        `json:"totals"` // by seat, from seat 1
}

type padRowJSON struct {
	Label  string `json:"label"`
	Scores []int  `json:"scores"`
	Note   string `json:"note,omitempty"`
}

type trackJSON struct {
	Label   string `json:"label"`
	Min     int    `json:"min"`
	Max     int    `json:"max"`
	Markers []int  `json:"markers"`
}

// poolJSON is a pool of pieces: what the supply and each holder (a seat
// or a named place) have of each kind.
type poolJSON struct {
	Label   string       `json:"label"`
	Kinds   []string     `json:"kinds"`
	Supply  []int        `json:"supply"`
	Holders []holderJSON `json:"holders"`
}

type holderJSON struct {
	Name   string `json:"name"`
	Seat   int    `json:"seat,omitempty"`
	Counts []int  `json:"counts"`
}

func poolView(p *interp.Pool, seats []interp.Seat) poolJSON {
	pj := poolJSON{Label: p.Label, Kinds: p.Kinds, Holders: []holderJSON{}}
	counts := func(m map[string]int) []int {
		out := make([]int, len(p.Kinds))
		for i, k := range p.Kinds {
			out[i] = m[k]
		}
		return out
	}
	pj.Supply = counts(p.Supply)
	for i, h := range p.Holders {
		hj := holderJSON{Name: h, Counts: counts(p.Held[h])}
		if s := p.Holder(i).Seat; s >= 1 && s <= len(seats) {
			hj.Seat, hj.Name = s, seats[s-1].Label
		}
		pj.Holders = append(pj.Holders, hj)
	}
	return pj
}

// extraJSON is a board-like object: its lines, or for a board with a
// map the map and the lines drawn beside it (Side), which a narrow screen
// shows below it.
type extraJSON struct {
	Name  string  `json:"name"`
	Title string  `json:"title"`
	Lines [][]run `json:"lines,omitempty"`
	Map   [][]run `json:"map,omitempty"`
	Side  [][]run `json:"side,omitempty"`
	Cards []int   `json:"cards,omitempty"`
}

type logJSON struct {
	Text    string `json:"text"`
	Private bool   `json:"private,omitempty"` // not every seat reads it
	Cards   []int  `json:"cards,omitempty"`
}

type undoJSON struct {
	By       int    `json:"by"`
	Accepted []int  `json:"accepted"`
	Waiting  []int  `json:"waiting"`  // the seats whose answer it waits for
	Practice bool   `json:"practice"` // the asker alone answers: the game would become practice
	Text     string `json:"text"`     // what is asked, and why
}

// frame builds the frame for client c: its seat's view, the log lines not
// in its frames yet and the notices since its last frame sent. The caller
// holds the table's mu and c's.
func (t *Table) frame(c *client) []byte {
	if t.broken != "" || t.m == nil {
		f := emptyFrame(t.id, c)
		f.Title, f.Error = "A table that cannot be played", t.broken
		if t.broken == "" {
			f.Error = "the server is stopping"
		}
		return mustJSON(f)
	}
	f := emptyFrame(t.id, c)
	f.Friends = t.friendsFrame(c)
	if !t.started() {
		return t.gatheringFrame(c, f)
	}
	m := t.m
	v := m.View(c.seat)
	f = viewFrame(v, f)
	f.Seq = len(m.Decisions())
	if p := m.Prompt(); p != nil && p.Seat == c.seat && c.seat > 0 {
		f.Secret = p.Secret
	}
	online := t.online()
	for i := range f.Seats {
		f.Seats[i].Online = online[i+1]
		if !t.isHuman(i + 1) {
			f.Seats[i].Bot = t.seats[i].BotName(t.eng)
		}
	}
	if v.Done {
		f.Practice = takeback.Note(m)
	}
	if f.OpenDeal = t.open; t.open || v.Done {
		f.Seed = strconv.FormatUint(m.Config.Seed, 10)
	}
	if err := m.Err(); err != nil {
		f.Error = err.Error()
	}
	f.Undo = t.undoView()
	f.Log, f.LogFrom, f.LogReset = t.newLog(c, v.Log)
	return mustJSON(f)
}

// emptyFrame is a frame for c of table id with nothing on the table yet:
// its lists empty, not null, for the page.
func emptyFrame(id string, c *client) stateFrame {
	return stateFrame{Type: "state", Table: id, Seat: c.seat, Notes: []string{}, Zones: []zoneJSON{}, Dice: []diceJSON{}, Pads: []padJSON{},
		Tracks: []trackJSON{}, Pools: []poolJSON{}, Extras: []extraJSON{}, Log: []logJSON{}, Notices: c.notices}
}

// viewFrame fills f with what the seat's view holds, from its data: the
// seats, notes, zones and their cards, the pads, tracks and pools shown,
// the boards, whose turn it is, and the result. The page draws them; of
// render it takes only the seats' titles and the result's line.
func viewFrame(v *interp.View, f stateFrame) stateFrame {
	f.Title, f.Turn, f.Hint, f.Options, f.Done = v.Title, v.Turn, v.Hint, v.Options, v.Done
	for i, s := range v.Seats {
		f.Seats = append(f.Seats, seatJSON{N: i + 1, Label: s.Label, Title: render.SeatTitle(s)})
	}
	noted := map[string]bool{}
	for _, n := range v.Notes {
		f.Notes = append(f.Notes, n.Text)
		noted[n.Key] = true
	}
	for _, z := range v.Zones {
		zj := zoneJSON{Name: z.Name, Label: z.Label, Owner: z.Owner, Count: z.Count, Cards: []cardJSON{}, Noted: z.Owner == 0 && noted[z.Name]}
		for _, card := range z.Cards {
			zj.Cards = append(zj.Cards, cardJSON{ID: card.ID, Name: card.Name, Label: card.Label})
		}
		f.Zones = append(f.Zones, zj)
	}
	for _, d := range v.Dice {
		f.Dice = append(f.Dice, diceJSON{Label: d.Label, Owner: d.Owner, Sides: d.Sides, Faces: d.Faces})
	}
	for _, p := range v.Pads {
		if p.Shown {
			f.Pads = append(f.Pads, padView(p))
		}
	}
	for _, tr := range v.Tracks {
		if tr.Shown {
			f.Tracks = append(f.Tracks, trackJSON{Label: tr.Label, Min: tr.Min, Max: tr.Max, Markers: tr.Markers[1:]})
		}
	}
	for _, p := range v.Pools {
		if p.Shown {
			f.Pools = append(f.Pools, poolView(p, v.Seats))
		}
	}
	for _, x := range v.Extras {
		f.Extras = append(f.Extras, extraView(x))
	}
	if v.Done {
		f.Result, f.Winners = render.Result(v.Result, v.Seats), v.Result.Winners
	}
	return f
}

// undoView is the request to take moves back that waits for answers, or
// nil. The caller holds mu.
func (t *Table) undoView() *undoJSON {
	u := t.undo
	if u == nil {
		return nil
	}
	uj := &undoJSON{By: u.plan.Seat, Accepted: []int{}, Waiting: []int{}, Practice: u.plan.Practice, Text: u.plan.Request(t.m)}
	for s := 1; s <= len(t.seats); s++ {
		if u.accepted[s] {
			uj.Accepted = append(uj.Accepted, s)
		}
	}
	for _, s := range t.answering(u) {
		if !u.accepted[s] {
			uj.Waiting = append(uj.Waiting, s)
		}
	}
	return uj
}

// newLog is the part of the seat's log (lines it may read) that c has
// not been sent, where it starts, and whether it replaces what c holds
// (then it is the last lines only: logWindow).
func (t *Table) newLog(c *client, lines []interp.LogLine) ([]logJSON, int, bool) {
	from, reset := c.logSent, false
	if from < 0 || from > len(lines) {
		from, reset = logWindow(lines, len(lines)), true
	}
	c.logSent = len(lines)
	return logLinesJSON(lines[from:]), from, reset
}

func logLinesJSON(lines []interp.LogLine) []logJSON {
	out := make([]logJSON, 0, len(lines))
	for _, l := range lines {
		out = append(out, logJSON{Text: l.Text, Private: l.To != interp.AllSeats, Cards: l.Cards})
	}
	return out
}

func padView(p *interp.Pad) padJSON {
	pj := padJSON{Label: p.Label, Totals: p.Totals[1:], Rows: []padRowJSON{}}
	for _, r := range p.Rows {
		pj.Rows = append(pj.Rows, padRowJSON{Label: r.Label, Scores: r.Scores[1:], Note: r.Note})
	}
	return pj
}

// extraView is a board-like object: its coloured lines as runs of text
// with colours, for the page to draw. A board with a map is cut in two:
// its lines are the map's rows with the seat's sidebar beside them (the
// tokens, a notepad), which the page lays out side by side when they fit
// and one under the other when they do not (a phone).
func extraView(x interp.ExtraView) extraJSON {
	lines := x.Color
	if lines == nil {
		lines = x.Lines
	}
	xj := extraJSON{Name: x.Name, Title: x.Title, Cards: x.Cards}
	width := 0
	for _, l := range x.Map {
		width = max(width, ansi.StringWidth(l))
	}
	for i, l := range lines {
		if width == 0 {
			xj.Lines = append(xj.Lines, runs(l))
			continue
		}
		left, right := splitRuns(runs(l), width)
		if i < len(x.Map) {
			xj.Map = append(xj.Map, left)
		}
		if _, side := splitRuns(right, 2); i >= 1 { // past the gap
			xj.Side = append(xj.Side, side)
		}
	}
	for len(xj.Side) > 0 && len(xj.Side[len(xj.Side)-1]) == 0 {
		xj.Side = xj.Side[:len(xj.Side)-1]
	}
	return xj
}

// online says which seats have a connection open. The caller holds mu.
func (t *Table) online() map[int]bool {
	out := map[int]bool{}
	for c := range t.conns {
		out[c.seat] = true
	}
	return out
}

// broadcast gives every connection its new frame (client.changed). The
// caller holds mu.
func (t *Table) broadcast() {
	t.tick()
	for c := range t.conns {
		c.changed(t)
	}
	t.notices = nil
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		return []byte(fmt.Sprintf(`{"type":"error","error":%q}`, "the server could not encode the table: "+err.Error()))
	}
	return b
}

// errorFrame is an error shown to one connection; nothing changed.
func errorFrame(err error) []byte {
	msg := err.Error()
	return mustJSON(map[string]string{"type": "error", "error": strings.TrimRight(msg, "\n")})
}

// replyFrame is what a command of the text box printed.
func replyFrame(input string, lines []string) []byte {
	if lines == nil {
		lines = []string{}
	}
	return mustJSON(map[string]any{"type": "reply", "input": input, "lines": lines})
}
