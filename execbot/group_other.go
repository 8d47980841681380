//go:build !unix

package execbot

import (
	"os"
	"os/exec"
)

// ownGroup does nothing where there are no process groups.
func ownGroup(cmd *exec.Cmd) {}

// killGroup kills the program alone.
func killGroup(p *os.Process) { _ = p.Kill() }
