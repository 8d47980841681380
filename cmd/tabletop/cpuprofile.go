package main

import (
	"errors"
	"fmt"
	"os"
	"runtime/pprof"

	"github.com/tabletop/tabletop/luahost"
)

// profileFlag is --cpuprofile and --scriptprofile, which sim, compare and
// check share. --cpuprofile is the command's CPU profile: where the time
// goes in the Lua VM running the rules, in the engine's methods the
// script calls (t:ask, zone:cards, ...), in the bots, in the modules
// written in Go. --scriptprofile is the script's own: the instructions
// each Lua function and line of the game and its bots runs (see
// luahost.ScriptProfile). Both are for go tool pprof.
type profileFlag struct {
	CPUProfile    string `name:"cpuprofile" placeholder:"FILE" help:"Write a CPU profile of the run to FILE, for go tool pprof (e.g. go tool pprof -top FILE)."`
	ScriptProfile string `name:"scriptprofile" placeholder:"FILE" help:"Write the instructions each Lua function and line of the scripts ran to FILE, for go tool pprof (-top, -list)."`
}

// profile runs work under the profiles the flags ask for (or just runs
// it), and says on stderr where each went. A profile that cannot be
// started is an error before anything is played.
func (f profileFlag) profile(e *env, work func() error) (err error) {
	if f.ScriptProfile != "" {
		out, err := os.Create(f.ScriptProfile)
		if err != nil {
			return fmt.Errorf("--scriptprofile: %w", err)
		}
		p, err := luahost.StartScriptProfile()
		if err != nil {
			out.Close()
			return fmt.Errorf("--scriptprofile: %w", err)
		}
		defer func() {
			p.Stop()
			werr := p.Write(out)
			if cerr := out.Close(); werr == nil {
				werr = cerr
			}
			if werr != nil {
				err = errors.Join(err, fmt.Errorf("--scriptprofile: %w", werr))
				return
			}
			fmt.Fprintf(e.stderr, "Wrote the script profile to %s (see it with: go tool pprof -top %s)\n", f.ScriptProfile, f.ScriptProfile)
		}()
	}
	if f.CPUProfile == "" {
		return work()
	}
	out, err := os.Create(f.CPUProfile)
	if err != nil {
		return fmt.Errorf("--cpuprofile: %w", err)
	}
	if err := pprof.StartCPUProfile(out); err != nil {
		out.Close()
		return fmt.Errorf("--cpuprofile: %w", err)
	}
	defer func() {
		pprof.StopCPUProfile()
		if cerr := out.Close(); cerr != nil {
			err = errors.Join(err, fmt.Errorf("--cpuprofile: %w", cerr))
			return
		}
		fmt.Fprintf(e.stderr, "Wrote the CPU profile to %s (see it with: go tool pprof -top %s)\n", f.CPUProfile, f.CPUProfile)
	}()
	return work()
}
