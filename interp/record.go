package interp

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// RecordVersion is the newest save format version this build writes and
// reads. Version 2 is version 1 with escapes (see Record); version 3 is
// version 2 with the "shared" line (people at one keyboard) and takeback
// lines. A record is written in the oldest version that holds it: one none
// of whose texts needs escaping, played by nobody sharing a keyboard, with
// nothing taken back, is written as version 1, which older builds read
// too, and every older file is read as it always was.
const RecordVersion = 3

// MaxRecordBytes is the largest save file read: a long game is a few
// thousand short lines.
const MaxRecordBytes = 64 << 20

// Record is a saved game: everything needed to replay it exactly. As text
// it is small and readable:
//
//	tabletop save 1
//	script clubs
//	hash 3f2a…
//	players 4
//	seats me,bot,bot:careful,bot
//	seed 7
//	option target=-100
//	shared 1
//	takeback 1 12 5 practice
//	decisions
//	1: play 2C
//	1: declare spades
//	3! say nice lead
//	end
//
// "shared N" (version 3) says that two or more people shared the table
// (one keyboard, or a web table) from the N-th decision on
// (Config.SharedFrom); without it nobody did.
// "N: text" is seat N's answer to a prompt; "N! text" is something seat N
// said out of turn. A takeback line says that a seat took decisions back
// (see Takeback): who, how many were kept, how many went, and how. The
// final "end" line shows the file is complete. The
// script is a built-in game's name or a script file's absolute path (older
// saves have a path relative to where tabletop ran).
//
// No text can forge a line: when a text holds a control character (a
// line break, say), the file is version 2, in which every text is written
// with a backslash before \ and control characters as \n, \r, \t, \xHH
// or \uHHHH (and, in option names and seat names, the = and , that
// separate them as \x3d and \x2c).
type Record struct {
	Version   int
	Script    string
	Hash      string
	Players   int
	Seats     []string // who sits where: a name, "bot", "bot:NAME", or NAME=bot[:NAME] for a named seat a bot plays
	Seed      uint64
	Options   map[string]string
	Shared    int // people share the table from this decision on (Config.SharedFrom); 0: never
	Takebacks []Takeback
	Decisions []Decision
}

// Takeback is decisions a seat took back during the game (package
// takeback decides when a seat may).
type Takeback struct {
	Seat   int // who took them back
	At     int // the decisions kept: the game went back to before decision At+1
	Undone int // how many decisions were taken back
	How    TakebackHow
}

// TakebackHow says on what terms decisions were taken back.
type TakebackHow string

const (
	// Free: the seat had learned nothing since, and no other person's
	// decision went with them.
	Free TakebackHow = "free"
	// Agreed: every other person at the table agreed.
	Agreed TakebackHow = "agreed"
	// Practice: at a table of one person, after the seat had learned
	// something: only bots were there to agree, and the game is practice.
	Practice TakebackHow = "practice"
)

// Takebacks returns the decisions taken back in the match's game (see
// SetTakebacks).
func (m *Match) Takebacks() []Takeback { return m.takebacks }

// SetTakebacks sets what was taken back before the game reached this
// match: a match replayed after an undo is a new match of the game, which
// keeps its history. A save keeps them (NewRecord, ReplayRecord).
func (m *Match) SetTakebacks(tb []Takeback) { m.takebacks = append([]Takeback(nil), tb...) }

// Practice reports whether the game is practice: a seat took back what
// it had learned from, with only bots to agree.
func (m *Match) Practice() bool {
	for _, tb := range m.takebacks {
		if tb.How == Practice {
			return true
		}
	}
	return false
}

// Write writes the record as text.
func (r *Record) Write(w io.Writer) error {
	version, esc := 1, func(s, _ string) string { return s }
	if r.needsEscapes() {
		version, esc = 2, escapeText
	}
	if r.Shared != 0 || len(r.Takebacks) > 0 {
		version, esc = 3, escapeText
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "tabletop save %d\n", version)
	fmt.Fprintf(&b, "script %s\n", esc(r.Script, ""))
	fmt.Fprintf(&b, "hash %s\n", esc(r.Hash, ""))
	fmt.Fprintf(&b, "players %d\n", r.Players)
	if len(r.Seats) > 0 {
		seats := make([]string, len(r.Seats))
		for i, s := range r.Seats {
			seats[i] = esc(s, ",")
		}
		fmt.Fprintf(&b, "seats %s\n", strings.Join(seats, ","))
	}
	fmt.Fprintf(&b, "seed %d\n", r.Seed)
	for _, k := range sortedKeys(r.Options) {
		fmt.Fprintf(&b, "option %s=%s\n", esc(k, "="), esc(r.Options[k], ""))
	}
	if r.Shared != 0 {
		fmt.Fprintf(&b, "shared %d\n", r.Shared)
	}
	for _, tb := range r.Takebacks {
		fmt.Fprintf(&b, "takeback %d %d %d %s\n", tb.Seat, tb.At, tb.Undone, tb.How)
	}
	b.WriteString("decisions\n")
	for _, d := range r.Decisions {
		mark := ":"
		if d.Say {
			mark = "!"
		}
		fmt.Fprintf(&b, "%d%s %s\n", d.Seat, mark, esc(d.Text, ""))
	}
	b.WriteString("end\n")
	_, err := w.Write(b.Bytes())
	return err
}

