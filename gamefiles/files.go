package gamefiles

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// MaxScriptBytes is the largest script, module or test file tabletop
// reads: a game script is a few hundred lines, and a file bigger than this
// is a mistake (or /dev/zero), not a game.
const MaxScriptBytes = 1 << 20

// Library is a file system of Lua modules that scripts may require: the
// games built into tabletop, for instance, so that a variant anywhere can
// require the game it changes.
type Library struct {
	// Name is how errors name the library's folder: with Name "games",
	// clubs.lua is shown as games/clubs.lua.
	Name string
	FS   fs.FS
}

// ReadScript reads a script file of the OS once: it must be a regular file
// of at most MaxScriptBytes. Everything that runs a file of Lua reads it
// this way (a game, a module, a scenario file).
func ReadScript(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readOpened(f, name)
}

// ReadScriptFS is ReadScript in a file system; shown names the file in
// errors.
func ReadScriptFS(fsys fs.FS, name, shown string) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readOpened(f, shown)
}

// readOpened reads an opened file after checking, on the open file itself,
// that it is a regular file and not too big; it reads at most one byte
// more than the limit, so a file that grows meanwhile cannot run on.
func readOpened(f fs.File, shown string) ([]byte, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file (%s)", shown, FileKind(st.Mode()))
	}
	if st.Size() > MaxScriptBytes {
		return nil, fmt.Errorf("%s is %d bytes: a script may be at most 1 MiB", shown, st.Size())
	}
	b, err := io.ReadAll(io.LimitReader(f, MaxScriptBytes+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", shown, err)
	}
	if len(b) > MaxScriptBytes {
		return nil, fmt.Errorf("%s is over 1 MiB: a script may be at most that", shown)
	}
	return b, nil
}

// Folders is where a game's files are: the script's own folder, then
// the libraries, then the standard library.
type Folders struct {
	Path     string    // the script as errors name it
	Dir      string    // the script's own folder: an OS path, or a slash path in Home
	Home     fs.FS     // the file system holding the script; nil for the OS's
	HomeName string    // how errors name Home's root ("games")
	Libs     []Library // searched after Dir
	Stdlib   fs.FS     // searched last; may be nil
}

// place is one folder searched for modules.
type place struct {
	fsys   fs.FS  // nil: dir is a folder of the OS
	dir    string // the folder: an OS path, or a slash path in fsys
	shown  string // the folder as errors show it ("" when dir is shown as is)
	hashed bool   // its modules are part of the game (Hash)
}

// read reads the module file rel (slash-separated) from the place; a
// missing file is fs.ErrNotExist.
func (p place) read(rel string) (src []byte, shown string, err error) {
	if p.fsys == nil {
		name := filepath.Join(p.dir, filepath.FromSlash(rel))
		src, err = ReadScript(name)
		return src, name, err
	}
	name := path.Join(p.dir, rel)
	shown = name
	if p.shown != "" {
		shown = p.shown + "/" + name
	}
	src, err = ReadScriptFS(p.fsys, name, shown)
	return src, shown, err
}

// places lists where the engine's modules are searched, in order.
func (f *Folders) places() []place {
	ps := []place{{fsys: f.Home, dir: f.Dir, shown: f.HomeName, hashed: true}}
	for _, l := range f.Libs {
		if l.FS == nil || (f.Home != nil && l.Name == f.HomeName && f.Dir == ".") {
			continue // the script's own folder, searched already
		}
		ps = append(ps, place{fsys: l.FS, dir: ".", shown: l.Name, hashed: true})
	}
	if f.Stdlib != nil {
		ps = append(ps, place{fsys: f.Stdlib, dir: ".", shown: "stdlib"})
	}
	return ps
}

// FindModule reads the file rel of module name from the first place that has
// it. A file that exists but cannot be read (a device, too big) is an
// error, not a reason to look further.
func (f *Folders) FindModule(name, rel string) (src []byte, shown string, hashed bool, err error) {
	var where []string
	for _, p := range f.places() {
		src, shown, err := p.read(rel)
		if err == nil {
			return src, shown, p.hashed, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, "", false, fmt.Errorf("module %q: %w", name, err)
		}
		where = append(where, p.describe(f))
	}
	return nil, "", false, fmt.Errorf("module %q not found %s", name, joinOr(where))
}

// describe says where a place is, for "module not found" errors.
func (p place) describe(f *Folders) string {
	switch {
	case p.fsys == nil || (f.Home != nil && p.shown == f.HomeName && p.dir == f.Dir):
		return "beside " + f.Path
	case p.shown == "stdlib":
		return "in stdlib"
	default:
		return "in " + p.shown
	}
}

func joinOr(parts []string) string {
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// Hash is the content hash of a script and the modules of the game it
// required (modules: their names and SHA-256s) (by name: their SHA-256). Without such modules it is the
// script's own SHA-256, as it always was.
func Hash(src []byte, modules map[string]string) string {
	sum := sha256.Sum256(src)
	if len(modules) == 0 {
		return hex.EncodeToString(sum[:])
	}
	names := make([]string, 0, len(modules))
	for n := range modules {
		names = append(names, n)
	}
	sort.Strings(names)
	h := sha256.New()
	fmt.Fprintf(h, "%x\n", sum)
	for _, n := range names {
		fmt.Fprintf(h, "%s %s\n", n, modules[n])
	}
	return hex.EncodeToString(h.Sum(nil))
}

// ReadFile reads a file from the script's own folder — on disk or built
// in — such as a rules text kept beside the script. name is a slash
// path relative to that folder; the file must be a regular file of at
// most MaxScriptBytes.
func (f *Folders) ReadFile(name string) ([]byte, error) {
	if !fs.ValidPath(name) || name == "." {
		return nil, fmt.Errorf("%q is not a file name beside %s", name, f.Path)
	}
	src, _, err := place{fsys: f.Home, dir: f.Dir, shown: f.HomeName}.read(name)
	return src, err
}

// FileKind names the kind of file a mode is, for an error that refuses
// to read it: "a folder", "a named pipe".
func FileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	default:
		return "mode " + m.String()
	}
}
