package luahost

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkCompileGames compiles every game script and the stdlib, as
// check, play and sim do when they load them: the cost the compile pass
// adds to starting a game.
//
//	go test ./luahost -run XXX -bench CompileGames
func BenchmarkCompileGames(b *testing.B) {
	var files []string
	for _, dir := range []string{"../games", "../stdlib"} {
		m, _ := filepath.Glob(filepath.Join(dir, "*.lua"))
		files = append(files, m...)
	}
	if len(files) == 0 {
		b.Fatal("no game scripts")
	}
	srcs := make([][]byte, len(files))
	size := 0
	for i, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		srcs[i] = src
		size += len(src)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	cpu := cpuSeconds()
	for b.Loop() {
		for i, src := range srcs {
			if _, err := Compile(src, files[i], DefaultLimits); err != nil {
				b.Fatal(err)
			}
		}
	}
	if cpu := cpuSeconds() - cpu; cpu > 0 { // steadier than the wall clock on a shared machine
		b.ReportMetric(cpu*1e9/float64(b.N), "cpu-ns/op")
	}
}
