package main

import (
	"fmt"
	"os"

	"github.com/tabletop/tabletop/sim"
)

// mergeCmd is `tabletop merge`.
type mergeCmd struct {
	Files      []string `arg:"" type:"existingfile" placeholder:"PART.json" help:"The --json reports of the shards of one series (sim or compare --shard I/N), each shard once."`
	JSON       bool     `name:"json" help:"Print the merged report as JSON (mergeable again only as a whole series)."`
	Plot       string   `placeholder:"FILE" help:"Draw the distributions and the win rate by seat into FILE (.svg, .png or .html)."`
	Histograms string   `enum:"auto,always,never" default:"auto" help:"Print text histograms of game length and the main metric: auto (on a terminal), always or never."`
}

func (c *mergeCmd) Run(e *env) error {
	if err := checkPlotFile(c.Plot); err != nil {
		return err
	}
	var parts []*sim.Report
	for _, name := range c.Files {
		r, err := readReport(name)
		if err != nil {
			return err
		}
		parts = append(parts, r)
	}
	merged, err := sim.Merge(parts)
	if err != nil {
		return err
	}
	f := labFlags{JSON: c.JSON, Plot: c.Plot, Histograms: c.Histograms}
	return f.show(e, merged)
}

func readReport(name string) (*sim.Report, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := sim.ReadJSON(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return r, nil
}
