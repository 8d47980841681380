package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/scenario"
	"github.com/tabletop/tabletop/stdlib"
)

// testCmd is `tabletop test`.
type testCmd struct {
	Paths []string `arg:"" optional:"" help:"Test files, or folders whose *_test.lua files to run (default: games/*_test.lua)."`
}

func (c *testCmd) Run(e *env) error {
	files, err := testFiles(c.Paths)
	if err != nil {
		return err
	}
	passed, failed := 0, 0
	for _, f := range files {
		results, err := scenario.RunFileWith(f, []interp.Library{builtin}, stdlib.FS())
		if err != nil {
			fmt.Fprintf(e.stdout, "FAIL %s\n%s\n", f, indent(interp.ErrorText(err)))
			failed++
			continue
		}
		if len(results) == 0 {
			fmt.Fprintf(e.stdout, "FAIL %s: no scenarios\n", f)
			failed++
			continue
		}
		for _, r := range results {
			if r.Err != nil {
				fmt.Fprintf(e.stdout, "FAIL %s: %s\n%s\n", f, r.Name, indent(interp.ErrorText(r.Err)))
				failed++
				continue
			}
			fmt.Fprintf(e.stdout, "ok   %s: %s\n", f, r.Name)
			passed++
		}
	}
	fmt.Fprintf(e.stdout, "%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return exitCode(1)
	}
	return nil
}

// testFiles lists the test files the paths name.
func testFiles(paths []string) ([]string, error) {
	if len(paths) == 0 {
		paths = []string{"games"}
	}
	var files []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, usagef("%v", err)
		}
		if !st.IsDir() {
			files = append(files, p)
			continue
		}
		found, err := filepath.Glob(filepath.Join(p, "*_test.lua"))
		if err != nil {
			return nil, err
		}
		if len(found) == 0 {
			return nil, usagef("no *_test.lua files in %s", p)
		}
		sort.Strings(found)
		files = append(files, found...)
	}
	return files, nil
}

func indent(s string) string {
	out := "    "
	for _, r := range s {
		out += string(r)
		if r == '\n' {
			out += "    "
		}
	}
	return out
}
