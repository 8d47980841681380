package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// docs/packages.md, the newcomer's map of the packages, names every
// package of the module in its table, and what the table says each
// imports of ours is what it imports (a row may say "most of the above"
// instead of listing).
func TestPackageMap(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "packages.md"))
	if err != nil {
		t.Fatal(err)
	}
	const module = "github.com/tabletop/tabletop/"
	cmd := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "./...")
	cmd.Dir = filepath.Join("..", "..")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	imports := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		var ours []string
		for _, imp := range f[1:] {
			if p, ok := strings.CutPrefix(imp, module); ok {
				ours = append(ours, p)
			}
		}
		imports[strings.TrimPrefix(f[0], module)] = ours
	}
	if len(imports) < 20 {
		t.Fatalf("go list found only %d packages", len(imports))
	}
	row := regexp.MustCompile("(?m)^\\| `([a-z/]+)` \\|.*\\| ([^|]*) \\|$")
	named := strings.Join(regexp.MustCompile("`[a-z/]+`").FindAllString(string(doc), -1), " ")
	rows := map[string]string{}
	for _, m := range row.FindAllStringSubmatch(string(doc), -1) {
		rows[m[1]] = m[2]
	}
	for pkg, ours := range imports {
		cell, ok := rows[pkg]
		switch {
		case !ok && !strings.Contains(named, "`"+pkg+"`"):
			t.Errorf("docs/packages.md does not name package %s", pkg)
		case !ok, cell == "most of the above":
		default:
			var listed []string
			for _, w := range strings.Fields(cell) {
				if w != "—" {
					listed = append(listed, strings.Trim(w, "`"))
				}
			}
			slices.Sort(listed)
			slices.Sort(ours)
			if !slices.Equal(listed, ours) {
				t.Errorf("docs/packages.md says %s imports %q; it imports %q", pkg, listed, ours)
			}
		}
	}
	for pkg := range rows {
		if _, ok := imports[pkg]; !ok {
			t.Errorf("docs/packages.md has a row for %s, which is not a package", pkg)
		}
	}
}
