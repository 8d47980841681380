package main

import (
	"fmt"
	"io"
	"io/fs"

	"github.com/tabletop/tabletop/gameinfo"
	"github.com/tabletop/tabletop/games"
	"github.com/tabletop/tabletop/interp"
)

// listCmd is `tabletop list`.
type listCmd struct {
	Source string `placeholder:"NAME" predictor:"game" help:"Print the script of the built-in game NAME instead, to copy it out and change its rules (tabletop list --source clubs > my_clubs.lua)."`
}

func (c *listCmd) Run(e *env) error {
	if c.Source != "" {
		return printSource(e, c.Source)
	}
	fmt.Fprintln(e.stdout, "Games built into tabletop (play one with: tabletop play NAME):")
	variants := map[string][]string{}
	var bases []string
	for _, name := range games.Names() {
		if base := games.VariantOf(name); base != "" {
			variants[base] = append(variants[base], name)
		} else {
			bases = append(bases, name)
		}
	}
	for _, name := range bases {
		fmt.Fprintln(e.stdout)
		eng, err := loadScript(name)
		if err != nil {
			fmt.Fprintf(e.stdout, "%s: cannot load: %s\n", name, interp.ErrorText(err))
			continue
		}
		fmt.Fprintf(e.stdout, "%s — %s, %s\n", name, eng.Info.Title, eng.Info.Players()+" players")
		if eng.Info.About != "" {
			fmt.Fprintf(e.stdout, "  %s\n", eng.Info.About)
		}
		for _, v := range variants[name] {
			listVariant(e.stdout, v, eng.Info)
		}
	}
	fmt.Fprintln(e.stdout)
	fmt.Fprintln(e.stdout, "tabletop play NAME --help lists a game's options and bots. A script of your own")
	fmt.Fprintln(e.stdout, "is played by its file (tabletop play my_variant.lua); it may require any of these.")
	return nil
}

// printSource prints the script of a built-in game as it is built in.
func printSource(e *env, name string) error {
	if !isBuiltinName(name) {
		return usagef("no game called %q is built in: tabletop list shows them", name)
	}
	src, err := fs.ReadFile(games.FS(), name+".lua")
	if err != nil {
		return err
	}
	_, err = e.stdout.Write(src)
	return err
}

// listVariant prints a variant of a game: its title and what it changes.
func listVariant(w io.Writer, name string, base gameinfo.Info) {
	eng, err := loadScript(name)
	if err != nil {
		fmt.Fprintf(w, "  variant %s: cannot load: %s\n", name, interp.ErrorText(err))
		return
	}
	info := eng.Info
	fmt.Fprintf(w, "  variant %s — %s", name, info.Title)
	if info.MinPlayers != base.MinPlayers || info.MaxPlayers != base.MaxPlayers {
		fmt.Fprintf(w, ", %s", info.Players()+" players")
	}
	fmt.Fprintln(w)
	if info.About != "" && info.About != base.About {
		fmt.Fprintf(w, "    %s\n", info.About)
	}
}
