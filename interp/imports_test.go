package interp

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestNoPrivateLayoutHere: interp reaches gopher-lua only through its
// public API and luahost's. What knows gopher-lua's private layout (unsafe
// casts, symbols linked by name) lives in luahost, with its check and its
// fall-back (luahost/layout.go); none of interp's files, tests included,
// imports unsafe or links a symbol by name.
func TestNoPrivateLayoutHere(t *testing.T) {
	for _, f := range parseInterp(t) {
		for _, imp := range f.file.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == "unsafe" {
				t.Errorf("%s imports unsafe: gopher-lua's private layout belongs in luahost", f.name)
			}
		}
		for _, g := range f.file.Comments {
			for _, c := range g.List {
				if strings.HasPrefix(c.Text, "//go:linkname") {
					t.Errorf("%s links a symbol by name (%s): that belongs in luahost", f.name, c.Text)
				}
			}
		}
	}
}

// TestModulesAreNotInterps: interp runs the modules written in Go that its
// engines' builders give it (Source.Modules), and imports none of them:
// they are package lib's, registered where engines are built.
func TestModulesAreNotInterps(t *testing.T) {
	for _, f := range parseInterp(t) {
		if strings.HasSuffix(f.name, "_test.go") {
			continue // tests play the games that require them
		}
		for _, imp := range f.file.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == libPath || strings.HasPrefix(p, libPath+"/") {
				t.Errorf("%s imports %s: interp must not know the modules (lib registers with the sandbox through Source.Modules)", f.name, p)
			}
		}
	}
}

const libPath = "github.com/tabletop/tabletop/lib"

type parsedFile struct {
	name string
	file *ast.File
}

// parseInterp parses every Go file of the package, tests included.
func parseInterp(t *testing.T) []parsedFile {
	t.Helper()
	names, err := filepath.Glob("*.go")
	if err != nil || len(names) == 0 {
		t.Fatalf("no Go files: %v", err)
	}
	var out []parsedFile
	fset := token.NewFileSet()
	for _, n := range names {
		src, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, n, src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, parsedFile{n, f})
	}
	return out
}
