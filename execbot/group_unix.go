//go:build unix

package execbot

import (
	"os"
	"os/exec"
	"syscall"
)

// ownGroup starts the program in a process group of its own: killing the
// group kills what the program started too (go run's compiled program, a
// shell script's commands), and Ctrl-C at the terminal reaches tabletop,
// which decides, not the program.
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// killGroup kills the process group p leads.
func killGroup(p *os.Process) {
	if err := syscall.Kill(-p.Pid, syscall.SIGKILL); err != nil {
		_ = p.Kill()
	}
}
