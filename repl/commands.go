package repl

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/tabletop/tabletop/savefile"

	"github.com/tabletop/tabletop/command"
	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/render"
	"github.com/tabletop/tabletop/seating"
)

// exec runs one parsed line and reports whether it asked to quit.
func (s *Session) exec(ctx context.Context, l *command.Line) bool {
	if l.Command != command.CmdLegal {
		s.listed = nil // legal, after another line, lists from the start
	}
	changed := false
	switch l.Command {
	case "":
		if s.replaying() && len(l.Move) == 1 && strings.EqualFold(l.Move[0].Text, "next") {
			changed = s.replayNext(1)
		} else {
			changed = s.move(l)
		}
	case command.CmdHelp:
		s.help(l.Topic)
	case command.CmdView:
		s.view()
	case command.CmdLegal:
		s.legal(l.Words)
	case command.CmdRules:
		s.rules(l.Topic)
	case command.CmdLog:
		s.log(l.N, l.HasN)
	case command.CmdStep:
		changed = s.step(ctx, max(l.N, 1))
	case command.CmdRun:
		changed = s.run(ctx)
	case command.CmdUndo:
		s.undo(max(l.N, 1))
	case command.CmdRedo:
		changed = s.redoN(max(l.N, 1))
	case command.CmdSave:
		s.save(l.Path)
	case command.CmdLoad:
		s.load(l.Path)
	case command.CmdSeat:
		s.seat(l.N)
	case command.CmdBot:
		changed = s.setBot(l)
	case command.CmdHuman:
		s.setHuman(l)
	case command.CmdNotes:
		s.notes()
	case command.CmdSay:
		s.say(l.Text)
	case command.CmdWhy:
		s.why(l.N, l.HasN)
	case command.CmdReload:
		changed = s.reload(ctx, l.Path)
	case command.CmdQuit:
		return true
	default:
		s.printf("%s is not handled here.\n", l.Command)
	}
	if changed {
		s.autoPlay(ctx)
	}
	s.showState()
	return false
}

// ownHelp says what commands do in this REPL where their keywords say less.
var ownHelp = map[string]string{
	command.CmdStep:   "let the seat to act move as its bot would (its own bot, or the game's default), N times, telling each step, but not another person's",
	command.CmdLegal:  "list the legal moves, numbered (on a terminal a page at a time: legal again for the next), or those with WORDs; a number picks one",
	command.CmdRun:    "let bots finish the game, people's seats included (if the other people agree)",
	command.CmdBot:    "hand seat N (default: yours) to a bot, optionally the bot NAME (another person's: if all agree)",
	command.CmdHuman:  "take seat N (default: yours) back from its bot (one no person had: if all agree)",
	command.CmdNotes:  "run the game's notes tool for your seat, if it has one",
	command.CmdSay:    "say TEXT to the table as your seat; every seat sees it",
	command.CmdUndo:   "take back your last move, or your last N: alone while nothing has come of it, else the others must agree (see Fair play in the README)",
	command.CmdRedo:   "make again the last move taken back, or the last N",
	command.CmdSeat:   "look at the game from seat N, a person's (hotseat play)",
	command.CmdReload: "read the game's script again (or FILE) and replay the game so far under its rules, up to the first decision that no longer fits (at a shared keyboard, if the others agree; alone against bots, as practice)",
}

// replayHelp says what commands do while a replay steps through a record.
var replayHelp = map[string]string{
	command.CmdStep: "apply the next recorded decision, or the next N",
	command.CmdRun:  "apply the rest of the record",
	command.CmdUndo: "take back the last decision, or the last N (next applies them again)",
}

func (s *Session) help(topic string) {
	kws := command.Keywords()
	if topic != "" {
		for _, k := range kws {
			if strings.EqualFold(k.Name, topic) {
				s.printf("%s — %s\n", k.Usage(), helpText(k))
				return
			}
		}
		s.printf("No help on %q. Type help for the list of commands.\n", topic)
		return
	}
	s.printf("Commands:\n")
	if s.replaying() {
		s.printf("  %-14s %s\n", "next", "apply the next recorded decision")
	}
	for _, k := range kws {
		h := helpText(k)
		if r, ok := replayHelp[k.Name]; ok && s.replaying() {
			h = r
		}
		s.printLines(s.style().Wrap(fmt.Sprintf("  %-14s %s", k.Usage(), h), strings.Repeat(" ", 17)))
	}
	s.printf("Moves: type a legal move (unique prefixes are enough, e.g. \"p 2c\" for \"play 2C\"), or its number in the list that legal shows.\n")
	if s.replaying() {
		s.printf("A move you type leaves the record: the rest of it is dropped.\n")
	}
}

