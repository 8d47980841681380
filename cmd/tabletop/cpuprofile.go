package main

import (
	"errors"
	"fmt"
	"os"
	"runtime/pprof"
)

// profileFlag is --cpuprofile, which sim, compare and check share: the
// command's CPU profile, written for `go tool pprof`, so that a writer can
// see where a script's time goes — in the Lua VM running the rules, in
// the engine's methods the script calls (t:ask, zone:cards, ...), in the
// bots, in the modules written in Go.
type profileFlag struct {
	CPUProfile string `name:"cpuprofile" placeholder:"FILE" help:"Write a CPU profile of the run to FILE, for go tool pprof (e.g. go tool pprof -top FILE)."`
}

// profile runs work under the CPU profile --cpuprofile asks for (or
// just runs it), and says on stderr where the profile went. A profile
// that cannot be written is an error before anything is played.
func (f profileFlag) profile(e *env, work func() error) (err error) {
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
