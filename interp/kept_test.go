package interp

import (
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

// keptLimits are small budgets for the tests of what a match is charged:
// only the memory budget stops these scripts.
var keptLimits = func() Limits {
	l := DefaultLimits
	l.Memory = 2 << 20
	l.StepLog, l.TotalLog = 0, 0
	return l
}()

// keepers are scripts that make the engine keep more and more for them,
// a little more than 1 MiB at every decision, in each of the ways it
// keeps things: before, none of these was charged as kept memory, and each
// grew until the process ran out of memory.
var keepers = []struct{ name, setup, grow string }{
	{"pad rows", "local pad = t:pad { name = 'p' }",
		"for i = 1, 10 do pad:add(big .. i, { 1, 2 }) end"},
	{"events", "",
		"for i = 1, 10 do t:event('all', { text = big .. i }, 'e') end"},
	{"pool holders", "local pool = t:pool { name = 'chips', kinds = { 'chip' }, supply = 1 }",
		"for i = 1, 10 do pool:give(big .. n .. '.' .. i, 'chip', 0) end"},
	{"pool labels", "",
		"for i = 1, 10 do t:pool { name = 'p' .. n .. '.' .. i, label = big .. i, kinds = { 'chip' } } end"},
	{"track labels", "",
		"for i = 1, 10 do t:track { name = 't' .. n .. '.' .. i, label = big .. i, min = 0, max = 1 } end"},
	{"note values", "",
		"for i = 1, 10 do t:note('n' .. n .. '.' .. i, 'x', big .. i) end"},
	{"card names", "local deck = t:zone { name = 'deck' }",
		"for i = 1, 10 do t:cards({ { name = big .. n .. '.' .. i } }, deck) end"},
	{"zone labels", "",
		"for i = 1, 10 do t:zone { name = 'z' .. n .. '.' .. i, label = big .. i } end"},
	{"boards", "local map = string.rep(string.rep('.', 26) .. '\\n', 99)",
		"for i = 1, 2 do t:board { map = map, legend = { ['.'] = 'corridor' } } end"},
	{"solvers", "local hoard = {}",
		"for i = 1, 10 do hoard[#hoard + 1] = holders.new(1000, 100) end"},
}

// TestWhatTheEngineKeepsIsCharged: each keeper is stopped by the memory
// budget, with its line, as soon as its growth makes a measure due, and
// the same way every run; the process's heap stays bounded.
func TestWhatTheEngineKeepsIsCharged(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(512 << 20))
	for _, k := range keepers {
		t.Run(k.name, func(t *testing.T) {
			src := `local holders = require "holders"
local Game = { title = "Keeper", players = { 2, 2 } }
function Game.play(t)
  local big = string.rep("k", 100000)
  ` + k.setup + `
  for n = 1, 1000 do
    t:ask(1, { "a", "b" })
    ` + k.grow + `
  end
end
return Game`
			var stops []int
			for run := 0; run < 2; run++ {
				e, err := LoadSource("keeper.lua", []byte(src), nil)
				if err != nil {
					t.Fatal(err)
				}
				e.Limits = keptLimits
				m, err := e.NewMatch(Config{Players: 2, Seed: 1})
				if err != nil {
					t.Fatal(err)
				}
				n := 0
				for ; n < 100 && m.Prompt() != nil; n++ {
					err = m.Step(0)
				}
				var heap runtime.MemStats
				runtime.ReadMemStats(&heap)
				m.Close()
				if err == nil {
					t.Fatalf("%d decisions, each keeping a megabyte more, ran under a budget of 2 MiB", n)
				}
				if !strings.Contains(err.Error(), "keeper.lua:8:") || !strings.Contains(err.Error(), "keeps more than 2 MiB") {
					t.Errorf("got %v\nwant keeper.lua:8: and the memory budget named", err)
				}
				// The measure is due after 16 MiB of growth (measureInterval),
				// whatever the budget.
				if n > 20 {
					t.Errorf("stopped after %d decisions, each adding a megabyte", n)
				}
				if heap.HeapAlloc > 256<<20 {
					t.Errorf("the heap held %d MiB when the match was stopped", heap.HeapAlloc>>20)
				}
				stops = append(stops, n)
			}
			if stops[0] != stops[1] {
				t.Errorf("stopped after %d decisions, then after %d", stops[0], stops[1])
			}
		})
	}
}

// TestKeptCountsTheEnginesRecords: each kind of record adds to Kept about
// what it holds.
func TestKeptCountsTheEnginesRecords(t *testing.T) {
	base := `local holders = require "holders"
local Game = { title = "Kept", players = { 2, 2 } }
function Game.play(t)
  local big = string.rep("k", 100000)
  %s
  t:ask(1, { "a" })
end
return Game`
	_, empty := startMatch(t, "kept.lua", strings.Replace(base, "%s", "", 1), Config{Players: 2})
	for _, k := range keepers {
		grow := strings.ReplaceAll(k.grow, "n .. '.' ..", "")
		_, m := startMatch(t, "kept.lua", strings.Replace(base, "%s", k.setup+"\n  local n = 1\n  "+grow, 1), Config{Players: 2})
		if got := m.Kept() - empty.Kept(); got < 1_000_000 {
			t.Errorf("%s: ten records of 100 KB each add %d bytes to what the match keeps", k.name, got)
		}
	}
}

// TestNamedTablesAreMeasuredInTime: a table's named fields cost it a hash
// map, ten times what the memory measure's pacing takes an instruction to
// make; a script that nests forty thousand such tables (27 MB as Measure
// counts them) is stopped by the memory budget at its line, where before
// it was never measured, kept them all, and made every copy of the match
// cost seconds.
func TestNamedTablesAreMeasuredInTime(t *testing.T) {
	for _, nest := range []string{
		"local n = {}; cur.x = n; cur = n",
		"local n = { x = cur }; cur = n",
	} {
		src := `local Game = { title = "Nest", players = { 2, 2 } }
function Game.play(t)
  local root = {}
  local cur = root
  for i = 1, 40000 do ` + nest + ` end
  t:ask(1, { "a" })
  return { winners = { #root + #cur } }
end
return Game`
		e, err := LoadSource("nest.lua", []byte(src), nil)
		if err != nil {
			t.Fatal(err)
		}
		m, err := e.NewMatch(Config{Players: 2})
		if err == nil {
			m.Close()
			t.Errorf("%s: forty thousand tables with a named field each were kept under a budget of 16 MiB", nest)
			continue
		}
		if !strings.Contains(err.Error(), "nest.lua:5:") || !strings.Contains(err.Error(), "keeps more than 16 MiB") {
			t.Errorf("%s: got %v, want nest.lua:5: and the memory budget named", nest, err)
		}
	}
}
