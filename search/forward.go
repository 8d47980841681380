package search

import "github.com/tabletop/tabletop/interp"

// The forward model: every copy of a match the search makes is made here.
//
// A world being built must keep its log: the builder compares the lines
// the seat reads in it with those it read in the true game. A world that
// held is forked silently as it is built (Match.Fork(Silent): a deep copy
// of the match at the present, without its log, far cheaper than a replay
// once the game is under way), and every further iteration that plays it
// this decision plays a fork of that fork. (A world that held at the last
// decision is built again at this one, so its fork is made then.) A world
// with no fork kept is replayed silently (interp.Silent: no line is
// rendered or kept) once. A script whose state Fork cannot copy is
// replayed for every iteration.

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

// forkMatch branches a world at the present: the match built or replayed,
// silently, for the iterations that play it.
func forkMatch(base *interp.Match, modes ...interp.Mode) (*interp.Match, error) {
	return base.Fork(modes...)
}
