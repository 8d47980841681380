package repl

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/tabletop/tabletop/interp"
)

// Changing a rule while the game goes on. reload reads the game's script
// again — with its modules, and the game a variant requires — or another
// script, and replays every decision so far under its rules, up to the
// first that no longer fits: a move no longer legal there, a decision now
// another seat's, a game over sooner, or the script failing (file:line).
// The game goes on from there; the decisions after it are dropped, and
// the session says so. The new game is a new match: the redo stack (moves
// made under the old rules) is emptied, the bots start afresh, as after an
// undo, and the autosave names the new script and its hash. At a shared
// keyboard it changes the game for everyone, so everyone else must agree;
// a person alone, or a replay, just reloads.
//
// A built-in game is the copy inside tabletop, which no edit changes:
// reloading it by its name says how to change it instead.

// reload reads the game's script again, or the script at path, and
// replays the game so far under it. It reports whether the game changed.
//
// Whoever must agree is asked after the script is read (its errors show
// only the script) and before it runs on this game: from then on what it
// prints, the errors it raises and which decisions still fit can tell of
// what is hidden (reloadAllowed).
func (s *Session) reload(ctx context.Context, path string) bool {
	if s.ReloadScript == nil {
		s.tell("reload is not available here.")
		return false
	}
	old := s.m.Engine
	from := path
	if from == "" {
		from = scriptOf(old)
	}
	eng, err := s.ReloadScript(from)
	if err != nil {
		s.printf("Cannot reload %s: %s\nThe game goes on under the rules it had.\n", from, interp.ErrorText(err))
		return false
	}
	if path == "" && builtIn(old) && eng.Hash == old.Hash {
		s.tell(builtInHelp(old))
		return false
	}
	if !s.reloadAllowed(eng.Path) {
		return false
	}
	practice := s.soloWithBots() // what the new script shows, the game must pay for
	r, err := refit(ctx, eng, s.m)
	if err == nil && practice && !r.m.Practice() {
		if err = r.markPractice(eng, s.viewer); err != nil {
			r.m.Close()
		}
	}
	if err != nil {
		if ctx.Err() != nil {
			s.stopped()
		} else {
			s.printf("Cannot reload %s: %s\n", eng.Path, interp.ErrorText(err))
		}
		s.tell("The game goes on under the rules it had.")
		if practice {
			s.practiceAnyway()
		}
		return practice
	}
	s.takeUp(r, old)
	return true
}

// reloadAllowed asks whoever must agree to a reload from path. A changed
// script can show anyone anything — a line, an error or a print that
// tells every hand; even which of the bots' moves still fit tells of
// their cards — so a reload in the middle of a game with secrets is fair
// only with the consent of those whose secrets it could show: at a
// shared keyboard every other person must agree; at a table of one
// person and bots, the person says yes to the game becoming practice (as
// a takeback after seeing what followed does: the save and the result
// say so). A person alone, a practice game, or a replay (whose record
// shows everything anyway) just reloads.
func (s *Session) reloadAllowed(path string) bool {
	switch {
	case s.sharedTable():
		return s.consent(fmt.Sprintf("%s asks to reload the rules from %s and replay the game so far under them. "+
			"A changed script can show anyone what any seat holds.", s.m.SeatLabel(s.viewer), path))
	case s.soloWithBots() && !s.m.Practice():
		s.tell(fmt.Sprintf("Reloading the rules from %s replays the game so far under them. "+
			"A changed script could show you what the bots hold, so the game becomes practice: its save and its result say so.", path))
		return s.yes("Reload? (yes/no) ", "The game goes on under the rules it had.")
	}
	return true
}

// soloWithBots reports whether one person plays against bots (not in a
// replay): the bots' secrets are the ones a reload could show.
func (s *Session) soloWithBots() bool {
	return s.replay == "" && s.humans() == 1 && len(s.seats) > 1
}

// practiceAnyway makes the game practice after a reload that failed once
// the new script had run on it: what it printed or raised may have shown
// the bots' secrets all the same.
func (s *Session) practiceAnyway() {
	if s.m.Practice() {
		return
	}
	m := s.m
	tbs := append(append([]interp.Takeback(nil), m.Takebacks()...), interp.Takeback{Seat: s.viewer, At: len(m.Decisions()), How: interp.Reloaded})
	if p, err := m.Engine.ReplayTakebacks(m.Config, m.Decisions(), tbs); err == nil {
		s.replace(p)
		s.redo, s.redoBy = nil, 0
	} else {
		m.SetTakebacks(tbs) // a game its script stopped: the save and the result say so
	}
	s.tell(s.m.TakebackText(tbs[len(tbs)-1]))
	s.autosave()
}

// scriptOf is what reload reads for an engine: a built-in game by its
// name, a file by the path it was given as.
func scriptOf(e *interp.Engine) string {
	if builtIn(e) {
		return e.Script
	}
	return e.Path
}

