package repl

import (
	"bytes"
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
// tab completion and a line history for each person at the keyboard
// (Typist): Up at Bob's prompt never brings back Ann's lines. Only the
// lines of a person who plays alone are kept across sessions, in a file
// no one else may read; what people who share the keyboard type stays in
// memory and is gone with the session.
type Terminal struct {
	st    *liner.State
	file  string              // the history file ("" for none)
	who   string              // who types ("": nobody known)
	own   string              // whose lines the file keeps, once read
	lines map[string][]string // the history of each person but who
}

// NewTerminal starts line editing on the terminal. history is the file
// that keeps the lines typed across sessions by a person playing alone
// ("" for none); complete gives the completions of a partly typed line.
// Until Typist says who types, nothing is offered nor kept. Close
// restores the terminal.
func NewTerminal(history string, complete func(line string) []string) *Terminal {
	st := liner.NewLiner()
	st.SetCtrlCAborts(true)
	st.SetTabCompletionStyle(liner.TabPrints)
	if complete != nil {
		st.SetCompleter(complete)
	}
	return &Terminal{st: st, file: history, lines: map[string][]string{}}
}

// Typist implements Typists: the line editor's history becomes who's
// (read from the file the first time, when own).
func (t *Terminal) Typist(who string, own bool) {
	if who == t.who {
		return
	}
	if t.who != "" {
		t.lines[t.who] = t.history()
	}
	t.st.ClearHistory()
	t.who = who
	if who == "" {
		return
	}
	if own && t.own == "" && t.file != "" {
		t.own = who
		if f, err := os.Open(t.file); err == nil {
			_, _ = t.st.ReadHistory(f)
			f.Close()
			return
		}
	}
	_, _ = t.st.ReadHistory(strings.NewReader(strings.Join(t.lines[who], "\n")))
}

// history returns the lines of the history in the line editor now.
func (t *Terminal) history() []string {
	var b bytes.Buffer
	_, _ = t.st.WriteHistory(&b)
	return strings.FieldsFunc(b.String(), func(r rune) bool { return r == '\n' })
}

// ReadLine implements LineReader. Ctrl-C gives ErrInterrupt; Ctrl-D at an
// empty prompt ends the input. A secret line is not echoed nor kept, nor
// is a line typed while nobody is known to be at the keyboard.
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
	if !secret && t.who != "" && strings.TrimSpace(line) != "" && len(line) <= MaxLine {
		t.st.AppendHistory(line)
	}
	return line, nil
}

// Close writes the history of the person who played alone to the file,
// readable by the user only, and gives the terminal back.
func (t *Terminal) Close() error {
	if t.own != "" {
		lines := t.lines[t.own]
		if t.who == t.own {
			lines = t.history()
		}
		_ = writeHistory(t.file, lines)
	}
	return t.st.Close()
}

// writeHistory writes lines to path, a file only its owner may read.
func writeHistory(path string, lines []string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	if err := f.Chmod(0o600); err != nil { // a file from before kept its mode
		f.Close()
		return err
	}
	for _, l := range lines {
		fmt.Fprintln(f, l)
	}
	return f.Close()
}
