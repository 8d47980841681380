package repl

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/tabletop/tabletop/command"
	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/render"
	"github.com/tabletop/tabletop/seating"
	"github.com/tabletop/tabletop/takeback"
)

// Session is one game at the keyboard: the match, who plays each seat, the
// seat whose view is shown, the undo and redo stacks, and where lines come
// from and go to.
type Session struct {
	// Color draws in colour (for a terminal): boards, the title of a
	// turn's screen, the prompt.
	Color bool
	// Size, when set, says the session draws on an interactive terminal
	// of that many columns and lines: each turn is one screen that fits,
	// hotseat play hides one person's screen from the next, and Ctrl-C
	// and Ctrl-D are handled. Nil: plain lines for a file or a pipe.
	Size func() (width, height int)
	// AutoForced plays a person's forced moves (a single legal option)
	// without asking; bots always play theirs.
	AutoForced bool
	// Autosave keeps the game on disk: it is told the record after every
	// change (nil: nowhere). Package saves provides one.
	Autosave Autosaver
	// LoadScript loads the script a save names when it is not the one
	// being played (nil: such saves are refused).
	LoadScript func(path string) (*interp.Engine, error)
	// ReloadScript loads the script reload reads: a built-in game's name
	// or a script file (nil: reload is refused). Unlike LoadScript it may
	// let the seats' programs play (bot:exec), since the seats stay as
	// the person who started the game typed them.
	ReloadScript func(path string) (*interp.Engine, error)
	// OpenDeal says the seed was given on the command line, in sight of
	// everyone at the keyboard: it is shown even to people who share the
	// keyboard, whose drawn seed is else secret until the end (fair.go).
	OpenDeal bool

	eng    *interp.Engine
	m      *interp.Match
	seats  []seating.Seat
	viewer int
	in     LineReader
	out    io.Writer
	wrap   *render.Writer // out at the terminal's width (output)

	bots    map[int]interp.Bot
	redo    [][]interp.Decision // top (last) is the next chunk to redo
	redoBy  int                 // the seat that took them back (0 in a replay)
	pending []interp.Decision   // replay: recorded decisions not applied yet
	replay  string              // replay: the save's name

	shown    int         // log lines printed so far
	seen     map[int]int // per seat: log length when it last had the keyboard
	prompted promptKey   // the prompt last announced
	saveErr  string      // last autosave failure reported
	// publicOnly hides private lines at the next flushLog: after a secret
	// choice in hotseat play, the screen must not show what it was.
	publicOnly bool
	overShown  *interp.Match
	errShown   *interp.Match
	// Screen mode: per seat, the log length at its last screen; lines are
	// printed as they come (run, step) rather than with the next screen:
	// how many were (narrated, to the viewing seat since its last screen)
	// and up to which log line. takenUp is the log length when the session
	// took up the match (0 for a new game).
	turnFrom   map[int]int
	streaming  bool
	narrated   int
	narratedTo int
	takenUp    int
	// The keyboard (keyboard.go): the seat whose person is known to be at
	// it (0: nobody yet); whether a person's screen was shown yet; the
	// person whose line history is kept across sessions ("" for none).
	atKeys int
	handed bool
	owner  string
	// secretLine: the line being run was typed for a secret choice, so
	// nothing may quote it.
	secretLine bool
	// Interrupts: the running command's cancel, Ctrl-C presses in a row
	// at the prompt, and a quit asked for while reading (an Enter wait).
	mu      sync.Mutex
	cancel  context.CancelFunc
	ctrlC   int
	quitNow bool

	listed *listing // the moves legal listed last, when it was the last line

	unsaved  bool      // decisions since the last autosave
	savedAt  time.Time // when the game was last autosaved
	saidStop bool      // "Stopped" was said in this command
	// What each seat last saw of each board-like object, for this match.
	extrasOf    *interp.Match
	extrasShown map[extraKey]string
}

// Autosaver keeps a game in progress on disk.
type Autosaver interface {
	// Save is told the game after every change; it may keep bots' moves
	// to write with the next person's decision.
	Save(*interp.Record) error
	// Path is the file the game is kept in.
	Path() string
	// ResumeHint is the command that resumes the game from that file.
	ResumeHint() string
}

type promptKey struct {
	m *interp.Match
	n int
}

