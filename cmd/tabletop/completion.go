package main

import (
	"fmt"

	"github.com/alecthomas/kong"
	kongcompletion "github.com/jotaen/kong-completion"
)

// completionCmd prints the shell code that turns on Tab completion:
// `source <(tabletop completion bash)`. The code itself is kong-completion's;
// its own command prints the code only with -c, and instructions without,
// which is not what a shell's start-up file can source.
type completionCmd struct {
	Shell string `arg:"" optional:"" enum:"bash,zsh,fish," default:"" help:"The shell: bash, zsh or fish. Without one, says how to turn completion on in each."`
	Code  bool   `short:"c" hidden:"" help:"Print the code (what naming a shell does; kept for start-up files that pass it)."`
}

// Help is kong's longer help for the command.
func (c *completionCmd) Help() string {
	return "Tab completion of tabletop's commands, flags, game names, scripts and save files. Add the line for your shell to its start-up file:\n\n" + completionHowTo("tabletop")
}

func (c *completionCmd) Run(ctx *kong.Context) error {
	if c.Shell == "" && !c.Code {
		fmt.Fprint(ctx.Stdout, "Turn on Tab completion by adding the line for your shell to its start-up file:\n"+completionHowTo(ctx.Model.Name))
		return nil
	}
	// Named, or (-c alone) the login shell: kong-completion's code for it.
	lib := kongcompletion.Completion{Shell: c.Shell, Code: true}
	return lib.Run(ctx)
}

// completionHowTo is the line that turns completion on in each shell.
func completionHowTo(bin string) string {
	return fmt.Sprintf(""+
		"  bash (~/.bashrc):                  source <(%[1]s completion bash)\n"+
		"  zsh (~/.zshrc):                    source <(%[1]s completion zsh)\n"+
		"  fish (~/.config/fish/config.fish): %[1]s completion fish | source\n", bin)
}