func helpText(k command.Keyword) string {
	if h, ok := ownHelp[k.Name]; ok {
		return h
	}
	return k.Help
}

// view prints the viewing seat's view.
func (s *Session) view() {
	s.printLines(render.View(s.m.View(s.viewer), s.style()))
	if err := s.m.Err(); err != nil {
		s.printf("The game is stopped by a script error: %v\n", err)
	}
}

// tell prints a message (word-wrapped on a terminal, as everything is).
func (s *Session) tell(msg string) { s.printf("%s\n", msg) }

func (s *Session) printLines(lines []string) {
	for _, l := range lines {
		s.printf("%s\n", l)
	}
}

// legal lists the legal moves of the seat to act, numbered; grouped when
// there are many; with words, only the moves that have them.
func (s *Session) legal(words []string) {
	p := s.m.Prompt()
	if p == nil {
		s.printf("%v\n", s.noDecision())
		return
	}
	if !s.mayDecide(p) {
		s.tell(s.notYours(p))
		return
	}
	var idx []int
	if len(words) > 0 {
		if idx = render.Filter(p.Options, words); len(idx) == 0 {
			what := strings.Join(words, " ")
			if s.secretLine {
				what = "those words"
			}
			s.printf("No legal move of %s has %s (legal lists them all).\n", s.m.SeatLabel(p.Seat), what)
			return
		}
	}
	head := s.m.SeatLabel(p.Seat) + " to decide"
	if p.Hint != "" {
		head += " (" + p.Hint + ")"
	}
	head += ":"
	st := s.style()
	pages := render.Pages(render.OptionList(p.Options, idx, st), s.pageHeight(head, len(p.Options)))
	n := s.legalPage(words, len(pages))
	s.tell(head)
	for _, e := range pages[n] {
		s.printLines(e.Lines)
	}
	if len(pages) > 1 {
		page := pages[n]
		s.tell(pageFooter(n+1, len(pages), page[0].First, page[len(page)-1].Last, n == len(pages)-1))
	}
}

// listing is the list of moves legal showed last: at which prompt, with
// which words, and its page.
type listing struct {
	at    promptKey
	words string
	page  int
}

// legalPage is the page of a list of n pages that legal shows: the next
// one when legal, with the same words, was the line before at this
// prompt; else the first.
func (s *Session) legalPage(words []string, n int) int {
	l := listing{at: promptKey{s.m, moves(s.m)}, words: strings.ToLower(strings.Join(words, " "))}
	if s.listed != nil && s.listed.at == l.at && s.listed.words == l.words {
		l.page = (s.listed.page + 1) % n
	}
	s.listed = &l
	return l.page
}

// pageHeight is how many lines of moves legal shows at once: on a
// terminal, what the screen holds between the line typed, head, the
// page's footer and the next prompt (0: no limit).
func (s *Session) pageHeight(head string, moves int) int {
	if s.Size == nil {
		return 0
	}
	_, h := s.Size()
	st := s.style()
	footer := pageFooter(9, 9, moves, moves, false)
	return max(4, h-len(st.Wrap(head, "  "))-len(st.Wrap(footer, "  "))-2)
}

// pageFooter says which moves page n of pages shows and how to see the
// others.
func pageFooter(n, of, first, last int, again bool) string {
	next := "next"
	if again {
		next = "first"
	}
	return fmt.Sprintf("Page %d of %d, moves %d-%d: legal again for the %s; a number picks any move.", n, of, first, last, next)
}

