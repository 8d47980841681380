package execbot

import (
	"fmt"
	"os/exec"
	"strings"
	"time"

	"github.com/tabletop/tabletop/interp"
)

// Settings say how an exec bot runs its program.
type Settings struct {
	// Argv is the program and its arguments.
	Argv []string
	// Time is the time per decision: from the decide message sent to the
	// choose message read.
	Time time.Duration
	// Start is the time from the program started to its ready message
	// (a compiler may run first: go run).
	Start time.Duration
	// Fallback is the bot that plays the seat once the program failed.
	Fallback string
}

// The settings' defaults.
const (
	DefaultTime  = 10 * time.Second
	DefaultStart = 30 * time.Second
)

// Help says how to name an exec bot.
const Help = "exec[:time=DURATION][:start=DURATION][:fallback=BOT]:COMMAND: a program of yours, started once a match, that reads the seat's view and options as JSON lines on its stdin and writes its choices on its stdout (docs/exec-bots.md); time is its time per decision (10s), start its time to start (30s), fallback the bot that takes over if it fails (the game's)"

// ParseSettings reads what follows "exec:" in a bot name: settings
// (time=, start=, fallback=), each followed by a colon, then the command.
// The command is split into words at spaces, as a shell would but for
// its expansions: 'single' and "double" quotes keep spaces, a backslash
// keeps the next character. There is no shell: a pipe, a variable or a
// ~ is not expanded (write a script for those). The program must exist.
func ParseSettings(e *interp.Engine, args string) (Settings, error) {
	s := Settings{Time: DefaultTime, Start: DefaultStart, Fallback: e.DefaultBot()}
	rest := args
	for {
		head, tail, ok := strings.Cut(rest, ":")
		key, val, isSetting := strings.Cut(head, "=")
		if !ok || !isSetting || strings.ContainsAny(key, " \t") {
			break
		}
		if err := s.set(e, key, val); err != nil {
			return s, fmt.Errorf("bot exec:%s: %w", args, err)
		}
		rest = tail
	}
	argv, err := splitCommand(rest)
	if err != nil {
		return s, fmt.Errorf("bot exec:%s: %w", args, err)
	}
	if len(argv) == 0 {
		return s, fmt.Errorf("bot exec:%s: no command: write bot:exec:COMMAND, e.g. bot:exec:python3 agent.py", args)
	}
	if _, err := exec.LookPath(argv[0]); err != nil {
		return s, fmt.Errorf("bot exec:%s: cannot run %q: %w", args, argv[0], unwrapExec(err))
	}
	s.Argv = argv
	return s, nil
}

// set applies one setting.
func (s *Settings) set(e *interp.Engine, key, val string) error {
	switch key {
	case "time", "start":
		d, err := time.ParseDuration(val)
		if err != nil || d <= 0 || d > time.Hour {
			return fmt.Errorf("%s=%s: give a duration above zero and at most an hour (500ms, 10s, 2m)", key, val)
		}
		if key == "time" {
			s.Time = d
		} else {
			s.Start = d
		}
	case "fallback":
		if e.StartsProgram(val) || strings.HasPrefix(val, "exec:") || val == "exec" {
			return fmt.Errorf("fallback=%s: the fallback is one of the game's bots, not another program", val)
		}
		if err := e.CheckBot(val); err != nil {
			return fmt.Errorf("fallback=%s: %w", val, err)
		}
		if val == "" {
			val = e.DefaultBot()
		}
		s.Fallback = val
	default:
		return fmt.Errorf("%s=%s: the settings are time=, start= and fallback=", key, val)
	}
	return nil
}

// unwrapExec is exec's error without the program's name, which the
// message gives already.
func unwrapExec(err error) error {
	if ee, ok := err.(*exec.Error); ok {
		return ee.Err
	}
	return err
}

// splitCommand splits a command line into words: spaces and tabs part
// them, quotes and backslashes keep what they hold together.
func splitCommand(line string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	quote := rune(0)
	escaped := false
	for _, r := range line {
		switch {
		case escaped:
			w.WriteRune(r)
			escaped = false
		case quote == '\'':
			if r == '\'' {
				quote = 0
			} else {
				w.WriteRune(r)
			}
		case r == '\\' && quote == 0, r == '\\' && quote == '"':
			escaped, inWord = true, true
		case quote == '"':
			if r == '"' {
				quote = 0
			} else {
				w.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		default:
			w.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("the command has a %c quote that is not closed", quote)
	}
	if escaped {
		return nil, fmt.Errorf("the command ends with a lone backslash")
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}