// New makes a session for match m. seats says who plays each seat (see
// seating.Parse); nil means one person then bots. Lines are read from in and
// everything is written to out.
func New(m *interp.Match, seats []seating.Seat, in LineReader, out io.Writer) *Session {
	if seats == nil {
		seats, _ = seating.Parse(m.Engine, seating.Default(m.Players()))
	}
	s := &Session{eng: m.Engine, m: m, seats: seats, in: in, out: out, bots: map[int]interp.Bot{}, seen: map[int]int{}, turnFrom: map[int]int{}}
	s.viewer = s.firstHuman()
	if len(m.Decisions()) > 0 {
		// a game resumed: show only its last few lines again
		s.shown = max(0, m.LogLen()-5)
		s.takenUp = m.LogLen()
	}
	return s
}

// StartReplay makes the session step through decisions instead of playing
// them at once: the match should be at the start of the record named
// name. Bots wait while recorded decisions remain.
func (s *Session) StartReplay(name string, decisions []interp.Decision) {
	s.replay = name
	s.pending = append([]interp.Decision(nil), decisions...)
}

// Match returns the match being played (it changes on undo and load).
func (s *Session) Match() *interp.Match { return s.m }

// Seats returns who plays each seat.
func (s *Session) Seats() []seating.Seat { return append([]seating.Seat(nil), s.seats...) }

// Record describes the game as a save.
func (s *Session) Record() *interp.Record { return s.m.NewRecord(seating.Specs(s.seats)) }

// Close releases the match and the bots.
func (s *Session) Close() {
	s.closeBots()
	if s.m != nil {
		s.m.Close()
		s.m = nil
	}
}

// Run prints the start of the game, then reads and runs lines until quit
// or the end of the input. At the end of the input it says whether the
// game is unfinished; that is not an error.
func (s *Session) Run(ctx context.Context) error {
	if s.humans() == 1 {
		s.owner = s.person(s.firstHuman()) // one person alone: his history is kept
	}
	s.share() // a game people join on resuming: its seed is an open deal
	s.intro()
	s.autosave()
	if s.Size == nil {
		s.flushLog() // on a terminal the first screen shows these lines
	}
	defer s.flushAutosave()
	defer func() {
		if s.wrap != nil {
			_ = s.wrap.Flush()
		}
	}()
	s.autoPlay(ctx)
	s.showState()
	for ctx.Err() == nil && !s.quitNow {
		s.flushAutosave() // the game is on disk while the session waits
		s.share()
		if !s.keyboardTaken() {
			break
		}
		secret := s.secretTurn()
		line, err := s.readLine(s.promptText(), secret)
		switch {
		case errors.Is(err, ErrInterrupt):
			if s.ctrlC++; s.ctrlC == 1 {
				s.tell(s.howToQuit())
			} else if s.confirmQuit() {
				return nil
			}
			continue
		case errors.Is(err, io.EOF) && s.Size != nil:
			if s.confirmQuit() {
				return nil
			}
			continue
		case errors.Is(err, io.EOF):
			s.atEOF()
			return nil
		case err != nil:
			return err
		}
		s.ctrlC = 0
		if s.execInterruptible(ctx, line, secret) {
			return nil
		}
	}
	return nil
}

// Exec runs one line and reports whether it asked to quit.
func (s *Session) Exec(ctx context.Context, input string) (quit bool) {
	defer s.flushAutosave()
	defer func() {
		if r := recover(); r != nil {
			s.printf("internal error: %v\n", r)
		}
	}()
	if len(input) > MaxLine {
		if s.secretLine {
			s.printf("That line is too long (at most %d bytes): it was ignored.\n", MaxLine)
		} else {
			s.printf("That line is too long (%d bytes; at most %d): it was ignored.\n", len(input), MaxLine)
		}
		return false
	}
	line, err := command.Parse(input)
	if err != nil {
		s.printf("%s\n", s.lineError(err))
		return false
	}
	if line.Command == "" && len(line.Move) == 0 {
		return false
	}
	return s.exec(ctx, line)
}

// intro says what is being played, by whom, and where it is autosaved.
func (s *Session) intro() {
	info := s.eng.Info
	s.tell(fmt.Sprintf("%s — %d players, %s.", info.Title, s.m.Players(), s.seedText()))
	s.tell(fmt.Sprintf("Seats: %s.", s.seatList()))
	if opts := s.changedOptions(); opts != "" {
		s.tell(fmt.Sprintf("Options: %s.", opts))
	}
	if s.Autosave != nil {
		s.tell(fmt.Sprintf("Autosave: %s (resume with: %s).", s.Autosave.Path(), s.Autosave.ResumeHint()))
	}
	if s.replay != "" {
		s.tell(fmt.Sprintf("Replaying %s: %d recorded decisions. Type next (or step) for the next one, run for all of them; a move you type leaves the record.", s.replay, len(s.pending)))
	}
	s.printf("Type help for the commands, legal for your moves.\n")
}

