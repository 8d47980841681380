package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// serving is a `tabletop serve` child process, the URL it printed and
// what it writes to its standard error (its log).
type serving struct {
	cmd *exec.Cmd
	url string
	log *syncBuffer
}

// startServe runs tabletop serve as a child process (see TestMain) on a
// free port, with its tables in db.
func startServe(t *testing.T, db string, args ...string) *serving {
	t.Helper()
	args = append([]string{"serve", "--addr", "127.0.0.1:0", "--db", db, "--bot-delay", "0s"}, args...)
	c := exec.Command(os.Args[0], args...)
	c.Env = append(os.Environ(), childEnv+"=1")
	out, err := c.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	log := &syncBuffer{}
	c.Stderr = io.MultiWriter(os.Stderr, log)
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Process.Kill(); c.Wait() })
	line := make(chan string, 1)
	go func() {
		r := bufio.NewReader(out)
		l, _ := r.ReadString('\n')
		line <- l
		io.Copy(io.Discard, r)
	}()
	select {
	case l := <-line:
		m := regexp.MustCompile(`http://localhost:\d+/`).FindString(l)
		if m == "" {
			t.Fatalf("serve printed %q", l)
		}
		return &serving{cmd: c, url: strings.TrimSuffix(m, "/"), log: log}
	case <-time.After(30 * time.Second):
		t.Fatal("serve printed no address within 30s")
	}
	return nil
}

type frame struct {
	Type    string   `json:"type"`
	Seq     int      `json:"seq"`
	Turn    int      `json:"turn"`
	Options []string `json:"options"`
	Error   string   `json:"error"`
}

// nextTurn reads frames until it is seat 1's turn.
func nextTurn(t *testing.T, ws *websocket.Conn, after int) frame {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	for {
		_, b, err := ws.Read(ctx)
		if err != nil {
			t.Fatalf("reading frames: %v", err)
		}
		var f frame
		json.Unmarshal(b, &f)
		if f.Type == "error" {
			t.Fatalf("error frame: %s", f.Error)
		}
		if f.Type == "state" && f.Seq > after && f.Turn == 1 && len(f.Options) > 0 {
			return f
		}
	}
}

// TestServeKillRestart kills tabletop serve with SIGKILL in the middle of
// a game and starts it again on the same database: the seat's link opens
// the same game at its last decision.
func TestServeKillRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("starts servers")
	}
	db := filepath.Join(t.TempDir(), "web.db")
	s := startServe(t, db, filepath.Join("..", "..", "games", "clubs_short.lua"))
	res, err := http.Get(s.url + "/api/games")
	if err != nil {
		t.Fatal(err)
	}
	var games []struct{ Name string }
	json.NewDecoder(res.Body).Decode(&games)
	res.Body.Close()
	names := []string{}
	for _, g := range games {
		names = append(names, g.Name)
	}
	if !strings.Contains(strings.Join(names, " "), "clubs_short.lua") || !strings.Contains(strings.Join(names, " "), "cluedo") {
		t.Fatalf("the lobby lists %v", names)
	}
	body := `{"game":"clubs","players":4,"seed":7,"open_deal":true,"seats":[{"name":"ann"},{"bot":true},{"bot":true},{"bot":true}]}`
	res, err = http.Post(s.url+"/api/tables", "application/json", bytes.NewReader([]byte(body)))
	if err != nil {
		t.Fatal(err)
	}
	var table struct {
		Seats []struct{ Link string }
	}
	json.NewDecoder(res.Body).Decode(&table)
	res.Body.Close()
	link := table.Seats[0].Link
	wsURL := "ws" + strings.TrimPrefix(s.url, "http") + strings.Replace(link, "/play/", "/ws/", 1)
	ws, _, err := websocket.Dial(context.Background(), wsURL, nil)
	if err != nil {
		t.Fatal(err)
	}
	ws.SetReadLimit(1 << 20)
	f := nextTurn(t, ws, -1)
	for i := 0; i < 4; i++ {
		msg, _ := json.Marshal(map[string]any{"type": "play", "option": f.Options[0], "at": f.Seq})
		if err := ws.Write(context.Background(), websocket.MessageText, msg); err != nil {
			t.Fatal(err)
		}
		f = nextTurn(t, ws, f.Seq)
	}
	ws.CloseNow()
	if err := s.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	s.cmd.Wait()

	s2 := startServe(t, db)
	ws2, _, err := websocket.Dial(context.Background(), "ws"+strings.TrimPrefix(s2.url, "http")+strings.Replace(link, "/play/", "/ws/", 1), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws2.CloseNow()
	ws2.SetReadLimit(1 << 20)
	g := nextTurn(t, ws2, -1)
	if g.Seq != f.Seq || strings.Join(g.Options, "|") != strings.Join(f.Options, "|") {
		t.Fatalf("after kill -9 and a restart: decision %d with %v; before: decision %d with %v", g.Seq, g.Options, f.Seq, f.Options)
	}
	if err := s2.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := s2.cmd.Wait(); err != nil {
		t.Fatalf("serve after SIGTERM: %v", err)
	}
}

// postTable asks s for a table and returns the status and the body.
func (s *serving) postTable(t *testing.T, body string) (int, string) {
	t.Helper()
	res, err := http.Post(s.url+"/api/tables", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// TestServeFairPlay runs tabletop serve with its fair play flags: a bot
// over the budget is refused with a 400, no seed is logged, and SIGTERM
// stops the server at once while a bot given an hour thinks.
func TestServeFairPlay(t *testing.T) {
	if testing.Short() {
		t.Skip("starts servers")
	}
	s := startServe(t, filepath.Join(t.TempDir(), "web.db"), "--bot-budget", "1h", "--bot-iterations", "100")
	if code, body := s.postTable(t, `{"game":"clubs","seats":[{},{"bot":true,"name":"search:500"},{"bot":true},{"bot":true}]}`); code != 400 || !strings.Contains(body, "at most 100") {
		t.Fatalf("a bot over the budget: %d %s", code, body)
	}
	code, body := s.postTable(t, `{"game":"clubs","seats":[{"bot":true,"name":"search:1h:random"},{"bot":true,"name":"search:1h:random"},{"bot":true,"name":"search:1h:random"},{"bot":true,"name":"search:1h:random"}]}`)
	if code != 201 {
		t.Fatalf("a table of bots given an hour: %d %s", code, body)
	}
	time.Sleep(500 * time.Millisecond) // the bots think from the start (--bot-delay 0s)
	if strings.Contains(s.log.String(), "seed") {
		t.Fatalf("serve logs a seed:\n%s", s.log.String())
	}
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- s.cmd.Wait() }()
	select {
	case err := <-exited:
		if err != nil {
			t.Fatalf("serve after SIGTERM: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve still runs 30 s after SIGTERM, waiting for its bots")
	}
}

// TestServeHosts runs tabletop serve with --host: it answers to that name
// and to localhost, and refuses another name (DNS rebinding) with 421.
func TestServeHosts(t *testing.T) {
	if testing.Short() {
		t.Skip("starts servers")
	}
	s := startServe(t, filepath.Join(t.TempDir(), "web.db"), "--host", "games.example.com")
	for host, want := range map[string]int{"games.example.com": 200, "localhost": 200, "evil.example": 421} {
		req, _ := http.NewRequest("GET", s.url+"/", nil)
		req.Host = host
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != want {
			t.Errorf("Host %s: %s, want %d", host, res.Status, want)
		}
	}
}