// needsEscapes reports whether some text of the record cannot be written
// as it is: it holds a control character, or a separator where it would
// be read as one.
func (r *Record) needsEscapes() bool {
	texts := []string{r.Script, r.Hash}
	for _, s := range r.Seats {
		if strings.Contains(s, ",") {
			return true
		}
		texts = append(texts, s)
	}
	for k, v := range r.Options {
		if strings.Contains(k, "=") {
			return true
		}
		texts = append(texts, k, v)
	}
	for _, d := range r.Decisions {
		texts = append(texts, d.Text)
	}
	for _, t := range texts {
		if strings.IndexFunc(t, isControl) >= 0 {
			return true
		}
	}
	return false
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// RecordError is a problem with a save file, naming its line.
type RecordError struct {
	File string
	Line int
	Msg  string
}

func (e *RecordError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

// ParseRecord reads a record; name is used in error messages.
func ParseRecord(in io.Reader, name string) (*Record, error) {
	p := recordParser{r: &Record{Options: map[string]string{}}, name: name, seen: map[string]bool{},
		unesc: func(s string) (string, error) { return s, nil }}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		p.line++
		if err := p.parseLine(strings.TrimRight(sc.Text(), "\r")); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, &RecordError{File: name, Line: p.line, Msg: err.Error()}
	}
	return p.finish()
}

// recordParser is ParseRecord's place in a save file: the first line
// (the version), then header lines, then "decisions", decision lines and
// "end", after which only blank lines may follow.
type recordParser struct {
	r                  *Record
	name               string
	line               int
	inDecisions, ended bool
	seen               map[string]bool // header keys read
	unesc              func(string) (string, error)
}

func (p *recordParser) bad(format string, a ...any) error {
	return &RecordError{File: p.name, Line: p.line, Msg: fmt.Sprintf(format, a...)}
}

// parseLine reads one line of the file.
func (p *recordParser) parseLine(text string) error {
	switch {
	case p.ended:
		if strings.TrimSpace(text) != "" {
			return p.bad("text after the end line")
		}
		return nil
	case p.line == 1:
		return p.version(text)
	case text == "" || strings.HasPrefix(text, "#"):
		return nil
	case p.inDecisions && text == "end":
		p.ended = true
		return nil
	case p.inDecisions:
		return p.decision(text)
	}
	return p.header(text)
}

// version reads the first line, "tabletop save N"; from version 2 on,
// texts are escaped.
func (p *recordParser) version(text string) error {
	v, ok := strings.CutPrefix(text, "tabletop save ")
	if !ok {
		return p.bad("not a tabletop save file (the first line should be \"tabletop save N\")")
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return p.bad("bad format version %q", v)
	}
	if n < 1 || n > RecordVersion {
		return p.bad("save format version %d; this tabletop reads versions 1 to %d", n, RecordVersion)
	}
	p.r.Version = n
	if n >= 2 {
		p.unesc = unescapeText
	}
	return nil
}

// decision reads "SEAT: move" or "SEAT! said".
func (p *recordParser) decision(text string) error {
	r := p.r
	i := strings.IndexAny(text, ":!")
	if i <= 0 || i+2 > len(text) || text[i+1] != ' ' {
		return p.bad("a decision line is \"SEAT: move\" or \"SEAT! said\", not %q", text)
	}
	seat, err := strconv.Atoi(text[:i])
	if err != nil || seat < 1 || (r.Players > 0 && seat > r.Players) {
		return p.bad("seat %q is not a seat of this %d-player game", text[:i], r.Players)
	}
	d := Decision{Seat: seat, Text: text[i+2:], Say: text[i] == '!'}
	if d.Text, err = p.unesc(d.Text); err != nil {
		return p.bad("%v", err)
	}
	if strings.TrimSpace(d.Text) == "" {
		return p.bad("empty decision")
	}
	r.Decisions = append(r.Decisions, d)
	return nil
}

// header reads one "key value" line of the header; each key but option
// appears once.
func (p *recordParser) header(text string) error {
	r := p.r
	key, val, _ := strings.Cut(text, " ")
	if p.seen[key] && key != "option" && key != "takeback" {
		return p.bad("%q appears twice", key)
	}
	p.seen[key] = true
	var err error
	switch key {
	case "script":
		r.Script, err = p.unesc(val)
	case "hash":
		r.Hash, err = p.unesc(val)
	case "players":
		n, err := strconv.Atoi(val)
		if err != nil || n < 1 || n > 16 {
			return p.bad("players must be a number from 1 to 16, not %q", val)
		}
		r.Players = n
	case "seats":
		r.Seats = strings.Split(val, ",")
		for i := range r.Seats {
			if r.Seats[i], err = p.unesc(r.Seats[i]); err != nil {
				break
			}
		}
	case "seed":
		n, err := strconv.ParseUint(val, 10, 64)
		if err != nil {
			return p.bad("seed must be a whole number, not %q", val)
		}
		r.Seed = n
	case "option":
		k, v, ok := strings.Cut(val, "=")
		if !ok || k == "" {
			return p.bad("an option line is \"option name=value\"")
		}
		if k, err = p.unesc(k); err == nil {
			r.Options[k], err = p.unesc(v)
		}
	case "shared":
		if p.r.Version < 3 {
			return p.bad("a \"shared\" line in a version %d save (it came with version 3)", p.r.Version)
		}
		n, err := strconv.Atoi(val)
		if err != nil || n < 1 {
			return p.bad("shared says from which decision on people shared the keyboard: a number from 1, not %q", val)
		}
		r.Shared = n
	case "takeback":
		return p.takeback(val)
	case "decisions":
		p.inDecisions = true
	default:
		return p.bad("unknown line %q", text)
	}
	if err != nil {
		return p.bad("%v", err)
	}
	return nil
}

// takeback reads "takeback SEAT AT UNDONE HOW" (version 3 on).
func (p *recordParser) takeback(val string) error {
	const form = "a takeback line is \"takeback SEAT KEPT UNDONE free|agreed|practice\""
	if p.r.Version < 3 {
		return p.bad("takeback lines come with save format version 3, not %d", p.r.Version)
	}
	f := strings.Fields(val)
	if len(f) != 4 {
		return p.bad(form)
	}
	var n [3]int
	for i := range n {
		v, err := strconv.Atoi(f[i])
		if err != nil || v < 0 || i != 1 && v < 1 {
			return p.bad(form)
		}
		n[i] = v
	}
	how := TakebackHow(f[3])
	if how != Free && how != Agreed && how != Practice {
		return p.bad(form)
	}
	p.r.Takebacks = append(p.r.Takebacks, Takeback{Seat: n[0], At: n[1], Undone: n[2], How: how})
	return nil
}

// finish checks what the whole file must have: a header with script,
// players and seed, the end line, and as many seats as players.
func (p *recordParser) finish() (*Record, error) {
	r, name := p.r, p.name
	switch {
	case p.line == 0:
		return nil, &RecordError{File: name, Msg: "the file is empty"}
	case r.Script == "" || r.Players == 0 || !p.seen["seed"]:
		return nil, &RecordError{File: name, Msg: "incomplete header: script, players and seed are required"}
	case !p.ended:
		return nil, &RecordError{File: name, Line: p.line, Msg: "the file ends without its \"end\" line: it was cut short"}
	}
	if len(r.Seats) > 0 && len(r.Seats) != r.Players {
		return nil, &RecordError{File: name, Msg: fmt.Sprintf("%d seats listed for %d players", len(r.Seats), r.Players)}
	}
	for _, tb := range r.Takebacks {
		if tb.Seat > r.Players {
			return nil, &RecordError{File: name, Msg: fmt.Sprintf("a takeback by seat %d of a %d-player game", tb.Seat, r.Players)}
		}
	}
	return r, nil
}

// LoadRecord reads a save file: a regular file of at most MaxRecordBytes.
func LoadRecord(path string) (*Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("loading save: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("loading save: %w", err)
	}
	switch {
	case !st.Mode().IsRegular():
		return nil, &RecordError{File: path, Msg: "not a regular file (" + fileKind(st.Mode()) + ")"}
	case st.Size() > MaxRecordBytes:
		return nil, &RecordError{File: path, Msg: fmt.Sprintf("%d bytes is too big for a save (at most %d MiB)", st.Size(), MaxRecordBytes>>20)}
	}
	return ParseRecord(io.LimitReader(f, MaxRecordBytes), path)
}

// SaveRecord writes a save file atomically: to a temporary file beside it,
// synced, then renamed into place, so a crash never leaves half a save.
func SaveRecord(path string, r *Record) error {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("saving %s: %w", path, err)
	}
	name := tmp.Name()
	werr := r.Write(tmp)
	if werr == nil {
		werr = tmp.Sync()
	}
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(name, path)
	}
	if werr != nil {
		os.Remove(name)
		return fmt.Errorf("saving %s: %w", path, werr)
	}
	return nil
}

