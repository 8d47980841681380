package repl

import (
	"fmt"
	"strings"

	"github.com/tabletop/tabletop/interp"
)

// Seat says who plays a seat: a person, or a bot.
type Seat struct {
	// Human seats are played by a person at the keyboard.
	Human bool
	// Name is the person's name, for human seats ("me").
	Name string
	// Bot is the bot that plays the seat; for a human seat, the bot that
	// step and run use for it. "" means the game's default bot.
	Bot string
}

// Spec is the seat as written in --seats and in saves: the person's name,
// "bot" or "bot:NAME".
func (s Seat) Spec() string {
	switch {
	case s.Human:
		return s.Name
	case s.Bot == "":
		return "bot"
	default:
		return "bot:" + s.Bot
	}
}

// DefaultSeats is one person ("me") followed by bots.
func DefaultSeats(players int) []string {
	specs := []string{"me"}
	for i := 1; i < players; i++ {
		specs = append(specs, "bot")
	}
	return specs
}

// ParseSeats reads seat specs (a person's name, "bot" or "bot:NAME") and
// checks each bot name against what the game provides.
func ParseSeats(eng *interp.Engine, specs []string) ([]Seat, error) {
	seats := make([]Seat, len(specs))
	for i, spec := range specs {
		spec = strings.TrimSpace(spec)
		switch {
		case spec == "":
			return nil, fmt.Errorf("seat %d is empty: write a person's name, bot or bot:NAME", i+1)
		case spec == "bot":
			seats[i] = Seat{}
		case strings.HasPrefix(spec, "bot:"):
			name := strings.TrimPrefix(spec, "bot:")
			if err := checkBot(eng, name); err != nil {
				return nil, fmt.Errorf("seat %d: %w", i+1, err)
			}
			seats[i] = Seat{Bot: name}
		case strings.ContainsAny(spec, ",\n"):
			return nil, fmt.Errorf("seat %d: %q: a name may not contain a comma", i+1, spec)
		default:
			seats[i] = Seat{Human: true, Name: spec}
		}
	}
	return seats, nil
}

// checkBot reports whether the game has a bot called name.
func checkBot(eng *interp.Engine, name string) error {
	if name == "random" || name == "" {
		return nil
	}
	for _, b := range eng.Info.Bots {
		if b == name {
			return nil
		}
	}
	return fmt.Errorf("%s has no bot called %q (bots: %s)", eng.Info.Title, name, strings.Join(BotNames(eng), ", "))
}

// BotNames lists the bots a game offers, its default first and random last.
func BotNames(eng *interp.Engine) []string {
	names := append([]string(nil), eng.Info.Bots...)
	for _, n := range names {
		if n == "random" {
			return names
		}
	}
	return append(names, "random")
}

func specs(seats []Seat) []string {
	out := make([]string, len(seats))
	for i, s := range seats {
		out[i] = s.Spec()
	}
	return out
}
