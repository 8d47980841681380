package luahost

import (
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestLeftFrame: a coroutine that has returned still shows where each of
// its calls ended — here the line of the return inside f that the entry
// called — and a frame that is not there is refused.
func TestLeftFrame(t *testing.T) {
	L := lua.NewState(lua.Options{SkipOpenLibs: true, CallStackSize: 8})
	defer L.Close()
	if err := L.DoString("function f(x)\n  if x then\n    return 1\n  end\n  return 2\nend\nfunction entry() local r = f(true) return r end"); err != nil {
		t.Fatal(err)
	}
	co, _ := L.NewThread()
	if st, err, _ := L.Resume(co, L.GetGlobal("entry").(*lua.LFunction)); st != lua.ResumeOK || err != nil {
		t.Fatalf("resume: %v %v", st, err)
	}
	fn, pc, ok := LeftFrame(co, 1)
	if !ok || pc < 1 || pc > len(fn.Proto.DbgSourcePositions) {
		t.Fatalf("LeftFrame(co, 1) = %v, %d, %v", fn, pc, ok)
	}
	if line := fn.Proto.DbgSourcePositions[pc-1]; line != 3 {
		t.Errorf("f's frame was left at line %d, want 3 (its first return)", line)
	}
	if _, _, ok := LeftFrame(co, 7); ok {
		t.Error("a frame no call used is found")
	}
	if _, _, ok := LeftFrame(co, -1); ok {
		t.Error("frame -1 is found")
	}
}