// Config returns the match configuration the record describes.
func (r *Record) Config() Config {
	return Config{Players: r.Players, Seed: r.Seed, Options: r.Options, Names: SeatNames(r.Seats), SharedFrom: r.Shared}
}

// SeatNames returns the players' names in seat specs (see Record.Seats),
// "" for a seat without one: "ann" and "ann=bot" name Ann; "me", "bot"
// and "bot:NAME" name nobody. Nil when no spec names anyone.
func SeatNames(specs []string) []string {
	var names []string
	for i, spec := range specs {
		name, _, named := strings.Cut(spec, "=")
		if strings.HasPrefix(spec, "bot:") || !named && (spec == "me" || spec == "bot") {
			continue
		}
		if names == nil {
			names = make([]string, len(specs))
		}
		names[i] = name
	}
	return names
}

// NewRecord describes match m (with the given seat specs) as a record.
func (m *Match) NewRecord(seats []string) *Record {
	opts := map[string]string{}
	for k, v := range m.Config.Options {
		opts[k] = v
	}
	return &Record{
		Version:   RecordVersion,
		Script:    m.Engine.Script,
		Hash:      m.Engine.Hash,
		Players:   len(m.Seats),
		Seats:     seats,
		Seed:      m.Config.Seed,
		Options:   opts,
		Shared:    m.Config.SharedFrom,
		Takebacks: append([]Takeback(nil), m.takebacks...),
		Decisions: append([]Decision(nil), m.record...),
	}
}

