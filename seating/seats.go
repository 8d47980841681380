package seating

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tabletop/tabletop/savefile"

	"github.com/tabletop/tabletop/interp"
)

// Seat says who plays a seat: a person, or a bot.
type Seat struct {
	// Human seats are played by a person.
	Human bool
	// Name is the player's name: a person's ("me" for one not named), or
	// the name a bot's seat keeps after a person handed it over.
	Name string
	// Bot is the bot that plays the seat; for a human seat, the bot that
	// step and run use for it. "" means the game's default bot.
	Bot string
}

// BotName is the bot that plays the seat (or would, for step and run, at
// a person's seat): its own, or eng's default bot.
func (s Seat) BotName(eng *interp.Engine) string {
	if s.Bot != "" {
		return s.Bot
	}
	return eng.DefaultBot()
}

// Spec is the seat as written in --seats and in saves: the person's name,
// "bot" or "bot:NAME", and NAME=bot[:NAME] for a named seat a bot plays.
func (s Seat) Spec() string {
	bot := "bot"
	if s.Bot != "" {
		bot = "bot:" + s.Bot
	}
	switch {
	case s.Human:
		return s.Name
	case s.Name != "" && s.Name != "me":
		return s.Name + "=" + bot
	default:
		return bot
	}
}

// Default is the seating of a game given none: one person ("me"), then
// bots.
func Default(players int) []string {
	specs := []string{"me"}
	for i := 1; i < players; i++ {
		specs = append(specs, "bot")
	}
	return specs
}

// MaxName is the longest player name, in characters.
const MaxName = 16

// Parse reads seat specs (a person's name, "bot", "bot:NAME", or
// NAME=bot[:BOT] for a named seat a bot plays) and checks each bot name
// against what the game provides. A name is a word: letters, digits, - _
// and ', starting with a letter, since moves may name seats ("flo ann 2").
// "me" is a person who gives no name: the seat keeps the game's.
func Parse(eng *interp.Engine, specs []string) ([]Seat, error) {
	seats := make([]Seat, len(specs))
	seen := map[string]int{}
	for i, spec := range specs {
		spec = strings.TrimSpace(spec)
		name, bot, named := strings.Cut(spec, "=")
		if strings.HasPrefix(spec, "bot:") {
			// A bot's arguments may hold "=" (search:guide=none): no name
			// has a colon.
			name, bot, named = "", spec, false
		}
		if !named {
			name, bot = "", spec
			if spec != "bot" && !strings.HasPrefix(spec, "bot:") {
				name, bot = spec, ""
			}
		}
		switch {
		case spec == "":
			return nil, fmt.Errorf("seat %d is empty: write a person's name, bot or bot:NAME", i+1)
		case named && bot != "bot" && !strings.HasPrefix(bot, "bot:"):
			return nil, fmt.Errorf("seat %d: %q: after NAME= comes bot or bot:NAME", i+1, spec)
		}
		if err := checkName(name); err != nil {
			return nil, fmt.Errorf("seat %d: %w", i+1, err)
		}
		if k := strings.ToLower(name); name != "" && name != "me" {
			if j, dup := seen[k]; dup {
				return nil, fmt.Errorf("seats %d and %d are both called %s: give each player a name of his own", j, i+1, name)
			}
			seen[k] = i + 1
		}
		if bot == "" {
			seats[i] = Seat{Human: true, Name: name}
			continue
		}
		b := strings.TrimPrefix(strings.TrimPrefix(bot, "bot"), ":")
		if err := eng.CheckBot(b); err != nil {
			return nil, fmt.Errorf("seat %d: %w", i+1, err)
		}
		seats[i] = Seat{Name: name, Bot: b}
	}
	return seats, nil
}

// checkName accepts a player's name ("" for none).
func checkName(name string) error {
	if name == "" {
		return nil
	}
	if n := utf8.RuneCountInString(name); n > MaxName {
		return fmt.Errorf("%q: a name has at most %d letters", name, MaxName)
	}
	for i, r := range name {
		switch {
		case unicode.IsLetter(r):
		case i > 0 && (unicode.IsDigit(r) || strings.ContainsRune("-_'", r)):
		default:
			return fmt.Errorf("%q: a name is one word of letters (digits, - _ and ' after the first letter)", name)
		}
	}
	if strings.EqualFold(name, "bot") {
		return fmt.Errorf("%q: bot is not a name (write bot for a seat a bot plays)", name)
	}
	return nil
}

// SharedFrom is interp.Config.SharedFrom for a new game at one keyboard:
// from the start when two or more people play it, else never.
func SharedFrom(seats []Seat) int {
	people := 0
	for _, s := range seats {
		if s.Human {
			people++
		}
	}
	if people >= 2 {
		return 1
	}
	return 0
}

// Names returns the players' names by seat, for interp.Config.Names.
func Names(seats []Seat) []string { return savefile.SeatNames(Specs(seats)) }

// Specs writes seats as specs, as a save keeps them.
func Specs(seats []Seat) []string {
	out := make([]string, len(seats))
	for i, s := range seats {
		out[i] = s.Spec()
	}
	return out
}

// FromRecord returns who plays each seat of a saved game: the seats it
// lists, or one person then bots.
func FromRecord(eng *interp.Engine, rec *interp.Record) ([]Seat, error) {
	if len(rec.Seats) == 0 {
		return Parse(eng, Default(rec.Players))
	}
	return Parse(eng, rec.Seats)
}
