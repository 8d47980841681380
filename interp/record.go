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
// reads. Version 2 is version 1 with escapes (see Record); a record none of
// whose texts needs escaping is written as version 1, which older builds
// read too, and every version 1 file is read as it always was.
const RecordVersion = 2

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
//	decisions
//	1: play 2C
//	1: declare spades
//	3! say nice lead
//	end
//
// "N: text" is seat N's answer to a prompt; "N! text" is something seat N
// said out of turn. The final "end" line shows the file is complete. The
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
	Decisions []Decision
}

// Write writes the record as text.
func (r *Record) Write(w io.Writer) error {
	version, esc := 1, func(s, _ string) string { return s }
	if r.needsEscapes() {
		version, esc = 2, escapeText
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
	if p.seen[key] && key != "option" {
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
	return Config{Players: r.Players, Seed: r.Seed, Options: r.Options, Names: SeatNames(r.Seats)}
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
		Decisions: append([]Decision(nil), m.record...),
	}
}

// ReplayRecord replays a record with this engine. A record made with a
// different script is refused unless every decision still fits; then the
// error says which decision no longer does.
func (e *Engine) ReplayRecord(r *Record) (*Match, error) {
	for k := range r.Options {
		if _, ok := e.option(k); !ok {
			return nil, fmt.Errorf("the save sets option %q, which %s does not have", k, e.Path)
		}
	}
	m, err := e.Replay(r.Config(), r.Decisions)
	if err != nil {
		if r.Hash != "" && r.Hash != e.Hash {
			return nil, fmt.Errorf("%s has changed since this game was saved, and the save no longer fits it: %w", e.Path, err)
		}
		return nil, err
	}
	return m, nil
}