// ReplayRecord replays a record with this engine. A record made with a
// different script is refused unless every decision still fits; then the
// error says which decision no longer does. Where the game went on after
// a takeback, the log has a public line that says so (TakebackText).
func (e *Engine) ReplayRecord(r *Record) (*Match, error) {
	for k := range r.Options {
		if _, ok := e.option(k); !ok {
			return nil, fmt.Errorf("the save sets option %q, which %s does not have", k, e.Path)
		}
	}
	m, err := e.ReplayTakebacks(r.Config(), r.Decisions, r.Takebacks)
	if err != nil {
		if r.Hash != "" && r.Hash != e.Hash {
			return nil, fmt.Errorf("%s has changed since this game was saved, and the save no longer fits it: %w", e.Path, err)
		}
		return nil, err
	}
	return m, nil
}

// ReplayTakebacks is Replay of a game in which decisions were taken back
// (tbs, as SetTakebacks): the match keeps them, and its log has the line
// of each (TakebackText) before the decision it went back to, or at the
// end.
func (e *Engine) ReplayTakebacks(cfg Config, decisions []Decision, tbs []Takeback) (*Match, error) {
	if len(tbs) == 0 {
		return e.Replay(cfg, decisions)
	}
	m, err := e.NewMatch(cfg)
	if err != nil {
		return nil, err
	}
	for i := 0; ; i++ {
		for _, tb := range tbs {
			if tb.At == i || i == len(decisions) && tb.At > i {
				m.addLog(LogLine{Text: m.TakebackText(tb), To: AllSeats})
			}
		}
		if i == len(decisions) {
			m.SetTakebacks(tbs)
			return m, nil
		}
		if err := m.replayOne(i, decisions[i]); err != nil {
			m.Close()
			return nil, err
		}
	}
}

// TakebackText is the line that tells every seat of a takeback.
func (m *Match) TakebackText(tb Takeback) string {
	what := "a decision"
	if tb.Undone != 1 {
		what = strconv.Itoa(tb.Undone) + " decisions"
	}
	text := m.SeatLabel(tb.Seat) + " takes back " + what
	switch tb.How {
	case Agreed:
		text += ", as everyone agreed"
	case Practice:
		text += " after seeing what followed: this game is practice"
	}
	return text + "."
}
