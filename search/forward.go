package search

import "github.com/tabletop/tabletop/interp"

// The forward model: every copy of a match the search makes is made here.
//
// A world being built must keep its log: the builder compares the lines
// the seat reads in it with those it read in the true game. A world that
// held is replayed silently (interp.Silent: no line is rendered or kept)
// once per decision, and every further iteration that plays it plays a
// fork of that replay (Match.Fork: a deep copy of the match at the
// present, far cheaper than a replay once the game is under way). A
// script whose state Fork cannot copy is replayed for every iteration.

// startMatch starts a match that keeps its log, for the builder.
func startMatch(e *interp.Engine, cfg interp.Config) (*interp.Match, error) {
	return e.NewMatch(cfg)
}

// replayMatch replays a world that held, silently: decisions must all be
// legal.
func replayMatch(e *interp.Engine, cfg interp.Config, decisions []interp.Decision) (*interp.Match, error) {
	return e.Replay(cfg, decisions, interp.Silent)
}

// forkWorlds says whether iterations fork a world's replay; false replays
// the world for every iteration (tests compare the two).
var forkWorlds = true

// forkMatch branches a world's replay at the present for one iteration.
func forkMatch(base *interp.Match) (*interp.Match, error) { return base.Fork() }