func (s *Session) seatList() string {
	var parts []string
	for i, seat := range s.seats {
		title := render.SeatTitle(s.m.Seats[i])
		if seat.Human && title != s.m.Seats[i].GameLabel {
			parts = append(parts, title)
			continue
		}
		parts = append(parts, title+" "+s.who(seat))
	}
	return strings.Join(parts, ", ")
}

// who says who plays a seat: "me" or "bot careful".
func (s *Session) who(seat seating.Seat) string {
	if seat.Human {
		return seat.Name
	}
	return "bot " + seat.BotName(s.eng)
}

// changedOptions lists the options that differ from the script's defaults.
func (s *Session) changedOptions() string {
	var parts []string
	for _, d := range s.eng.Info.Options {
		if v, ok := s.m.Config.Options[d.Name]; ok && v != d.Default {
			parts = append(parts, d.Name+"="+v)
		}
	}
	return strings.Join(parts, ", ")
}

// printf prints to the session's output: on a terminal through the one
// wrapping rule (render.Writer), so no line runs past its width.
func (s *Session) printf(format string, a ...any) { fmt.Fprintf(s.output(), format, a...) }

// output is where the session prints: out, through a render.Writer at the
// terminal's width when the session draws on one.
func (s *Session) output() io.Writer {
	if s.Size == nil {
		return s.out
	}
	if s.wrap == nil {
		s.wrap = render.NewWriter(s.out, func() int { w, _ := s.Size(); return w })
	}
	return s.wrap
}

// readLine reads the next line, once everything printed is out.
func (s *Session) readLine(prompt string, secret bool) (string, error) {
	if s.wrap != nil {
		_ = s.wrap.Flush()
	}
	return s.in.ReadLine(prompt, secret)
}

// firstHuman is the first seat a person plays, or 1.
func (s *Session) firstHuman() int {
	for i, seat := range s.seats {
		if seat.Human {
			return i + 1
		}
	}
	return 1
}

func (s *Session) humans() int {
	n := 0
	for _, seat := range s.seats {
		if seat.Human {
			n++
		}
	}
	return n
}

func (s *Session) isHuman(seat int) bool {
	return seat >= 1 && seat <= len(s.seats) && s.seats[seat-1].Human
}

// replaying reports whether recorded decisions are waiting to be applied.
func (s *Session) replaying() bool { return len(s.pending) > 0 }

// promptText is the prompt: the viewing seat's name, and in a replay the
// position in the record.
func (s *Session) promptText() string {
	label := s.m.SeatLabel(s.viewer)
	if s.replaying() {
		return fmt.Sprintf("[%d/%d] %s> ", len(s.m.Decisions()), len(s.m.Decisions())+len(s.pending), label)
	}
	return label + "> "
}

// secretTurn reports whether the line about to be typed is a secret
// choice others at the keyboard must not see.
func (s *Session) secretTurn() bool {
	p := s.m.Prompt()
	return p != nil && p.Secret && s.humans() > 1 && s.isHuman(p.Seat)
}

// lineError is what a person is told of a typed line that is wrong: for
// a secret choice, what was wrong without a word of what was typed.
func (s *Session) lineError(err error) string {
	if !s.secretLine {
		return err.Error()
	}
	var ce *command.Error
	if !errors.As(err, &ce) {
		ce = &command.Error{} // says nothing of the line
	}
	return ce.Secret()
}

// atEOF ends a session whose input ran out.
func (s *Session) atEOF() {
	switch {
	case s.m.Err() != nil:
		s.printf("End of input: the game is stopped by a script error.\n")
	case !s.m.Done():
		s.printf("End of input: the game is unfinished")
		if s.Autosave != nil {
			s.printf(" (autosaved to %s)", s.Autosave.Path())
		}
		s.printf(".\n")
	}
}

// flushLog prints the log lines the viewing seat may read that were not
// printed yet — once its person is at the keyboard: until then they wait
// for the seat's next screen.
func (s *Session) flushLog() {
	if !s.present() {
		return
	}
	for _, l := range s.m.LogFor(s.viewer, s.shown) {
		if s.publicOnly && l.To != interp.AllSeats {
			continue
		}
		s.printf("%s\n", l.Text)
		if s.streaming && s.Size != nil {
			s.narrated += len(s.style().Wrap(l.Text, "  "))
		}
	}
	s.shown = s.m.LogLen()
	if s.streaming {
		s.narratedTo = s.shown
	}
	s.publicOnly = false
}

