package main

import (
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/muesli/termenv"
	"golang.org/x/term"
)

// isTerminal reports whether f is an interactive terminal (/dev/null, a
// file or a pipe is not).
func isTerminal(f any) bool {
	file, ok := f.(*os.File)
	return ok && term.IsTerminal(int(file.Fd()))
}

// colorOn says whether to draw in colour on w: --color=always or never
// decides; auto draws on a terminal that has colours, unless NO_COLOR is
// set (CLICOLOR_FORCE forces colour even off a terminal).
func colorOn(mode string, w io.Writer) bool {
	switch mode {
	case "always":
		return true
	case "never":
		return false
	}
	return termenv.NewOutput(w).EnvColorProfile() != termenv.Ascii
}

// versionText is what --version prints: the module version tabletop was
// built from (go install …@v1.2.0), or the commit of a checkout, and the
// Go that built it.
func versionText() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "tabletop (version unknown)"
	}
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var vcs []string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			vcs = append([]string{"commit " + s.Value[:min(12, len(s.Value))]}, vcs...)
		case "vcs.time":
			vcs = append(vcs, s.Value)
		case "vcs.modified":
			if s.Value == "true" {
				vcs = append(vcs, "modified")
			}
		}
	}
	text := "tabletop " + v
	if len(vcs) > 0 {
		text += " (" + strings.Join(vcs, ", ") + ")"
	}
	return text + ", " + info.GoVersion + " " + runtime.GOOS + "/" + runtime.GOARCH
}
