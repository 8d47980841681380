package interp

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/luahost"
)

// forkRoots are the Go types a fork copies: the match, and what Lua
// userdata of a match hold (besides the modules', which lib/*'s tests
// check with their own roots).
var forkRoots = []any{Match{}, randSource{}, Zone{}, Pool{}, Track{}, Pad{}, Board{}, Dice{}}

// TestForkKnowsEveryType fails when a type the fork copies by reflection
// gains a field of a struct type it did not have, or a function,
// interface, channel or unsafe pointer: check that Fork copies it soundly
// (fork.go says how values are copied, and which are shared), then add it
// here.
func TestForkKnowsEveryType(t *testing.T) {
	types, opaque := forkPlan.Reachable(forkRoots...)
	if got, want := strings.Join(types, "\n"), strings.TrimSpace(forkStructs); got != want {
		t.Errorf("the structs a fork copies changed; now:\n%s", got)
	}
	if got, want := strings.Join(opaque, "\n"), strings.TrimSpace(forkOpaque); got != want {
		t.Errorf("the fields a fork cannot see through changed; now:\n%s", got)
	}
	if why := luahost.LayoutProblem(); why != "" {
		t.Error(why)
	}
}

// forkStructs are the structs a fork copies by reflection.
const forkStructs = `
board.Board
board.Token
board.drawing
board.renderedLines
board.viewCache
gamelog.Arg
gamelog.Line
gamelog.Log
gamelog.Place
gamelog.lineParts
interp.Board
interp.Config
interp.Match
interp.Metric
interp.Prompt
interp.handfulMaker
interp.keptHandful
interp.matchMeta
interp.pcallThread
interp.randSource
interp.textSet
interp.zoneBinding
knowledge.Learner
knowledge.learning
savefile.Decision
savefile.Takeback
table.Card
table.Dice
table.Die
table.Handfuls
table.Note
table.Pad
table.PadRow
table.Pool
table.RNG
table.Result
table.Seat
table.State
table.Throw
table.Track
table.Zone
`

// forkOpaque are what a fork copies by the value it finds: a board's
// sidebar function is made anew (forkBoard), other functions must be
// shareable (luahost.CopyPlan), interfaces are copied by their dynamic value,
// and a broken match (err) is not forked.
const forkOpaque = `
board.drawing.sideFn
error
func(int) ([]string, error)
interface {}
interp.Board.sideRoot
interp.Match.err
interp.pcallThread.handler
table.Extra
table.Note.Draw
table.Note.Value
`
