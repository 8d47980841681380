package search

import "github.com/tabletop/tabletop/interp"

// The forward model: every copy of a match the search makes is a replay
// from the game's start (gopher-lua states cannot be copied). These two
// functions are the one place that makes them, so that a faster replay —
// one without text, views or checks, from a pool of matches — can take
// over here alone.

// startMatch starts a match.
func startMatch(e *interp.Engine, cfg interp.Config) (*interp.Match, error) {
	return e.NewMatch(cfg)
}

// replayMatch starts a match and applies decisions, all of which must be
// legal.
func replayMatch(e *interp.Engine, cfg interp.Config, decisions []interp.Decision) (*interp.Match, error) {
	return e.Replay(cfg, decisions)
}
