package execbot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The examples docs/exec-bots.md shows are the files the tests run.
func TestTheDocsShowTheExamples(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "exec-bots.md"))
	if err != nil {
		t.Fatal(err)
	}
	for lang, file := range map[string]string{"python": "agent.py", "go": filepath.Join("goagent", "main.go")} {
		code, err := os.ReadFile(filepath.Join(examples, file))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(doc), "```"+lang+"\n"+string(code)+"```\n") {
			t.Errorf("docs/exec-bots.md does not show %s as it is", file)
		}
	}
}
