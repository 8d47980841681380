package gamefiles

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
)

// RulesTexts reads the rules files of a game, options unfilled: each
// module's in mods (in that order) beside it, then the script's own, each
// named like its Lua file with .rules.md. Those missing are left out.
func (f *Folders) RulesTexts(mods []string) ([]string, error) {
	var texts []string
	for _, name := range mods {
		text, err := f.moduleRules(strings.ReplaceAll(name, ".", "/") + ".rules.md")
		if err != nil {
			return nil, err
		}
		if text != "" {
			texts = append(texts, text)
		}
	}
	own, err := f.ReadFile(strings.TrimSuffix(filepath.Base(f.Path), ".lua") + ".rules.md")
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return nil, err
	default:
		texts = append(texts, string(own))
	}
	return texts, nil
}

// moduleRules reads a module's rules file from the first place, of those
// the module was searched in (the standard library aside), that has one.
func (f *Folders) moduleRules(rel string) (string, error) {
	for _, p := range f.places() {
		if p.shown == "stdlib" {
			continue
		}
		b, _, err := p.read(rel)
		switch {
		case err == nil:
			return string(b), nil
		case !errors.Is(err, fs.ErrNotExist):
			return "", err
		}
	}
	return "", nil
}
