package main

import (
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/muesli/termenv"
	"golang.org/x/term"

	"github.com/tabletop/tabletop/render"
	"github.com/tabletop/tabletop/repl"
)

// isTerminal reports whether f is an interactive terminal (/dev/null, a
// file or a pipe is not), or writes to one through the wrapping writer.
func isTerminal(f any) bool {
	file, ok := raw(f).(*os.File)
	return ok && term.IsTerminal(int(file.Fd()))
}

// raw is what f writes to: the terminal itself for the wrapping writer.
func raw(f any) any {
	if w, ok := f.(*render.Writer); ok {
		return w.Underlying()
	}
	return f
}

// onTerminal gives what a command prints to w the one wrapping rule of the
// terminal (render.Writer) when w is a terminal: no line runs past its
// width (80 columns when it cannot tell).
func onTerminal(w io.Writer) io.Writer {
	if !isTerminal(w) {
		return w
	}
	size := repl.TerminalSize(w.(*os.File))
	return render.NewWriter(w, func() int { width, _ := size(); return width })
}

// terminalWidth is the width of the terminal w writes to, 0 when it is
// none (a file or a pipe: no width to fit).
func terminalWidth(w io.Writer) int {
	if !isTerminal(w) {
		return 0
	}
	width, _ := repl.TerminalSize(raw(w).(*os.File))()
	return width
}

// flush writes out what a wrapping writer holds of a line not ended.
func flush(w io.Writer) {
	if rw, ok := w.(*render.Writer); ok {
		_ = rw.Flush()
	}
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
	return termenv.NewOutput(raw(w).(io.Writer)).EnvColorProfile() != termenv.Ascii
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
