package main

// compareCmd is `tabletop compare`.
type compareCmd struct {
	A      string   `arg:"" predictor:"game" help:"The game (A): a built-in game's name or a script file."`
	B      string   `arg:"" predictor:"game" help:"The variant (B) to compare with it, or the same game with --set-b."`
	Set    []string `sep:"none" placeholder:"NAME=VALUE" help:"Change an option of both games (repeatable)."`
	SetA   []string `name:"set-a" sep:"none" placeholder:"NAME=VALUE" help:"Change an option of A only (repeatable)."`
	SetB   []string `name:"set-b" sep:"none" placeholder:"NAME=VALUE" help:"Change an option of B only (repeatable)."`
	Rotate bool     `default:"true" negatable:"" help:"Move the bots one seat to the left from one game to the next, so every bot plays every position equally (--no-rotate: fixed seats)."`
	labFlags
}

func (c *compareCmd) Run(e *env) error {
	a, err := loadScript(c.A)
	if err != nil {
		return err
	}
	b, err := loadScript(c.B)
	if err != nil {
		return err
	}
	optsA, err := parseOptions(a, append(append([]string(nil), c.Set...), c.SetA...))
	if err != nil {
		return err
	}
	optsB, err := parseOptions(b, append(append([]string(nil), c.Set...), c.SetB...))
	if err != nil {
		return err
	}
	cfg, err := c.labFlags.config(a, b)
	if err != nil {
		return err
	}
	cfg.Options, cfg.VariantOptions, cfg.Rotate = optsA, optsB, c.Rotate
	return c.labFlags.run(e, cfg)
}
