package repl

import (
	"fmt"

	"github.com/tabletop/tabletop/interp"
)

// Fair play at a table two or more people share, beyond the keyboard's
// pause (keyboard.go) and taking moves back (takeback.go): the seed, and
// who may change who plays a seat.
//
// The seed is the deal: with the script, whoever knows it works out every
// hand. A seed drawn for a game two or more people start together is
// secret until the game is over; one given on the command line is an open
// deal (everyone at the keyboard saw it); a person alone with bots sees
// his, since nothing is hidden from anybody else — and when a second
// person joins such a game, the seed he saw is told to everyone.
//
// At a table of two or more people, a person hands his own seat to a bot
// and takes it back as he likes; what would show him a hand that is not
// his (a bot's seat made a person's) or make another person's moves (his
// seat handed to a bot, run, load) needs every other person's consent,
// asked as a takeback's is; step makes no other person's move.

// secretDeal reports whether the game's seed is kept from the screen until
// the game is over: two or more people shared the game from its start
// (Config.SharedFrom 1) and its seed was drawn for it. A replay steps
// through a record, seed and all.
func (s *Session) secretDeal() bool {
	return s.replay == "" && !s.OpenDeal && s.m.Config.SharedFrom == 1
}

// seedText says the seed as the people at the keyboard may know it: "seed
// 7", or that it is secret.
func (s *Session) seedText() string {
	switch {
	case s.secretDeal() && !s.m.Done():
		return "the seed is secret until the game is over"
	case s.replay != "" || s.humans() < 2:
		return fmt.Sprintf("seed %d", s.m.Config.Seed)
	}
	return fmt.Sprintf("seed %d: an open deal (%s)", s.m.Config.Seed, s.openWhy())
}

// openWhy says why the seed of a game people share is open.
func (s *Session) openWhy() string {
	if s.OpenDeal {
		return "given on the command line, so anyone who saw it can work out every hand"
	}
	return "it was shown while one person played alone"
}

// sayOpenDeal tells the people at the keyboard the seed when a person
// joins a game whose seed was shown: everyone may know what one of them
// saw.
func (s *Session) sayOpenDeal() {
	if s.humans() >= 2 && s.replay == "" && !s.secretDeal() {
		s.tell(fmt.Sprintf("Everyone here may know the seed: %d, an open deal (%s).", s.m.Config.Seed, s.openWhy()))
	}
}

// sayEndSeed shows a secret seed once the game is over.
func (s *Session) sayEndSeed() {
	if s.secretDeal() {
		s.tell(fmt.Sprintf("The seed, secret until the end: %d.", s.m.Config.Seed))
	}
}

// sharedTable reports whether two or more people play at the table. A
// replay steps through a record: anyone may do anything there.
func (s *Session) sharedTable() bool { return s.replay == "" && s.humans() >= 2 }

// consent asks every other person at a shared table whether he agrees to
// what request says (the one at the keyboard asks), and reports whether
// all do; at a table of one person there is nobody to ask.
func (s *Session) consent(request string) bool {
	if !s.sharedTable() {
		return true
	}
	var others []int
	for i, seat := range s.seats {
		if seat.Human && i+1 != s.viewer {
			others = append(others, i+1)
		}
	}
	return s.askEach(request, others, "nothing changes.")
}

// askEach asks the people of seats in turn whether they agree to what
// request says; no ends the answer of one who does not. On a terminal
// the asker's screen leaves it first, before anyone else comes to the
// keyboard: what is said from here on stays in sight until the privacy
// pause, after which the asker's screen comes back. It reports whether
// all agreed.
func (s *Session) askEach(request string, seats []int, no string) bool {
	if s.Size != nil {
		s.printf("%s", clearScreen)
		s.handed, s.atKeys = false, 0 // the next screen waits for the pause
		s.typist(0)                   // and nobody's history is on the line
		s.prompted = promptKey{}
	}
	s.tell(request)
	for _, seat := range seats {
		name := s.m.SeatLabel(seat)
		if !s.yes(name+", do you agree? (yes/no) ", name+" does not agree: "+no) {
			return false
		}
	}
	return true
}

// mayHandToBot reports whether seat n may go to the bot name: a person's
// own seat, or a bot's, may; another person's, once everyone agrees.
func (s *Session) mayHandToBot(n int, name string) bool {
	if !s.isHuman(n) || n == s.viewer {
		return true
	}
	if name == "" {
		name = s.eng.DefaultBot()
	}
	who := s.m.SeatLabel(n)
	return s.consent(fmt.Sprintf("%s asks to let the bot %s play %s's seat: it would make %s's moves from now on.", s.m.SeatLabel(s.viewer), name, who, who))
}

// mayTakeSeat reports whether a person may take bot's seat n: its own
// person, back from the bot he handed it to (the seat keeps his name);
// anyone else sees a hand no person saw, so once everyone agrees.
func (s *Session) mayTakeSeat(n int) bool {
	if s.seats[n-1].Name != "" {
		return true
	}
	return s.consent(fmt.Sprintf("%s asks to make %s a person's seat: whoever plays it will see what its bot holds.", s.m.SeatLabel(s.viewer), s.m.SeatLabel(n)))
}

// othersMove says why step does not make p's move, when it is another
// person's at a shared table ("" when it may).
func (s *Session) othersMove(p *interp.Prompt) string {
	if p == nil || !s.sharedTable() || !s.isHuman(p.Seat) || p.Seat == s.viewer {
		return ""
	}
	return fmt.Sprintf("It is %s's move, %s's to make: step makes only your own moves and the bots' (run lets the bots finish the game, if everyone agrees).", s.m.SeatLabel(p.Seat), s.m.SeatLabel(p.Seat))
}
