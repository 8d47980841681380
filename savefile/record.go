package savefile

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/tabletop/tabletop/gamefiles"
	"github.com/tabletop/tabletop/printable"
)

// Version is the newest save format version this build writes and
// reads. Version 2 is version 1 with escapes (see Record); version 3 is
// version 2 with the "shared" line (people at one keyboard) and takeback
// lines. A record is written in the oldest version that holds it: one none
// of whose texts needs escaping, played by nobody sharing a keyboard, with
// nothing taken back, is written as version 1, which older builds read
// too, and every older file is read as it always was.
const Version = 3

// MaxBytes is the largest save file read: a long game is a few
// thousand short lines.
const MaxBytes = 64 << 20

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
// (interp.Config.SharedFrom); without it nobody did.
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
	Shared    int // people share the table from this decision on (interp.Config.SharedFrom); 0: never
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
	// Reloaded: at a table of one person and bots, the person changed
	// the rules in the middle of the game (the REPL's reload), which a
	// changed script could use to show him what the bots hold; Undone
	// counts the decisions that no longer fitted (0 or more), and the
	// game is practice.
	Reloaded TakebackHow = "reload"
)

// Write writes the record as text.
func (r *Record) Write(w io.Writer) error {
	version, esc := 1, func(s, _ string) string { return s }
	if r.needsEscapes() {
		version, esc = 2, printable.Escape
	}
	if r.Shared != 0 || len(r.Takebacks) > 0 {
		version, esc = 3, printable.Escape
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
	for _, k := range slices.Sorted(maps.Keys(r.Options)) {
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
		if strings.IndexFunc(t, printable.IsControl) >= 0 {
			return true
		}
	}
	return false
}

// Error is a problem with a save file, naming its line.
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

// Parse reads a record; name is used in error messages.
func Parse(in io.Reader, name string) (*Record, error) {
	p := parser{r: &Record{Options: map[string]string{}}, name: name, seen: map[string]bool{},
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
		return nil, &Error{File: name, Line: p.line, Msg: err.Error()}
	}
	return p.finish()
}

// parser is Parse's place in a save file: the first line
// (the version), then header lines, then "decisions", decision lines and
// "end", after which only blank lines may follow.
type parser struct {
	r                  *Record
	name               string
	line               int
	inDecisions, ended bool
	seen               map[string]bool // header keys read
	unesc              func(string) (string, error)
}

func (p *parser) bad(format string, a ...any) error {
	return &Error{File: p.name, Line: p.line, Msg: fmt.Sprintf(format, a...)}
}

// parseLine reads one line of the file.
func (p *parser) parseLine(text string) error {
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
func (p *parser) version(text string) error {
	v, ok := strings.CutPrefix(text, "tabletop save ")
	if !ok {
		return p.bad("not a tabletop save file (the first line should be \"tabletop save N\")")
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return p.bad("bad format version %q", v)
	}
	if n < 1 || n > Version {
		return p.bad("save format version %d; this tabletop reads versions 1 to %d", n, Version)
	}
	p.r.Version = n
	if n >= 2 {
		p.unesc = printable.Unescape
	}
	return nil
}

// decision reads "SEAT: move" or "SEAT! said".
func (p *parser) decision(text string) error {
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
func (p *parser) header(text string) error {
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
func (p *parser) takeback(val string) error {
	const form = "a takeback line is \"takeback SEAT KEPT UNDONE free|agreed|practice|reload\""
	if p.r.Version < 3 {
		return p.bad("takeback lines come with save format version 3, not %d", p.r.Version)
	}
	f := strings.Fields(val)
	if len(f) != 4 {
		return p.bad(form)
	}
	how := TakebackHow(f[3])
	if how != Free && how != Agreed && how != Practice && how != Reloaded {
		return p.bad(form)
	}
	var n [3]int
	for i := range n {
		v, err := strconv.Atoi(f[i])
		// a seat from 1, the decisions kept from 0, undone from 1 (a
		// reload may drop none)
		if err != nil || v < 0 || i == 0 && v < 1 || i == 2 && v < 1 && how != Reloaded {
			return p.bad(form)
		}
		n[i] = v
	}
	p.r.Takebacks = append(p.r.Takebacks, Takeback{Seat: n[0], At: n[1], Undone: n[2], How: how})
	return nil
}

// finish checks what the whole file must have: a header with script,
// players and seed, the end line, and as many seats as players.
func (p *parser) finish() (*Record, error) {
	r, name := p.r, p.name
	switch {
	case p.line == 0:
		return nil, &Error{File: name, Msg: "the file is empty"}
	case r.Script == "" || r.Players == 0 || !p.seen["seed"]:
		return nil, &Error{File: name, Msg: "incomplete header: script, players and seed are required"}
	case !p.ended:
		return nil, &Error{File: name, Line: p.line, Msg: "the file ends without its \"end\" line: it was cut short"}
	}
	if len(r.Seats) > 0 && len(r.Seats) != r.Players {
		return nil, &Error{File: name, Msg: fmt.Sprintf("%d seats listed for %d players", len(r.Seats), r.Players)}
	}
	for _, tb := range r.Takebacks {
		if tb.Seat > r.Players {
			return nil, &Error{File: name, Msg: fmt.Sprintf("a takeback by seat %d of a %d-player game", tb.Seat, r.Players)}
		}
	}
	return r, nil
}

// Load reads a save file: a regular file of at most MaxBytes.
func Load(path string) (*Record, error) {
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
		return nil, &Error{File: path, Msg: "not a regular file (" + gamefiles.FileKind(st.Mode()) + ")"}
	case st.Size() > MaxBytes:
		return nil, &Error{File: path, Msg: fmt.Sprintf("%d bytes is too big for a save (at most %d MiB)", st.Size(), MaxBytes>>20)}
	}
	return Parse(io.LimitReader(f, MaxBytes), path)
}

// Save writes a save file atomically: to a temporary file beside it,
// synced, then renamed into place, so a crash never leaves half a save.
func Save(path string, r *Record) error {
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

// Decision is one recorded answer to a prompt, or (Say) a line a seat
// said at the table out of turn, which some games react to.
type Decision struct {
	Seat int
	Text string
	Say  bool
}