// rules prints the game's rules summary, or the sections a topic names.
func (s *Session) rules(topic string) {
	texts, err := s.m.RulesTexts() // as this game plays: its options filled in
	if err != nil {
		s.printf("Cannot read the rules: %v\n", err)
		return
	}
	r := render.ParseRules(texts...)
	if r.Title == "" && len(r.Sections) == 0 && len(r.Summary) == 0 {
		s.printf("%s has no rules summary (a file %s beside the script would hold it).\n", s.eng.Info.Title, rulesFile(s.eng.Path))
		return
	}
	st := s.style()
	if topic == "" {
		s.printLines(st.Markdown(append([]string{"# " + s.eng.Info.Title, ""}, r.Summary...)))
		if topics := r.Topics(); len(topics) > 0 {
			s.tell("Topics (rules TOPIC): " + strings.Join(topics, " · "))
		}
		return
	}
	found := r.Find(topic)
	if len(found) == 0 {
		s.tell(fmt.Sprintf("The rules have nothing on %q. Topics: %s.", topic, strings.Join(r.Topics(), " · ")))
		return
	}
	for i, sec := range found {
		if i > 0 {
			s.printf("\n")
		}
		s.printLines(st.Markdown(append([]string{"## " + sec.Title, ""}, sec.Body...)))
	}
}

func rulesFile(script string) string { return strings.TrimSuffix(script, ".lua") + ".rules.md" }

// log prints the viewing seat's log, or its last n lines, numbered (why
// N explains line N).
func (s *Session) log(n int, hasN bool) {
	lines := s.m.LogFor(s.viewer, 0)
	if len(lines) == 0 {
		s.printf("The log is empty.\n")
		return
	}
	first := 0
	if hasN && n < len(lines) {
		first = len(lines) - n
	}
	s.printLogLines(lines, first)
}

// printLogLines prints lines[first:] of a seat's log, numbered from
// first+1.
func (s *Session) printLogLines(lines []interp.LogLine, first int) {
	width := len(strconv.Itoa(len(lines)))
	for i := first; i < len(lines); i++ {
		s.printf("%*d. %s\n", width, i+1, lines[i].Text)
	}
}

// move applies a typed move for the seat to act.
func (s *Session) move(l *command.Line) bool {
	p := s.m.Prompt()
	if p == nil {
		s.printf("%v\n", s.noDecision())
		return false
	}
	// The options are not read for someone else's move: its errors would
	// list them, and a typo is told from a move by them.
	var opts []string
	if s.mayDecide(p) {
		opts = p.Options
	}
	i, err := command.Match(l.Raw, opts)
	if err != nil {
		if cmd := nearCommand(l.Move[0].Text, opts); cmd != "" && !s.secretLine {
			s.tell(fmt.Sprintf("%q is neither a move nor a command: did you mean %s? (help lists the commands, legal the moves)", l.Move[0].Text, cmd))
		} else if opts == nil {
			s.tell(s.notYours(p))
		} else {
			s.printf("%s\n", s.lineError(err))
		}
		return false
	}
	if s.replaying() {
		if d := s.pending[0]; !d.Say && d.Seat == p.Seat && d.Text == p.Options[i] {
			s.pending = s.pending[1:]
		} else {
			s.printf("You left the record here: its %d remaining decisions are dropped.\n", len(s.pending))
			s.pending = nil
		}
	}
	s.redo = nil
	s.publicOnly = s.secretTurn()
	err = s.m.Step(i)
	s.decided()
	if err != nil {
		s.printErr(err)
	}
	return true
}

// step lets the seat to act move n times as a bot would; in a replay it
// applies the next n recorded decisions.
func (s *Session) step(ctx context.Context, n int) bool {
	if s.replaying() {
		return s.replayNext(n)
	}
	changed := false
	s.streaming = true
	defer func() { s.streaming = false }()
	for i := 0; i < n; i++ {
		if s.m.Prompt() == nil && i > 0 {
			break
		}
		if ctx.Err() != nil {
			s.stopped()
			break
		}
		if why := s.othersMove(s.m.Prompt()); why != "" {
			if i == 0 {
				s.tell(why)
			}
			break // the next person is called to make it
		}
		if err := s.narrate(s.botStep); err != nil {
			s.printErr(err)
			break
		}
		changed = true
	}
	return changed
}

// narrate takes one step (a bot's move, a recorded decision) while step,
// run or a replay narrates them: its lines are printed as they come, and
// on a terminal a step that shows the viewing seat nothing says who
// decided, so each step is told.
func (s *Session) narrate(step func() error) error {
	p, before, decided := s.m.Prompt(), s.m.LogLen(), len(s.m.Decisions())
	err := step()
	if p != nil && s.Size != nil && s.present() && len(s.m.Decisions()) > decided && len(s.m.LogFor(s.viewer, before)) == 0 {
		s.printf("(%s decided.)\n", s.m.SeatLabel(p.Seat))
		s.narrated++
	}
	return err
}

