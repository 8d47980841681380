package search

import "github.com/tabletop/tabletop/interp"

// The forward model: every copy of a match the search makes is a replay
// from the game's start (gopher-lua states cannot be copied). These two
// functions are the one place that makes them.
//
// A world being built must keep its log: the builder compares the lines
// the seat reads in it with those it read in the true game. A world that
// held is replayed silently (interp.Silent: no line is rendered or kept)
// for every further iteration that plays it: nobody reads those logs.

// startMatch starts a match that keeps its log, for the builder.
func startMatch(e *interp.Engine, cfg interp.Config) (*interp.Match, error) {
	return e.NewMatch(cfg)
}

// replayMatch replays a world that held, silently: decisions must all be
// legal.
func replayMatch(e *interp.Engine, cfg interp.Config, decisions []interp.Decision) (*interp.Match, error) {
	return e.Replay(cfg, decisions, interp.Silent)
}
