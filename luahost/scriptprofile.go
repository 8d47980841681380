package luahost

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/google/pprof/profile"
	lua "github.com/yuin/gopher-lua"
)

// Where a script's time goes, for the person who writes it. A Go CPU
// profile names the VM's functions and the engine's; a script profile
// names the script's: while one runs, the counted loop (countedloop.go)
// adds the instructions it counts — a loop's body as it goes round, a
// function's as it returns — to the Lua call stack it counts them in,
// the function and line of each frame, in every metered state of the
// process (the rules, the bots, what draws the notes). Written for go
// tool pprof, `-top` lists the functions that run the most instructions,
// `-list` their lines. Counting, not timing: the engine's methods a
// script calls (t:ask, zone:cards) are not in it, as their instructions
// are not the VM's, and two runs of the same games give the same counts.

// maxProfileDepth bounds the frames of a stack a script profile keeps:
// the innermost ones.
const maxProfileDepth = 24

// ScriptProfile is the script profile being taken (StartScriptProfile).
type ScriptProfile struct {
	mu     sync.Mutex
	counts map[profileStack]int64
}

// profileFrame is a frame of a stack: a function and the line it is at.
type profileFrame struct {
	proto *lua.FunctionProto
	line  int
}

// profileStack is a call stack, innermost frame first; the frames past
// its depth are zero.
type profileStack [maxProfileDepth]profileFrame

// runningProfile is the profile being taken, or nil.
var runningProfile atomic.Pointer[ScriptProfile]

// StartScriptProfile starts counting where every metered state's
// instructions run, until Stop. One profile runs at a time.
func StartScriptProfile() (*ScriptProfile, error) {
	if layoutProblem() != "" {
		return nil, errors.New("a script profile needs the counted loop, which this build of gopher-lua does not run: " + layoutProblem())
	}
	p := &ScriptProfile{counts: make(map[profileStack]int64)}
	if !runningProfile.CompareAndSwap(nil, p) {
		return nil, errors.New("a script profile is already being taken")
	}
	return p, nil
}

// Stop ends the profile: nothing is counted in it after.
func (p *ScriptProfile) Stop() { runningProfile.CompareAndSwap(p, nil) }

// add adds n instructions, counted in the current frame of the
// state sl, to the running profile p.
func (p *ScriptProfile) add(sl *stateLayout, n int) {
	var st profileStack
	d := 0
	for f := sl.currentFrame; f != nil && d < maxProfileDepth; f = f.Parent {
		if f.Fn == nil || f.Fn.IsG || f.Fn.Proto == nil {
			continue
		}
		st[d] = profileFrame{f.Fn.Proto, lineAt(f.Fn.Proto, f.Pc-1)}
		d++
	}
	if d == 0 {
		return
	}
	p.mu.Lock()
	p.counts[st] += int64(n)
	p.mu.Unlock()
}

// lineAt is the source line of instruction pc of proto, or its first
// line when pc is out of range.
func lineAt(proto *lua.FunctionProto, pc int) int {
	if pc >= 0 && pc < len(proto.DbgSourcePositions) {
		return proto.DbgSourcePositions[pc]
	}
	return proto.LineDefined
}

// Write writes the profile for go tool pprof (gzipped protobuf): one
// sample type, instructions; a function per Lua function, named by its
// chunk and first line ("andy_capp.lua:202", "main chunk" for a chunk's
// body).
func (p *ScriptProfile) Write(w io.Writer) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := &profile.Profile{
		SampleType: []*profile.ValueType{{Type: "instructions", Unit: "count"}},
		PeriodType: &profile.ValueType{Type: "instructions", Unit: "count"},
		Period:     1,
	}
	funcs := map[*lua.FunctionProto]*profile.Function{}
	locs := map[profileFrame]*profile.Location{}
	for st, n := range p.counts {
		s := &profile.Sample{Value: []int64{n}}
		for _, fr := range st {
			if fr.proto == nil {
				break
			}
			loc := locs[fr]
			if loc == nil {
				fn := funcs[fr.proto]
				if fn == nil {
					fn = &profile.Function{ID: uint64(len(out.Function) + 1), Name: protoName(fr.proto),
						SystemName: protoName(fr.proto), Filename: fr.proto.SourceName, StartLine: int64(fr.proto.LineDefined)}
					funcs[fr.proto] = fn
					out.Function = append(out.Function, fn)
				}
				loc = &profile.Location{ID: uint64(len(out.Location) + 1), Line: []profile.Line{{Function: fn, Line: int64(fr.line)}}}
				locs[fr] = loc
				out.Location = append(out.Location, loc)
			}
			s.Location = append(s.Location, loc)
		}
		out.Sample = append(out.Sample, s)
	}
	if err := out.CheckValid(); err != nil {
		return fmt.Errorf("the script profile: %w", err)
	}
	return out.Write(w)
}

// protoName names a Lua function in a profile: its chunk and first line.
func protoName(proto *lua.FunctionProto) string {
	if proto.LineDefined == 0 {
		return proto.SourceName + " (main chunk)"
	}
	return proto.SourceName + ":" + strconv.Itoa(proto.LineDefined)
}