// run lets bots play every seat to the end; in a replay it applies the
// rest of the record.
func (s *Session) run(ctx context.Context) bool {
	if s.replaying() {
		return s.replayNext(len(s.pending))
	}
	if s.m.Prompt() == nil {
		s.printf("%v\n", s.noDecision())
		return false
	}
	if !s.consent(fmt.Sprintf("%s asks to let the bots finish the game: they would make every person's moves.", s.m.SeatLabel(s.viewer))) {
		return false
	}
	s.streaming = true
	defer func() { s.streaming = false }()
	for s.m.Prompt() != nil {
		if ctx.Err() != nil {
			s.stopped()
			break
		}
		if err := s.botStep(); err != nil {
			s.printErr(err)
			break
		}
	}
	return true
}

// replayNext applies the next n recorded decisions.
func (s *Session) replayNext(n int) bool {
	if !s.replaying() {
		s.printf("The record has no more decisions.\n")
		return false
	}
	changed := false
	s.streaming = true
	defer func() { s.streaming = false }()
	for i := 0; i < n && s.replaying(); i++ {
		d := s.pending[0]
		if err := s.narrate(func() error { return s.apply(d) }); err != nil {
			s.printf("Recorded decision %d (%s: %s) does not fit: %s\n", len(s.m.Decisions())+1, s.m.SeatLabel(d.Seat), d.Text, interp.ErrorText(err))
			s.decided()
			break
		}
		s.pending = s.pending[1:]
		changed = true
		s.decided()
	}
	if changed && !s.replaying() {
		s.printf("End of the record.\n")
	}
	return changed
}

// apply makes a recorded decision again.
func (s *Session) apply(d interp.Decision) error {
	if d.Say {
		return s.m.Say(d.Seat, d.Text)
	}
	return s.m.Apply(d.Seat, d.Text)
}

// replace makes m the match being played, closing the old one.
func (s *Session) replace(m *interp.Match) {
	if s.m != nil && s.m != m {
		s.m.Close()
	}
	s.closeBots() // they start afresh, as at the start of a game
	s.m = m
	s.eng = m.Engine
	s.shown = m.LogLen()
	s.seen = map[int]int{}
	s.turnFrom = map[int]int{} // the next screen shows the last events that fit
	s.takenUp = m.LogLen()
	s.narrated = 0
}

// save writes the record to path.
func (s *Session) save(path string) {
	if err := savefile.Save(path, s.Record()); err != nil {
		s.printf("%v\n", err)
		return
	}
	s.printf("Saved to %s (%d decisions).\n", path, len(s.m.Decisions()))
	if s.secretDeal() && !s.m.Done() {
		s.tell("A save holds the seed, and with it every hand: keep it from the players until the game is over.")
	}
}

// load replaces the game with a saved one. A save that does not fit leaves
// the current game as it is.
func (s *Session) load(path string) {
	m, seats, err := s.openRecord(path)
	if err != nil {
		s.printf("Cannot load %s: %s\nThe current game goes on.\n", path, interp.ErrorText(err))
		return
	}
	if !s.consent(fmt.Sprintf("%s asks to load %s in place of this game.", s.m.SeatLabel(s.viewer), path)) {
		m.Close()
		return
	}
	s.replace(m)
	s.seats = seats
	s.redo, s.pending, s.replay = nil, nil, ""
	s.OpenDeal = false // its seed was not given on this command line
	s.handTo(s.firstHuman())
	s.atKeys = 0 // a new table: the privacy screen before any person's view, if several
	s.share()
	s.tell(fmt.Sprintf("Loaded %s: %s, %d players, %s, %d decisions.", path, s.eng.Info.Title, m.Players(), s.seedText(), len(m.Decisions())))
	s.printf("Seats: %s.\n", s.seatList())
	s.autosave()
	if s.Size == nil { // on a terminal the next screen shows them, to its person
		s.shown = max(0, m.LogLen()-5) // the last few lines, for context
		s.flushLog()
	}
}

