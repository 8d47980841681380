package repl

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/render"
	"github.com/tabletop/tabletop/repl/command"
)

// exec runs one parsed line and reports whether it asked to quit.
func (s *Session) exec(ctx context.Context, l *command.Line) bool {
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

// stepHelp and runHelp say what step and run do in this REPL.
var ownHelp = map[string]string{
	command.CmdStep:  "let the seat to act move as its bot would (its own bot, or the game's default), N times",
	command.CmdRun:   "let bots finish the game, people's seats included",
	command.CmdNotes: "run the game's notes tool for your seat, if it has one",
	command.CmdSay:   "say TEXT to the table as your seat; every seat sees it",
	command.CmdUndo:  "take back your last move (and the bots' moves after it), or your last N",
	command.CmdRedo:  "make again the last move taken back, or the last N",
	command.CmdSeat:  "look at the game from seat N, a person's (hotseat play)",
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
	s.printf("Moves: type a legal move (unique prefixes are enough, e.g. \"p 2c\" for \"play 2C\"),\n")
	s.printf("or its number in the list that legal shows.\n")
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

// tell prints a message, word-wrapped on a terminal.
func (s *Session) tell(msg string) { s.printLines(s.style().Wrap(msg, "  ")) }

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
	var idx []int
	if len(words) > 0 {
		if idx = render.Filter(p.Options, words); len(idx) == 0 {
			s.printf("No legal move of %s has %s (legal lists them all).\n", s.m.SeatLabel(p.Seat), strings.Join(words, " "))
			return
		}
	}
	head := s.m.SeatLabel(p.Seat) + " to decide"
	if p.Hint != "" {
		head += " (" + p.Hint + ")"
	}
	st := s.style()
	s.printLines(st.Wrap(head+":", "  "))
	s.printLines(render.Options(p.Options, idx, st))
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
			s.printLines(st.Wrap("Topics (rules TOPIC): "+strings.Join(topics, " · "), "  "))
		}
		return
	}
	found := r.Find(topic)
	if len(found) == 0 {
		s.printLines(st.Wrap(fmt.Sprintf("The rules have nothing on %q. Topics: %s.", topic, strings.Join(r.Topics(), " · ")), "  "))
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

// log prints the viewing seat's log, or its last n lines.
func (s *Session) log(n int, hasN bool) {
	lines := s.m.LogFor(s.viewer, 0)
	if hasN && n < len(lines) {
		lines = lines[len(lines)-n:]
	}
	if len(lines) == 0 {
		s.printf("The log is empty.\n")
	}
	for _, l := range lines {
		s.printf("%s\n", l.Text)
	}
}

// move applies a typed move for the seat to act.
func (s *Session) move(l *command.Line) bool {
	p := s.m.Prompt()
	if p == nil {
		s.printf("%v\n", s.noDecision())
		return false
	}
	i, err := command.Match(l.Raw, p.Options)
	if err != nil {
		if cmd := nearCommand(l.Move[0].Text, p.Options); cmd != "" {
			s.tell(fmt.Sprintf("%q is neither a move nor a command: did you mean %s? (help lists the commands, legal the moves)", l.Move[0].Text, cmd))
			return false
		}
		s.printf("%v\n", err)
		return false
	}
	if s.humans() > 1 && s.isHuman(p.Seat) && p.Seat != s.viewer && s.replay == "" {
		s.tell(fmt.Sprintf("It is %s's move, not %s's: seat %d passes the keyboard back.", s.m.SeatLabel(p.Seat), s.m.SeatLabel(s.viewer), p.Seat))
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
		if err := s.botStep(); err != nil {
			s.printErr(err)
			break
		}
		changed = true
	}
	return changed
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
	for i := 0; i < n && s.replaying(); i++ {
		d := s.pending[0]
		if err := s.apply(d); err != nil {
			s.printf("Recorded decision %d (%s: %s) does not fit: %s\n", len(s.m.Decisions())+1, s.m.SeatLabel(d.Seat), d.Text, ErrorText(err))
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

// undo goes back to before the n-th last decision made at a person's seat
// (in a replay, before the n-th last decision), by replaying the rest.
func (s *Session) undo(n int) {
	ds := s.m.Decisions()
	var cuts []int // indices of the decisions one can go back before
	for i, d := range ds {
		if !d.Say && (s.replay != "" || s.isHuman(d.Seat)) {
			cuts = append(cuts, i)
		}
	}
	if len(cuts) == 0 {
		s.printf("Nothing to undo.\n")
		return
	}
	n = min(n, len(cuts))
	k := cuts[len(cuts)-n]
	m, err := s.eng.Replay(s.m.Config, ds[:k])
	if err != nil {
		s.printf("Cannot undo: %s\n", ErrorText(err))
		return
	}
	undone := ds[k:]
	if s.replay != "" {
		s.pending = append(append([]interp.Decision(nil), undone...), s.pending...)
	} else {
		// one chunk per person's decision, pushed latest first
		bounds := append(cuts[len(cuts)-n:], len(ds))
		for i := n - 1; i >= 0; i-- {
			s.redo = append(s.redo, append([]interp.Decision(nil), ds[bounds[i]:bounds[i+1]]...))
		}
	}
	s.replace(m)
	s.autosave()
	what := ds[k].Text
	if s.humans() > 1 && ds[k].Seat != s.viewer {
		what = "move" // another person's choice may have been secret
	}
	s.printf("Took back %d decision(s): back before %s's %s.\n", len(undone), s.m.SeatLabel(ds[k].Seat), what)
}

// redoN makes again the last n chunks that undo took back.
func (s *Session) redoN(n int) bool {
	if len(s.redo) == 0 {
		s.printf("Nothing to redo.\n")
		return false
	}
	changed := false
	for ; n > 0 && len(s.redo) > 0; n-- {
		chunk := s.redo[len(s.redo)-1]
		s.redo = s.redo[:len(s.redo)-1]
		for _, d := range chunk {
			if err := s.apply(d); err != nil {
				s.printf("Cannot redo %s: %s\n", d.Text, ErrorText(err))
				s.redo = nil
				s.decided()
				return true
			}
			changed = true
		}
		s.decided()
	}
	return changed
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
}

// save writes the record to path.
func (s *Session) save(path string) {
	if err := interp.SaveRecord(path, s.Record()); err != nil {
		s.printf("%v\n", err)
		return
	}
	s.printf("Saved to %s (%d decisions).\n", path, len(s.m.Decisions()))
}

// load replaces the game with a saved one. A save that does not fit leaves
// the current game as it is.
func (s *Session) load(path string) {
	m, seats, err := s.openRecord(path)
	if err != nil {
		s.printf("Cannot load %s: %s\nThe current game goes on.\n", path, ErrorText(err))
		return
	}
	s.replace(m)
	s.seats = seats
	s.redo, s.pending, s.replay = nil, nil, ""
	s.viewer = s.firstHuman()
	s.mustPass = s.humans() > 1 // on a terminal, the privacy screen before any person's view
	s.printf("Loaded %s: %s, %d players, seed %d, %d decisions.\n", path, s.eng.Info.Title, m.Players(), m.Config.Seed, len(m.Decisions()))
	s.printf("Seats: %s.\n", s.seatList())
	s.autosave()
	if s.Size == nil { // on a terminal the next screen shows them, to its person
		s.shown = max(0, m.LogLen()-5) // the last few lines, for context
		s.flushLog()
	}
}

// openRecord reads a save and replays it, with the script it names.
func (s *Session) openRecord(path string) (*interp.Match, []Seat, error) {
	rec, err := interp.LoadRecord(path)
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
	seats, err := RecordSeats(eng, rec)
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

// RecordSeats returns who plays each seat of a saved game: the seats it
// lists, or one person then bots.
func RecordSeats(eng *interp.Engine, rec *interp.Record) ([]Seat, error) {
	if len(rec.Seats) == 0 {
		return ParseSeats(eng, DefaultSeats(rec.Players))
	}
	return ParseSeats(eng, rec.Seats)
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
	if s.Size != nil && n != s.viewer {
		if !s.passTo(n) {
			return
		}
	} else {
		s.seen[s.viewer] = s.shown
		s.viewer = n
	}
	s.view()
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
	s.seats[n-1].Human = false
	s.seats[n-1].Bot = name
	s.printf("%s is played by the bot %s.\n", s.m.SeatLabel(n), s.botName(s.seats[n-1]))
	if s.humans() > 0 && !s.isHuman(s.viewer) {
		s.seen[s.viewer] = s.shown
		s.viewer = s.firstHuman()
		s.mustPass = true // on a terminal, the privacy screen before any person's view
	}
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
	seat.Human = true
	if seat.Name == "" {
		seat.Name = "me"
	}
	s.printf("%s is played by %s now.\n", s.m.SeatLabel(n), seat.Name)
	if p := s.m.Prompt(); p != nil && p.Seat == n {
		s.prompted = promptKey{} // announce its decision
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
