//go:build race

package interp

// raceEnabled: the race detector slows the interpreter about twentyfold, so
// tests skip their timing assertions.
const raceEnabled = true