// openRecord reads a save and replays it, with the script it names.
func (s *Session) openRecord(path string) (*interp.Match, []seating.Seat, error) {
	rec, err := savefile.Load(path)
	if err != nil {
		return nil, nil, err
	}
	eng := s.eng
	if !sameFile(rec.Script, eng.Path) {
		if s.LoadScript == nil {
			return nil, nil, fmt.Errorf("it is a game of %s, not of %s", rec.Script, eng.Path)
		}
		if eng, err = s.LoadScript(rec.Script); err != nil {
			return nil, nil, err
		}
	}
	seats, err := seating.FromRecord(eng, rec)
	if err != nil {
		return nil, nil, err
	}
	m, err := eng.ReplayRecord(rec)
	if err != nil {
		return nil, nil, err
	}
	if rec.Hash != "" && rec.Hash != eng.Hash {
		s.printf("Note: %s has changed since this game was saved; its decisions still fit.\n", eng.Path)
	}
	return m, seats, nil
}

func sameFile(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	fa, err1 := os.Stat(a)
	fb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(fa, fb)
}

// seat makes seat n the viewing seat: only a person's seat (a bot's hand
// is no one's to see), after the privacy screen on a terminal. In a
// replay any seat may be looked at.
func (s *Session) seat(n int) {
	switch {
	case n < 1 || n > s.m.Players():
		s.printf("There is no seat %d: seats are 1 to %d.\n", n, s.m.Players())
		return
	case !s.isHuman(n) && s.replay == "":
		s.printf("%s is played by a bot: what it holds is no one's to see (human %d takes the seat over).\n", s.m.SeatLabel(n), n)
		return
	}
	s.handTo(n)
	if s.confirm() {
		s.view()
	}
}

// seatArg is the seat a bot or human command names, or the viewing seat.
func (s *Session) seatArg(l *command.Line) (int, error) {
	if !l.HasN {
		return s.viewer, nil
	}
	if l.N > s.m.Players() {
		return 0, fmt.Errorf("there is no seat %d: seats are 1 to %d", l.N, s.m.Players())
	}
	return l.N, nil
}

// setBot hands a seat to a bot.
func (s *Session) setBot(l *command.Line) bool {
	n, err := s.seatArg(l)
	if err != nil {
		s.printf("%v\n", err)
		return false
	}
	name := l.Name
	if name == "" {
		name = s.seats[n-1].Bot
	}
	if err := s.eng.CheckBot(name); err != nil {
		s.printf("%v\n", err)
		return false
	}
	if !s.mayHandToBot(n, name) {
		return false
	}
	s.seats[n-1].Human = false
	s.seats[n-1].Bot = name
	s.printf("%s is played by the bot %s.\n", s.m.SeatLabel(n), s.seats[n-1].BotName(s.eng))
	s.redo = nil
	s.autosave()
	return true
}

// setHuman gives a seat to a person.
func (s *Session) setHuman(l *command.Line) {
	n, err := s.seatArg(l)
	if err != nil {
		s.printf("%v\n", err)
		return
	}
	seat := &s.seats[n-1]
	if seat.Human {
		s.printf("%s is already played by %s.\n", s.m.SeatLabel(n), seat.Name)
		return
	}
	if !s.mayTakeSeat(n) {
		return
	}
	seat.Human = true
	if seat.Name == "" {
		seat.Name = "me"
	}
	s.printf("%s is played by %s now.\n", s.m.SeatLabel(n), seat.Name)
	if p := s.m.Prompt(); p != nil && p.Seat == n {
		s.prompted = promptKey{} // announce its decision
	}
	if s.share() {
		s.sayOpenDeal() // a person joins a game one person played alone
	}
	s.autosave()
}

// notes runs the game's notes tool for the viewing seat.
func (s *Session) notes() {
	has := false
	for _, t := range s.eng.Info.Tools {
		has = has || t == "notes"
	}
	if !has {
		s.printf("%s has no notes.\n", s.eng.Info.Title)
		return
	}
	text, err := s.eng.RunTool(s.m, "notes", s.viewer)
	if err != nil {
		s.printErr(err)
		return
	}
	s.printf("%s\n", strings.TrimRight(text, "\n"))
}

// say records a chat line by the viewing seat.
func (s *Session) say(text string) {
	before := len(s.m.Decisions())
	err := s.m.Say(s.viewer, text)
	if len(s.m.Decisions()) == before {
		s.printf("%v\n", err)
		return
	}
	if s.replaying() {
		s.printf("You left the record here: its %d remaining decisions are dropped.\n", len(s.pending))
		s.pending = nil
	}
	s.redo = nil
	s.decided()
	if err != nil {
		s.printErr(err)
	}
}
