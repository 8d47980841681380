// Command goagent is a tabletop exec bot (docs/exec-bots.md): it plays a
// legal option at random.
//
//	tabletop play clubs --seats "me,bot:exec:go run ./docs/examples/goagent,bot"
package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
)

// message holds the fields of every message this bot reads.
type message struct {
	Type, Game, Reason string
	Seat               int
	Seed               uint64
	Options            []struct{ Text string } // a decision's options, by index
	Result             *struct{ Won bool }
}

func main() {
	in, out := json.NewDecoder(os.Stdin), json.NewEncoder(os.Stdout) // Encode writes a line
	rng, seen := rand.New(rand.NewPCG(0, 0)), 0
	for {
		var m message
		if in.Decode(&m) != nil {
			return // the end of the input: the match is over
		}
		switch m.Type {
		case "hello":
			rng = rand.New(rand.NewPCG(m.Seed, 0)) // the same game, the same choices
			fmt.Fprintf(os.Stderr, "seat %d of %s\n", m.Seat, m.Game)
			out.Encode(map[string]any{"type": "ready", "protocol": 1, "observe": true})
		case "observe":
			seen++ // a line of the log the seat reads
		case "decide":
			out.Encode(map[string]any{"type": "choose", "index": rng.IntN(len(m.Options))})
		case "bye":
			fmt.Fprintf(os.Stderr, "%s: won %v after %d lines\n", m.Reason, m.Result != nil && m.Result.Won, seen)
			return
		}
	}
}
