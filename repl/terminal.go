package repl

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/peterh/liner"
	"golang.org/x/term"
)

func termSize(f *os.File) (int, int, error) { return term.GetSize(int(f.Fd())) }

// Terminal reads lines from an interactive terminal with line editing,
// history kept across sessions in a file, and tab completion.
type Terminal struct {
	st      *liner.State
	history string
}

// NewTerminal starts line editing on the terminal. history is the file
// that keeps the lines typed across sessions ("" for none); complete gives
// the completions of a partly typed line. Close restores the terminal.
func NewTerminal(history string, complete func(line string) []string) *Terminal {
	st := liner.NewLiner()
	st.SetCtrlCAborts(true)
	st.SetTabCompletionStyle(liner.TabPrints)
	if complete != nil {
		st.SetCompleter(complete)
	}
	if history != "" {
		if f, err := os.Open(history); err == nil {
			_, _ = st.ReadHistory(f)
			f.Close()
		}
	}
	return &Terminal{st: st, history: history}
}

// ReadLine implements LineReader. Ctrl-C gives ErrInterrupt; Ctrl-D at an
// empty prompt ends the input. A secret line is not echoed nor kept.
func (t *Terminal) ReadLine(prompt string, secret bool) (string, error) {
	var line string
	var err error
	if secret {
		line, err = t.st.PasswordPrompt(prompt)
	} else {
		line, err = t.st.Prompt(prompt)
	}
	if errors.Is(err, liner.ErrPromptAborted) {
		return "", ErrInterrupt
	}
	if err != nil {
		if errors.Is(err, io.EOF) {
			fmt.Println() // end the prompt's line
		}
		return "", err
	}
	if !secret && strings.TrimSpace(line) != "" && len(line) <= MaxLine {
		t.st.AppendHistory(line)
	}
	return line, nil
}

// Close writes the history file and gives the terminal back.
func (t *Terminal) Close() error {
	if t.history != "" {
		if err := os.MkdirAll(filepath.Dir(t.history), 0o755); err == nil {
			if f, err := os.Create(t.history); err == nil {
				_, _ = t.st.WriteHistory(f)
				f.Close()
			}
		}
	}
	return t.st.Close()
}
