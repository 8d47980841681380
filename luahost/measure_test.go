package luahost

import (
	"runtime"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestMeasureIsNearTheHeap compares the estimate with what the Go heap
// holds for states built in different shapes: within a factor of two
// either way, which is what a budget needs.
func TestMeasureIsNearTheHeap(t *testing.T) {
	for _, src := range []string{
		"big = {} for i = 1, 100000 do big[i] = {} end",
		"big = {} for i = 1, 50000 do big[i] = { x = i } end",
		"big = {} for i = 1, 300000 do big[i] = i + 0.5 end",
		"big = {} for i = 1, 100000 do big['k' .. i] = i end",
		"big = {} for i = 1, 100000 do big[i] = 's' .. i end",
		"big = {} for i = 1, 50000 do big[i] = function() return i end end",
	} {
		runtime.GC()
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		L := lua.NewState()
		OpenLibs(L)
		if err := L.DoString(src); err != nil {
			t.Fatal(err)
		}
		runtime.GC()
		runtime.GC()
		runtime.ReadMemStats(&after)
		heap := int64(after.HeapAlloc) - int64(before.HeapAlloc)
		est := Measure(0, L)
		if est < heap/2 || est > heap*2 {
			t.Errorf("%s: estimated %d KB, the heap grew by %d KB", src, est>>10, heap>>10)
		}
		runtime.KeepAlive(L)
		L.Close()
	}
}