// builtIn reports whether e is a game built into tabletop: a save names
// it by its name, not by a path.
func builtIn(e *interp.Engine) bool {
	return !strings.ContainsAny(e.Script, `/\`) && !strings.HasSuffix(e.Script, ".lua")
}

// builtInHelp says how to change a rule of a built-in game.
func builtInHelp(e *interp.Engine) string {
	name := e.Script
	return fmt.Sprintf("%s is built into tabletop: reload reads its built-in copy, which no edit changes. "+
		"To change a rule, copy the script out (tabletop list --source %s > my_%s.lua), edit the copy and type reload my_%s.lua; "+
		"or write a variant that requires %q and changes the rule (see Writing a variant in the README), and reload it.",
		e.Info.Title, name, name, name, name)
}

// refitted is a game replayed under a reloaded script: the match, how
// many of the decisions fit, of how many, and why the first that did not
// no longer fits.
type refitted struct {
	m        *interp.Match
	cfg      interp.Config
	ds       []interp.Decision // the decisions of the game reloaded
	kept     []interp.Takeback // its takebacks before the first misfit
	fit, of  int
	misfit   interp.Decision
	why      string
	moveText string // the misfit as it may be named here: its text, or a word for a secret
}

// allFit says that the n decisions so far fit (... some rules).
func allFit(n int) string {
	switch n {
	case 0:
		return "no decision was made yet to replay under"
	case 1:
		return "the one decision so far fits"
	}
	return fmt.Sprintf("all %d decisions fit", n)
}

// decisions is "1 decision" or "N decisions".
func decisions(n int) string { return plural(n, "1 decision", fmt.Sprintf("%d decisions", n)) }

// dropped names the decisions a reload drops.
func (r *refitted) dropped() string {
	if r.fit+1 == r.of {
		return fmt.Sprintf("decision %d is dropped", r.of)
	}
	return fmt.Sprintf("decisions %d to %d (%d of them) are dropped", r.fit+1, r.of, r.of-r.fit)
}

// refit replays the decisions of m under eng, as far as they fit, with
// m's configuration and takebacks. It fails when the game does not start
// under eng at all, or when ctx is done first (Ctrl-C).
func refit(ctx context.Context, eng *interp.Engine, m *interp.Match) (*refitted, error) {
	cfg, ds, tbs := m.Config, m.Decisions(), m.Takebacks()
	probe, err := eng.NewMatch(cfg)
	if err != nil {
		return nil, fmt.Errorf("the game does not start under it: %w", err)
	}
	stop := context.AfterFunc(ctx, func() { probe.Interrupt("stopped") })
	r := &refitted{m: probe, cfg: cfg, ds: ds, of: len(ds)}
	secret := false
	for ; r.fit < len(ds); r.fit++ {
		d := ds[r.fit]
		p := probe.Prompt()
		secret = p != nil && p.Seat == d.Seat && p.Secret
		if why := fits(probe, d); why != "" {
			r.misfit, r.why = d, why
			break
		}
	}
	stop()
	if err := ctx.Err(); err != nil {
		probe.Close()
		return nil, err
	}
	for _, tb := range tbs {
		if tb.At <= r.fit {
			r.kept = append(r.kept, tb)
		}
	}
	// The replay goes on as the game. One the script failed in is made
	// again up to before the failure; one with takebacks is made again
	// with the lines that tell of them.
	if probe.Err() != nil || len(tbs) > 0 {
		probe.Close()
		if r.m, err = eng.ReplayTakebacks(cfg, ds[:r.fit], r.kept); err != nil {
			return nil, err
		}
	}
	if r.fit < r.of {
		r.moveText = r.misfit.Text
		if secret || wasSecret(m.Engine, cfg, ds[:r.fit+1]) {
			r.moveText = "" // named only where it may be (moveName)
		}
	}
	return r, nil
}

// markPractice makes the replayed game again with a line that says seat
// changed the rules: the game is practice from here on (interp.Reloaded).
func (r *refitted) markPractice(eng *interp.Engine, seat int) error {
	tbs := append(append([]interp.Takeback(nil), r.kept...), interp.Takeback{Seat: seat, At: r.fit, Undone: r.of - r.fit, How: interp.Reloaded})
	m, err := eng.ReplayTakebacks(r.cfg, r.ds[:r.fit], tbs)
	if err != nil {
		return err
	}
	r.m.Close()
	r.m = m
	return nil
}

// fits applies decision d to the probe, and says why it does not fit
// ("" when it does).
func fits(probe *interp.Match, d interp.Decision) string {
	p := probe.Prompt()
	switch {
	case p == nil && probe.Err() != nil:
		return "the game stopped before it: " + interp.ErrorText(probe.Err())
	case p == nil:
		return "the game is over before it."
	case d.Say:
		if err := probe.Say(d.Seat, d.Text); err != nil {
			return "the script fails on it: " + interp.ErrorText(err)
		}
		return ""
	case p.Seat != d.Seat:
		return fmt.Sprintf("it is %s's decision there now.", probe.SeatLabel(p.Seat))
	case p.Index(d.Text) < 0:
		return "it is not a legal move there now."
	}
	if err := probe.Apply(d.Seat, d.Text); err != nil {
		return "the script fails on it: " + interp.ErrorText(err)
	}
	return ""
}

// wasSecret reports whether the last of ds was a secret choice under the
// rules of eng (the old ones): replaying them tells.
func wasSecret(eng *interp.Engine, cfg interp.Config, ds []interp.Decision) bool {
	last := ds[len(ds)-1]
	if last.Say {
		return false
	}
	m, err := eng.Replay(cfg, ds[:len(ds)-1], interp.Silent)
	if err != nil {
		return true // not known: taken for a secret
	}
	defer m.Close()
	p := m.Prompt()
	return p == nil || p.Secret
}

// takeUp makes the replayed game the one played and says what became of
// the game.
func (s *Session) takeUp(r *refitted, old *interp.Engine) {
	before := s.shownLog()
	s.replace(r.m)
	s.redo, s.redoBy = nil, 0
	var said []string
	if r.fit < r.of {
		verb := ":"
		if r.misfit.Say {
			verb = " says"
		}
		said = append(said, fmt.Sprintf("Decision %d (%s%s %s) no longer fits: %s", r.fit+1, s.m.SeatLabel(r.misfit.Seat), verb, s.moveName(r), r.why))
		said = append(said, fmt.Sprintf("The game goes on from before it: %s.", r.dropped()))
		if s.replaying() {
			said = append(said, fmt.Sprintf("The rest of the record (%s) is dropped too.", decisions(len(s.pending))))
			s.pending = nil
		}
	} else {
		what := fmt.Sprintf("Reloaded %s: %s its rules.", r.m.Engine.Path, allFit(r.of))
		if r.m.Engine.Hash == old.Hash && r.m.Engine.Path == old.Path {
			what = fmt.Sprintf("Reloaded %s, which has not changed: %s it.", r.m.Engine.Path, allFit(r.of))
		}
		said = append(said, what)
	}
	said = append(said, s.seatsAfterReload()...)
	said = append(said, s.logChange(before)...)
	for _, line := range said {
		s.tell(line)
	}
	s.shown = s.m.LogLen()
	if s.Size != nil { // what was said stays in sight above the next screen
		for _, line := range said {
			s.narrated += len(s.style().Wrap(line, "  "))
		}
		s.narratedTo = 0
		if !strings.HasPrefix(said[len(said)-1], "The log reads as before") {
			s.narratedTo = s.m.LogLen() // the changed lines were shown
		}
	}
	s.autosave()
}

// moveName is how the decision that no longer fits is named: its text,
// unless it was a secret choice someone here may not know — another
// person's at a shared keyboard, a bot's — which a replay shows all the
// same.
func (s *Session) moveName(r *refitted) string {
	if r.moveText != "" || r.misfit.Say || s.replay != "" || s.humans() == 1 && s.isHuman(r.misfit.Seat) {
		return r.misfit.Text
	}
	return "a secret choice"
}

// seatsAfterReload gives each bot the reloaded script does not have the
// game's default bot, and says so.
func (s *Session) seatsAfterReload() []string {
	var said []string
	for i := range s.seats {
		seat := &s.seats[i]
		if seat.Human || seat.Bot == "" {
			continue
		}
		if err := s.eng.CheckBot(seat.Bot); err != nil {
			said = append(said, fmt.Sprintf("%s's bot %s is not in the reloaded script: %s plays it.", s.m.SeatLabel(i+1), seat.Bot, s.eng.DefaultBot()))
			seat.Bot = ""
		}
	}
	return said
}

// shownLog is the viewing seat's log as reload may compare and show it:
// the lines it may read — at a shared keyboard only the public ones, for
// whoever is at the keyboard after the others agreed may be someone else —
// each with its number in the seat's log.
func (s *Session) shownLog() []numbered {
	var out []numbered
	for i, l := range s.m.LogFor(s.viewer, 0) {
		if s.sharedTable() && l.To != interp.AllSeats {
			continue
		}
		out = append(out, numbered{i + 1, l.Text})
	}
	return out
}

// numbered is a line of a seat's log with its number there.
type numbered struct {
	n    int
	text string
}

// logChange says where the viewing seat's log reads differently after a
// reload than before, with the last lines from there.
func (s *Session) logChange(before []numbered) []string {
	after := s.shownLog()
	j := 0
	for j < len(before) && j < len(after) && before[j] == after[j] {
		j++
	}
	switch {
	case j == len(after) && j == len(before):
		return []string{"The log reads as before."}
	case j == len(after) && j == 0:
		return []string{"The log reads as before, up to its start."}
	case j == len(after):
		return []string{fmt.Sprintf("The log reads as before, up to its line %d.", after[j-1].n)}
	}
	out := []string{fmt.Sprintf("The log reads differently from line %d on (why N says which rule wrote line N):", after[j].n)}
	width := len(strconv.Itoa(after[len(after)-1].n))
	for _, l := range after[max(j, len(after)-reloadLines):] {
		out = append(out, fmt.Sprintf("%*d. %s", width, l.n, l.text))
	}
	return out
}

// reloadLines is how many of the log's changed lines a reload shows.
const reloadLines = 6