// decided is called after every change to the record: it autosaves and
// prints the new log lines (on a terminal, the next screen shows them,
// unless they are coming from run or step).
//
// A person's decision is saved at once; a bot's waits for the next save
// (a person's decision, the session waiting for a line, the end) or at
// most autosaveEvery, so a run of bot moves does not write the file after
// each of them.
func (s *Session) decided() {
	s.unsaved = true
	ds := s.m.Decisions()
	if len(ds) == 0 || s.isHuman(ds[len(ds)-1].Seat) || s.m.Prompt() == nil || time.Since(s.savedAt) >= autosaveEvery {
		s.autosave()
	}
	if s.Size == nil || s.streaming {
		s.flushLog()
	}
}

// autosaveEvery is how long bots' decisions may wait to be autosaved.
const autosaveEvery = time.Second

// flushAutosave saves the decisions not saved yet.
func (s *Session) flushAutosave() {
	if s.unsaved {
		s.autosave()
	}
}

func (s *Session) autosave() {
	if s.Autosave == nil {
		return
	}
	s.unsaved, s.savedAt = false, time.Now()
	if err := s.Autosave.Save(s.Record()); err != nil {
		if msg := err.Error(); msg != s.saveErr {
			s.printf("Autosave failed: %v\n", err)
			s.saveErr = msg
		}
		return
	}
	s.saveErr = ""
}

// bot returns the bot that plays (or would play) seat.
func (s *Session) bot(seat int) (interp.Bot, error) {
	name := s.seats[seat-1].BotName(s.eng)
	if b, ok := s.bots[seat]; ok {
		if b.Name() == name {
			return b, nil
		}
		b.Close()
		delete(s.bots, seat)
	}
	b, err := s.eng.NewBot(name, seat, interp.BotSeed(s.m.Config.Seed, seat))
	if err != nil {
		return nil, err
	}
	s.bots[seat] = b
	return b, nil
}

func (s *Session) closeBots() {
	for seat, b := range s.bots {
		b.Close()
		delete(s.bots, seat)
	}
}

// botStep lets the seat to act move as its bot would, once.
func (s *Session) botStep() error {
	p := s.m.Prompt()
	if p == nil {
		return s.noDecision()
	}
	b, err := s.bot(p.Seat)
	if err != nil {
		return err
	}
	i, err := b.Choose(s.m)
	if n, ok := b.(interp.Noticer); ok {
		for _, text := range n.Notices() { // a program that failed (bot:exec)
			s.printLines(s.style().Wrap(text, "  "))
		}
	}
	if err != nil {
		return err
	}
	s.redo = nil
	err = s.m.Step(i)
	s.decided()
	return err
}

// noDecision explains why there is nothing to decide.
func (s *Session) noDecision() error {
	if err := s.m.Err(); err != nil {
		return errors.New("the game is stopped by a script error: reload (once the script is mended), undo, save, load or quit")
	}
	return errors.New("the game is over: nothing is left to decide")
}

// autoPlay lets the bots move while a bot is to act (not while a replay
// waits for the next recorded decision).
func (s *Session) autoPlay(ctx context.Context) {
	s.share()
	for !s.replaying() {
		p := s.m.Prompt()
		if p == nil || s.isHuman(p.Seat) && !s.autoForced(p) {
			return
		}
		if ctx.Err() != nil {
			s.stopped()
			return
		}
		var err error
		if s.isHuman(p.Seat) {
			err = s.forcedStep(p)
		} else {
			err = s.botStep()
		}
		if err != nil {
			s.printErr(err)
			return
		}
	}
}

// forcedStep plays a person's only legal move.
func (s *Session) forcedStep(p *interp.Prompt) error {
	s.redo = nil
	s.publicOnly = s.secretTurn()
	err := s.m.Step(0)
	s.decided()
	return err
}

