package execbot

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// The test binary is also the programs the tests seat: run with
// -exec-agent KIND [FILE], it plays the protocol the way KIND says and
// (with FILE) writes every line it reads to FILE.
func TestMain(m *testing.M) {
	if len(os.Args) >= 3 && os.Args[1] == "-exec-agent" {
		file := ""
		if len(os.Args) >= 4 {
			file = os.Args[3]
		}
		os.Exit(agent(os.Args[2], file))
	}
	os.Exit(m.Run())
}

// agentCommand is the exec bot name of the test agent KIND.
func agentCommand(t testing.TB, kind string, args ...string) string {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	words := append([]string{exe, "-exec-agent", kind}, args...)
	for i, w := range words {
		words[i] = "'" + w + "'"
	}
	return "exec:" + strings.Join(words, " ")
}

// agent plays as kind:
//
//	first     the first option, by index (observes every line)
//	last      the last option, by text (observes nothing)
//	hang      answers hello, never a decision
//	crash     answers hello, then ends with status 3 and a line on stderr
//	nonsense  answers a decision with an index out of range
//	garbage   answers a decision with a line that is no JSON
//	proto2    says it speaks protocol 2
//	silent    never answers the hello
//	orphan    starts a child that sleeps, then hangs like hang
//	deaf      answers hello, then reads nothing more and never ends
func agent(kind, file string) int {
	var rec *os.File
	if file != "" {
		var err error
		if rec, err = os.Create(file); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer rec.Close()
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 64<<20)
	out := bufio.NewWriter(os.Stdout)
	say := func(s string) { out.WriteString(s + "\n"); out.Flush() }
	fmt.Fprintf(os.Stderr, "agent %s here\n", kind)
	for in.Scan() {
		line := in.Text()
		if rec != nil {
			fmt.Fprintln(rec, line)
		}
		var msg struct {
			Type    string `json:"type"`
			Options json.RawMessage
		}
		if err := json.Unmarshal([]byte(line), &msg); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		switch msg.Type {
		case "hello":
			switch kind {
			case "silent":
				time.Sleep(time.Hour)
			case "proto2":
				say(`{"type":"ready","protocol":2}`)
			case "orphan":
				cmd := exec.Command("sleep", "300")
				if err := cmd.Start(); err != nil {
					fmt.Fprintln(os.Stderr, err)
				}
				fmt.Fprintf(os.Stderr, "child %d\n", cmd.Process.Pid)
				say(`{"type":"ready"}`)
			case "deaf":
				say(`{"type":"ready"}`)
				time.Sleep(time.Hour)
			default:
				say(fmt.Sprintf(`{"type":"ready","protocol":1,"observe":%v}`, kind == "first"))
			}
		case "decide":
			switch kind {
			case "first":
				say(`{"type":"choose","index":0}`)
			case "last":
				var opts []struct{ Text string }
				if err := json.Unmarshal(msg.Options, &opts); err != nil {
					fmt.Fprintln(os.Stderr, err)
					return 1
				}
				text, _ := json.Marshal(opts[len(opts)-1].Text)
				say(`{"type":"choose","text":` + string(text) + `}`)
			case "hang", "orphan":
				time.Sleep(time.Hour)
			case "crash":
				fmt.Fprintln(os.Stderr, "something broke")
				return 3
			case "nonsense":
				say(`{"type":"choose","index":99}`)
			case "garbage":
				say(`I choose the first`)
			}
		case "bye":
			fmt.Fprintln(os.Stderr, "bye:", line)
			return 0
		}
	}
	return 0
}
