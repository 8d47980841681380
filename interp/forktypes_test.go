package interp

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// forkRoots are the Go types a fork copies: the match, and what Lua
// userdata of a match hold.
var forkRoots = []any{Match{}, randSource{}, meldKeeper{}, holders{}, Zone{}, Pool{}, Track{}, Pad{}, Board{}}

// reachableTypes walks the types a fork copies by reflection, from the
// roots, stopping at the types it copies by hand, and returns the structs
// among them, and the types (and struct fields) whose values a fork cannot
// see through by type alone: functions, interfaces, channels, unsafe
// pointers.
func reachableTypes() (types, opaque []string) {
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		if seen[t] {
			return
		}
		seen[t] = true
		if sharedTypes[t] || t == luaValueType || t == tableType || t == functionType || t == userdataType || t == threadType || t == meterType || t == configType {
			return
		}
		switch t.Kind() {
		case reflect.Func, reflect.Interface, reflect.Chan, reflect.UnsafePointer, reflect.Uintptr:
			opaque = append(opaque, t.String())
		case reflect.Pointer, reflect.Slice, reflect.Array:
			walk(t.Elem())
		case reflect.Map:
			walk(t.Key())
			walk(t.Elem())
		case reflect.Struct:
			for i := range t.NumField() {
				f := t.Field(i)
				switch f.Type.Kind() {
				case reflect.Func, reflect.Interface, reflect.Chan, reflect.UnsafePointer, reflect.Uintptr:
					opaque = append(opaque, fmt.Sprintf("%s.%s", t, f.Name))
				}
				walk(f.Type)
			}
		}
	}
	for _, r := range forkRoots {
		walk(reflect.TypeOf(r))
	}
	for t := range seen {
		if t.Kind() == reflect.Struct {
			types = append(types, t.String())
		}
	}
	sort.Strings(types)
	sort.Strings(opaque)
	return types, opaque
}

// TestForkKnowsEveryType fails when a type the fork copies by reflection
// gains a field of a struct type it did not have, or a function,
// interface, channel or unsafe pointer: check that Fork copies it soundly
// (fork.go says how values are copied, and which are shared), then add it
// here.
func TestForkKnowsEveryType(t *testing.T) {
	types, opaque := reachableTypes()
	if got, want := strings.Join(types, "\n"), strings.TrimSpace(forkStructs); got != want {
		t.Errorf("the structs a fork copies changed; now:\n%s", got)
	}
	if got, want := strings.Join(opaque, "\n"), strings.TrimSpace(forkOpaque); got != want {
		t.Errorf("the fields a fork cannot see through changed; now:\n%s", got)
	}
	if why := layoutProblem(); why != "" {
		t.Error(why)
	}
	_ = lua.LNil
}

// forkStructs are the structs a fork copies by reflection.
const forkStructs = `
board.Board
board.Token
board.drawing
board.renderedLines
board.viewCache
interp.Board
interp.Config
interp.Decision
interp.LogLine
interp.Match
interp.Metric
interp.Note
interp.Prompt
interp.RNG
interp.Result
interp.Seat
interp.Takeback
interp.handfulMaker
interp.holderCount
interp.holderSome
interp.holders
interp.keptHandful
interp.learner
interp.learning
interp.logArg
interp.logParts
interp.matchMeta
interp.meldKeeper
interp.pcallThread
interp.randSource
interp.scratch
interp.textSet
interp.zoneBinding
table.Card
table.Pad
table.PadRow
table.Pool
table.Track
table.Zone
`

// forkOpaque are what a fork copies by the value it finds: a board's
// sidebar function is made anew (forkBoard), other functions must be
// shareable (goFuncProblem), interfaces are copied by their dynamic value,
// and a broken match (err) is not forked.
const forkOpaque = `
board.drawing.sideFn
error
func(int) ([]string, error)
interface {}
interp.Board.sideRoot
interp.Extra
interp.Match.err
interp.Note.Value
interp.pcallThread.handler
`