// showState announces what changed for the person at the keyboard: a
// script error, the end of the game, or a new decision to make.
func (s *Session) showState() {
	if s.Size != nil {
		defer s.flushLog() // what no screen showed: a say, the bots' moves before a wait
	}
	if err := s.m.Err(); err != nil {
		if s.errShown != s.m {
			s.errShown = s.m
			s.printf("%s\n", interp.ErrorText(err))
			s.printf("The game is stopped by a script error: reload (once the script is mended), undo, save, load or quit still work.\n")
		}
		return
	}
	if s.m.Done() {
		if s.overShown != s.m {
			s.overShown = s.m
			if s.Size != nil {
				if s.settle(); s.confirm() {
					s.drawScreen(s.viewer, nil)
				}
			} else {
				s.printf("%s\n", render.Result(s.m.Result(), s.m.Seats))
			}
			if note := takeback.Note(s.m); note != "" {
				s.tell(note)
			}
			s.sayEndSeed()
		}
		return
	}
	p := s.m.Prompt()
	if p == nil {
		return
	}
	key := promptKey{s.m, moves(s.m)}
	if key == s.prompted {
		return
	}
	s.prompted = key
	if s.replaying() {
		d := s.pending[0]
		verb := ":"
		if d.Say {
			verb = " says"
		}
		s.printf("Next in the record: %s%s %s\n", s.m.SeatLabel(d.Seat), verb, d.Text)
		return
	}
	if !s.isHuman(p.Seat) {
		s.tell(fmt.Sprintf("Waiting for %s (bot %s): step or run let it move, human %d plays it yourself.",
			s.m.SeatLabel(p.Seat), s.seats[p.Seat-1].BotName(s.eng), p.Seat))
		return
	}
	if s.Size != nil {
		s.screenTurn(p)
		return
	}
	if p.Seat != s.viewer {
		s.handOver(p.Seat)
	}
	s.showTurn(p)
}

// handOver makes seat the viewing seat of a transcript; with several
// people at the table it asks to pass the keyboard and shows the new
// seat's private lines.
func (s *Session) handOver(seat int) {
	s.handTo(seat)
	if s.humans() < 2 {
		return
	}
	s.printf("\nPass the keyboard to %s.\n", render.SeatTitle(s.m.Seats[seat-1]))
	for _, l := range s.m.LogFor(seat, s.seen[seat]) {
		if l.To != interp.AllSeats {
			s.printf("%s\n", l.Text)
		}
	}
}

// showTurn prints what the seat to act needs to decide: the boards that
// changed, then the table, its hand, and the hint with the legal moves
// (render.Transcript).
func (s *Session) showTurn(p *interp.Prompt) {
	v := s.m.View(p.Seat)
	s.showExtras(p.Seat, v)
	for _, l := range render.Transcript(v, p) {
		s.printf("%s\n", l)
	}
}

// showExtras prints the board-like objects of a seat's view (in colour on
// a terminal) when they look different from the last time that seat saw
// them, so a player sees the board at his turn without asking for it.
func (s *Session) showExtras(seat int, v *interp.View) {
	for _, x := range v.Extras {
		lines := x.Lines
		if s.Color && x.Color != nil {
			lines = x.Color
		}
		picture := strings.Join(lines, "\n")
		if s.extrasOf != s.m {
			s.extrasOf, s.extrasShown = s.m, map[extraKey]string{}
		}
		key := extraKey{seat, x.Name}
		if s.extrasShown[key] == picture {
			continue
		}
		s.extrasShown[key] = picture
		if x.Title != "" {
			s.printf("%s\n", x.Title)
		}
		s.printf("%s\n", picture)
	}
}

// extraKey names one seat's sight of one extra object.
type extraKey struct {
	seat int
	name string
}

// moves counts the answers to prompts (not what was said) in m's record.
func moves(m *interp.Match) int {
	n := 0
	for _, d := range m.Decisions() {
		if !d.Say {
			n++
		}
	}
	return n
}

// printErr prints an error; a script error comes with its traceback. The
// error that stopped the match is left to showState, which says it once.
func (s *Session) printErr(err error) {
	if me := s.m.Err(); me != nil && (err == me || errors.Is(err, me)) {
		return
	}
	s.printf("%s\n", interp.ErrorText(err))
}

// Complete gives the tab completions of a partly typed line: commands and
// the legal moves of the seat to act, when they are the one's at the
// keyboard.
func (s *Session) Complete(line string) []string {
	var opts []string
	if p := s.m.Prompt(); p != nil && s.mayDecide(p) {
		opts = p.Options
	}
	out := command.Complete(line, opts)
	if s.replaying() && strings.HasPrefix("next", strings.ToLower(strings.TrimSpace(line))) {
		out = append(out, "next")
	}
	return out
}
