package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/adrg/xdg"

	"github.com/tabletop/tabletop/games"
	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/server"
	"github.com/tabletop/tabletop/store"
)

// serveCmd is `tabletop serve`.
type serveCmd struct {
	Scripts   []string      `arg:"" optional:"" predictor:"game" help:"Scripts of your own to offer in the lobby, beside the built-in games."`
	Addr      string        `default:"127.0.0.1:8080" help:"Address to listen on (host:port; 0.0.0.0:8080 for every interface)."`
	DB        string        `name:"db" placeholder:"PATH|URL" help:"Where the tables are kept: a SQLite file (default: web.db in your state folder) or a postgres:// URL."`
	MaxTables int           `default:"100" help:"At most this many tables in play at once."`
	BotDelay  time.Duration `default:"600ms" help:"Pause before each bot move, so people can follow."`

	BotBudget          time.Duration `default:"5s" help:"The longest a bot may think over one decision: a seat asking for more (bot:search:1h) is refused, and every bot decision is cut short at it."`
	BotIterations      int           `default:"5000" help:"The most iterations a search bot may be asked for per decision (bot:search:N)."`
	MaxTablesPerClient int           `default:"10" help:"At most this many tables in play opened from one address (an IPv6 /64); 0 for no limit."`
	Expire             time.Duration `default:"72h" help:"Close a table nobody has played at nor had open for this long; 0 never does."`
	Origin             []string      `sep:"none" placeholder:"URL" help:"Another origin whose pages may open tables and seats here, besides the address the server is reached at (https://games.example.com behind a proxy that does not pass the Host on; repeatable)."`
	Proxy              bool          `help:"A reverse proxy is in front: count each client by the address its X-Forwarded-For header ends with."`
	Host               []string      `sep:"none" placeholder:"NAME" help:"A name the server answers to (games.example.com), besides IP addresses, localhost and the hosts of --origin; requests for any other name are refused (repeatable)."`
	MaxConnsPerClient  int           `default:"32" help:"At most this many pages open at once from one address (an IPv6 /64); 0 for no limit."`
}

func (c *serveCmd) Run(e *env) error {
	if c.BotBudget <= 0 || c.BotIterations <= 0 {
		return usagef("--bot-budget and --bot-iterations must be more than 0")
	}
	var list []server.Game
	for _, name := range games.Names() {
		eng, err := loadScript(name)
		if err != nil {
			fmt.Fprintf(e.stderr, "%s: cannot load: %s\n", name, interp.ErrorText(err))
			continue
		}
		list = append(list, server.Game{Name: name, Engine: eng, Variant: games.VariantOf(name)})
	}
	for _, path := range c.Scripts {
		eng, err := loadScript(path)
		if err != nil {
			return err
		}
		list = append(list, server.Game{Name: path, Engine: eng})
	}
	db := c.DB
	if db == "" {
		xdg.Reload()
		dir := filepath.Join(xdg.StateHome, "tabletop")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		db = filepath.Join(dir, "web.db")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	st, err := store.Open(ctx, db)
	if err != nil {
		return err
	}
	defer st.Close()
	srv, err := server.New(ctx, c.config(st, list))
	if err != nil {
		return err
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", c.Addr)
	if err != nil {
		return err
	}
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second}
	where := db
	if store.IsPostgres(db) {
		where = "PostgreSQL"
	}
	fmt.Fprintf(e.stdout, "tabletop serves the web table at http://%s/ (tables kept in %s; Ctrl-C stops)\n", displayAddr(ln.Addr()), where)
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return nil
}

// config is the server's configuration from the flags, whose 0 means "no
// limit" where the server's means "the default".
func (c *serveCmd) config(st *store.Store, games []server.Game) server.Config {
	cfg := server.Config{Store: st, Games: games, Load: loadScript, MaxTables: c.MaxTables, BotDelay: c.BotDelay,
		BotBudget: c.BotBudget, BotIterations: c.BotIterations, MaxTablesPerClient: c.MaxTablesPerClient,
		Expire: c.Expire, Origins: c.Origin, TrustProxy: c.Proxy, Hosts: c.Host, ClientConns: c.MaxConnsPerClient}
	if c.MaxTablesPerClient <= 0 {
		cfg.MaxTablesPerClient = -1
	}
	if c.MaxConnsPerClient <= 0 {
		cfg.ClientConns = -1
	}
	// the name --addr listens on, if it is one, is the server's
	if host, _, err := net.SplitHostPort(c.Addr); err == nil && host != "" && net.ParseIP(host) == nil {
		cfg.Hosts = append(cfg.Hosts, host)
	}
	if c.Expire <= 0 {
		cfg.Expire = -1
	}
	return cfg
}

// displayAddr is the address to put in a URL: localhost for a loopback
// or unspecified host.
func displayAddr(a net.Addr) string {
	tcp, ok := a.(*net.TCPAddr)
	if !ok {
		return a.String()
	}
	host := tcp.IP.String()
	if tcp.IP.IsLoopback() || tcp.IP.IsUnspecified() {
		host = "localhost"
	}
	return net.JoinHostPort(host, fmt.Sprint(tcp.Port))
}
