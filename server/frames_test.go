package server

import (
	"bytes"
	"crypto/sha256"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/seating"
)

var updateFrames = flag.Bool("update", false, "rewrite the frames in testdata/frames")

// TestFramesGolden pins what the page is sent: each built-in game is
// played from a fixed seed with moves picked by a seeded generator, and
// every seat's frame (and a spectator's) is built after every decision,
// as a connection open all game long gets them (400 decisions at most).
// testdata/frames holds a hash of all of them, and in full the first
// seat's at decisions 0 and 200 and the last, and a spectator's last; go test ./server -run TestFramesGolden -update rewrites
// it. A change to how frames are built that changes what a page shows
// fails here.
func TestFramesGolden(t *testing.T) {
	for _, g := range testGames(t) {
		t.Run(g.Name, func(t *testing.T) {
			got := gameFrames(t, g.Engine)
			path := filepath.Join("testdata", "frames", g.Name+".golden")
			if *updateFrames {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test ./server -run TestFramesGolden -update writes it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("the frames of %s differ from %s:\n%s", g.Name, path, firstDiff(got, want))
			}
		})
	}
}

// gameFrames plays a game of eng at a table of 4 (or as many as it
// takes) from seed 5 and returns its golden text: the sampled frames,
// one line each after the decision and seat they were built at, and the
// hash of all frames built.
func gameFrames(t *testing.T, eng *interp.Engine) []byte {
	players := min(max(4, eng.Info.MinPlayers), eng.Info.MaxPlayers)
	m, err := eng.NewMatch(interp.Config{Players: players, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	seats := make([]seating.Seat, players)
	seats[0] = seating.Seat{Human: true, Name: "me"}
	tab := newTable(&Server{}, "golden", eng, m, seats, seating.Specs(seats))
	tab.fr.inv.Started = true             // every seat taken: the game has begun
	clients := make([]*client, players+1) // [0]: a spectator
	for s := range clients {
		clients[s] = &client{seat: s}
	}
	var out bytes.Buffer
	all := sha256.New()
	r := rand.New(rand.NewPCG(5, 0))
	for d := 0; ; d++ {
		last := m.Done() || d == 400
		for _, c := range clients {
			f := withoutFriends(t, tab.frame(c))
			all.Write(f)
			all.Write([]byte{'\n'})
			if c.seat == 1 && (d == 0 || d == 200) || last && c.seat <= 1 {
				fmt.Fprintf(&out, "# decision %d, seat %d\n%s\n", d, c.seat, f)
			}
		}
		if last {
			break
		}
		p := m.Prompt()
		if err := m.Step(r.IntN(len(p.Options))); err != nil {
			t.Fatal(err)
		}
	}
	fmt.Fprintf(&out, "# sha256 of every frame: %x\n", all.Sum(nil))
	return out.Bytes()
}

// firstDiff is the first line where got and want differ, both ways.
func firstDiff(got, want []byte) string {
	g, w := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl []byte
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if !bytes.Equal(gl, wl) {
			return fmt.Sprintf("line %d:\n  got  %s\n  want %s", i+1, gl, wl)
		}
	}
	return "(no line differs)"
}

// withoutFriends cuts from frame f its last field, friends: what it says of
// the people at the table (friends.go, tested apart) is no part of what the
// seat's view makes of it.
func withoutFriends(t *testing.T, f []byte) []byte {
	i := bytes.LastIndex(f, []byte(`,"friends":{`))
	if i < 0 || f[len(f)-1] != '}' {
		t.Fatalf("a frame without its friends field: %.200s", f)
	}
	return append(f[:i:i], '}')
}
