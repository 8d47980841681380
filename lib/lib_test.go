package lib

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestModulesAreEveryPackage: Modules lists one module for each package
// under lib, named as its folder, sorted by name; and no package under lib
// imports interp, whose tests play the games that require them.
func TestModulesAreEveryPackage(t *testing.T) {
	dirs, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var pkgs, names []string
	for _, d := range dirs {
		if d.IsDir() {
			pkgs = append(pkgs, d.Name())
			checkImports(t, d.Name())
		}
	}
	for _, m := range Modules() {
		names = append(names, m.Name)
		if m.Open == nil {
			t.Errorf("module %s has no Open", m.Name)
		}
	}
	if !slices.Equal(pkgs, names) {
		t.Errorf("Modules names %v, the packages under lib are %v", names, pkgs)
	}
}

// checkImports fails the test for a file of package dir (tests aside)
// that imports interp.
func checkImports(t *testing.T, dir string) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == "github.com/tabletop/tabletop/interp" {
				t.Errorf("%s imports interp: a module takes what it needs from luahost and table (melds.CardTables)", name)
			}
		}
	}
}
