package main

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"
)

// svgText is "svgtext FILE": it parses FILE as XML, failing if it is not,
// and prints the text of its elements one a line (an SVG's titles, axis
// labels and legend), for stdout to match.
func svgText(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: svgtext FILE")
	}
	f, err := os.Open(ts.MkAbs(args[0]))
	ts.Check(err)
	defer f.Close()
	dec := xml.NewDecoder(f)
	root := ""
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			ts.Fatalf("%s is not well-formed XML: %v", args[0], err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = t.Name.Local
			}
		case xml.CharData:
			if s := strings.TrimSpace(string(t)); s != "" {
				fmt.Fprintln(ts.Stdout(), s)
			}
		}
	}
	if root != "svg" {
		ts.Fatalf("%s: the root element is %q, not svg", args[0], root)
	}
}
